#!/bin/sh
# make export-check: fail if build/linux holds work that patches/ does not.
. "$(dirname "$0")/../lib/lib.sh"
[ -d "$KSRC/.git" ] || { say "export-check: no build/linux, nothing to lose"; exit 0; }

bad=0
dirty=$(git -C "$KSRC" status --porcelain --untracked-files=normal)
if [ -n "$dirty" ]; then
	warn "build/linux has uncommitted changes (commit, then 'make export'):"
	printf '%s\n' "$dirty" | head -20 >&2
	bad=1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
format_series "$tmp"
for s in $SERIES_DIRS; do
	(cd "$tmp/$s" && ls -1 -- *.patch 2>/dev/null) > "$tmp/$s/series"
	if ! diff -q "$tmp/$s/series" "$PATCHES/$s/series" >/dev/null 2>&1; then
		warn "the commits in build/linux are not the $s series in patches/$s ('make export'):"
		diff "$PATCHES/$s/series" "$tmp/$s/series" >&2
		bad=1
		continue
	fi
	while read -r p; do
		if ! cmp -s "$tmp/$s/$p" "$PATCHES/$s/$p"; then
			warn "patches/$s/$p differs from its commit in build/linux ('make export')"
			bad=1
		fi
	done < "$tmp/$s/series"
done
[ $bad = 0 ] && say "export-check: patches/ holds everything in build/linux"
exit $bad
