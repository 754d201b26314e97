#!/bin/sh
# Stage "harness": the project's own tools catch what they exist to catch.
# Each test of testing/harness/ (its header says what it checks) must pass,
# making at least one check, and then fail on each mutant of the code it
# tests: a copy changed by a sed that must remove and add exactly the
# lines it says, on which the check the mutant breaks, named here, must be
# "not ok" (a failure of any other check proves nothing).  By tool: the
# stale-tree guard, kernel.sh's trees, cc.sh's ccache, qemu.py's TCG and
# silence limit, checkpatch.sh, the guests' KUnit loader and the modules
# it gets, report.sh's inventory, noise verdict and result lines,
# kunit_lost, header_entities, applies_alone, mailcheck.py (the mail
# rules), stock_is_pristine, the kunit.py stages (no stale pass, outputs
# kept), ktap.py and section.sh, make check's verdict (check.sh with fake
# stages), the lint stage, the code hash and results.py's records; then
# the self-tests of the conformance comparer (testing/conformance/
# selftest.py) and of make bench's report (testing/bench/selftest.py).
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/report.sh"
stage_begin harness
h=$TOP/testing/harness
mkdir -p "$RESULTS/harness"
# kunit.py's parser, which ktap.py and the KUnit stages read KTAP with: the base's
"$TOP/scripts/build/base.sh" >/dev/null || stage_abort "no kernel source for kunit.py's parser"

