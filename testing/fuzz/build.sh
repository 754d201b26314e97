#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the userspace fuzzers of the devlist series (see README.md here).
#
#   build.sh [-o OUT] [-s SERIES] [-b STOCK] [-m MUTANT]
#   build.sh -N -f FIXES [-a NAME=TREE]... [-o OUT] [-s SERIES] [-b STOCK]
#
# SERIES and STOCK are kernel trees: a directory, or GITDIR@COMMIT (files
# taken with git show, so a commit in the middle of the series works too).
# Defaults: OUT build/fuzz, build/linux (the series' working tree), build/base (stock
# 7.3.4).  Nothing is written to the trees: the files used are copied to
# OUT/src-*, the registration code is extracted from them (extract.py)
# and everything is compiled with gcc (CC), ASan and UBSan:
#   OUT/devlist-core   fs/devlist.c against a reference model (core.c)
#   OUT/devlist-wrap   stock against the series (wrap.c and its parts, wrap-*.c)
# With -m, OUT must hold a build already; the mutant (mutate.py list) is
# applied to a copy of the series' files and OUT/mutant-M/ gets the
# binaries it changes.
# With -N, the native benchmark instead (make bench-native): -O2, no
# sanitizers, and OUT/devlist-bench (testing/bench/native.c) linking the
# sides stock, stock2 (stock again, for the A/A band), fixes (FIXES, a
# tree of stock with the fixes alone), each alternative NAME (-a: make
# bench's minimal and maple trees) and series, in that order
# (OUT/sides.h).  A side whose registries are maple trees is linked with
# the stock tree's lib/maple_tree.c built in userspace (maple-lib.c).
set -eu
die() { echo "build.sh: ERROR: $*" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
out=$top/build/fuzz		# -o; the fuzz stage passes its FUZZ_OUT
series=$top/build/linux
stock=$top/build/base
mutant='' fixes='' native='' alts=''
while getopts o:s:b:m:f:a:N opt; do
	case $opt in
	o) out=$OPTARG ;;
	s) series=$OPTARG ;;
	b) stock=$OPTARG ;;
	m) mutant=$OPTARG ;;
	f) fixes=$OPTARG ;;
	a) alts="$alts $OPTARG" ;;
	N) native=1 ;;
	*) echo "usage: $0 [-o OUT] [-s SERIES] [-b STOCK] [-m MUTANT] | -N -f FIXES [...]" >&2; exit 2 ;;
	esac
done
CC=${CC:-gcc}
SAN="-fsanitize=address,undefined -fno-sanitize-recover=all"
OPT="-O1 -fno-omit-frame-pointer"
if [ -n "$native" ]; then
	[ -n "$fixes" ] || die "-N needs -f FIXES"
	SAN='' OPT="-O2 -fno-strict-aliasing"
fi
CFLAGS="-std=gnu11 $OPT -g -Wall -Wno-unused-function -Wno-unused-parameter -Wno-format-truncation $SAN"
KCONF="-DCONFIG_BLOCK=1 -DCONFIG_PROC_FS=1 -DCONFIG_BLOCK_LEGACY_AUTOLOAD=1"
FILES="fs/char_dev.c block/genhd.c fs/proc/devices.c fs/devlist.c include/linux/devlist.h
include/linux/fs.h include/linux/blkdev.h fs/internal.h block/blk.h fs/proc/internal.h
include/linux/major.h"

# snapshot TREE DIR: the files the fuzzers read, copied from TREE into DIR;
# prints the tools/include directory of TREE.
snapshot() {
	rm -rf "$2"
	mkdir -p "$2"
	case $1 in
	*@*)
		_repo=${1%@*} _rev=${1##*@}
		git -C "$_repo" rev-parse -q --verify "$_rev^{commit}" >/dev/null ||
			die "$_rev is not a commit of $_repo"
		for f in $FILES; do
			mkdir -p "$2/$(dirname "$f")"
			git -C "$_repo" show "$_rev:$f" > "$2/$f" 2>/dev/null || rm -f "$2/$f"
		done
		_tools=$(git -C "$_repo" rev-parse --show-toplevel 2>/dev/null || echo "$_repo")/tools/include
		;;
	*)
		[ -d "$1" ] || die "no kernel tree at $1"
		for f in $FILES; do
			[ -f "$1/$f" ] || continue
			mkdir -p "$2/$(dirname "$f")"
			cp "$1/$f" "$2/$f"
		done
		_tools=$1/tools/include
		;;
	esac
	for f in fs/char_dev.c block/genhd.c fs/proc/devices.c; do
		[ -s "$2/$f" ] || die "$1 has no $f"
	done
	[ -f "$_tools/linux/list.h" ] || die "no tools/include/linux/list.h for $1 ($_tools)"
	echo "$_tools"
}

