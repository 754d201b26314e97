#!/bin/sh
# Print git range-diff between the last version of the series (v2: 11
# patches on the same base; lib/series.sh's v2_tree) and this one (the fixes and
# the RFC in build/linux), for the RFC's cover letter.
. "$(dirname "$0")/../lib/lib.sh"
set -e
"$TOP/scripts/build/tree.sh" >&2
v2=$(v2_tree)
git -C "$v2" fetch -q "$KSRC" "+$(series_rev):refs/heads/v3"
git -C "$v2" range-diff --no-color base..v2 base..v3
