#!/bin/sh
# make run: build the kernel with the whole series, boot it in QEMU, show
# /proc/devices; with a terminal, leave the user in a shell in the guest.
. "$(dirname "$0")/../lib/lib.sh"
set -e
"$TOP/scripts/build/deps.sh"
"$TOP/scripts/build/tree.sh"
n=$(patch_count)
[ "$n" -gt 0 ] || die "the series is empty: nothing to run"
"$TOP/scripts/build/kernels.sh"
obj=$KDIR/p$n/obj
mkdir -p "$RESULTS"
if [ -t 0 ] && [ -t 1 ] && [ "${CI:-}" != true ]; then
	say "booting in QEMU; you get a shell in the guest ('exit' powers off)"
	"$TOP/scripts/guest/guest.sh" "$obj" "$RESULTS/run" shell "$RESULTS/run.log"
else
	say "booting in QEMU (no terminal: report and power off; timeout 300 s)"
	"$TOP/scripts/guest/guest.sh" "$obj" "$RESULTS/run" report "$RESULTS/run.log" 300
	say "/proc/devices of Linux $(make -s -C "$KDIR/p$n" kernelversion) with the series:"
	"$TOP/scripts/guest/section.sh" proc-devices "$RESULTS/run.log"
	say "guest powered off (full console log: $RESULTS/run.log)"
fi
