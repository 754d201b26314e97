#!/bin/sh
# Test of scripts/build/cc.sh, the compiler of every kernel build, with a ccache
# of its own in a scratch directory (seconds):
#   1. a C file compiled twice: the second time is a ccache hit;
#   2. an assembler file that .incbin's a data file, as x86's piggy.S
#      pulls in the compressed kernel: when the data changes and the
#      source does not, the object holds the new data.  In ccache's depend
#      mode, which the kernel builds use (lib.sh), ccache alone hands back
#      the old object.
# usage: incbin.sh [CC_SH]   (default scripts/build/cc.sh; the harness stage
# also runs it on broken copies, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
cc_sh=${1:-$top/scripts/build/cc.sh}
. "$top/testing/harness/lib.sh"
export CCACHE_DIR="$tmp/ccache"
unset CCACHE_BASEDIR CCACHE_EXTRAFILES CCACHE_DEPEND
cd "$tmp" || exit 1
hits() { ccache --print-stats | awk '$1 ~ /_cache_hit$/ { n += $2 } END { print n + 0 }'; }
holds() {	# holds OBJ FILE: OBJ's .data is FILE's bytes
	objcopy -O binary -j .data "$1" "$1.bin" && cmp -s "$1.bin" "$2"
}

echo 'int f(void) { return 1; }' > f.c
sh "$cc_sh" gcc -c f.c -o f1.o
sh "$cc_sh" gcc -c f.c -o f2.o
t "a C file compiled twice: the second time from ccache" test "$(hits)" -ge 1
printf '.data\n.incbin "blob"\n' > piggy.S
export CCACHE_DEPEND=1
echo one > blob
sh "$cc_sh" gcc -MD -c piggy.S -o one.o
cp blob blob.one
echo two > blob
sh "$cc_sh" gcc -MD -c piggy.S -o two.o
t "the first object holds the first data" holds one.o blob.one
t "an .incbin's new data is in the object built after it" holds two.o blob
exit $fails
