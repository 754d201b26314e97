#!/bin/sh
# Stage "kunit-i386": the series' KUnit suites through the kernel's own
# tools/testing/kunit/kunit.py, as kernel CI runs them (--arch=i386, under
# QEMU: 32-bit dev_t arithmetic and stack frames), booted with
# panic_on_warn=1, one check per test case; nothing may skip.
. "$(dirname "$0")/lib.sh"
. "$TOP/scripts/report.sh"
stage_begin kunit-i386
"$TOP/scripts/kunit-py.sh" i386 --kernel_args=panic_on_warn=1 ||
	stage_abort "kunit.py did not run (see above)"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
log=$KDIR/p$n/obj-i386/test.log
[ -s "$log" ] || stage_abort "kunit.py left no kernel log ($KDIR/p$n/obj-i386/kunit.log)"
res=$(python3 "$TOP/scripts/ktap.py" "$KDIR/p$n" i386 "$log")
echo "$res" | sed '$d' | tee -a "$RESULTS/$STAGE.checks" | grep -v '^ok' | head -40
add_counts $(echo "$res" | tail -n 1)
stage_end
