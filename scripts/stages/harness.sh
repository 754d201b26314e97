#!/bin/sh
# Stage "harness": the project's own tools catch what they exist to catch.
#  - the stale-tree guard (testing/harness/stale-tree.sh) passes, and fails
#    on a copy of tree.sh that trusts any existing build/linux (v1's bug);
#  - kernel.sh's trees (testing/harness/kernel-tree.sh): one moved to a new
#    commit keeps its objects and has every changed file newer than them,
#    one made from another tree shares none of its objects; the test fails
#    on a copy that shares them, and on one that drops them;
#  - scripts/build/cc.sh compiles through ccache but builds an .incbin's object
#    again when its data changes (testing/harness/incbin.sh), and the
#    test fails on a copy that caches it and on one without ccache;
#  - the kunit.py stages pass only on their own run's kernel log
#    (testing/harness/stale-kunit.sh), and the test fails on a copy of the
#    scripts that keeps the last run's log and ignores kunit.py's status;
#  - scripts/guest/qemu.py boots kunit.py's "-accel kvm ..." on TCG and stops a
#    guest that prints nothing (testing/harness/qemu-accel.sh), and the
#    test fails on a copy that keeps -accel kvm and on one without the
#    silence limit;
#  - scripts/build/checkpatch.sh fails when checkpatch.pl itself fails (an
#    exit status above 1, stderr) (testing/harness/checkpatch.sh), and the
#    test fails on a copy that only reads the findings;
#  - the guest's KUnit runner (testing/qemu/kunit.init) calls a module
#    clean only when rmmod succeeded and /proc/devices is unchanged
#    (testing/harness/kunit-init.sh), and the test fails on a copy that
#    calls a failed rmmod clean (v3's runner);
#  - report.sh's inventory fails a KUnit stage whose suites ran fewer
#    cases than testing/kunit/suites lists (testing/harness/inventory.sh),
#    and the test fails on a copy that counts nothing;
#  - report.sh's noise verdict (make kunit-ci, make stress) is red on bad
#    grants and on a missing summary, and one result line however many
#    lines its text has (testing/harness/noise.sh), and the test fails on
#    a copy that reads any count as good and on one that keeps newlines;
#  - lib/build.sh's kunit_lost (kernel.sh: a KUnit option Kconfig dropped
#    is fatal while KUnit is on) (testing/harness/kunit-lost.sh) and
#    header_entities (make size) (testing/harness/entities.sh), and each
#    test fails on copies that ignore KUnit being off or report nothing,
#    that know only int and void functions or count the include guard;
#  - lib/series.sh's applies_alone (the lint stage: each fix set without a test
#    hunk, applying to stock alone) (testing/harness/applies-alone.sh),
#    and the test fails on copies that apply nothing or let a test hunk
#    pass;
#  - scripts/build/mailcheck.py, the mail rules (one version per set,
#    prose and trailers only above "---", a stable opt-out on every fix)
#    (testing/harness/mailcheck.sh), and the test fails on a copy that
#    finds no opt-out;
#  - lib/series.sh's stock_is_pristine (kunit-stock: stock is the root commit of
#    the pinned package, and p0 was built from it)
#    (testing/harness/stock-pristine.sh), and the test fails on a copy
#    that does not check for the root commit;
#  - scripts/lib/ktap.py reports a failed and an unmarked skipped case;
#  - the conformance comparer rejects each of its mutants
#    (testing/conformance/selftest.py);
#  - make bench's report rejects each kind of bad boot
#    (testing/bench/selftest.py).
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/report.sh"
stage_begin harness
h=$TOP/testing/harness
mkdir -p "$RESULTS/harness"

