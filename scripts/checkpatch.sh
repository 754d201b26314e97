#!/bin/sh
# checkpatch.sh PATCH [IGNORE]: checkpatch --strict on one patch or mail,
# as the lint stage and make send-dry-run run it; prints each finding that
# testing/lint/checkpatch-allow does not accept ("<patch subject>|<finding>"),
# prefixed with the file's name, and "Traceback" if checkpatch's helpers
# crashed.  IGNORE: checkpatch --ignore types (default MISSING_SIGN_OFF,
# UNKNOWN_COMMIT_ID: the repository's copies carry no Signed-off-by, and
# the tree has no history to look Fixes: ids up in).  Exit status 0.
. "$(dirname "$0")/lib.sh"
p=${1:?patch}
ign=${2:-MISSING_SIGN_OFF,UNKNOWN_COMMIT_ID}
# the subject, its folded header lines joined, without its [PATCH ...] tag
subj=$(awk '/^Subject:/ { s = $0; while ((getline l) > 0 && l ~ /^[ \t]/) s = s l; print s; exit }' "$p" |
	sed 's/^Subject: \[[^]]*\] //')
# /usr/bin first: checkpatch runs spdxcheck.py with python3, which needs
# Debian's python3-ply (deps.sh), not another python3 in PATH
(cd "$KSRC" && PATH=/usr/bin:$PATH scripts/checkpatch.pl --strict --quiet --no-summary \
	--ignore "$ign" "$p") 2>&1 | grep -E '^(ERROR|WARNING|CHECK):|Traceback' |
while IFS= read -r f; do
	grep -qxF "$subj|$f" "$TOP/testing/lint/checkpatch-allow" || echo "$(basename "$p"): $f"
done
exit 0
