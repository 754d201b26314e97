#!/bin/sh
# make run: build the patched kernel, boot it in QEMU, show /proc/devices;
# with a terminal, leave the user in a shell in the guest.
. "$(dirname "$0")/common.sh"
set -e
"$TOP/scripts/tree.sh"
"$TOP/scripts/kbuild.sh" "$KSRC" "$BUILD/obj-ours" "patched kernel"
"$TOP/scripts/initramfs.sh" "$BUILD/obj-ours" "$BUILD/run.cpio"
kernel=$BUILD/obj-ours/arch/x86/boot/bzImage
if [ -t 0 ] && [ -t 1 ] && [ "${CI:-}" != true ]; then
	say "booting in QEMU; you get a shell in the guest ('exit' powers off)"
	"$TOP/scripts/boot.sh" "$kernel" "$BUILD/run.cpio" shell "$BUILD/run.log"
else
	say "booting in QEMU (no terminal: report and power off; timeout 300 s)"
	"$TOP/scripts/boot.sh" "$kernel" "$BUILD/run.cpio" report "$BUILD/run.log" 300
	say "/proc/devices of the patched kernel:"
	"$TOP/scripts/section.sh" proc-devices "$BUILD/run.log"
	say "guest powered off (full console log: $BUILD/run.log)"
fi
