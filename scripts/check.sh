#!/bin/sh
# make check: every stage, then a table of the stages and one last line
# "N passed, N failed, N skipped" summing them.  A stage that stops without
# writing its counts, or exits non-zero with none failed, counts as one
# failure, so that the last line and the exit status always agree.
#   STAGES="series lint" make check   runs only those stages
. "$(dirname "$0")/lib.sh"
t0=$(date +%s)
export DEVLIST_RUN="check-$t0-$$"
ALL="harness fuzz lint series kunit-stock kunit-x86_64 conformance kunit-um kunit-i386"
STAGES=${STAGES:-$ALL}
mkdir -p "$RESULTS"
for s in $ALL; do rm -f "$RESULTS/$s.counts"; done

"$TOP/scripts/deps.sh" || die "could not install the packages the checks need (see above)"
"$TOP/scripts/tree.sh" || die "could not make build/linux (see above)"
if [ -n "$(git -C "$KSRC" status --porcelain --untracked-files=no)" ]; then
	warn "build/linux has uncommitted changes: they are not tested (commit them first)"
fi

for s in $STAGES; do
	say "stage $s"
	"$TOP/scripts/stage-$s.sh"
	rc=$?
	if [ ! -f "$RESULTS/$s.counts" ]; then
		echo "0 1 0 0" > "$RESULTS/$s.counts"
	elif [ "$rc" != 0 ]; then
		read -r p f k secs < "$RESULTS/$s.counts"
		[ "$f" = 0 ] && echo "$p 1 $k $secs" > "$RESULTS/$s.counts"
	fi
done

P=0 F=0 S=0
echo
printf '  %-14s %7s %7s %7s %7s\n' stage passed failed skipped seconds
for s in $STAGES; do
	read -r p f k secs < "$RESULTS/$s.counts"
	printf '  %-14s %7s %7s %7s %7s\n' "$s" "$p" "$f" "$k" "${secs:-?}"
	P=$((P + p)) F=$((F + f)) S=$((S + k))
done
say "make check took $(elapsed "$t0") s"
echo "$P passed, $F failed, $S skipped"
[ "$F" = 0 ] && [ "$P" -gt 0 ]
