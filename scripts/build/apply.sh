#!/bin/sh
# make apply KSRC=/path/to/linux [SERIES="SET..."]: git am every series
# (patches/fixes, patches/fixes-block, patches/rfc, in that order) or, with
# SERIES, the sets named (SERIES=fixes: the char fixes alone) onto your own
# 7.3 tree.
. "$(dirname "$0")/../lib/lib.sh"
dst=${1:?usage: apply.sh /path/to/linux}
git -C "$dst" rev-parse --git-dir >/dev/null 2>&1 ||
	die "$dst is not a git tree; use 'patch -p1' with each file of patches/fixes/series, patches/fixes-block/series, then patches/rfc/series, in order"
grep -q '^VERSION = 7$' "$dst/Makefile" && grep -q '^PATCHLEVEL = 3$' "$dst/Makefile" ||
	warn "$dst does not look like Linux 7.3; trying anyway"
if [ -n "${SERIES:-}" ]; then
	for _x in $SERIES; do
		case " $SERIES_DIRS " in *" $_x "*) ;; *) die "SERIES=$SERIES: say sets of: $SERIES_DIRS" ;; esac
	done
	# shellcheck disable=SC2034 # SERIES_DIRS: read by series() in lib/series.sh
	SERIES_DIRS=$SERIES
fi
series | sed "s|^|$PATCHES/|" | xargs git -C "$dst" am -3 ||
	die "git am failed: resolve and 'git am --continue', or 'git am --abort' in $dst"
say "applied $(series | wc -l) patches to $dst"