# passes TEXT OUT CMD...: ok if the test CMD passes (OUT: its output)
passes() {
	_t=$1 _o=$2
	shift 2
	if "$@" > "$_o" 2>&1; then
		ok "$_t -- $(grep -c '^ok' "$_o") checks pass; $_o"
	else
		grep '^not ok' "$_o"
		notok "$_t -- $_o"
	fi
}
# tested TEXT TEST: passes, for testing/harness/TEST, its output in
# $RESULTS/harness/TEST.txt
tested() { passes "$1" "$RESULTS/harness/${2%.sh}.txt" sh "$h/$2"; }
# red TEXT OUT CMD...: ok if the test CMD, run on a mutant, fails
red() {
	_t=$1 _o=$2
	shift 2
	if "$@" > "$_o" 2>&1; then
		notok "$_t -- the test passes on the mutant; $_o"
	else
		ok "$_t -- $(grep -c '^not ok' "$_o") checks red"
	fi
}

# red_on TEXT TEST SCRIPT SED: ok if testing/harness/TEST fails when run
# on a copy of scripts/SCRIPT (or of SCRIPT itself when it starts with
# testing/) changed by the sed expression SED
red_on() {
	case $3 in testing/*) _f=$TOP/$3 ;; *) _f=$TOP/scripts/$3 ;; esac
	_m=$RESULTS/harness/$2.$(echo "$4" | cksum | cut -d' ' -f1).sh
	sed "$4" "$_f" > "$_m"
	if cmp -s "$_m" "$_f"; then
		notok "$1: could not make the mutant of $3"
	else
		red "$1" "$_m.out" sh "$h/$2" "$_m"
	fi
}

out=$RESULTS/harness/stale-tree.txt
passes "stale-tree guard" "$out" sh "$h/stale-tree.sh"
red_on "stale-tree guard: fails on a tree.sh that trusts any build/linux" stale-tree.sh build/tree.sh \
	's|^if \[ -d "\$KSRC/.git" \]; then$|&\n\texit 0|'

# How kernel.sh makes trees: a tree moved in place keeps its objects and
# marks every changed file newer; a tree made from another shares none.
out=$RESULTS/harness/kernel-tree.txt
passes "kernel trees" "$out" sh "$h/kernel-tree.sh"
red_on "kernel trees: fail on a kernel.sh that shares another tree's objects" kernel-tree.sh build/kernel.sh \
	's|^\t\trm -rf "\$dir.tmp"/obj\*$|\t\t:|'
red_on "kernel trees: fail on a kernel.sh that drops its own objects" kernel-tree.sh build/kernel.sh \
	's|^\tif \[ "\$from_dir" != "\$dir" \]; then$|\tif true; then|'

# The compiler of the kernel builds: ccache, but never an old .incbin.
out=$RESULTS/harness/incbin.txt
passes "cc.sh" "$out" sh "$h/incbin.sh"
red_on "cc.sh: the test fails on a cc.sh that caches an .incbin" incbin.sh build/cc.sh '/grep -q/d'
red_on "cc.sh: the test fails on a cc.sh without ccache" incbin.sh build/cc.sh 's/^exec ccache "\$@"$/exec "$@"/'

# Every guest through scripts/guest/qemu.py: TCG whatever kunit.py asks for,
# and a guest that prints nothing stopped in seconds, not minutes.
tested "qemu.py" qemu-accel.sh
red_on "qemu.py: the test fails on a qemu.py that passes -accel kvm on" qemu-accel.sh guest/qemu.py \
	"s/^    return out + \['-accel', 'tcg'\]$/    return args/"
red_on "qemu.py: the test fails on a qemu.py without its silence limit" qemu-accel.sh guest/qemu.py \
	's/^        limit = quiet if printed else silent$/        limit = 3600/'

# checkpatch.sh: a checkpatch.pl that fails is never read as clean.
tested "checkpatch.sh" checkpatch.sh
red_on "checkpatch.sh: the test fails on a copy that reads only the findings" checkpatch.sh build/checkpatch.sh \
	's/^if \[ -s "\$err" \] ||.*/if false; then/'

# The guest's KUnit runner: a module is clean only if rmmod succeeded.
tested "kunit.init" kunit-init.sh
red_on "kunit.init: the test fails on a runner that calls a failed rmmod clean" kunit-init.sh \
	testing/qemu/kunit.init \
	's/^\tif ! rmmod "\$n"; then$/\trmmod "$n" || echo "@@@ FAIL rmmod $n"\n\tif false; then/'

# The KUnit stages fail when a suite ran fewer cases than the inventory.
tested "suite inventory" inventory.sh
red_on "suite inventory: the test fails on a report.sh that counts nothing" inventory.sh lib/report.sh \
	's/if \[ "\$_n" -ge "\$_min" \]; then/if true; then/'

# make kunit-ci's and make stress's noise verdict: bad grants are red.
tested "noise verdict" noise.sh
red_on "noise verdict: the test fails on a report.sh that reads any count as good" noise.sh lib/report.sh \
	"s/\*' rounds, 0 bad grants')/*' bad grants')/"
red_on "noise verdict: the test fails on a report.sh that keeps a result's newlines" noise.sh lib/report.sh \
	'/^_result()/,/^}/s/ | tr .*$/)/'

# kernel.sh's check of the options Kconfig dropped: a KUnit suite's is
# fatal while KUnit is on, not with KUnit off (make size).
tested "dropped KUnit options" kunit-lost.sh
red_on "dropped KUnit options: the test fails on a build.sh that ignores KUnit being off" kunit-lost.sh \
	lib/build.sh "/! grep -qx 'CONFIG_KUNIT=y'/d"
red_on "dropped KUnit options: the test fails on a build.sh that reports none" kunit-lost.sh \
	lib/build.sh 's/^\(\t*\)echo "\$_sym" ;;/\1: ;;/'

# make size's entities of include/linux/devlist.h.
tested "header entities" entities.sh
red_on "header entities: the test fails on a build.sh that knows only int and void functions" entities.sh \
	lib/build.sh 's/|\[a-z\]\[a-z_ \]\*\[ \*\]\[a-z_\]+\\()/|(int|void) [a-z_]+\\()/'
red_on "header entities: the test fails on a build.sh that counts the include guard" entities.sh \
	lib/build.sh "s/grep -v '^#define _\[A-Z_\]\*_H\$'/cat/"

# The lint stage's check that each fix set applies to stock alone.
tested "fix sets apply alone" applies-alone.sh
red_on "fix sets apply alone: the test fails on a series.sh that applies nothing" applies-alone.sh lib/series.sh \
	's/^\t   GIT_INDEX_FILE=\$_idx git -C "\$KSRC" apply --cached "\$1"\/\*.patch 2>>"\$2"; then$/\t   true; then/'
red_on "fix sets apply alone: the test fails on a series.sh that lets a test hunk pass" applies-alone.sh lib/series.sh \
	's/^\tif \[ -n "\$_hunks" \]; then$/\tif false; then/'
tested "mail rules (lint, send-dry-run)" mailcheck.sh
red_on "mail rules: the test fails on a mailcheck.py that finds no stable opt-out" mailcheck.sh \
	build/mailcheck.py 's/NOAUTOSEL.match(x)]$/False]/'

# kunit-stock's check that stock is the pristine base.
tested "stock is the pristine base" stock-pristine.sh
red_on "stock is the pristine base: the test fails on a series.sh that does not check for the root commit" \
	stock-pristine.sh lib/series.sh 's/^\t\[ -z "\$(git -C "\$KSRC" rev-list --parents -n 1 "\$(commit_of 0)" | cut -s -d. . -f2)" \] &&$/\ttrue \&\&/'

# No stale pass: the kunit.py stages are red unless this run built and ran
# a kernel; and the test is red on a copy with v2's bug (the last run's
# log kept, kunit.py's exit status ignored).
"$TOP/scripts/build/base.sh" >/dev/null || stage_abort "no kernel source for kunit.py's parser"
out=$RESULTS/harness/stale-kunit.txt
passes "no stale KUnit pass" "$out" sh "$h/stale-kunit.sh"
m=$RESULTS/harness/kunit-mutant
rm -rf "$m"
mkdir -p "$m"
cp -r "$TOP/scripts/." "$m/"
sed -i '/^rm -f "\$obj\/test.log"/,/w1.rc"$/d' "$m/guest/kunit-py.sh"
sed -i 's/|| rc=\$?$/|| true/' "$m/stages/kunit-arch.sh"
if cmp -s "$m/guest/kunit-py.sh" "$TOP/scripts/guest/kunit-py.sh" ||
   cmp -s "$m/stages/kunit-arch.sh" "$TOP/scripts/stages/kunit-arch.sh"; then
	notok "no stale KUnit pass: could not make the mutant of kunit-py.sh and kunit-arch.sh"
else
	red "no stale KUnit pass: the test fails on scripts that keep the last run's log" \
		"$out.mutant" sh "$h/stale-kunit.sh" "$m"
fi

# ktap.py needs kunit.py's parser from a kernel tree: the base will do.
res=$(python3 "$TOP/scripts/lib/ktap.py" "$BASE" demo "$h/ktap-fail.log")
if [ $? != 0 ] && echo "$res" | grep -q '^not ok|demo demo.demo_test_fails' &&
   echo "$res" | grep -q '^not ok|demo demo.demo_test_skips skipped' &&
   [ "$(echo "$res" | tail -n 1)" = "1 2 0" ]; then
	ok "ktap.py reports a failed case and a skip that is not marked as allowed"
else
	notok "ktap.py misreads $h/ktap-fail.log: $res"
fi

# and the expected failures of stock and of the prefixes of the fixes: a
# case named must fail (or skip, with its reason); passing, or not running,
# is a failure
printf 'xfail|demo.demo_test_fails|D9\nxskip|demo.demo_test_skips|not marked\n' > "$RESULTS/harness/xfail.ok"
printf 'xfail|demo.demo_test_passes|D9\nxskip|demo.demo_test_fails|x\nxfail|demo.gone|D8\n' > "$RESULTS/harness/xfail.bad"
good=$(python3 "$TOP/scripts/lib/ktap.py" "$BASE" demo "$h/ktap-fail.log" --expected "$RESULTS/harness/xfail.ok")
bad=$(python3 "$TOP/scripts/lib/ktap.py" "$BASE" demo "$h/ktap-fail.log" --expected "$RESULTS/harness/xfail.bad")
if [ "$(echo "$good" | tail -n 1)" = "2 0 1" ] &&
   echo "$good" | grep -q '^ok|demo demo.demo_test_fails # expected failure: D9' &&
   [ "$(echo "$bad" | tail -n 1)" = "0 4 0" ]; then
	ok "ktap.py: an expected failure that fails is ok; one that passes, does not skip or does not run is not"
else
	notok "ktap.py misreads expected failures: $good / $bad"
fi

# and a stage's results as KTAP, counted by kunit_parser: a failure, a
# skip, an expected failure (XFAIL, counted as passed), a description
# with '#' in it and a name with details after " -- " (a diagnostic
# line) survive the round trip
printf 'ok|one # expected failure: D9\nnot ok|seed 1 #245 acr\nskip|three # why\nok|four # SKIP not\nok|five -- 12 s\n' \
	> "$RESULTS/harness/stage.list"
w=$(python3 "$TOP/scripts/lib/ktap.py" "$BASE" --write demo "$RESULTS/harness/stage.list" \
	"$RESULTS/harness/stage.ktap" 7)
c=$(python3 "$TOP/scripts/lib/ktap.py" "$BASE" --count "$RESULTS/harness/stage.ktap")
k=$RESULTS/harness/stage.ktap
if [ "$w" = "3 1 1" ] && [ "$c" = "3 1 1 7" ] && grep -q '^not ok 2 seed 1 no.245 acr$' "$k" &&
   grep -q '^ok 1 one # XFAIL D9$' "$k" && grep -A1 '^ok 5 five$' "$k" | grep -q '^# 12 s$'; then
	ok "a stage's results as KTAP: plan, numbered results, SKIP and XFAIL, details as diagnostics, read back by kunit_parser"
else
	notok "a stage's results as KTAP -- they do not read back: $w; $c; $k"
fi

passes "conformance comparer: every mutant rejected, the clean copy accepted" \
	"$RESULTS/harness/comparer.txt" python3 "$TOP/testing/conformance/selftest.py"
passes "bench report: ratios, the A/A band, goals met, missed and not measurable, bad runs rejected" \
	"$RESULTS/harness/bench-report.txt" python3 "$TOP/testing/bench/selftest.py"
stage_end
