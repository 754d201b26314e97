#!/bin/sh
# The KUnit suites again, in a kernel with KASAN, PROVE_LOCKING, DEBUG_LIST,
# DEBUG_OBJECTS and UBSAN (testing/kunit/debug.kunitconfig).  Passes when
# every case passes and the kernel log holds no report other than the
# unregister_blkdev() warnings two cases trigger on purpose.
# Writes "PASS FAIL SKIP" to $BUILD/results/kunit-debug.counts.
. "$(dirname "$0")/common.sh"
counts=$BUILD/results/kunit-debug.counts
obj=$BUILD/obj-kunit-debug
EXPECTED_WARNS=8	# blkdev_test_long_name: 1, blkdev_test_unregister_wrong: 3,
		# devlist_bad_input "blkdev release ...": 4

COUNTS=$counts "$TOP/scripts/kunit.sh" "$TOP/testing/kunit/debug.kunitconfig" "$obj"
rc=$?
log=$obj/test.log
if [ ! -s "$log" ]; then
	echo "FAIL kunit-debug: no kernel log at $log"
	echo "0 1 0" > "$counts"
	exit 1
fi
read -r p f s < "$counts"
# Report headers: KASAN ("BUG: KASAN:"), lockdep ("WARNING: possible ..."),
# UBSAN, DEBUG_LIST, DEBUG_OBJECTS, any other WARN or oops.
splats=$(grep -E 'BUG: |WARNING: |UBSAN: |ODEBUG: |list_(add|del) corruption|Oops|Kernel panic' "$log" |
	grep -v 'WARNING: .*unregister_blkdev')
warns=$(grep -c 'WARNING: .*unregister_blkdev' "$log")
if [ -n "$splats" ]; then
	echo "FAIL kunit-debug: reports in the kernel log ($log):"
	echo "$splats" | head -20
	f=$((f + 1))
elif [ "$warns" != "$EXPECTED_WARNS" ]; then
	echo "FAIL kunit-debug: $warns unregister_blkdev() warnings, expected $EXPECTED_WARNS"
	f=$((f + 1))
else
	echo "ok   kunit-debug: no KASAN/UBSAN/lockdep/list/debug-objects report; $warns expected unregister_blkdev() warnings"
	p=$((p + 1))
fi
echo "$p $f $s" > "$counts"
[ "$f" = 0 ] && [ "$rc" = 0 ]
