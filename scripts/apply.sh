#!/bin/sh
# Apply the series to a 6.12-based git tree of your own: make apply KSRC=...
. "$(dirname "$0")/common.sh"
dst=${1:?usage: apply.sh /path/to/linux}
git -C "$dst" rev-parse --git-dir >/dev/null 2>&1 ||
	die "$dst is not a git tree; use 'patch -p1 < patches/NNNN-*.patch' in order, per patches/series"
grep -q '^PATCHLEVEL = 12$' "$dst/Makefile" || warn "$dst does not look like Linux 6.12"
grep -v '^#' "$PATCHES/series" | sed "s|^|$PATCHES/|" | xargs git -C "$dst" am -3 ||
	die "git am failed: resolve and 'git am --continue', or 'git am --abort' in $dst"
say "applied $(grep -c . "$PATCHES/series") patches to $dst"
