#!/bin/sh
# Test of scripts/targets/check.sh, make check itself, with fake stages
# in a scratch copy of scripts/ (seconds): check.ktap is the one source of
# the verdict, and the table, the "# Totals:" line (in check.ktap too), the
# summary line and the exit status all say what it says.
#   1. stages that pass, skip everything, have an expected failure pass
#      (an XPASS), crash (no KTAP) and do not exist: each as it must be
#      in check.ktap, the table and the Totals; the run fails;
#   2. one stage that passes: green, exit 0;
#   3. a setup that fails: "not ok 1 setup # ERROR", no stage run, red.
# usage: check-run.sh [SCRIPTS_DIR]   (default scripts/; the harness stage
# also runs it on broken copies, which must fail)
# CHECK_RUN_CASES: the cases to run (kinds, green, setup; default all)
top=$(cd "$(dirname "$0")/../.." && pwd)
scripts=${1:-$top/scripts}
BASE=${BUILD:-$top/build}/base
unset BUILD PATCHES STAGES CHECK_RECORD DEVLIST_RUN DEVLIST_REPO DEVLIST_CODE DEVLIST_BASE
. "$top/testing/harness/lib.sh"
[ -f "$BASE/tools/testing/kunit/kunit_parser.py" ] || {
	echo "not ok no kunit_parser.py in $BASE (run make tree)"; exit 1; }
T=$tmp/top
mkdir -p "$T/build"
cp -r "$scripts" "$T/scripts"
ln -s "$BASE" "$T/build/base"
# setup: FAKE_SETUP=1 fails the packages
printf '#!/bin/sh\nexit "${FAKE_SETUP:-0}"\n' > "$T/scripts/build/deps.sh"
printf '#!/bin/sh\nexit 0\n' > "$T/scripts/build/tree.sh"
stage() {	# stage NAME BODY: scripts/stages/NAME.sh, BODY between begin and end
	printf '. "$(dirname "$0")/../lib/lib.sh"\n. "$TOP/scripts/lib/report.sh"\nstage_begin %s\n%s\nstage_end\n' \
		"$1" "$2" > "$T/scripts/stages/$1.sh"
}
stage good 'ok "a check -- 1 s"'
stage allskip 'skip "a check # not here"'
# a KUnit log where the case that must fail fails and the one that must
# fail too passes
cat > "$T/kunit.log" <<'L'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: demo
    1..2
    not ok 1 demo_fails
    ok 2 demo_passes
not ok 1 demo
L
printf 'xfail|demo.demo_fails|D1\nxfail|demo.demo_passes|D2\n' > "$T/expected"
stage xpass 'python3 "$TOP/scripts/lib/ktap.py" "$BASE" x "$TOP/kunit.log" --expected "$TOP/expected" > "$RESULTS/x.cases"
results "$RESULTS/x.cases"'
stage crash 'ok "before the crash"
kill -KILL $$'
run() {	# run STAGES...: make check of those, its output in $tmp/out, status in $tmp/rc
	STAGES="$*" sh "$T/scripts/targets/check.sh" > "$tmp/out" 2>&1
	echo $? > "$tmp/rc"
	k=$T/build/results/latest/check.ktap
}
row() {	# row STAGE "P F S": the table's row
	grep -q "^  $1 *$(echo "$2" | sed 's/ /  */g')  *[0-9]*$" "$tmp/out"
}
both() { grep -q "$1" "$k" && row "$2" "$3"; }	# both PATTERN STAGE "P F S": in check.ktap and the table
last() { [ "$(tail -n 1 "$tmp/out")" = "$1" ]; }
totals() {	# totals LINE: the Totals line, in check.ktap and printed before the last line
	[ "$(grep '^# Totals:' "$k")" = "$1" ] && [ "$(tail -n 2 "$tmp/out" | head -n 1)" = "$1" ]
}

# on CASE: CASE is to be run (CHECK_RUN_CASES, default all: the harness
# runs a mutant only on the case it breaks)
on() { case " ${CHECK_RUN_CASES:-kinds green setup} " in *" $1 "*) ;; *) return 1 ;; esac; }

if on kinds; then
	run good allskip xpass crash nosuch
	t "every kind of stage: the run fails" test "$(cat "$tmp/rc")" != 0
	t "... setup is the first result" grep -q '^ok 1 setup$' "$k"
	t "... a stage that passes: ok, its row 1 0 0" both '^ok 2 good$' good "1 0 0"
	t "a stage that skipped everything: not ok in check.ktap, failed in the table" \
		both '^not ok 3 allskip$' allskip "0 1 1"
	t "an expected failure that passes: XPASS in check.ktap, failed in the table" \
		both '^    not ok 2 x demo.demo_passes # XPASS ' xpass "1 1 0"
	t "a stage that died: not ok # ERROR in check.ktap, failed in the table" \
		both '^not ok 5 crash # ERROR ' crash "0 1 0"
	t "a stage that could not start: not ok # ERROR" grep -q '^not ok 6 nosuch # ERROR ' "$k"
	t "the Totals, xpass and error counted, in check.ktap and printed" \
		totals '# Totals: pass:2 fail:1 xfail:1 xpass:1 skip:1 error:2'
	t "the summary line last, from the same counts" last "3 passed, 4 failed, 1 skipped"
	t "results.json: the run's result and each stage's" python3 - "$T/build/results/latest/results.json" <<-'P'
	import json, sys
	r = json.load(open(sys.argv[1]))
	st = {s['name']: s['result'] for s in r['stages']}
	assert r['result'] == 'fail' and r['totals']['xpass'] == 1 and r['code'] != 'unknown', r
	assert st == {'setup': 'pass', 'good': 'pass', 'allskip': 'fail', 'xpass': 'fail',
	              'crash': 'error', 'nosuch': 'error'}, st
	P
	t "the run's identity in check.ktap's header and each stage's" \
		sh -c "[ \"\$(grep -c '^ *# devlist run: repository [^;]*; code [0-9a-f]*; base ' '$k')\" = 4 ]"
fi
if on green; then
	run good
	t "one stage that passes: exit 0" test "$(cat "$tmp/rc")" = 0
	t "... 2 passed (setup and the stage)" last "2 passed, 0 failed, 0 skipped"
fi
if on setup; then
	FAKE_SETUP=1 run good
	t "a setup that fails: not ok 1 setup # ERROR" grep -q '^not ok 1 setup # ERROR could not install' "$k"
	t "... no stage run, a SKIP" grep -q '^ok 2 good # SKIP not run: setup failed$' "$k"
	t "... and the run fails" sh -c "[ \"\$(cat '$tmp/rc')\" != 0 ] && tail -n 1 '$tmp/out' | grep -qx '0 passed, 1 failed, 1 skipped'"
fi
exit $fails
