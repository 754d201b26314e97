#!/bin/sh
# make export: write the commits of build/linux (base..HEAD) to patches/ as
# two git format-patch series, patches/fixes/ (the first fixes_count
# commits: FIXES=N after adding or dropping a fix) and patches/rfc/, each
# with its series file, and record that build/linux now matches patches/.
# The same commits always give the same bytes.
. "$(dirname "$0")/lib.sh"
set -e
[ -d "$KSRC/.git" ] || die "no tree at $KSRC: run 'make tree' first"
[ -z "$(git -C "$KSRC" status --porcelain --untracked-files=normal)" ] ||
	die "build/linux has uncommitted changes: commit them (git -C build/linux commit) first"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
format_series "$tmp"
for s in $SERIES_DIRS; do
	mkdir -p "$PATCHES/$s"
	rm -f "$PATCHES/$s"/[0-9][0-9][0-9][0-9]-*.patch
	cp "$tmp/$s"/*.patch "$PATCHES/$s"/ 2>/dev/null || true
	(cd "$tmp/$s" && ls -1 -- *.patch 2>/dev/null) > "$PATCHES/$s/series" || true
done
stamp_linux
say "export: $(grep -c . "$PATCHES/fixes/series") fixes in patches/fixes, $(grep -c . "$PATCHES/rfc/series") patches in patches/rfc"
