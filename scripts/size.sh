#!/bin/sh
# make size: what the series costs and saves, stock (prefix 1: the base and
# tests only) against the whole series, both built with the conformance
# config (tinyconfig + testing/qemu/devlist.config, x86_64; DEBUG_FS does
# not reach the touched files):
#  - `size` of each touched object, and the sum;
#  - scripts/bloat-o-meter on the two vmlinux;
#  - the size of the char and block registration records, read from debug
#    info (the two objects built again with -g);
#  - the net kernel lines of the series (git diff --numstat, tests and
#    Documentation left out) and the entities include/linux/devlist.h declares.
# Writes build/results/size.txt.
. "$(dirname "$0")/lib.sh"
set -e
"$TOP/scripts/tree.sh"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
"$TOP/scripts/kernels.sh" 1 >/dev/null
"$TOP/scripts/kernels.sh" "$n" >/dev/null
out=$RESULTS/size.txt
mkdir -p "$RESULTS"
objs="fs/char_dev.o fs/devlist.o block/genhd.o fs/proc/devices.o"
{
	echo "touched objects (size: text data bss), stock -> series"
	ts=0 tn=0
	for o in $objs; do
		s=0 m=0
		[ -f "$KDIR/p1/obj/$o" ] && set -- $(size "$KDIR/p1/obj/$o" | tail -n 1) && s=$(($1 + $2 + $3)) &&
			printf '  %-20s stock  %6s %6s %6s = %6s\n' "$o" "$1" "$2" "$3" "$s"
		[ -f "$KDIR/p$n/obj/$o" ] && set -- $(size "$KDIR/p$n/obj/$o" | tail -n 1) && m=$(($1 + $2 + $3)) &&
			printf '  %-20s series %6s %6s %6s = %6s\n' "$o" "$1" "$2" "$3" "$m"
		ts=$((ts + s)) tn=$((tn + m))
	done
	echo "  total: $ts -> $tn bytes ($((tn - ts)))"
	echo
	echo "scripts/bloat-o-meter vmlinux (stock -> series):"
	python3 "$KSRC/scripts/bloat-o-meter" "$KDIR/p1/obj/vmlinux" "$KDIR/p$n/obj/vmlinux" | sed 's/^/  /'
	echo
	echo "net kernel lines of the series (tests and Documentation left out):"
	git -C "$KSRC" diff --numstat base HEAD -- . ':!Documentation' ':!lib/tests' ':!fs/tests' ':!*kunit*' |
		awk '{ a += $1; d += $2; print "  +" $1 " -" $2 "\t" $3 } END { print "  total +" a " -" d " = net " a - d }'
	echo
	echo "entities declared by include/linux/devlist.h (include guard aside):"
	grep -E '^(struct [a-z_]+ \{|#define [A-Za-z_]+|int |struct devlist_range \*|static inline)' \
		"$KSRC/include/linux/devlist.h" | grep -v '_LINUX_DEVLIST_H' | sed 's/^/  /'
} > "$out"
# Record sizes from debug info: build the two objects with -g, read them.
TARGETS="fs/char_dev.o block/genhd.o" KMAKE="KCFLAGS=-g" "$TOP/scripts/kernel.sh" "p$n" \
	"$(commit_of "$n")" "$TOP/testing/qemu/devlist.config" >/dev/null
TARGETS="fs/char_dev.o block/genhd.o" KMAKE="KCFLAGS=-g" "$TOP/scripts/kernel.sh" p1 \
	"$(commit_of 1)" "$TOP/testing/qemu/devlist.config" >/dev/null
{
	echo
	echo "records (x86_64, BLOCK_LEGACY_AUTOLOAD=y), stock -> series:"
	for r in char_device_struct:fs/char_dev.o blk_major_name:block/genhd.o; do
		s=$(gdb -batch -ex "print sizeof(struct ${r%:*})" "$KDIR/p1/obj/${r#*:}" 2>/dev/null | sed -n 's/^\$1 = //p')
		m=$(gdb -batch -ex "print sizeof(struct ${r%:*})" "$KDIR/p$n/obj/${r#*:}" 2>/dev/null | sed -n 's/^\$1 = //p')
		echo "  struct ${r%:*}: $s -> $m bytes"
	done
} >> "$out"
cat "$out"