# cc OUTPUT SOURCE EXTRA...: one object, with the shims and tools/include
cc() {
	_o=$1 _s=$2
	shift 2
	$CC -c $CFLAGS $KCONF -include "$here/include/fuzz_prelude.h" -I"$here" \
		-I"$here/include" "$@" -I"$TOOLS" -I"$TOOLS/uapi" -o "$_o" "$_s"
}

# side NAME EXDIR KINC [REFDIR [DEVLIST_C]]: compile an extracted side into
# EXDIR/side.o, with every symbol local but its table fz_ops_NAME (a file
# extracted exactly as in REFDIR is not compiled again); with DEVLIST_C,
# that fs/devlist.c goes into the side too (sides with devlists of their
# own, as the native benchmark's)
side() {
	rm -f "$2"/*.o
	_dl='' _mp='' _mflags=''
	if grep -q '^shape .* maple$' "$2/info.txt"; then
		_mp=$out/maple/lib.o _mflags="-D_LGPL_SOURCE $MAPLE_INC"
	fi
	if [ -n "${5:-}" ]; then
		_dl=$2/devlist.o
		cc "$_dl" "$5" -I"$3" &
	fi
	for t in char block proc; do
		if [ -n "${4:-}" ] && cmp -s "$2/$t.c" "$4/$t.c" && cmp -s "$2/decls.h" "$4/decls.h" &&
		   [ -f "$4/$t.o" ]; then
			cp "$4/$t.o" "$2/$t.o"
			continue
		fi
		# shellcheck disable=SC2086 # a list of options
		cc "$2/$t.o" "$2/$t.c" -DFZ_OPS="fz_ops_$1" -I"$2" -I"$3" $_mflags &
	done
	wait
	for t in char block proc; do
		[ -f "$2/$t.o" ] || die "$2/$t.c does not compile (see above)"
	done
	[ -z "$_dl" ] || [ -f "$_dl" ] || die "$5 does not compile (see above)"
	ld -r -o "$2/all.o" "$2/char.o" "$2/block.o" "$2/proc.o" $_dl $_mp
	objcopy --keep-global-symbol="fz_ops_$1" ${_mp:+--keep-global-symbol=fz_maple_nodes} \
		"$2/all.o" "$2/side.o"
}

# maple_lib TREE DIR: TREE's lib/maple_tree.c (maple-lib.c) with the userspace
# shims the kernel's tools/testing/radix-tree builds it with, into
# DIR/lib.o; MAPLE_INC: what code using the tree compiles with
MAPLE_FILES="tools/include tools/arch/x86/include tools/testing/shared lib/maple_tree.c
include/linux tools/lib/slab.c tools/lib/find_bit.c tools/lib/bitmap.c tools/lib/hweight.c
tools/lib/vsprintf.c"
URCU="-lurcu -lurcu-common -lpthread"
maple_lib() {
	rm -rf "$2"
	mkdir -p "$2/src" "$2/generated"
	# shellcheck disable=SC2086
	case $1 in
	*@*) git -C "${1%@*}" archive "${1##*@}" $MAPLE_FILES | tar -x -C "$2/src" ;;
	*) tar -C "$1" -cf - $MAPLE_FILES | tar -x -C "$2/src" ;;
	esac || die "no maple tree sources in $1"
	echo "#include <urcu.h>" | $CC -E -x c - >/dev/null 2>&1 ||
		die "no liburcu (apt-get install liburcu-dev)"
	_t=$2/src/tools
	cp "$_t/testing/shared/autoconf.h" "$2/generated/"
	echo "#define XA_CHUNK_SHIFT 6" > "$2/generated/map-shift.h"
	printf '#define CONFIG_64BIT 1\n#define CONFIG_PHYS_ADDR_T_64BIT 1\n' > "$2/generated/bit-length.h"
	for _f in "$here/maple-lib.c" "$_t/testing/shared/linux.c" "$_t/lib/slab.c" \
		  "$_t/lib/find_bit.c" "$_t/lib/bitmap.c" "$_t/lib/hweight.c" "$_t/lib/vsprintf.c"; do
		$CC -c -O2 -g -D_LGPL_SOURCE -w -I"$_t/testing/shared" -I"$2" -I"$_t/include" \
			-I"$_t/arch/x86/include" -I"$2/src/lib" \
			-o "$2/$(basename "$_f" .c).o" "$_f" || die "$_f does not compile"
	done
	ld -r -o "$2/lib.o" "$2"/maple-lib.o "$2"/linux.o "$2"/slab.o "$2"/find_bit.o \
		"$2"/bitmap.o "$2"/hweight.o "$2"/vsprintf.o
}
# maple_env TREE: when an extracted side keeps a registry in a maple tree,
# TREE's lib/maple_tree.c built into $out/maple/lib.o, and the flags that
# code using the tree compiles (MAPLE_INC) and links (LIBS) with
MAPLE_INC='' LIBS=''
maple_env() {
	grep -q '^shape .* maple$' "$out"/ex-*/info.txt || return 0
	maple_lib "$1" "$out/maple"
	MAPLE_INC="-I$out/maple/src/tools/testing/shared -I$out/maple -I$out/maple/src/tools/arch/x86/include"
	LIBS=$URCU
}

