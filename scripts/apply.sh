#!/bin/sh
# make apply KSRC=/path/to/linux [SERIES=fixes]: git am the fixes and the
# RFC (or, with SERIES=fixes, the fixes alone) onto your own 7.3 tree.
. "$(dirname "$0")/lib.sh"
dst=${1:?usage: apply.sh /path/to/linux}
git -C "$dst" rev-parse --git-dir >/dev/null 2>&1 ||
	die "$dst is not a git tree; use 'patch -p1' with each file of patches/fixes/series, then patches/rfc/series, in order"
grep -q '^VERSION = 7$' "$dst/Makefile" && grep -q '^PATCHLEVEL = 3$' "$dst/Makefile" ||
	warn "$dst does not look like Linux 7.3; trying anyway"
# shellcheck disable=SC2034 # SERIES_DIRS: read by series() in lib.sh
case ${SERIES:-all} in
fixes) SERIES_DIRS=fixes ;;
all) ;;
*) die "SERIES=$SERIES: say fixes, or nothing for both" ;;
esac
series | sed "s|^|$PATCHES/|" | xargs git -C "$dst" am -3 ||
	die "git am failed: resolve and 'git am --continue', or 'git am --abort' in $dst"
say "applied $(series | wc -l) patches to $dst"
