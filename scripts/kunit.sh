#!/bin/sh
# Run the devlist KUnit suites under QEMU (x86_64, TCG) through kunit.py.
# usage: kunit.sh [KUNITCONFIG [BUILD_DIR]]; writes "PASS FAIL SKIP" to
# $BUILD/results/kunit.counts (or $COUNTS).
. "$(dirname "$0")/common.sh"
cfg=${1:-lib/devlist.kunitconfig}
obj=${2:-$BUILD/obj-kunit}
counts=${COUNTS:-$BUILD/results/kunit.counts}
log=$obj.log
mkdir -p "$(dirname "$counts")" "$obj"
echo "0 1 0" > "$counts"

say "kunit: building and booting $cfg (log: $log; about 5 min cold, 1 min warm)"
(cd "$KSRC" && python3 tools/testing/kunit/kunit.py run --arch=x86_64 \
	--kunitconfig="$cfg" --build_dir="$obj" --jobs="$JOBS" \
	--make_options="CC=ccache gcc" --make_options="HOSTCC=ccache gcc" \
	--timeout=900) >"$log" 2>&1 &
pid=$!
start=$(date +%s)
while kill -0 $pid 2>/dev/null; do
	sleep 30
	kill -0 $pid 2>/dev/null &&
		echo "  kunit: $(find "$obj" -name '*.o' -newer "$counts" | wc -l) objects built, $(( $(date +%s) - start )) s"
done
wait $pid
rc=$?
# kunit.py ends with e.g. "Testing complete. Ran 80 tests: passed: 79, failed: 1"
sum=$(sed -n 's/.*Testing complete\. Ran \([0-9]*\) tests*: \(.*\)/\1 \2/p' "$log" | tail -n 1)
if [ -z "$sum" ]; then
	tail -30 "$log"
	echo "kunit: the suite did not run (see $log); fix the build or boot error above"
	exit 1
fi
grep -E '^\[[0-9:]+\] +(\[FAILED\]|# .*FAIL)' "$log" | head -20
p=$(echo "$sum" | sed -n 's/.*passed: \([0-9]*\).*/\1/p')
f=$(echo "$sum" | sed -n 's/.*failed: \([0-9]*\).*/\1/p')
s=$(echo "$sum" | sed -n 's/.*skipped: \([0-9]*\).*/\1/p')
c=$(echo "$sum" | sed -n 's/.*crashed: \([0-9]*\).*/\1/p')
p=${p:-0} f=$(( ${f:-0} + ${c:-0} )) s=${s:-0}
[ "$rc" != 0 ] && [ "$f" = 0 ] && f=1
echo "$p $f $s" > "$counts"
say "kunit: $p passed, $f failed, $s skipped ($cfg)"
[ "$f" = 0 ] && [ "$p" -gt 0 ]
