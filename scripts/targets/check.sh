#!/bin/sh
# make check: every stage, then a table of the stages and one last line
# "N passed, N failed, N skipped".  Each stage writes its results as KTAP
# (build/results/RUN/STAGE.ktap, with build/results/latest pointing at this
# run); they become one KTAP document, check.ktap, setup the first result
# and each stage a subtest (scripts/lib/ktap.py --run): a setup that failed,
# and a stage that could not start or died before writing its KTAP, are
# "not ok ... # ERROR".  Everything make check then says, the table,
# kselftest's "# Totals:" line (in check.ktap too), the summary line and
# the exit status, is read from check.ktap alone (ktap.py --table).  Every
# KTAP header of the run and its results.json carry its identity: the
# repository's commit, the code hash of the series tested, the base.
#   STAGES="series lint" make check   runs only those stages
#   CHECK_RECORD=cold|warm             write the table into docs/results.md
DEVLIST_RUN=check-$(date +%Y%m%d-%H%M%S)-$$
export DEVLIST_RUN
. "$(dirname "$0")/../lib/lib.sh"
t0=$(date +%s)
STAGES=${STAGES:-$(grep -v '^#' "$TOP/scripts/stages/list")}
mkdir -p "$RESULTS"
ln -sfn "$DEVLIST_RUN" "$BUILD/results/latest"

# Setting up (the packages, build/linux from patches/) is the first
# result; when it fails, no stage runs, each one a SKIP.
why=
if ! "$TOP/scripts/build/deps.sh"; then
	why="could not install the packages the checks need"
elif ! "$TOP/scripts/build/tree.sh"; then
	why="could not make build/linux from patches/"
elif [ -n "$(git -C "$KSRC" status --porcelain --untracked-files=no 2>/dev/null)" ]; then
	warn "build/linux has uncommitted changes: they are not tested (commit them first)"
fi
[ -z "$why" ] || warn "$why (see above)"
echo "setup $([ -z "$why" ] && echo 0 || echo 1) $(elapsed "$t0") $why" > "$RESULTS/check.stages"
run_identity
say "run: repository $DEVLIST_REPO; code $DEVLIST_CODE; base $DEVLIST_BASE"

for s in $STAGES; do
	if [ -n "$why" ]; then
		echo "$s - 0 setup failed" >> "$RESULTS/check.stages"
		continue
	fi
	say "stage $s"
	t1=$(date +%s)
	"$TOP/scripts/stages/run.sh" "$s"
	echo "$s $? $(elapsed "$t1")" >> "$RESULTS/check.stages"
done

# the whole run as one KTAP document; all that follows is read from it
python3 "$TOP/scripts/lib/ktap.py" "$BASE" --run "$RESULTS/check.ktap" "$RESULTS/check.stages" > /dev/null
python3 "$TOP/scripts/lib/ktap.py" "$BASE" --table "$RESULTS/check.ktap" > "$RESULTS/check.table"
rc=$?
n=$(wc -l < "$RESULTS/check.table")
head -n $((n - 2)) "$RESULTS/check.table"
say "make check took $(elapsed "$t0") s; results in $RESULTS (build/results/latest): check.ktap, results.json"
if [ -n "${CHECK_RECORD:-}" ]; then
	{ echo '```'; head -n $((n - 2)) "$RESULTS/check.table"; echo "  all: $(elapsed "$t0") s";
	  tail -n 2 "$RESULTS/check.table"; echo '```'; } |
		python3 "$TOP/scripts/lib/results.py" "check-$CHECK_RECORD" "make check, $CHECK_RECORD" -
fi
# the figures of docs/results.md that were not measured on this code
python3 "$TOP/scripts/lib/results.py" --other-code 2>/dev/null || true
# kselftest's totals, then the one summary line, last
tail -n 2 "$RESULTS/check.table"
exit $rc
