#!/bin/sh
# Test of report.sh's inventory, which fails a KUnit stage whose suites
# ran fewer cases than testing/kunit/suites lists (seconds):
#   1. every suite with its cases: one ok per suite, nothing failed;
#   2. a suite missing (its option dropped), or one case short: not ok;
#   3. INVENTORY_MODULES limits it to the suites of the modules named;
#   4. a parameterised case counts once, however many parameters ran;
#   5. no inventory file: not ok, not silence;
#   6. a suite name two modules share: one module's cases missing is not
#      hidden by the other's.
# usage: inventory.sh [REPORT_SH]   (default scripts/lib/report.sh; the harness
# stage also runs it on a broken copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
report=${1:-$top/scripts/lib/report.sh}
. "$top/testing/harness/lib.sh"
# shellcheck disable=SC2034 # read by report.sh
TOP=$top RESULTS=$tmp BUILD=$tmp DEVLIST_RUN=t
mkdir -p "$tmp/results"
# shellcheck source=scripts/lib/report.sh
. "$report"
# shellcheck disable=SC2034 # read by report.sh
STAGE=demo STAGE_LIST=$tmp/list
# all the cases the inventory asks for, under label "x"
grep -v '^#' "$top/testing/kunit/suites" | grep . | while read -r _m s n; do
	i=0
	while [ $i -lt "$n" ]; do echo "ok|x $s.${_m}_case$i"; i=$((i + 1)); done
done > "$tmp/all"
counts() {	# counts FILE [MODULES [TOP]]: "ok failed" of inventory on FILE
	: > "$STAGE_LIST"
	INVENTORY_MODULES=${2:-} TOP=${3:-$top} inventory x "$1" > /dev/null
	echo "$(grep -c '^ok|' "$STAGE_LIST") $(grep -c '^not ok|' "$STAGE_LIST")"
}
nsuites=$(grep -v '^#' "$top/testing/kunit/suites" | grep -c .)
t "every suite with all its cases: all ok" test "$(counts "$tmp/all")" = "$nsuites 0"
grep -v '|x devlist\.' "$tmp/all" > "$tmp/nodevlist"
t "a suite missing: not ok" test "$(counts "$tmp/nodevlist")" = "$((nsuites - 1)) 1"
sed '1d' "$tmp/all" > "$tmp/short"
t "a suite one case short: not ok" test "$(counts "$tmp/short")" = "$((nsuites - 1)) 1"
ndev=$(grep -c '^devices_kunit ' "$top/testing/kunit/suites")
t "INVENTORY_MODULES: only the modules named" \
	test "$(counts "$tmp/nodevlist" devices_kunit)" = "$ndev 0"
# the first suite's cases one short, made up by a second parameter of one
sed '1{p;s/$/.param2/}; 2d' "$tmp/all" > "$tmp/params"
t "a parameterised case counts once" test "$(counts "$tmp/params")" = "$((nsuites - 1)) 1"
mkdir -p "$tmp/notop"
t "no inventory file: not ok" test "$(counts "$tmp/all" "" "$tmp/notop")" = "0 1"
mkdir -p "$tmp/shared/testing/kunit"
printf 'a_kunit s 2\nb_kunit s 1\n' > "$tmp/shared/testing/kunit/suites"
printf 'ok|x s.a1\nok|x s.a2\nok|x s.b1\n' > "$tmp/both"
grep -v 's.b1' "$tmp/both" > "$tmp/onlya"
t "a suite name two modules share: both with their cases, ok" \
	test "$(counts "$tmp/both" "" "$tmp/shared")" = "2 0"
t "... one module's cases missing: not ok" test "$(counts "$tmp/onlya" "" "$tmp/shared")" = "0 2"
exit $fails
