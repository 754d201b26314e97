#!/bin/sh
# Boot a kernel under QEMU (TCG) with an initramfs.
# usage: boot.sh BZIMAGE INITRD MODE LOG [TIMEOUT]
#   SMP, MEM: CPUs and MiB of the guest (1, 512)
#   MODE report: non-interactive, output to LOG; MODE shell: console on the tty
. "$(dirname "$0")/lib.sh"
kernel=${1:?kernel} initrd=${2:?initrd} mode=${3:?mode} log=${4:?log} t=${5:-300}
set -- qemu-system-x86_64 -m "${MEM:-512}" -smp "${SMP:-1}" -no-reboot -nographic \
	-kernel "$kernel" -initrd "$initrd" \
	-append "console=ttyS0 panic=-1 loglevel=${LOGLEVEL:-4} devlist.mode=$mode $BOOTARGS"
if [ "$mode" = shell ]; then
	"$@" 2>&1 | tee "$log"
	exit 0
fi
timeout "$t" "$@" </dev/null >"$log" 2>&1
rc=$?
[ $rc = 124 ] && die "QEMU timed out after ${t}s (log: $log); the kernel hung or did not power off"
grep -q '^@@@ POWEROFF' "$log" || {
	tail -20 "$log"
	die "the guest did not finish (log: $log)"
}
exit 0
