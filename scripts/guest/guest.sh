#!/bin/sh
# Boot a kernel of build/k under QEMU (TCG) with a busybox initramfs: the
# one way every stage and make target makes and boots a guest.  In report
# mode QEMU runs under scripts/guest/qemu.py: TCG whatever /dev/kvm says, and a
# guest that prints nothing in QEMU_SILENT s (120) is stopped at once.
# usage: guest.sh OBJ IMAGE MODE LOG [TIMEOUT]
#   OBJ    a kernel object dir (its bzImage and usr/gen_init_cpio)
#   IMAGE  the initramfs is written to IMAGE.cpio (its list to IMAGE.list):
#          busybox, testing/qemu/init, /lib/kunit-lib.sh (the modules'
#          loader of the /init.d hooks)
#          and, when IMAGE.files exists, its gen_init_cpio lines (test
#          programs, modules, /init.d scripts)
#   MODE   report: non-interactive, the console to LOG, which must end
#          with the guest's "@@@ POWEROFF" within TIMEOUT s (300);
#          shell: the console on the terminal, and copied to LOG
#   SMP, MEM     CPUs and MiB of the guest (1, 512)
#   BOOTARGS     more kernel arguments; LOGLEVEL the console's (4)
#   QEMU_ARGS    more QEMU options (make bench: -icount shift=0)
. "$(dirname "$0")/../lib/lib.sh"
obj=${1:?obj} image=${2:?image} mode=${3:?mode} log=${4:?log} t=${5:-300}
kernel=$obj/arch/x86/boot/bzImage
gen=$obj/usr/gen_init_cpio
[ -f "$kernel" ] && [ -x "$gen" ] || die "no $kernel or $gen: build the kernel in $obj first"
bb=$(command -v busybox) || die "busybox missing: apt-get install busybox-static"
file "$bb" 2>/dev/null | grep -q 'dynamically' && die "$bb is not static: apt-get install busybox-static"
cat > "$image.list" <<EOL
dir /dev 755 0 0
nod /dev/console 600 0 0 c 5 1
dir /proc 755 0 0
dir /sys 755 0 0
dir /bin 755 0 0
dir /tmp 1777 0 0
dir /init.d 755 0 0
file /bin/busybox $bb 755 0 0
file /init $TOP/testing/qemu/init 755 0 0
dir /lib 755 0 0
file /lib/kunit-lib.sh $TOP/testing/qemu/kunit-lib.sh 644 0 0
EOL
[ -f "$image.files" ] && cat "$image.files" >> "$image.list"
"$gen" "$image.list" > "$image.cpio" || die "gen_init_cpio failed on $image.list"

set -- qemu-system-x86_64 -accel tcg -m "${MEM:-512}" -smp "${SMP:-1}" -no-reboot -nographic \
	-kernel "$kernel" -initrd "$image.cpio" \
	-append "console=ttyS0 panic=-1 loglevel=${LOGLEVEL:-4} devlist.mode=$mode ${BOOTARGS:-}"
# shellcheck disable=SC2086 # options, split on purpose
[ -n "${QEMU_ARGS:-}" ] && set -- "$@" ${QEMU_ARGS}
if [ "$mode" = shell ]; then
	"$@" 2>&1 | tee "$log"
	exit 0
fi
QEMU_SILENT=${QEMU_SILENT:-120} QEMU_QUIET=$t timeout "$t" python3 "$TOP/scripts/guest/qemu.py" "$@" \
	</dev/null >"$log" 2>&1
rc=$?
if [ $rc = 124 ]; then
	tail -20 "$log"
	die "QEMU stopped after ${t}s or a silence (log: $log); the kernel hung or did not power off"
fi
grep -q '^@@@ POWEROFF' "$log" || {
	tail -20 "$log"
	die "the guest did not finish (log: $log)"
}
exit 0
