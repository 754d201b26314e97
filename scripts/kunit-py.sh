#!/bin/sh
# Run the series' suites with the kernel's own tools/testing/kunit/kunit.py,
# as kernel CI does, in the tree of the whole series (build/k/pN).
#   kunit-py.sh ARCH [KUNIT.PY OPTIONS...]   (ARCH: um, i386, x86_64, arm64)
# Objects in build/k/pN/obj-ARCH, the kernel's log in obj-ARCH/test.log.
. "$(dirname "$0")/lib.sh"
set -e
arch=${1:?arch}
shift
"$TOP/scripts/tree.sh"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
# the source of the whole series (objects of the x86_64 guest kernels are
# not needed, but kernel.sh makes the tree)
TARGETS=prepare "$TOP/scripts/kernels.sh" "$n" >/dev/null || true
src=$KDIR/p$n
[ -d "$src" ] || die "no tree for the whole series in $src"
cfg=fs/tests/devices.kunitconfig
[ -f "$src/$cfg" ] || die "no $cfg in the series"
cross=
[ "$arch" = arm64 ] && cross=aarch64-linux-gnu-
set -- --kunitconfig="$cfg" --build_dir="obj-$arch" --jobs="$JOBS" \
	--make_options="CC=ccache ${cross}gcc" --make_options="HOSTCC=ccache gcc" \
	--timeout=600 --json="obj-$arch/results.json" "$@"
[ "$arch" != um ] && set -- --arch="$arch" "$@"
[ -n "$cross" ] && set -- --cross_compile="$cross" "$@"
say "kunit.py ($arch): building and running $cfg (log: $src/obj-$arch/kunit.log)"
mkdir -p "$src/obj-$arch"
(cd "$src" && python3 tools/testing/kunit/kunit.py run "$@") > "$src/obj-$arch/kunit.log" 2>&1 &
progress $! "kunit.py $arch" "echo \$(find '$src/obj-$arch' -name '*.o' -newer '$src/obj-$arch/kunit.log' | wc -l) objects" || true
tail -n 3 "$src/obj-$arch/kunit.log"
# The touched kernel files again with W=1 and -Werror, in the same build.
[ -n "${WERROR_CHECK:-}" ] || exit 0
touched=$(git -C "$KSRC" diff --name-only base HEAD -- '*.c' | sed 's/\.c$/.o/')
# (W=1 changes the command line, so kbuild compiles them again)
make -C "$src" O="obj-$arch" ARCH="$arch" \
	${cross:+CROSS_COMPILE=$cross} CC="ccache ${cross}gcc" W=1 KCFLAGS=-Werror \
	$touched > "$src/obj-$arch/w1.log" 2>&1
