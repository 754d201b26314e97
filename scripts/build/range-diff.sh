#!/bin/sh
# make range-diff [SINCE=COMMIT]: git range-diff between the series as
# patches/ held it at this repository's commit SINCE (default: the last
# internal version, v4) and the series in build/linux (every set).  For
# the repository only: the sets go out as v1, and no mail carries it.
. "$(dirname "$0")/../lib/lib.sh"
set -e
since=${SINCE:-d07eb83}
"$TOP/scripts/build/tree.sh" >&2
old=$(old_tree "$since" since)
git -C "$old" fetch -q "$KSRC" "+$(series_rev):refs/heads/now"
git -C "$old" range-diff --no-color base..since base..now
