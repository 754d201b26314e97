#!/bin/sh
# make export: write the commits of build/linux (base..HEAD) to patches/ as a
# git format-patch series, plus patches/series, and record that build/linux
# now matches patches/.  The same commits always give the same bytes.
. "$(dirname "$0")/lib.sh"
set -e
[ -d "$KSRC/.git" ] || die "no tree at $KSRC: run 'make tree' first"
[ -z "$(git -C "$KSRC" status --porcelain --untracked-files=normal)" ] ||
	die "build/linux has uncommitted changes: commit them (git -C build/linux commit) first"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
format_series "$tmp"
mkdir -p "$PATCHES"
rm -f "$PATCHES"/[0-9][0-9][0-9][0-9]-*.patch
cp "$tmp"/*.patch "$PATCHES"/ 2>/dev/null || true
(cd "$tmp" && ls -1 -- *.patch 2>/dev/null) > "$PATCHES/series" || true
echo "$(series_hash) $(git -C "$KSRC" rev-parse HEAD) $(cut -d' ' -f1-2 "$BUILD/base.stamp")" > "$BUILD/linux.stamp"
say "export: $(grep -c . "$PATCHES/series") patches in patches/"