kinc() {	# kinc SRCDIR DIR: DIR/linux/devlist.h if the tree has one
	rm -rf "$2"
	mkdir -p "$2/linux"
	[ ! -f "$1/include/linux/devlist.h" ] || cp "$1/include/linux/devlist.h" "$2/linux/"
}

# the wrapper fuzzer's parts (wrap.c, the driver, and the files it is split
# into), each compiled to $out/PART.o; WRAP_O: those objects
WRAP_PARTS="wrap wrap-model wrap-compare wrap-gen"
WRAP_O=
for _p in $WRAP_PARTS; do
	WRAP_O="$WRAP_O $out/$_p.o"
done
wrap_built() {	# wrap_built: whether every part of the wrapper fuzzer compiled
	for _p in $WRAP_PARTS; do
		[ -f "$out/$_p.o" ] || return 1
	done
}

link_wrap() {	# link_wrap OUTPUT SERIES_SIDE_O [DEVLIST_O]
	# shellcheck disable=SC2086 # lists of objects and options
	$CC $SAN -o "$1" $WRAP_O "$out/ex-stock/side.o" "$2" ${3:+"$3"} $LIBS
}

if [ -n "$mutant" ]; then
	wrap_built && [ -f "$out/tools" ] || die "no build in $out: run $0 -o $out first"
	TOOLS=$(cat "$out/tools")
	m=$out/mutant-$mutant
	rm -rf "$m"
	mkdir -p "$m"
	cp -R "$out/src-series" "$m/src"
	python3 "$here/mutate.py" "$mutant" "$m/src"
	file=$(python3 "$here/mutate.py" list | awk -v m="$mutant" '$1 == m { print $2 }')
	if [ "$file" = fs/devlist.c ]; then
		cc "$m/devlist.o" "$m/src/fs/devlist.c" -I"$out/kinc-series"
		$CC $SAN -o "$m/devlist-core" "$out/core.o" "$m/devlist.o"
		link_wrap "$m/devlist-wrap" "$out/ex-series/side.o" "$m/devlist.o"
	else
		python3 "$here/extract.py" "$m/src" "$m/ex-series" >/dev/null
		side series "$m/ex-series" "$out/kinc-series" "$out/ex-series"
		link_wrap "$m/devlist-wrap" "$m/ex-series/side.o" \
			"$( [ -f "$out/devlist.o" ] && echo "$out/devlist.o")"
	fi
	exit 0
fi

