#!/bin/sh
# Stage "kunit-um": the series' KUnit suites through the kernel's own
# tools/testing/kunit/kunit.py, as kernel CI runs them (kunit.py's default
# architecture, UML), booted with
# panic_on_warn=1, one check per test case; nothing may skip.
. "$(dirname "$0")/lib.sh"
. "$TOP/scripts/report.sh"
stage_begin kunit-um
"$TOP/scripts/kunit-py.sh" um --kernel_args=panic_on_warn=1 ||
	stage_abort "kunit.py did not run (see above)"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
log=$KDIR/p$n/obj-um/test.log
[ -s "$log" ] || stage_abort "kunit.py left no kernel log ($KDIR/p$n/obj-um/kunit.log)"
res=$(python3 "$TOP/scripts/ktap.py" "$KDIR/p$n" um "$log")
echo "$res" | sed '$d' | tee -a "$RESULTS/$STAGE.checks" | grep -v '^ok' | head -40
add_counts $(echo "$res" | tail -n 1)
stage_end
