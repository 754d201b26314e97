#!/bin/sh
# make check: every stage, then a table of the stages and one last line
# "N passed, N failed, N skipped" summing them.  Each stage writes its
# results as KTAP (build/results/RUN/STAGE.ktap, with build/results/latest
# pointing at this run), which kunit.py's parser reads back for the sums.
# A stage that leaves no KTAP, or exits non-zero with none failed, counts
# as one failure, so that the last line and the exit status always agree.
#   STAGES="series lint" make check   runs only those stages
#   CHECK_RECORD=cold|warm             write the table into docs/results.md
DEVLIST_RUN=check-$(date +%Y%m%d-%H%M%S)
export DEVLIST_RUN
. "$(dirname "$0")/../lib/lib.sh"
t0=$(date +%s)
STAGES=${STAGES:-$(grep -v '^#' "$TOP/scripts/stages/list")}
mkdir -p "$RESULTS"
ln -sfn "$DEVLIST_RUN" "$BUILD/results/latest"

: > "$RESULTS/check.counts"
# Setting up is a stage too: when it fails, the stages are not run, and
# the last line still says so.
if ! "$TOP/scripts/build/deps.sh"; then
	warn "could not install the packages the checks need (see above)"
	echo "setup 0 1 0 0" >> "$RESULTS/check.counts"
	STAGES=
elif ! "$TOP/scripts/build/tree.sh"; then
	warn "could not make build/linux (see above)"
	echo "setup 0 1 0 0" >> "$RESULTS/check.counts"
	STAGES=
elif [ -n "$(git -C "$KSRC" status --porcelain --untracked-files=no)" ]; then
	warn "build/linux has uncommitted changes: they are not tested (commit them first)"
fi

for s in $STAGES; do
	say "stage $s"
	"$TOP/scripts/stages/run.sh" "$s"
	rc=$?
	# shellcheck disable=SC2046
	set -- $(python3 "$TOP/scripts/lib/ktap.py" "$BASE" --count "$RESULTS/$s.ktap" 2>/dev/null)
	# no KTAP (the stage died): one failure, never a missing count
	p=${1:-0} f=${2:-1} k=${3:-0} secs=${4:-0}
	[ "$rc" != 0 ] && [ "$f" = 0 ] && f=1
	echo "$s $p $f $k $secs" >> "$RESULTS/check.counts"
done

# the whole run as one KTAP document, each stage a subtest
_docs=
for s in $STAGES; do _docs="$_docs $RESULTS/$s.ktap"; done
# shellcheck disable=SC2086 # the stages' documents
python3 "$TOP/scripts/lib/ktap.py" "$BASE" --run "$RESULTS/check.ktap" $_docs > /dev/null 2>&1 || true

P=0 F=0 S=0
{
	echo
	printf '  %-14s %7s %7s %7s %7s\n' stage passed failed skipped seconds
	while read -r s p f k secs; do
		printf '  %-14s %7s %7s %7s %7s\n' "$s" "$p" "$f" "$k" "$secs"
	done < "$RESULTS/check.counts"
} | tee "$RESULTS/check.table"
while read -r s p f k secs; do
	P=$((P + p)) F=$((F + f)) S=$((S + k))
done < "$RESULTS/check.counts"
say "make check took $(elapsed "$t0") s; results in $RESULTS (build/results/latest; the whole run as KTAP: check.ktap)"
if [ -n "${CHECK_RECORD:-}" ]; then
	{ echo '```'; cat "$RESULTS/check.table"; echo "  all: $(elapsed "$t0") s";
	  echo "$P passed, $F failed, $S skipped"; echo '```'; } |
		python3 "$TOP/scripts/lib/results.py" "check-$CHECK_RECORD" "make check, $CHECK_RECORD" -
fi
# kselftest's totals (expected failures, which the line below counts as
# passed, apart), then the one summary line, last
X=$(cat "$RESULTS"/*.list 2>/dev/null | grep -c '^ok|.* # expected failure') || true
echo "# Totals: pass:$((P - X)) fail:$F xfail:$X xpass:0 skip:$S error:0"
echo "$P passed, $F failed, $S skipped"
[ "$F" = 0 ] && [ "$P" -gt 0 ]
