#!/bin/sh
# Build an out-of-tree test module against one of the two kernels.
# usage: module.sh stock|ours SRCDIR OUTDIR
#   SRCDIR holds the module's .c files and its Kbuild; they are copied to
#   OUTDIR (one per kernel, as kbuild writes objects next to the sources).
. "$(dirname "$0")/common.sh"
k=${1:?stock|ours} srcdir=${2:?srcdir} mod=${3:?outdir}
src=$KSRC; [ "$k" = stock ] && src=$BUILD/stock
rm -rf "$mod"
mkdir -p "$mod"
cp "$srcdir"/*.c "$srcdir/Kbuild" "$mod/"
kmake() { make -C "$src" O="$BUILD/obj-$k" ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }
# "modules" first writes the kernel's Module.symvers for modpost.
if ! { kmake -j"$JOBS" modules && kmake M="$mod" modules; } >"$mod/build.log" 2>&1; then
	tail -20 "$mod/build.log"
	die "$k: the module in $srcdir did not build (log: $mod/build.log)"
fi
