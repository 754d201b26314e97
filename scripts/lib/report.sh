# The one way a stage reports its checks: KTAP (the kernel's
# Documentation/dev-tools/ktap.rst), read back by kunit.py's own parser.
# Sourced by stage scripts:
#   . "$TOP/scripts/lib/report.sh"; stage_begin NAME
#   ok "what passed"; notok "what failed"; skip "what was not run, and why"
#   (a text "NAME -- DETAILS": NAME names the check, the same in every run;
#   DETAILS, its counts, times and paths, become a KTAP diagnostic line)
#   check TEXT CMD...   ok if CMD succeeds, not ok otherwise
#   results FILE        FILE's result lines, each one result: "ok|text",
#                       "not ok|text" or "skip|text # why" (scripts/lib/ktap.py
#                       and testing/conformance/compare.py --results write
#                       them; ktap.py's last line, its counts, is left out)
#   stage_end           writes $RESULTS/NAME.ktap: KTAP version 1, the run's
#                       identity (lib/series.sh's run_identity), the plan,
#                       numbered results, "# SKIP", "# XFAIL" and "# XPASS"
#                       directives, and $RESULTS/results.json; exits 0 only
#                       if nothing failed and something passed
#   stage_abort TEXT    a failure that ends the stage early
# Each check is also printed as it is made ("ok     NAME: text"); failed
# results taken from a file are printed too.  A stage that dies before
# stage_end leaves no KTAP: make check counts it as a failure.
# shellcheck shell=sh

stage_begin() {
	STAGE=$1
	STAGE_T0=$(date +%s)
	mkdir -p "$RESULTS"
	ln -sfn "$DEVLIST_RUN" "$BUILD/results/latest"
	STAGE_LIST=$RESULTS/$STAGE.list
	: > "$STAGE_LIST"
	rm -f "$RESULTS/$STAGE.ktap"
}

_result() {	# _result KIND TEXT (one line: newlines in TEXT become spaces)
	_text=$(printf '%s' "$2" | tr '\r\n' '  ')
	printf '%-6s %s: %s\n' "$1" "$STAGE" "$_text"
	printf '%s|%s\n' "$1" "$_text" >> "$STAGE_LIST"
}
ok()    { _result ok "$*"; }
notok() { _result "not ok" "$*"; }
skip()  { _result skip "$*"; }

# check TEXT CMD...: ok if CMD succeeds, not ok otherwise.
check() {
	_text=$1
	shift
	if "$@"; then ok "$_text"; else notok "$_text"; fi
}

# noise_result LOG: one result from the summaries testing/kunit/devlist_noise.c
# prints at unload, found in LOG: ok only if there is one and every one
# says 0 bad grants (a load that granted twice is not hidden by a later
# clean one); sets $noise to the summaries.
noise_result() {
	noise=$(grep -o 'devlist-noise: [0-9]* rounds, [0-9]* bad grants' "$1" | tr -d '\r' || true)
	_bad=$(printf '%s\n' "$noise" | grep -vc ' rounds, 0 bad grants$' || true)
	if [ -n "$noise" ] && [ "$_bad" = 0 ]; then
		ok "the noise made its rounds, every grant exclusive -- $noise"
	else
		notok "the noise reports bad grants, or did not run -- ${noise:-no report}; $1"
	fi
}

# inventory LABEL FILE...: one result per suite of testing/kunit/suites
# (those of the modules in INVENTORY_MODULES, when set): ok if FILE...
# (result lines "RESULT|LABEL suite.case[.parameter]") hold at least its
# cases, each parameterised case counted once, as the inventory counts
# them.  A suite name that two modules share must show the cases of both
# (the sum): one module not loaded is not hidden by the other.  No
# inventory, or one without a suite, is a failure.
inventory() {
	_label=$1
	shift
	_inv=$TOP/testing/kunit/suites
	if ! grep -v '^#' "$_inv" 2>/dev/null | grep -q .; then
		notok "suite inventory: testing/kunit/suites lists the suites -- it does not: $_inv"
		return
	fi
	grep -v '^#' "$_inv" | grep . | while read -r _mod _suite _min; do
		case " ${INVENTORY_MODULES:-$_mod} " in *" $_mod "*) echo "$_mod $_suite $_min" ;; esac
	done > "$STAGE_LIST.inv"
	while read -r _mod _suite _min; do
		_need=$(awk -v s="$_suite" '$2 == s { n += $3 } END { print n }' "$STAGE_LIST.inv")
		_n=$(cat "$@" 2>/dev/null | sed -n "s/^[a-z ]*|$_label $_suite\.\([A-Za-z0-9_]*\).*/\1/p" |
			sort -u | grep -c .) || true
		if [ "$_n" -ge "$_need" ]; then
			ok "suite $_suite ($_mod) ran its cases -- $_n, at least $_need"
		else
			notok "suite $_suite ($_mod) ran its cases -- $_n, fewer than $_need (an option Kconfig dropped, a module not built or not loaded?)"
		fi
	done < "$STAGE_LIST.inv"
	rm -f "$STAGE_LIST.inv"
}

# results FILE: each result line of FILE is one result of this stage, all
# of them in the stage's list first; then the failures and skips are
# printed, at most 40 (the rest are in the stage's KTAP).
results() {
	grep -E '^(ok|not ok|skip)\|' "$1" | tr -d '\r' > "$STAGE_LIST.new" || true
	cat "$STAGE_LIST.new" >> "$STAGE_LIST"
	grep -v '^ok|' "$STAGE_LIST.new" | sed 's/^\(not ok\|skip\)|/\1   /' | head -40
	_n=$(grep -vc '^ok|' "$STAGE_LIST.new") || true
	[ "$_n" -le 40 ] || echo "  ... and $((_n - 40)) more (all in $RESULTS/$STAGE.ktap)"
	rm -f "$STAGE_LIST.new"
}

stage_end() {
	_secs=$(( $(date +%s) - STAGE_T0 ))
	# the run's identity in the KTAP header (make check exports it once)
	[ -n "${DEVLIST_CODE:-}" ] || run_identity
	if ! _c=$(python3 "$TOP/scripts/lib/ktap.py" "$BASE" --write "$STAGE" "$STAGE_LIST" \
		"$RESULTS/$STAGE.ktap" "$_secs"); then
		[ -n "$_c" ] || _c="0 1 0"
	fi
	set -- $_c
	say "$STAGE: $1 passed, $2 failed, $3 skipped ($_secs s; $RESULTS/$STAGE.ktap)"
	[ "$2" = 0 ] && [ "$1" -gt 0 ]
	exit $?
}

stage_abort() {
	notok "$*"
	stage_end
}
