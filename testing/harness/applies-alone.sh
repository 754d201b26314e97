#!/bin/sh
# Test of lib/series.sh's applies_alone, the lint stage's check that each fix set
# applies to stock alone and carries no test hunk, on a tiny git tree
# (seconds):
#   1. two patches in order, the second on the first's lines: they apply;
#   2. the second alone (it needs the first): refused, git's words logged;
#   3. a patch that adds a KUnit test: refused, named.
# usage: applies-alone.sh [SERIES_SH]   (default scripts/lib/series.sh; the harness
# stage also runs it on a broken copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
series=${1:-$top/scripts/lib/series.sh}
. "$top/testing/harness/lib.sh"
lib_with "$series" 'applies_alone "$1" "$2"'
K=$tmp/top/build/linux
g() { git -C "$K" -c user.name=t -c user.email=t@t "$@"; }
mkdir -p "$K/fs/tests"
git -C "$K" init -q
printf 'a\nb\nc\n' > "$K/fs/f.c"
g add -A && g commit -q -m base && g tag base
sed -i 's/^b$/B/' "$K/fs/f.c" && g commit -q -a -m one
sed -i 's/^B$/BB/' "$K/fs/f.c" && g commit -q -a -m two
echo t > "$K/fs/tests/x_kunit.c" && g add -A && g commit -q -m test
mkdir "$tmp/p" "$tmp/both" "$tmp/second" "$tmp/test"
g format-patch -q -o "$tmp/p" base..HEAD
cp "$tmp/p"/0001-* "$tmp/p"/0002-* "$tmp/both/"
cp "$tmp/p"/0002-* "$tmp/second/"
cp "$tmp/p"/0003-* "$tmp/test/"
probe() { unset BUILD; sh "$tmp/top/scripts/t/probe.sh" "$1" "$tmp/log" > "$tmp/out" 2>&1; }
refused() { rm -f "$tmp/log"; ! probe "$1" && grep -q "$2" "$tmp/out"; }
t "two patches in order apply to the base" probe "$tmp/both"
t "the second alone is refused" refused "$tmp/second" "does not apply"
t "... with git's words in the log" test -s "$tmp/log"
t "a patch with a test hunk is refused, named" refused "$tmp/test" "test hunk.*0003"
exit $fails
