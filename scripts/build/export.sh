#!/bin/sh
# make export: write the commits of build/linux (base..HEAD) to patches/ as
# git format-patch series, one per set of lib/series.sh's SERIES_DIRS (the sizes
# of the sets before the RFC from their series files, or SET_SIZES="5 1"
# after adding or dropping a fix), each with its series file, and record
# that build/linux now matches patches/.
# The same commits always give the same bytes.
. "$(dirname "$0")/../lib/lib.sh"
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
say "export: $(for s in $SERIES_DIRS; do printf '%s patches in patches/%s; ' "$(grep -c . "$PATCHES/$s/series")" "$s"; done)"
