#!/bin/sh
# Test of scripts/lib/ktap.py, which reads KUnit's KTAP with kunit.py's own
# parser and writes the stages' results as KTAP, and of
# scripts/guest/section.sh, which cuts a guest's KTAP out of its log
# (seconds):
#   1. a failed case and a skip not marked as allowed are failures;
#   2. an expected failure that fails is ok; one that passes is an XPASS,
#      one that does not skip or does not run a failure;
#   3. a suite reported "not ok" although its cases pass is a failure;
#   4. a case reported twice is a failure, not two passes;
#   5. a crash is one failure, named after the test it did not finish;
#   6. a stage's results round-trip through KTAP (plan, numbers, SKIP,
#      XFAIL, XPASS, details as diagnostics) with the run's identity in
#      the header, and two results of one name fail "test names are
#      unique";
#   7. section.sh prints a section's lines; one whose END never came to
#      the end of the log, its last line included.
# usage: ktap.sh [SCRIPTS_DIR]   (default scripts/; the harness stage also
# runs it on broken copies, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
scripts=${1:-$top/scripts}
ktap=$scripts/lib/ktap.py
BASE=${BUILD:-$top/build}/base
. "$top/testing/harness/lib.sh"
[ -f "$BASE/tools/testing/kunit/kunit_parser.py" ] || {
	echo "not ok no kunit_parser.py in $BASE (run make tree)"; exit 1; }
k() { python3 "$ktap" "$BASE" "$@"; }
log() {	# log NAME: the lines read, one suite "demo" around them
	{ printf 'KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: demo\n'; cat; } > "$tmp/$1.log"
}
# a log of one suite: a case that passes, one that fails, one that skips
cat > "$tmp/fail.log" <<'L'
KTAP version 1
1..1
    KTAP version 1
    # Subtest: demo
    # module: demo_kunit
    1..3
    ok 1 demo_test_passes
    not ok 2 demo_test_fails
    ok 3 demo_test_skips # SKIP not marked
# demo: pass:1 fail:1 skip:1 total:3
# Totals: pass:1 fail:1 skip:1 total:3
not ok 1 demo
L
last() { [ "$(printf '%s\n' "$1" | tail -n 1)" = "$2" ]; }
has() { printf '%s\n' "$1" | grep -q "$2"; }

r=$(k demo "$tmp/fail.log")
t "a failed case is a failure" has "$r" '^not ok|demo demo.demo_test_fails -- FAILURE$'
t "a skip not marked as allowed is a failure" has "$r" '^not ok|demo demo.demo_test_skips -- skipped: not marked$'
t "... and the counts say so" last "$r" "1 2 0"

printf 'xfail|demo.demo_test_fails|D9\nxskip|demo.demo_test_skips|not marked\n' > "$tmp/xfail.ok"
printf 'xfail|demo.demo_test_passes|D9\nxskip|demo.demo_test_fails|x\nxfail|demo.gone|D8\n' > "$tmp/xfail.bad"
good=$(k demo "$tmp/fail.log" --expected "$tmp/xfail.ok")
bad=$(k demo "$tmp/fail.log" --expected "$tmp/xfail.bad")
t "an expected failure that fails is ok" has "$good" '^ok|demo demo.demo_test_fails # expected failure: D9$'
t "... an expected skip is a skip" last "$good" "2 0 1"
t "an expected failure that passes is an XPASS" has "$bad" '^not ok|demo demo.demo_test_passes # XPASS '
t "... one that does not skip or does not run a failure" last "$bad" "0 4 0"

log notok <<'L'
    1..2
    ok 1 demo_a
    ok 2 demo_b
not ok 1 demo
L
r=$(k demo "$tmp/notok.log")
t "a suite reported not ok although its cases pass is a failure" has "$r" '^not ok|demo demo -- not ok'
log twice <<'L'
    1..2
    ok 1 demo_a
    ok 2 demo_a
ok 1 demo
L
r=$(k demo "$tmp/twice.log")
t "a case reported twice is a failure, not two passes" last "$r" "1 1 0"
log crash <<'L'
    1..3
    ok 1 demo_a
        KTAP version 1
        # Subtest: demo_p
        ok 1 first
[    1.0] BUG: kernel NULL pointer dereference
L
r=$(k demo "$tmp/crash.log")
t "a crash is one failure, named after the test it did not finish" \
	sh -c '[ "$(printf "%s\n" "$1" | grep -c "^not ok")" = 1 ] &&
	       printf "%s\n" "$1" | grep -q "^not ok|demo demo.demo_p crashed -- after demo.demo_p.first"' - "$r"
t "... the cases before it counted" last "$r" "2 1 0"

printf 'ok|one # expected failure: D9\nnot ok|seed 1 #245 acr\nskip|three # why\nok|four # SKIP not\nok|five -- 12 s\nnot ok|six # XPASS it passes\n' \
	> "$tmp/stage.list"
w=$(DEVLIST_REPO=0123abcd DEVLIST_CODE=c0de DEVLIST_BASE='pkg 1.0' k --write demo "$tmp/stage.list" "$tmp/stage.ktap" 7)
c=$(k --count "$tmp/stage.ktap")
f=$tmp/stage.ktap
t "a stage's results as KTAP: counted as written" test "$w" = "3 2 1"
t "... and as read back" test "$c" = "3 2 1 7"
t "... a '#' in a description is not a directive" grep -q '^not ok 2 seed 1 no.245 acr$' "$f"
t "... an expected failure is an XFAIL" grep -q '^ok 1 one # XFAIL D9$' "$f"
t "... one that passed an XPASS" grep -q '^not ok 6 six # XPASS it passes$' "$f"
t "... the details a diagnostic line after its result" sh -c "grep -A1 '^ok 5 five$' '$f' | grep -q '^# 12 s$'"
t "... the run's identity in the header" \
	grep -qx '# devlist run: repository 0123abcd; code c0de; base pkg 1.0' "$f"
printf 'ok|one -- 1 s\nok|two\nok|one -- 2 s\n' > "$tmp/twice.list"
w=$(k --write demo "$tmp/twice.list" "$tmp/twice.ktap" 1)
t "two results of one name: \"test names are unique\" fails" \
	sh -c "[ '$w' = '3 1 0' ] && grep -q '^not ok 4 test names are unique$' '$tmp/twice.ktap'"
printf 'boot\n@@@ BEGIN ktap-a\r\none\ntwo\n@@@ END ktap-a\n@@@ BEGIN ktap-b\nthree\nfour\n' > "$tmp/guest.log"
t "section.sh: a section's lines" test "$(sh "$scripts/guest/section.sh" ktap-a "$tmp/guest.log" | tr '\n' ' ')" = "one two "
t "section.sh: a section cut short, to the end of the log" \
	test "$(sh "$scripts/guest/section.sh" ktap-b "$tmp/guest.log" | tr '\n' ' ')" = "three four "
exit $fails
