#!/bin/sh
# Make build/linux: the pinned Debian 6.12 source committed as a pristine base
# (tagged "base"), then the series from patches/ applied with git am.
. "$(dirname "$0")/common.sh"
set -e

if [ -d "$KSRC/.git" ]; then
	say "tree: $KSRC exists (remove it to start over; run 'make export-check' first)"
	exit 0
fi

"$TOP/scripts/deps.sh"

have=$(dpkg-query -W -f='${Version}' "$PIN_PKG" 2>/dev/null || true)
[ -f "$TARBALL" ] || die "no $TARBALL: install $PIN_PKG (Debian 12 bookworm-updates/security) and retry"
if [ "$have" != "$PIN_VERSION" ]; then
	warn "$PIN_PKG is $have, the series was tested on $PIN_VERSION;"
	warn "continuing -- if the series does not apply, install $PIN_PKG=$PIN_VERSION"
fi

say "tree: extracting $TARBALL into $KSRC"
rm -rf "$KSRC.tmp"
mkdir -p "$KSRC.tmp"
tar -C "$KSRC.tmp" --strip-components=1 -xJf "$TARBALL"
v=$(sed -n 's/^VERSION = //p;s/^PATCHLEVEL = //p;s/^SUBLEVEL = //p' "$KSRC.tmp/Makefile" | paste -sd.)
case $v in
6.12.*) ;;
*) die "$TARBALL holds Linux $v, not 6.12.y: install $PIN_PKG=$PIN_VERSION" ;;
esac

# Debian's tarball ends .gitignore with a stanza ignoring everything at the
# top level ("/*"), which would hide every new file from git.  Drop that
# stanza in the base commit so that the tree behaves like an upstream one.
sed -i '/^# Debian packaging/,$d' "$KSRC.tmp/.gitignore"
sed -i '${/^#$/d}' "$KSRC.tmp/.gitignore"

say "tree: committing Linux $v ($have) as the base (about 90 s)"
cd "$KSRC.tmp"
git init -q -b devlist
git config user.name "devlist team"
git config user.email "devlist@example.org"
git config core.abbrev 12
git add -f -A
git commit -q -m "Linux $v (Debian $PIN_PKG $have)"
git tag base
cd "$TOP"
mv "$KSRC.tmp" "$KSRC"

n=$(grep -c . "$PATCHES/series" 2>/dev/null || true)
say "tree: applying $n patches from patches/"
if [ "$n" -gt 0 ] &&
   ! grep -v '^#' "$PATCHES/series" | sed "s|^|$PATCHES/|" |
     xargs git -C "$KSRC" am -q --whitespace=nowarn; then
	git -C "$KSRC" am --abort 2>/dev/null || true
	die "the series does not apply to Linux $v ($have): install $PIN_PKG=$PIN_VERSION, rm -rf $KSRC, and retry"
fi
say "tree: ready at $KSRC (branch devlist, base tagged 'base')"
