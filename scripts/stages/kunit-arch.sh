#!/bin/sh
# Stages "kunit-um", "kunit-i386" and "kunit-arm64": the series' KUnit
# suites through the kernel's own tools/testing/kunit/kunit.py, as kernel
# CI runs them, booted with panic_on_warn=1, one check per test case;
# nothing may skip.  um is kunit.py's default architecture; i386 (QEMU,
# 32-bit dev_t arithmetic and stack frames) and arm64 (QEMU, cross
# compiled) then build the files the series touches again with W=1 and
# -Werror.
#   kunit-arch.sh ARCH   (scripts/stages/run.sh kunit-ARCH)
# A stage passes only on this run's own kernel log: a build that fails
# leaves no log (scripts/guest/kunit-py.sh deletes the last run's first), and
# that is a failure, as is a kunit.py that fails while every case passed.
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/report.sh"
arch=${1:?arch}
stage_begin "kunit-$arch"
arch_field "$arch" 1 >/dev/null || stage_abort "no KUnit stage for $arch (lib/build.sh's ARCHES)"
werror=$(arch_field "$arch" 4 | grep -x yes || true)
pkgs=$(arch_field "$arch" 3 | tr , ' ')
# shellcheck disable=SC2086 # a list of packages
if [ -n "$pkgs" ]; then
	"$TOP/scripts/build/deps.sh" $pkgs || stage_abort "could not install $pkgs for $arch"
fi
rc=0
WERROR_CHECK=$werror "$TOP/scripts/guest/kunit-py.sh" "$arch" --kernel_args=panic_on_warn=1 || rc=$?
if [ -n "${KUNIT_TREE:-}" ]; then
	obj=$KUNIT_TREE/obj-$arch
else
	obj=$KDIR/kunit/obj-$arch
fi
[ -f "$obj/kunit.rc" ] || stage_abort "the tree of the series could not be made (see above)"
# kunit.py's outputs, which its next run overwrites, kept in this run's
# results: kunit.log (its output), test.log (the kernel's), results.json
# (its JSON, for CI systems that read it), w1.log
log=$RESULTS/$STAGE
mkdir -p "$log"
for f in kunit.log test.log results.json w1.log; do
	[ ! -f "$obj/$f" ] || cp "$obj/$f" "$log/"
done
[ -f "$obj/accel" ] && say "$(cat "$obj/accel")"
if grep -q '^qemu.py: the guest printed' "$log/test.log" "$log/kunit.log" 2>/dev/null; then
	grep -h -A21 '^qemu.py: the guest printed' "$log/kunit.log" | head -22
	stage_abort "the $arch guest printed nothing and was stopped ($log/kunit.log)"
fi
[ -s "$log/test.log" ] ||
	stage_abort "kunit.py did not build or run a kernel (exit $rc; $log/kunit.log)"
python3 "$TOP/scripts/lib/ktap.py" "$(dirname "$obj")" "$arch" "$log/test.log" > "$RESULTS/$STAGE.cases"
results "$RESULTS/$STAGE.cases"
inventory "$arch" "$RESULTS/$STAGE.cases"
if [ "$rc" != 0 ] && [ "$(tail -n 1 "$RESULTS/$STAGE.cases" | cut -d' ' -f2)" = 0 ]; then
	notok "kunit.py exited $rc although no case failed -- $log/kunit.log"
fi
[ -n "$werror" ] || stage_end
if [ "$(cat "$obj/w1.rc" 2>/dev/null)" = 0 ] && grep -q '^  CC' "$log/w1.log" &&
   ! grep -qE 'warning:|error:' "$log/w1.log"; then
	ok "W=1 with -Werror, $arch: the touched files build clean -- $(grep -c '^  CC' "$log/w1.log") files"
else
	grep -E 'warning:|error:' "$log/w1.log" 2>/dev/null | head -10
	notok "W=1 with -Werror, $arch: the touched files build clean -- they do not; $log/w1.log"
fi
stage_end
