#!/bin/sh
# Test of scripts/lib/report.sh's result lines (seconds).  noise_result,
# the verdict of make kunit-ci and make stress on
# testing/kunit/devlist_noise.c's summary: "0 bad
# grants" is ok; bad grants, no summary, or a summary cut short are not;
# nor are bad grants in one summary of two, the other clean; a text of two
# lines (two summaries) still makes one result line.
# (The module's own count is not exercised here: that takes a guest.)
# results, the results of a file taken into the stage: every one of
# thousands, though only 40 are printed.
# usage: report.sh [REPORT_SH]   (default scripts/lib/report.sh; the harness
# stage also runs it on a broken copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
report=${1:-$top/scripts/lib/report.sh}
. "$top/testing/harness/lib.sh"
# shellcheck disable=SC2034 # read by report.sh
TOP=$top RESULTS=$tmp BUILD=$tmp DEVLIST_RUN=t
# shellcheck source=scripts/lib/report.sh
. "$report"
# shellcheck disable=SC2034 # read by report.sh
STAGE=demo STAGE_LIST=$tmp/list
verdict() {	# verdict LOG-TEXT: ok or "not ok", as noise_result says
	printf '%s\n' "$1" > "$tmp/log"
	: > "$STAGE_LIST"
	noise_result "$tmp/log" > /dev/null
	cut -d'|' -f1 "$STAGE_LIST"
}
t "0 bad grants: ok" test "$(verdict '[   12.5] devlist-noise: 4000 rounds, 0 bad grants')" = ok
t "3 bad grants: not ok" test "$(verdict '[   12.5] devlist-noise: 4000 rounds, 3 bad grants')" = "not ok"
t "10 bad grants (ends in 0): not ok" test "$(verdict 'devlist-noise: 4000 rounds, 10 bad grants')" = "not ok"
t "no summary: not ok" test "$(verdict 'devlist-noise: starting')" = "not ok"
t "3 bad grants, then 0 in a second summary: not ok" test "$(verdict "$(printf '%s\n%s' \
	'devlist-noise: 4000 rounds, 3 bad grants' 'devlist-noise: 3000 rounds, 0 bad grants')")" = "not ok"
# two loads of the module print two summaries: still one result line
t "two summaries: one result, ok" test "$(verdict "$(printf '%s\n%s' \
	'devlist-noise: 4000 rounds, 0 bad grants' 'devlist-noise: 3000 rounds, 0 bad grants')")" = ok
# results: 5,000 failures, far more than a pipe holds, all in the list
awk 'BEGIN { for (i = 1; i <= 5000; i++) printf "not ok|case %d of a long run of failures, each with a long text\n", i }' \
	> "$tmp/many"
: > "$STAGE_LIST"
results "$tmp/many" > "$tmp/printed"
t "results: every one of 5,000 lines in the stage's list" test "$(grep -c '^not ok|' "$STAGE_LIST")" = 5000
t "results: 40 printed, and how many more" \
	sh -c '[ "$(grep -c "^not ok " "$1")" = 40 ] && grep -q "and 4960 more" "$1"' - "$tmp/printed"
exit $fails
