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
set -- --kunitconfig="$cfg" --build_dir="obj-$arch" --jobs="$JOBS" \
	--make_options="CC=ccache gcc" --make_options="HOSTCC=ccache gcc" \
	--timeout=600 --json="obj-$arch/results.json" "$@"
[ "$arch" != um ] && set -- --arch="$arch" "$@"
say "kunit.py ($arch): building and running $cfg (log: $src/obj-$arch/kunit.log)"
mkdir -p "$src/obj-$arch"
(cd "$src" && python3 tools/testing/kunit/kunit.py run "$@") > "$src/obj-$arch/kunit.log" 2>&1 &
progress $! "kunit.py $arch" "echo \$(find '$src/obj-$arch' -name '*.o' -newer '$src/obj-$arch/kunit.log' | wc -l) objects" || true
tail -n 3 "$src/obj-$arch/kunit.log"
