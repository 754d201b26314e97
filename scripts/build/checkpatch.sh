#!/bin/sh
# checkpatch.sh PATCH [IGNORE]: checkpatch --strict on one patch or mail,
# as the lint stage and make send-dry-run run it; prints each finding that
# testing/lint/checkpatch-allow does not accept ("<patch subject>|<finding>"),
# prefixed with the file's name.  IGNORE: checkpatch --ignore types
# (default MISSING_SIGN_OFF, UNKNOWN_COMMIT_ID: the repository's copies
# carry no Signed-off-by, and the tree has no history to look Fixes: ids
# up in).  Exit status 0, or 1 (with a line saying so) when checkpatch.pl
# itself failed: an exit status above 1, or anything on its stderr.
. "$(dirname "$0")/../lib/lib.sh"
p=${1:?patch}
ign=${2:-MISSING_SIGN_OFF,UNKNOWN_COMMIT_ID}
# the subject, as testing/lint/checkpatch-allow names it (lib/series.sh)
subj=$(patch_subject "$p")
# /usr/bin first: checkpatch runs spdxcheck.py with python3, which needs
# Debian's python3-ply (deps.sh), not another python3 in PATH
out=$(mktemp) err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT
rc=0
(cd "$KSRC" && PATH=/usr/bin:$PATH scripts/checkpatch.pl --strict --quiet --no-summary \
	--ignore "$ign" "$p") > "$out" 2> "$err" || rc=$?
grep -E '^(ERROR|WARNING|CHECK):' "$out" |
while IFS= read -r f; do
	grep -qxF "$subj|$f" "$TOP/testing/lint/checkpatch-allow" || echo "$(basename "$p"): $f"
done
# checkpatch.pl exits 0 when clean and 1 with findings; any other status,
# a 1 without a finding, or anything on stderr (a helper's traceback, a
# perl error) is checkpatch itself failing, which must never read as clean
n=$(grep -cE '^(ERROR|WARNING|CHECK):' "$out")
if [ -s "$err" ] || [ "$rc" -gt 1 ] || { [ "$rc" = 1 ] && [ "$n" = 0 ]; }; then
	echo "$(basename "$p"): checkpatch.pl failed (exit $rc): $(head -n 3 "$err" | tr '\n' ' ')"
	exit 1
fi
exit 0
