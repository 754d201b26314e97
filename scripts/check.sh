#!/bin/sh
# make check: every test stage, then one line "N passed, N failed, N skipped".
. "$(dirname "$0")/common.sh"
started=$(date +%s)
mkdir -p "$BUILD/results"
rm -f "$BUILD"/results/*.counts
broken=0

stage() {	# stage NAME COUNTSFILE CMD...
	_name=$1 _counts=$2
	shift 2
	say "stage: $_name"
	if ! "$@"; then
		echo "stage $_name FAILED"
		broken=$((broken + 1))
	fi
	[ -f "$_counts" ] || echo "0 1 0" > "$_counts"
}

"$TOP/scripts/deps.sh" || die "could not install the packages this needs"
"$TOP/scripts/tree.sh" || die "could not make build/linux"
if [ -n "$(git -C "$KSRC" status --porcelain)" ]; then
	warn "build/linux has uncommitted changes: testing them, but they are not in patches/"
fi

stage kunit "$BUILD/results/kunit.counts" "$TOP/scripts/kunit.sh"
stage kunit-debug "$BUILD/results/kunit-debug.counts" "$TOP/scripts/kunit-debug.sh"
stage fuzz "$BUILD/results/fuzz.counts" "$TOP/scripts/fuzz.sh"
stage conformance "$BUILD/results/conformance.counts" "$TOP/scripts/conformance.sh"
stage lint "$BUILD/results/lint.counts" "$TOP/scripts/lint.sh"
stage series "$BUILD/results/series.counts" "$TOP/scripts/check-series.sh"

p=0 f=0 s=0
for c in "$BUILD"/results/*.counts; do
	read -r cp cf cs < "$c"
	printf '  %-8s %s passed, %s failed, %s skipped\n' "$(basename "$c" .counts)" "$cp" "$cf" "$cs"
	p=$((p + cp)) f=$((f + cf)) s=$((s + cs))
done
say "make check took $(( $(date +%s) - started )) s"
echo "$p passed, $f failed, $s skipped"
[ "$f" = 0 ] && [ "$broken" = 0 ] && [ "$p" -gt 0 ]
