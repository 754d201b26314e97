#!/bin/sh
# Build an out-of-tree module against a kernel of build/k.
# usage: module.sh K|NAME SRCDIR OUTDIR
#   K: prefix K of the series (built if needed); NAME: build/k/NAME, built
#   already (make kunit-ci's kernels).  SRCDIR holds the module's .c files
#   and its Kbuild; they are copied to OUTDIR, where kbuild writes the
#   objects and the .ko.
. "$(dirname "$0")/../lib/lib.sh"
k=${1:?K} srcdir=${2:?srcdir} mod=${3:?outdir}
case $k in
*[!0-9]*) tree=$k ;;
*)	tree=p$k
	"$TOP/scripts/build/kernels.sh" "$k" >/dev/null || die "prefix $k does not build (make check-series)" ;;
esac
[ -f "$KDIR/$tree/obj/Module.symvers" ] || die "no built kernel in $KDIR/$tree"
rm -rf "$mod"
mkdir -p "$mod"
cp "$srcdir"/*.c "$srcdir/Kbuild" "$mod/"
if ! kbuild "$KDIR/$tree" obj x86_64 M="$mod" modules >"$mod/build.log" 2>&1; then
	tail -20 "$mod/build.log"
	die "the module in $srcdir did not build against $tree (log: $mod/build.log)"
fi
