# The one way a stage reports its checks.  Sourced by stage scripts:
#   . "$(dirname "$0")/report.sh"; stage_begin NAME
#   ok "what passed"; notok "what failed" [details on stdin? no: print them after]
#   skip "what was not run, and why"
#   stage_end            # writes $RESULTS/NAME.counts, exits 0 only if all ok
# Every check is one line: "ok", "not ok" or "skip", as in TAP.
# shellcheck shell=sh

stage_begin() {
	STAGE=$1
	STAGE_T0=$(date +%s)
	STAGE_P=0 STAGE_F=0 STAGE_S=0
	mkdir -p "$RESULTS"
	STAGE_COUNTS=$RESULTS/$STAGE.counts
	# Until stage_end runs, the stage counts as one failure.
	echo "0 1 0 0" > "$STAGE_COUNTS"
	: > "$RESULTS/$STAGE.checks"
}

_check() {	# _check KIND TEXT
	printf '%-6s %s: %s\n' "$1" "$STAGE" "$2" | tee -a "$RESULTS/$STAGE.checks"
}
ok()    { STAGE_P=$((STAGE_P + 1)); _check ok "$*"; }
notok() { STAGE_F=$((STAGE_F + 1)); _check "not ok" "$*"; }
skip()  { STAGE_S=$((STAGE_S + 1)); _check skip "$*"; }

# check TEXT CMD...: ok if CMD succeeds, not ok otherwise.
check() {
	_text=$1
	shift
	if "$@"; then ok "$_text"; else notok "$_text"; fi
}

# add_counts P F S: checks counted elsewhere (a KUnit run, a comparer).
add_counts() {
	STAGE_P=$((STAGE_P + $1)) STAGE_F=$((STAGE_F + $2)) STAGE_S=$((STAGE_S + $3))
}

stage_end() {
	_secs=$(( $(date +%s) - STAGE_T0 ))
	echo "$STAGE_P $STAGE_F $STAGE_S $_secs" > "$STAGE_COUNTS"
	say "$STAGE: $STAGE_P passed, $STAGE_F failed, $STAGE_S skipped ($_secs s)"
	[ "$STAGE_F" = 0 ] && [ "$STAGE_P" -gt 0 ]
	exit $?
}

# stage_abort TEXT: a failure that ends the stage early (counted once).
stage_abort() {
	notok "$*"
	stage_end
}
