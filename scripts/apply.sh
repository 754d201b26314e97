#!/bin/sh
# make apply KSRC=/path/to/linux: git am the series onto your own 7.3 tree.
. "$(dirname "$0")/lib.sh"
dst=${1:?usage: apply.sh /path/to/linux}
git -C "$dst" rev-parse --git-dir >/dev/null 2>&1 ||
	die "$dst is not a git tree; use 'patch -p1 < patches/NNNN-*.patch' in the order of patches/series"
grep -q '^VERSION = 7$' "$dst/Makefile" && grep -q '^PATCHLEVEL = 3$' "$dst/Makefile" ||
	warn "$dst does not look like Linux 7.3; trying anyway"
series | sed "s|^|$PATCHES/|" | xargs git -C "$dst" am -3 ||
	die "git am failed: resolve and 'git am --continue', or 'git am --abort' in $dst"
say "applied $(series | wc -l) patches to $dst"
