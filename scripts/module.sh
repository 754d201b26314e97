#!/bin/sh
# Build an out-of-tree test module against prefix K of the series.
# usage: module.sh K SRCDIR OUTDIR
#   SRCDIR holds the module's .c files and its Kbuild; they are copied to
#   OUTDIR, where kbuild writes the objects and the .ko.
. "$(dirname "$0")/lib.sh"
k=${1:?K} srcdir=${2:?srcdir} mod=${3:?outdir}
"$TOP/scripts/kernels.sh" "$k" >/dev/null || die "prefix $k does not build (make check-series)"
rm -rf "$mod"
mkdir -p "$mod"
cp "$srcdir"/*.c "$srcdir/Kbuild" "$mod/"
if ! make -C "$KDIR/p$k" O=obj ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" \
	M="$mod" modules >"$mod/build.log" 2>&1; then
	tail -20 "$mod/build.log"
	die "the module in $srcdir did not build against p$k (log: $mod/build.log)"
fi
