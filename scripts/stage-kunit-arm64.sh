#!/bin/sh
# Stage "kunit-arm64" (make kunit-arm64; not part of make check, which it
# would push past its time budget): the series' KUnit suites through
# kunit.py --arch=arm64 under QEMU, cross-compiled, booted with
# panic_on_warn=1, one check per test case; nothing may skip.  Then the
# files the series touches, built again with W=1 and -Werror.
. "$(dirname "$0")/lib.sh"
. "$TOP/scripts/report.sh"
stage_begin kunit-arm64
"$TOP/scripts/deps.sh" gcc-aarch64-linux-gnu qemu-system-arm ||
	stage_abort "could not install the arm64 cross compiler and QEMU"
WERROR_CHECK=1 "$TOP/scripts/kunit-py.sh" arm64 --kernel_args=panic_on_warn=1 ||
	stage_abort "kunit.py did not run (see above)"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
log=$KDIR/p$n/obj-arm64/test.log
[ -s "$log" ] || stage_abort "kunit.py left no kernel log ($KDIR/p$n/obj-arm64/kunit.log)"
res=$(python3 "$TOP/scripts/ktap.py" "$KDIR/p$n" arm64 "$log")
echo "$res" | sed '$d' | tee -a "$RESULTS/$STAGE.checks" | grep -v '^ok' | head -40
add_counts $(echo "$res" | tail -n 1)
# the files the series touches, again with W=1 and -Werror (arm64)
w1=$KDIR/p$n/obj-arm64/w1.log
if [ -f "$w1" ] && ! grep -qE 'warning:|error:|Error [0-9]' "$w1" && grep -q 'CC' "$w1"; then
	ok "W=1 with -Werror, arm64: $(grep -c '^  CC' "$w1") touched files build clean"
else
	grep -E 'warning:|error:' "$w1" | head -10
	notok "W=1 with -Werror, arm64: the touched files do not build clean ($w1)"
fi
stage_end
