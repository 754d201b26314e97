#!/bin/sh
# Test of lib/series.sh's stock_is_pristine, kunit-stock's check that the kernel
# it tests as stock is the pristine base, on a tiny git tree (seconds):
#   1. the root commit named after the pinned package, and build/k/p0's
#      tree stamp its tree: pristine;
#   2. a tree stamp of another commit (p0 built from something else): not;
#   3. a base that is not the root commit (a patch under it): not;
#   4. a root commit not named after the pinned version: not.
# usage: stock-pristine.sh [SERIES_SH]   (default scripts/lib/series.sh; the harness
# stage also runs it on a broken copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
series=${1:-$top/scripts/lib/series.sh}
. "$top/testing/harness/lib.sh"
lib_with "$series" stock_is_pristine
pin=$(sed -n 's/^PIN_VERSION=//p' "$top/scripts/lib/lib.sh")
K=$tmp/top/build/linux
g() { git -C "$K" -c user.name=t -c user.email=t@t "$@"; }
mkdir -p "$K" "$tmp/top/build/stamps"
git -C "$K" init -q
echo base > "$K/f"
g add -A && g commit -q -m "Linux 7.3.4 (Debian linux-source-7.3 $pin)" && g tag base
echo fix > "$K/f" && g commit -q -a -m "Linux 7.3.4 (Debian linux-source-7.3 $pin), a patch on it"
stamp() { git -C "$K" rev-parse "$1^{tree}" > "$tmp/top/build/stamps/k-p0.tree"; }
probe() { unset BUILD; sh "$tmp/top/scripts/t/probe.sh" > /dev/null 2>&1; }
notpristine() { ! probe; }
stamp base
t "the root commit of the pinned package, p0 built from it: pristine" probe
stamp HEAD
t "p0 built from another tree: not pristine" notpristine
stamp base
g tag -f base HEAD >/dev/null 2>&1
stamp base
t "a base with a commit under it: not pristine" notpristine
git -C "$K" checkout -q --orphan other
g commit -q -m "Linux 7.3.4 (something else)" && g tag -f base HEAD >/dev/null 2>&1
stamp base
t "a root commit of another package: not pristine" notpristine
exit $fails