# passes TEXT OUT CMD...: ok if the test CMD passes having made at least one
# check (OUT: its output, a line "ok     CHECK" or "not ok CHECK" each)
passes() {
	_t=$1 _o=$2
	shift 2
	if "$@" > "$_o" 2>&1 && _n=$(grep -c '^ok' "$_o"); then
		ok "$_t -- $_n checks pass; $_o"
	else
		grep '^not ok' "$_o"
		notok "$_t -- $(grep -c '^ok' "$_o") checks pass, the test fails or made none; $_o"
	fi
}
# tested TEXT TEST: passes, for testing/harness/TEST, its output in
# $RESULTS/harness/TEST.txt
tested() { passes "$1" "$RESULTS/harness/${2%.sh}.txt" sh "$h/$2"; }
# red TEXT OUT CHECK CMD...: ok if the test CMD, run on a mutant, fails,
# and its check CHECK (the start of a line "not ok CHECK") is among the
# checks it failed: a mutant that breaks something else proves nothing
red() {
	_t=$1 _o=$2 _c=$3
	shift 3
	if "$@" > "$_o" 2>&1; then
		notok "$_t -- the test passes on the mutant; $_o"
	elif failed_check "$_o" "$_c"; then
		ok "$_t -- \"$_c\" red, $(grep -c '^not ok' "$_o") checks red in all"
	else
		notok "$_t -- the test fails on the mutant, but not its check \"$_c\" ($(grep -c '^not ok' "$_o") others do); $_o"
	fi
}
# failed_check OUT CHECK: OUT has the line "not ok CHECK", or one that goes
# on after CHECK with a space
failed_check() {
	grep '^not ok ' "$1" | while IFS= read -r _l; do
		case $_l in "not ok $2" | "not ok $2 "*) echo y; break ;; esac
	done | grep -q y
}
# mutate ORIG COPY SED CHANGE: COPY, ORIG changed by the sed expression SED,
# which must remove and add exactly CHANGE lines ("REMOVED ADDED", as diff
# counts them); otherwise says what it did and fails
mutate() {
	sed "$3" "$1" > "$2"
	_d="$(diff "$1" "$2" | grep -c '^<') $(diff "$1" "$2" | grep -c '^>')"
	[ "$_d" = "$4" ] && return 0
	echo "the mutant of $1 removes and adds $_d lines, not $4: the script changed, update the sed"
	return 1
}
# red_on TEXT TEST SCRIPT SED CHANGE CHECK: ok if testing/harness/TEST fails
# its check CHECK when run on a copy of scripts/SCRIPT (or of SCRIPT itself
# when it starts with testing/) changed by the sed expression SED (CHANGE:
# the lines it must remove and add, "REMOVED ADDED")
red_on() {
	case $3 in testing/*) _f=$TOP/$3 ;; *) _f=$TOP/scripts/$3 ;; esac
	_m=$RESULTS/harness/$2.$(echo "$4" | cksum | cut -d' ' -f1).sh
	if _why=$(mutate "$_f" "$_m" "$4" "$5"); then
		red "$1" "$_m.out" "$6" sh "$h/$2" "$_m"
	else
		notok "$1 -- could not make the mutant of $3: $_why"
	fi
}
# red_in TEXT TEST CHECK SCRIPT SED CHANGE [SCRIPT SED CHANGE]...: red_on for
# a test that takes a whole scripts/ directory: a copy of scripts/ with each
# SCRIPT (a path under scripts/) changed by its SED
red_in() {
	_t=$1 _test=$2 _c=$3
	shift 3
	_m=$RESULTS/harness/$_test.$(echo "$*" | cksum | cut -d' ' -f1)
	rm -rf "$_m"
	mkdir -p "$_m"
	cp -r "$TOP/scripts/." "$_m/"
	while [ $# -ge 3 ]; do
		if ! _why=$(mutate "$TOP/scripts/$1" "$_m/$1" "$2" "$3"); then
			notok "$_t -- could not make the mutant of $1: $_why"
			return
		fi
		shift 3
	done
	red "$_t" "$_m.out" "$_c" sh "$h/$_test" "$_m"
}

# The helpers above judge the mutants: passes() is red on a test that made
# no check, red() on a test that fails, but not the check it names, and
# mutate() refuses a sed that changes other lines than it claims.
hm=$RESULTS/harness/helpers
mkdir -p "$hm"
printf 'a\nb\n' > "$hm/orig"
(
	STAGE_LIST=$hm/list
	: > "$STAGE_LIST"
	passes "no check" "$hm/1.txt" true
	red "another check" "$hm/2.txt" "the named one" sh -c 'echo "not ok the named one, not"; echo "not ok other"; exit 1'
	red "the named check" "$hm/3.txt" "the named one" sh -c 'echo "not ok the named one (why)"; exit 1'
	mutate "$hm/orig" "$hm/mutant" 's/a/A/' "1 0" > /dev/null && notok "mutate"
) > /dev/null
if [ "$(cut -d'|' -f1 "$hm/list" | tr '\n' ,)" = "not ok,not ok,ok," ]; then
	ok "harness helpers: passes() red on a test of no check, red() on a mutant that misses the named check, mutate() on a sed that changes other lines"
else
	notok "harness helpers: passes() red on a test of no check, red() on a mutant that misses the named check, mutate() on a sed that changes other lines -- they do not judge as they must: $(tr '\n' ' ' < "$hm/list")"
fi

out=$RESULTS/harness/stale-tree.txt
passes "stale-tree guard" "$out" sh "$h/stale-tree.sh"
red_on "stale-tree guard: fails on a tree.sh that trusts any build/linux" stale-tree.sh build/tree.sh \
	's|^if \[ -d "\$KSRC/.git" \]; then$|&\n\texit 0|' \
	"0 1" "both changed: refused"

# How kernel.sh makes trees: a tree moved in place keeps its objects and
# marks every changed file newer; a tree made from another shares none.
out=$RESULTS/harness/kernel-tree.txt
passes "kernel trees" "$out" sh "$h/kernel-tree.sh"
red_on "kernel trees: fail on a kernel.sh that shares another tree's objects" kernel-tree.sh build/kernel.sh \
	's|^\t\trm -rf "\$dir.tmp"/obj\*$|\t\t:|' \
	"1 1" "... and writing its objects leaves the other's alone"
red_on "kernel trees: fail on a kernel.sh that drops its own objects" kernel-tree.sh build/kernel.sh \
	's|^\tif \[ "\$from_dir" != "\$dir" \]; then$|\tif true; then|' \
	"1 1" "... keeps its object dirs"

# The compiler of the kernel builds: ccache, but never an old .incbin.
out=$RESULTS/harness/incbin.txt
passes "cc.sh" "$out" sh "$h/incbin.sh"
red_on "cc.sh: the test fails on a cc.sh that caches an .incbin" incbin.sh build/cc.sh '/grep -q/d' \
	"1 0" "an .incbin's new data is in the object built after it"
red_on "cc.sh: the test fails on a cc.sh without ccache" incbin.sh build/cc.sh 's/^exec ccache "\$@"$/exec "$@"/' \
	"1 1" "a C file compiled twice: the second time from ccache"

# Every guest through scripts/guest/qemu.py: TCG whatever kunit.py asks for,
# and a guest that prints nothing stopped in seconds, not minutes.
tested "qemu.py" qemu-accel.sh
red_on "qemu.py: the test fails on a qemu.py that passes -accel kvm on" qemu-accel.sh guest/qemu.py \
	"s/^    return out + \['-accel', 'tcg'\]$/    return args/" \
	"1 1" "kunit.py's -accel kvm -accel hvf -accel tcg boots on TCG, through a link on PATH"
red_on "qemu.py: the test fails on a qemu.py without its silence limit" qemu-accel.sh guest/qemu.py \
	's/^        limit = quiet if printed else silent$/        limit = 3600/' \
	"1 1" "a guest that prints nothing is stopped after QEMU_SILENT s"

# checkpatch.sh: a checkpatch.pl that fails is never read as clean.
tested "checkpatch.sh" checkpatch.sh
red_on "checkpatch.sh: the test fails on a copy that reads only the findings" checkpatch.sh build/checkpatch.sh \
	's/^if \[ -s "\$err" \] ||.*/if false; then/' \
	"1 1" "a checkpatch.pl that dies (exit 2, stderr) fails"

# The guests' one loader of KUnit modules (testing/qemu/kunit-lib.sh, in
# kunit.init, ci.init and stress.init): a module is clean only if rmmod
# succeeded; and the modules they load are those the build made.
tested "kunit-lib.sh" kunit-init.sh
red_on "kunit-lib.sh: the test fails on a loader that calls a failed rmmod clean" kunit-init.sh \
	testing/qemu/kunit-lib.sh \
	's/^\tif ! rmmod "\$_n"; then$/\trmmod "$_n" || echo "@@@ FAIL rmmod $_n"\n\tif false; then/' \
	"1 2" "a failed rmmod is never clean"
tested "kunit_modules" kunit-modules.sh
red_on "kunit_modules: the test fails on a build.sh that loads whatever find returns" kunit-modules.sh \
	lib/build.sh "s/^\t_mods=\$(sed -n .*\$/\t_mods=\$(find \"\$1\" -name '*_kunit.ko' | sort)/" \
	"1 1" "never a leftover .ko that modules.order does not list"

# The KUnit stages fail when a suite ran fewer cases than the inventory.
tested "suite inventory" inventory.sh
red_on "suite inventory: the test fails on a report.sh that counts nothing" inventory.sh lib/report.sh \
	's/if \[ "\$_n" -ge "\$_need" \]; then/if true; then/' \
	"1 1" "a suite one case short: not ok"
red_on "suite inventory: the test fails on a report.sh that counts each parameter as a case" inventory.sh \
	lib/report.sh 's/^\t\t\tsort -u | grep -c \.) || true$/\t\t\tgrep -c .) || true/' \
	"1 1" "a parameterised case counts once"
red_on "suite inventory: the test fails on a report.sh that checks nothing without an inventory" inventory.sh \
	lib/report.sh '/^\tif ! grep -v .^#. "\$_inv" 2>\/dev\/null | grep -q \.; then$/,/^\tfi$/d' \
	"4 0" "no inventory file: not ok"
red_on "suite inventory: the test fails on a report.sh that lets one module's suite stand for another's" \
	inventory.sh lib/report.sh 's/^\t\t_need=\$(awk .*$/\t\t_need=$_min/' \
	"1 1" "... one module's cases missing: not ok"

# report.sh's result lines: make kunit-ci's and make stress's noise
# verdict (bad grants are red), one line per result, and every result of
# a file taken, however many.
tested "report.sh" report.sh
red_on "noise verdict: the test fails on a report.sh that reads any count as good" report.sh lib/report.sh \
	"s/grep -vc ' rounds, 0 bad grants\\\$'/grep -vc ' bad grants\\$'/" \
	"1 1" "3 bad grants: not ok"
red_on "noise verdict: the test fails on a report.sh that judges the last summary only" report.sh lib/report.sh \
	"s/printf '%s\\\\n' \"\\\$noise\" | grep -vc/printf '%s\\\\n' \"\\\$noise\" | tail -n 1 | grep -vc/" \
	"1 1" "3 bad grants, then 0 in a second summary: not ok"
red_on "report.sh: the test fails on a report.sh that keeps a result's newlines" report.sh lib/report.sh \
	'/^_result()/,/^}/s/ | tr .*$/)/' \
	"1 1" "two summaries: one result, ok"
red_on "report.sh: the test fails on a report.sh whose results lose lines to SIGPIPE" report.sh lib/report.sh \
	'/^\tcat "\$STAGE_LIST.new" >> "\$STAGE_LIST"$/d; s/^\tgrep -v .^ok|. "\$STAGE_LIST.new" |/\ttee -a "$STAGE_LIST" < "$STAGE_LIST.new" | grep -v "^ok|" |/' \
	"2 1" "results: every one of 5,000 lines in the stage's list"

# kernel.sh's check of the options Kconfig dropped: a KUnit suite's is
# fatal while KUnit is on, not with KUnit off (make size).
tested "dropped KUnit options" kunit-lost.sh
red_on "dropped KUnit options: the test fails on a build.sh that ignores KUnit being off" kunit-lost.sh \
	lib/build.sh "/! grep -qx 'CONFIG_KUNIT=y'/d" \
	"1 0" "dropped with KUnit off: not lost"
red_on "dropped KUnit options: the test fails on a build.sh that reports none" kunit-lost.sh \
	lib/build.sh 's/^\(\t*\)echo "\$_sym" ;;/\1: ;;/' \
	"1 1" "dropped with KUnit on: lost"

# make size's entities of include/linux/devlist.h.
tested "header entities" entities.sh
red_on "header entities: the test fails on a build.sh that knows only int and void functions" entities.sh \
	lib/build.sh 's/|\[a-z\]\[a-z_ \]\*\[ \*\]\[a-z_\]+\\()/|(int|void) [a-z_]+\\()/' \
	"1 1" "the function returning a struct pointer is one"
red_on "header entities: the test fails on a build.sh that counts the include guard" entities.sh \
	lib/build.sh "s/grep -v '^#define _\[A-Z_\]\*_H\$'/cat/" \
	"1 1" "the include guard is not one"

# The lint stage's check that each fix set applies to stock alone.
tested "fix sets apply alone" applies-alone.sh
red_on "fix sets apply alone: the test fails on a series.sh that applies nothing" applies-alone.sh lib/series.sh \
	's/^\t   GIT_INDEX_FILE=\$_idx git -C "\$KSRC" apply --cached "\$1"\/\*.patch 2>>"\$2"; then$/\t   true; then/' \
	"1 1" "the second alone is refused"
red_on "fix sets apply alone: the test fails on a series.sh that lets a test hunk pass" applies-alone.sh lib/series.sh \
	's/^\tif \[ -n "\$_hunks" \]; then$/\tif false; then/' \
	"1 1" "a patch with a test hunk is refused, named"
tested "mail rules (lint, send-dry-run)" mailcheck.sh
red_on "mail rules: the test fails on a mailcheck.py that finds no stable opt-out" mailcheck.sh \
	build/mailcheck.py 's/^        opt = \[x for x in last if NOAUTOSEL.match(x)\]$/        opt = []/' \
	"1 1" "a good set of fixes passes"

# kunit-stock's check that stock is the pristine base.
tested "stock is the pristine base" stock-pristine.sh
red_on "stock is the pristine base: the test fails on a series.sh that does not check for the root commit" \
	stock-pristine.sh lib/series.sh 's/^\t\[ -z "\$(git -C "\$KSRC" rev-list --parents -n 1 "\$(commit_of 0)" | cut -s -d. . -f2)" \] &&$/\ttrue \&\&/' \
	"1 1" "a base with a commit under it: not pristine"

# No stale pass: the kunit.py stages are red unless this run built and ran
# a kernel; and the test is red on each half of v2's bug: a kunit-py.sh
# that keeps the last run's log, a kunit-arch.sh that ignores kunit.py's
# exit status.
out=$RESULTS/harness/stale-kunit.txt
passes "no stale KUnit pass" "$out" sh "$h/stale-kunit.sh"
STALE_KUNIT_ARCHES=um red_in "no stale KUnit pass: the test fails on a kunit-py.sh that keeps the last run's log" stale-kunit.sh \
	"kunit-um: kunit.py that leaves no log is red" \
	guest/kunit-py.sh '/^rm -f "\$obj\/test.log"/,/"\$obj\/accel"$/d' "2 0"
STALE_KUNIT_ARCHES=um red_in "no stale KUnit pass: the test fails on a kunit-arch.sh that ignores kunit.py's exit status" stale-kunit.sh \
	"kunit-um: kunit.py that fails although every case passed is red" \
	stages/kunit-arch.sh 's/|| rc=\$?$/|| true/' "1 1"
STALE_KUNIT_ARCHES=um red_in "kunit.py's outputs: the test fails on a kunit-arch.sh that leaves them where the next run overwrites them" \
	stale-kunit.sh "kunit-um: kunit.py's logs and JSON kept in the run's results" \
	stages/kunit-arch.sh 's/^\t\[ ! -f "\$obj\/\$f" \] || cp "\$obj\/\$f" "\$log\/"$/\t:/' "1 1"

# ktap.py: KUnit's KTAP read with kunit.py's parser (the base's), the
# stages' results written as KTAP; section.sh, a guest's KTAP cut out.
tested "ktap.py and section.sh" ktap.sh
red_in "ktap.py: the test fails on a ktap.py that reads a not ok suite with passing cases as green" ktap.sh \
	"a suite reported not ok although its cases pass is a failure" \
	lib/ktap.py '/^        elif path and t.status == S.FAILURE and not any(failed(r) for r in mine):$/,+1d' "2 0"
red_in "ktap.py: the test fails on a ktap.py that counts a case reported twice as two" ktap.sh \
	"a case reported twice is a failure, not two passes" \
	lib/ktap.py 's/^            elif name in seen:$/            elif False:/' "1 1"
red_in "ktap.py: the test fails on a ktap.py that counts every test a crash left unfinished" ktap.sh \
	"a crash is one failure, named after the test it did not finish" \
	lib/ktap.py "s/^            if not any(r\[0\] == 'crash' for r in mine):$/            if True:/" "1 1"
red_in "ktap.py: the test fails on a ktap.py that lets two results share a name" ktap.sh \
	'two results of one name: "test names are unique" fails' \
	lib/ktap.py '/^    if twice:$/,+1d' "2 0"
red_in "section.sh: the test fails on a section.sh that drops the last line of a section cut short" ktap.sh \
	"section.sh: a section cut short, to the end of the log" \
	guest/section.sh "s/^\t'\\\$0 == e { on = 0; next } on { print } \\\$0 == b { on = 1 }'\$/\t'\\\$0 == b, \\\$0 == e' | sed '1d;\\\$d'/" "1 1"

# The lint stage on a tiny series with fake builds: every patch linted,
# named by its subject, red when checkpatch.sh or git fails, and no
# sparse check passed on an empty list of touched files.  (Each mutant is
# run on the case of the test it breaks.)
tested "lint stage" lint-stage.sh
LINT_STAGE_CASES=dies red_in "lint: the test fails on a lint.sh that ignores checkpatch.sh's exit status" lint-stage.sh \
	"a checkpatch.sh that fails without a word: its patch is red" \
	stages/lint.sh 's/^\tif "\$TOP\/scripts\/build\/checkpatch.sh" "\$p" > "\$out\/\$(basename "\$p").checkpatch" 2>&1 &&$/\t"$TOP\/scripts\/build\/checkpatch.sh" "$p" > "$out\/$(basename "$p").checkpatch" 2>\&1\n\tif true \&\&/' "1 2"
LINT_STAGE_CASES=format-patch red_in "lint: the test fails on a lint.sh that ignores format_series's exit status" lint-stage.sh \
	"git format-patch failing for one set: red" \
	stages/lint.sh 's/^format_series "\$out\/patches" || stage_abort .*$/format_series "$out\/patches"/' "1 1"
LINT_STAGE_CASES=format-patch red_in "lint: the test fails on a format_series that fails only when its last set does" lint-stage.sh \
	"git format-patch failing for one set: red" \
	lib/series.sh 's/ "\$_range" >\/dev\/null || return 1$/ "$_range" >\/dev\/null/' "1 1"
LINT_STAGE_CASES=drop red_in "lint: the test fails on a lint.sh that does not count the patches it linted" lint-stage.sh \
	"a patch format-patch did not write: every patch linted is red" \
	stages/lint.sh 's/^if \[ "\$linted" = "\$n" \]; then$/if true; then/' "1 1"
LINT_STAGE_CASES="diff" red_in "lint: the test fails on a lint.sh that checks sparse on an empty list of touched files" lint-stage.sh \
	"no touched file known: the sparse check is red" \
	stages/lint.sh '/^\tif \[ -z "\$touched" \]; then$/,+1d; s/^\telif \[ -z "\$newwarn" \]; then$/\tif [ -z "$newwarn" ]; then/' "3 1"
LINT_STAGE_CASES="diff" red_in "touched_objects: the test fails on a build.sh that ignores git diff's exit status" lint-stage.sh \
	"... and fails when git diff does" \
	lib/build.sh 's/^\(\t\t_files=\$(git -C "\$KSRC" diff --name-only .*)\) || return 1$/\1/; s/^\t\[ -n "\$_files" \] || return 1$/\t:/' "3 3"

# The identity every result carries: one code hash of the series, over
# the patches' diffs (lib/series.sh's code_hash), in each record of
# docs/results.md, which results.py --other-code compares with patches/
# (make check's note, make send-dry-run's refusal).
tested "run identity" identity.sh
red_in "code hash: the test fails on a code_hash of the whole patches, messages too" identity.sh \
	"a reword keeps the code hash" \
	lib/series.sh 's/^\t\t\tawk .\/\^diff --git \/ { d = 1 }.*"\$_dir\/\$_s\/\$_p"$/\t\t\tcat "$_dir\/$_s\/$_p"/' "1 1"
red_in "code hash: the test fails on a code_hash that keeps the index lines' blob ids" identity.sh \
	"... and so do longer blob ids in the index lines" \
	lib/series.sh "s/ d \\&\\& !\\/\\^index \\/'/ d'/" "1 1"
red_in "results.py: the test fails on a results.py that hashes the series a second way" identity.sh \
	"a new record names the code hash it measured" \
	lib/results.py 's/^    code, repo = run_identity()$/    code, repo = shell("series_hash"), run_identity()[1]/' "1 1"
red_in "results.py: the test fails on a results.py that finds no record of other code" identity.sh \
	"--other-code: records of other code, or of no code hash, named" \
	lib/results.py 's/^    other = \[n for n, c in code.items() if c != now\]$/    other = []/' "1 1"

red_in "send-dry-run: the test fails on a send-dry-run.sh that writes mails whatever the records' code" \
	identity.sh "send-dry-run: refuses while make bench's record is of other code" \
	targets/send-dry-run.sh '/^\t\[ "\${OTHER_CODE_OK:-}" = 1 \] ||$/,+1d' "2 0"

# make check itself (scripts/targets/check.sh) with fake stages: check.ktap
# is the one source of the table, the Totals, the summary line and the
# exit status.  (Each mutant is run on the case of the test it breaks.)
tested "make check's verdict" check-run.sh
CHECK_RUN_CASES=kinds red_in "make check: the test fails on a check.sh whose exit status is not the table's" check-run.sh \
	"every kind of stage: the run fails" \
	targets/check.sh 's/^exit \$rc$/exit 0/' "1 1"
CHECK_RUN_CASES=setup red_in "make check: the test fails on a check.sh that records any setup as passed" check-run.sh \
	"a setup that fails: not ok 1 setup # ERROR" \
	targets/check.sh 's/^echo "setup \$(\[ -z "\$why" \] && echo 0 || echo 1)/echo "setup 0/' "1 1"
CHECK_RUN_CASES=kinds red_in "make check: the test fails on a ktap.py whose Totals hard-code xpass and error" check-run.sh \
	"the Totals, xpass and error counted, in check.ktap and printed" \
	lib/ktap.py "s/^    return '# Totals: ' + ' '.join('%s:%d' % (k, t\[k\]) for k in KINDS)$/    return '# Totals: ' + ' '.join('%s:%d' % (k, 0 if k in ('xpass', 'error') else t[k]) for k in KINDS)/" "1 1"
CHECK_RUN_CASES=kinds red_in "make check: the test fails on a ktap.py that reads a stage without KTAP as a pass" check-run.sh \
	"a stage that died: not ok # ERROR in check.ktap, failed in the table" \
	lib/ktap.py "s/'not ok %d %s # ERROR the stage died (exit %s) before writing its KTAP'/'ok %d %s # the stage died (exit %s)'/" "1 1"
CHECK_RUN_CASES=kinds red_in "make check: the test fails on a ktap.py that passes a stage that skipped everything" check-run.sh \
	"a stage that skipped everything: not ok in check.ktap, failed in the table" \
	lib/ktap.py 's/^        elif not p:$/        elif False:/' "1 1"
CHECK_RUN_CASES=kinds red_in "make check: the test fails on a ktap.py that counts only the checks, not a stage's own not ok" check-run.sh \
	"a stage that skipped everything: not ok in check.ktap, failed in the table" \
	lib/ktap.py "s/^    if not n.ok and not (t\['fail'\] or t\['xpass'\] or t\['error'\]):$/    if False:/" "1 1"

passes "conformance comparer: every mutant rejected, the clean copy accepted" \
	"$RESULTS/harness/comparer.txt" python3 "$TOP/testing/conformance/selftest.py"
passes "bench report: ratios, the A/A band, bounds and goals met, missed and not measurable, bad runs rejected" \
	"$RESULTS/harness/bench-report.txt" python3 "$TOP/testing/bench/selftest.py"

# The one table of the intentional differences and its readers: a row
# removed, or a row's rule taken away, breaks the build of the wrapper
# fuzzer's model (wrap-model.c) and the loading of the conformance rules,
# each on its own.
passes "differences table" "$RESULTS/harness/differences.txt" sh "$h/differences.sh"
red_on "differences: the test fails on a table without D2m (wrap.c)" differences.sh testing/differences \
	'/^D2m|/d' "1 0" "wrap.c builds against the table's header"
red_on "differences: the test fails on a table without D2m (rules.py)" differences.sh testing/differences \
	'/^D2m|/d' "1 0" "rules.py: a rule for each difference of the table marked rule"
red_on "differences: the test fails on a table that gives D3 a conformance rule" differences.sh testing/differences \
	's/^D3|none|/D3|rule|/' "1 1" "rules.py: a rule for each difference of the table marked rule"
stage_end
