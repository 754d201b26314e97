#!/bin/sh
# Run the series' suites with the kernel's own tools/testing/kunit/kunit.py,
# as kernel CI does, in a tree of the whole series of its own (build/k/kunit,
# moved to each new version of the series in place, so that only what the
# change touches is built again).
#   kunit-py.sh ARCH [KUNIT.PY OPTIONS...]   (ARCH: one of lib/build.sh's ARCHES)
# Objects in build/k/kunit/obj-ARCH; there kunit.log (kunit.py's output),
# test.log (the kernel's, written by kunit.py only when it built and ran a
# kernel), kunit.rc (its exit status).  With WERROR_CHECK set the touched
# files are then built again with W=1 -Werror: w1.log and w1.rc.
# Every output of an earlier run is deleted first, so that nothing a
# failed build leaves behind can be read as this run's result.  Exit
# status: kunit.py's (0: every case passed), or 1 when the tree could not
# be made.
#   KUNIT_TREE=DIR  run in DIR instead (the harness test of stale results)
. "$(dirname "$0")/../lib/lib.sh"
set -e
arch=${1:?arch}
shift
if [ -n "${KUNIT_TREE:-}" ]; then
	src=$KUNIT_TREE
else
	"$TOP/scripts/build/tree.sh"
	FROM=kunit TARGETS=none "$TOP/scripts/build/kernel.sh" kunit "$(series_rev)" >/dev/null ||
		die "the tree of the whole series could not be made"
	src=$KDIR/kunit
fi
[ -d "$src" ] || die "no tree for the whole series in $src"
cfg=fs/tests/devices.kunitconfig
[ -f "$src/$cfg" ] || die "no $cfg in the series"
obj=$src/obj-$arch
mkdir -p "$obj"
rm -f "$obj/test.log" "$obj/results.json" "$obj/kunit.log" "$obj/kunit.rc" \
	"$obj/w1.log" "$obj/w1.rc" "$obj/accel"
cross=$(arch_field "$arch" 2) || die "no architecture $arch in lib/build.sh's ARCHES"
set -- --kunitconfig="$cfg" --build_dir="obj-$arch" --jobs="$JOBS" \
	--make_options="CC=$TOP/scripts/build/cc.sh ${cross}gcc" --make_options="HOSTCC=ccache gcc" \
	--timeout=600 --json="obj-$arch/results.json" "$@"
[ "$arch" != um ] && set -- --arch="$arch" "$@"
# A smaller kernel around the same suites, where kunit.py's own is large.
small=$TOP/testing/kunit/small-$arch.config
[ -f "$small" ] && set -- --kunitconfig="$small" "$@"
[ -n "$cross" ] && set -- --cross_compile="$cross" "$@"
# kunit.py boots qemu-system-ARCH from PATH with "-accel kvm" first, which
# nested KVM can take and then stop an i386 guest in its decompressor
# ("emulation failure"), QEMU waiting until kunit.py's timeout: a link to
# scripts/guest/qemu.py first on its PATH runs QEMU on TCG, and stops a guest
# that prints nothing for 60 s (the suites print as they go; the firmware
# prints before the kernel, so a kernel that never starts is caught too).
qbin=$BUILD/qemu-bin
mkdir -p "$qbin"
for q in i386 x86_64 aarch64; do
	ln -sf "$TOP/scripts/guest/qemu.py" "$qbin/qemu-system-$q"
done
[ "$arch" = um ] || echo "kunit.py ($arch): QEMU accelerator tcg (scripts/guest/qemu.py)" > "$obj/accel"
say "kunit.py ($arch): building and running $cfg (log: $obj/kunit.log)"
(cd "$src" && PATH="$qbin:$PATH" QEMU_SILENT=60 QEMU_QUIET=60 python3 tools/testing/kunit/kunit.py run "$@") > "$obj/kunit.log" 2>&1 &
rc=0
progress $! "kunit.py $arch" "echo \$(find '$obj' -name '*.o' -newer '$obj/kunit.log' | wc -l) objects" || rc=$?
if ! bzimage_holds "$obj"; then
	echo "kunit.py: arch/x86/boot/bzImage does not hold this build's vmlinux (a stale object?)" >> "$obj/kunit.log"
	[ "$rc" != 0 ] || rc=1
fi
echo "$rc" > "$obj/kunit.rc"
tail -n 3 "$obj/kunit.log"
[ -n "${WERROR_CHECK:-}" ] || exit "$rc"
# The touched kernel files again with W=1 and -Werror, in the same build
# (W=1 changes the command line, so kbuild compiles them again).
w1=0
touched=$(touched_objects --with-tests) ||
	{ echo "no touched file: git diff base HEAD failed or names none" > "$obj/w1.log"; echo 1 > "$obj/w1.rc"; exit "$rc"; }
# shellcheck disable=SC2086
CROSS_COMPILE=$cross kbuild "$src" "obj-$arch" "$arch" W=1 KCFLAGS=-Werror $touched > "$obj/w1.log" 2>&1 || w1=$?
echo "$w1" > "$obj/w1.rc"
exit "$rc"
