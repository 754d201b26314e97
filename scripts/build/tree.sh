#!/bin/sh
# Make build/linux: a git repository whose first commit (tag "base") is the
# pristine source of build/base, with the series of patches/ applied on
# branch "devlist" by git am.  Run by every target that uses build/linux.
#
# Its stamp (lib/stamps.sh) records which patches/ the tree was made from, the
# commit it then ended at, and the base.  When patches/ changes (a git pull, say):
#  - the tree holds no work of its own: it is remade from the new series;
#  - it has commits or edits that are not in patches/ (the edit loop): we
#    refuse, since remaking it would throw that work away.
# Unchanged patches/ and an edited tree is the normal edit loop: kept.
. "$(dirname "$0")/../lib/lib.sh"
set -e
"$TOP/scripts/build/base.sh"
base_id=$(stamp_get base)
want=$(series_hash)

apply_series() {
	n=$(series | wc -l)
	say "tree: applying the $n patches of $(for s in $SERIES_DIRS; do printf 'patches/%s ' "$s"; done)"
	if [ "$n" -gt 0 ] && ! series | sed "s|^|$PATCHES/|" |
		xargs git -C "$KSRC" am -q --whitespace=nowarn; then
		git -C "$KSRC" am --abort 2>/dev/null || true
		die "the series does not apply to $base_id; fix patches/ (or the pin in scripts/lib/lib.sh) and retry"
	fi
	stamp_linux
}

if [ -d "$KSRC/.git" ]; then
	read -r made head stamp_base <<EOF
$(stamp_get linux)
EOF
	[ "$made" = "$want" ] && [ "$stamp_base" = "$base_id" ] && exit 0
	dirty=$(git -C "$KSRC" status --porcelain --untracked-files=normal)
	now=$(git -C "$KSRC" rev-parse HEAD)
	if [ -n "$dirty" ] || [ "$now" != "$head" ]; then
		cat >&2 <<EOF
ERROR: patches/ changed since build/linux was made from it, and build/linux
has work that is not in patches/ ($( [ -n "$dirty" ] && echo "uncommitted edits" || echo "commits up to $(git -C "$KSRC" rev-parse --short HEAD)")).
Remaking the tree would lose that work, and testing it would test an old series.
Either keep your work: bring the new patches/ into build/linux by hand
  (git -C build/linux am <patch>, or rebase onto them), then 'make export';
or drop it: git -C build/linux reset --hard ${head:-base} && rm -f build/stamps/linux
  and rerun, which remakes build/linux from patches/.
EOF
		exit 1
	fi
	if [ "$stamp_base" != "$base_id" ]; then
		say "tree: the base changed ($stamp_base -> $base_id): making build/linux again"
		rm -rf "$KSRC"
	else
		say "tree: patches/ changed since build/linux was made: applying the new series"
		git -C "$KSRC" checkout -q -B devlist base
		apply_series
		say "tree: build/linux is at the new series"
		exit 0
	fi
fi

say "tree: committing $base_id as the base of $KSRC (about 1-2 min)"
rm -rf "$KSRC.tmp"
cp -a "$BASE" "$KSRC.tmp"
cd "$KSRC.tmp"
git init -q -b devlist
git config user.name "devlist"
git config user.email "devlist@invalid"
git config core.abbrev 12
git add -f -A
# Fixed dates and identity: the same source always gives the same base commit.
GIT_AUTHOR_DATE=2026-01-01T00:00:00Z GIT_COMMITTER_DATE=2026-01-01T00:00:00Z \
	git commit -q -m "Linux $(make -s -C "$KSRC.tmp" kernelversion) (Debian $PIN_PKG ${base_id% *})"
git tag base
cd "$TOP"
mv "$KSRC.tmp" "$KSRC"
apply_series
say "tree: ready at $KSRC (branch devlist, base tagged 'base')"