if [ -n "$native" ]; then
	mkdir -p "$out"
	TOOLS=$(snapshot "$series" "$out/src-series")
	snapshot "$stock" "$out/src-stock" >/dev/null
	snapshot "$fixes" "$out/src-fixes" >/dev/null
	names=
	for a in $alts; do
		names="$names ${a%%=*}"
		snapshot "${a#*=}" "$out/src-${a%%=*}" >/dev/null
	done
	for sd in stock fixes $names series; do
		kinc "$out/src-$sd" "$out/kinc-$sd"
		python3 "$here/extract.py" "$out/src-$sd" "$out/ex-$sd"
	done
	rm -rf "$out/ex-stock2"
	cp -R "$out/ex-stock" "$out/ex-stock2"
	maple_env "$stock"
	# the sides in order, for native.c: SIDE(name, maple tree or not)
	: > "$out/sides.h"
	objs='' cobjs=''
	for sd in stock stock2 fixes $names series; do	# (side() uses $t)
		_src=$out/src-${sd%2}/fs/devlist.c
		[ -f "$_src" ] || _src=
		side "$sd" "$out/ex-$sd" "$out/kinc-${sd%2}" "" $_src
		_m=0
		! grep -q '^shape .* maple$' "$out/ex-$sd/info.txt" || _m=1
		echo "SIDE($sd, $_m)" >> "$out/sides.h"
		# a side with a devlist once more, counting its list visits
		objs="$objs $out/ex-$sd/side.o" cobjs="$cobjs $out/ex-$sd/side.o"
		[ -n "$_src" ] || continue
		rm -rf "$out/count-$sd"
		cp -R "$out/ex-$sd" "$out/count-$sd"
		CFLAGS="$CFLAGS -DFZ_COUNT_VISITS" side "$sd" "$out/count-$sd" "$out/kinc-${sd%2}" "" $_src
		cobjs="${cobjs% *} $out/count-$sd/side.o"
	done
	cc "$out/native.o" "$top/testing/bench/native.c" -I"$out"
	# shellcheck disable=SC2086 # lists of objects
	$CC -o "$out/devlist-bench" "$out/native.o" $objs $LIBS
	# shellcheck disable=SC2086
	$CC -o "$out/devlist-visits" "$out/native.o" $cobjs $LIBS
	exit 0
fi

mkdir -p "$out"
command -v "$CC" >/dev/null || die "no $CC (apt-get install build-essential)"
command -v python3 >/dev/null || die "no python3"
TOOLS=$(snapshot "$series" "$out/src-series")
echo "$TOOLS" > "$out/tools"
snapshot "$stock" "$out/src-stock" >/dev/null
kinc "$out/src-series" "$out/kinc-series"
kinc "$out/src-stock" "$out/kinc-stock"
python3 "$here/extract.py" "$out/src-stock" "$out/ex-stock"
python3 "$here/extract.py" "$out/src-series" "$out/ex-series"
rm -f "$out"/*.o "$out/devlist-core" "$out/devlist-wrap"
maple_env "$stock"

side stock "$out/ex-stock" "$out/kinc-stock" &
side series "$out/ex-series" "$out/kinc-series" &
wait
[ -f "$out/ex-stock/side.o" ] && [ -f "$out/ex-series/side.o" ] || die "a side does not build"
# the intentional differences, from their one table
awk -F'|' -f "$here/differences.awk" "$top/testing/differences" > "$out/differences.h" ||
	die "testing/differences: a malformed line"
for p in $WRAP_PARTS; do
	cc "$out/$p.o" "$here/$p.c" -I"$out" &
done
if [ -f "$out/src-series/fs/devlist.c" ]; then
	cc "$out/devlist.o" "$out/src-series/fs/devlist.c" -I"$out/kinc-series" &
	cc "$out/core.o" "$here/core.c" -I"$out/kinc-series" &
fi
wait
wrap_built || die "wrap.c or a part of it (wrap-*.c) does not compile"
if [ -f "$out/src-series/fs/devlist.c" ]; then
	[ -f "$out/devlist.o" ] && [ -f "$out/core.o" ] || die "fs/devlist.c or core.c does not compile"
	$CC $SAN -o "$out/devlist-core" "$out/core.o" "$out/devlist.o"
	link_wrap "$out/devlist-wrap" "$out/ex-series/side.o" "$out/devlist.o"
else
	echo "build.sh: $series has no fs/devlist.c: no core fuzzer" >&2
	link_wrap "$out/devlist-wrap" "$out/ex-series/side.o"
fi
