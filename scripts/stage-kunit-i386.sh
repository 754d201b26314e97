#!/bin/sh
# Stage "kunit-i386": the series' KUnit suites through the kernel's own
# tools/testing/kunit/kunit.py, as kernel CI runs them (--arch=i386, under
# QEMU: 32-bit dev_t arithmetic and stack frames), booted with
# panic_on_warn=1, one check per test case; nothing may skip.  Then the
# files the series touches, built again with W=1 and -Werror.
. "$(dirname "$0")/lib.sh"
. "$TOP/scripts/report.sh"
stage_begin kunit-i386
WERROR_CHECK=1 "$TOP/scripts/kunit-py.sh" i386 --kernel_args=panic_on_warn=1 ||
	stage_abort "kunit.py did not run (see above)"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
log=$KDIR/p$n/obj-i386/test.log
[ -s "$log" ] || stage_abort "kunit.py left no kernel log ($KDIR/p$n/obj-i386/kunit.log)"
res=$(python3 "$TOP/scripts/ktap.py" "$KDIR/p$n" i386 "$log")
echo "$res" | sed '$d' | tee -a "$RESULTS/$STAGE.checks" | grep -v '^ok' | head -40
add_counts $(echo "$res" | tail -n 1)
# the files the series touches, again with W=1 and -Werror (32-bit)
w1=$KDIR/p$n/obj-i386/w1.log
if [ -f "$w1" ] && ! grep -qE 'warning:|error:|Error [0-9]' "$w1" && grep -q 'CC' "$w1"; then
	ok "W=1 with -Werror, 32-bit: $(grep -c '^  CC' "$w1") touched files build clean"
else
	grep -E 'warning:|error:' "$w1" | head -10
	notok "W=1 with -Werror, 32-bit: the touched files do not build clean ($w1)"
fi
stage_end
