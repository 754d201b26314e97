#!/bin/sh
# Test of scripts/build/tree.sh's stale-tree guard, on a tiny fake base tree and
# series in a scratch directory (seconds, no kernel):
#   1. make tree builds build/linux from patches/;
#   2. patches/ changed and build/linux has no work of its own: the next
#      run remakes it from the new series (a git pull, then make check);
#   3. build/linux has a commit of its own and patches/ is unchanged: it is
#      kept (the edit loop);
#   4. both changed: refused, with a message, and build/linux untouched;
#   5. uncommitted edits and patches/ changed: refused;
#   6. after make export, the tree matches patches/ again: kept.
# usage: stale-tree.sh [TREE_SH]   (default scripts/build/tree.sh; the harness
# stage also runs it on a broken copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
unset BUILD PATCHES	# the copy below must use its own
tree_sh=${1:-$top/scripts/build/tree.sh}
. "$top/testing/harness/lib.sh"
. "$top/scripts/lib/lib.sh"

# A fake base that base.sh accepts as the pinned one, and a scripts/ copy.
mkdir -p "$tmp/top/scripts" "$tmp/top/build/base" "$tmp/top/patches"
cp -r "$top/scripts/." "$tmp/top/scripts/"
cp "$tree_sh" "$tmp/top/scripts/build/tree.sh"
printf 'kernelversion:\n\t@echo 7.3.0\n' > "$tmp/top/build/base/Makefile"
echo base > "$tmp/top/build/base/file"
mkdir -p "$tmp/top/build/stamps"
echo "$PIN_VERSION $PIN_SHA256" > "$tmp/top/build/stamps/base"
run() { sh "$tmp/top/scripts/build/tree.sh"; }
K=$tmp/top/build/linux

# Two series of one patch each, made with git format-patch.
mkdir "$tmp/src"
git -C "$tmp/src" init -q
cp "$tmp/top/build/base/Makefile" "$tmp/top/build/base/file" "$tmp/src/"
git -C "$tmp/src" add -A
git -C "$tmp/src" -c user.name=t -c user.email=t@t commit -q -m base
for v in A B; do
	git -C "$tmp/src" checkout -q -B "$v" master 2>/dev/null || git -C "$tmp/src" checkout -q -B "$v" main
	echo "$v" > "$tmp/src/file"
	git -C "$tmp/src" -c user.name=t -c user.email=t@t commit -q -a -m "series $v"
	mkdir -p "$tmp/$v"
	git -C "$tmp/src" format-patch -q -o "$tmp/$v" -1
	(cd "$tmp/$v" && ls -- *.patch) > "$tmp/$v/series"
	git -C "$tmp/src" checkout -q HEAD~1
done
# patches/ as make export writes it: no fixes, the one patch as the RFC
use() {
	rm -rf "$tmp/top/patches"
	mkdir -p "$tmp/top/patches/fixes"
	: > "$tmp/top/patches/fixes/series"
	cp -r "$tmp/$1" "$tmp/top/patches/rfc"
}
has() { [ "$(cat "$K/file")" = "$1" ]; }

use A
t "make tree applies patches/" run
t "build/linux holds series A" has A
use B
t "patches/ changed: the next run succeeds" run
t "... and build/linux now holds series B" has B
echo edit > "$K/other"
git -C "$K" add other
git -C "$K" commit -q -m "work of my own"
t "edit loop: patches/ unchanged, own commit: kept" run
t "... and the commit is still there" test -f "$K/other"
use A
if run >"$tmp/out" 2>&1; then
	echo "not ok both changed: refused"; fails=$((fails + 1))
else
	t "both changed: refused" true
fi
t "... saying why and what to do" grep -q "would lose that work" "$tmp/out"
t "... and build/linux is untouched" test -f "$K/other"
use B
git -C "$K" reset -q --hard HEAD~1
echo dirty > "$K/file"
use A
if run >/dev/null 2>&1; then
	echo "not ok uncommitted edits and patches/ changed: refused"; fails=$((fails + 1))
else
	t "uncommitted edits and patches/ changed: refused" true
fi
git -C "$K" checkout -q -- file
t "clean tree again: the new series is applied" run
t "... and build/linux holds series A" has A
echo more > "$K/other"
git -C "$K" add other
git -C "$K" commit -q -m "more work"
PATCHES=$tmp/top/patches BUILD=$tmp/top/build sh "$tmp/top/scripts/build/export.sh" >/dev/null 2>&1
t "after make export: kept" run
t "... with the exported commit" test -f "$K/other"
exit $fails
