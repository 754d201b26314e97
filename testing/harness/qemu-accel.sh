#!/bin/sh
# Test of scripts/guest/qemu.py, through which every guest boots (seconds, with
# fake QEMUs):
#   1. kunit.py's options ("-accel kvm -accel hvf -accel tcg") reach QEMU
#      as "-accel tcg" alone: a fake QEMU that, like nested KVM with an
#      i386 kernel, stops silently under KVM and boots under TCG, boots;
#   2. the wrapper runs under a link named qemu-system-ARCH first on
#      PATH (as kunit.py finds it) and still finds the real one;
#   3. a guest that prints nothing is stopped after QEMU_SILENT s, exit
#      124, with a message saying so;
#   4. one that prints, then nothing more for QEMU_QUIET s, is stopped
#      too, its last lines shown.
# usage: qemu-accel.sh [QEMU_PY]   (default scripts/guest/qemu.py; the harness
# stage also runs it on broken copies, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
qemu_py=${1:-$top/scripts/guest/qemu.py}
. "$top/testing/harness/lib.sh"
mkdir "$tmp/real" "$tmp/link"
# The fake: KVM (any -accel kvm before a TCG) stops silently, as nested
# KVM stops an i386 kernel at RDRAND; FAKE=silent prints nothing at all;
# FAKE=hang prints a line, then nothing.
cat > "$tmp/real/qemu-system-i386" <<'EOS'
#!/bin/sh
case "$FAKE" in
silent) exec sleep 30 ;;
hang) echo "[    0.000000] Linux version fake"; echo "last line"; exec sleep 30 ;;
esac
for a; do
	case $a in
	kvm) exec sleep 30 ;;
	tcg) echo "KTAP version 1"; echo "1..1"; echo "ok 1 fake"; exit 0 ;;
	esac
done
exit 3
EOS
chmod +x "$tmp/real/qemu-system-i386"
cp "$qemu_py" "$tmp/qemu.py"
chmod +x "$tmp/qemu.py"
ln -s "$tmp/qemu.py" "$tmp/link/qemu-system-i386"
export PATH="$tmp/link:$tmp/real:$PATH" QEMU_SILENT=2 QEMU_QUIET=2
boots() {	# boots: kunit.py's command line, through the link, finds KTAP
	timeout 20 qemu-system-i386 -nodefaults -accel kvm -accel hvf -accel tcg \
		-serial stdio > "$tmp/out" 2>&1 && grep -q '^ok 1 fake' "$tmp/out"
}
stopped() {	# stopped WHAT: the wrapper stops the guest, exit 124, says WHAT
	s=$(date +%s)
	FAKE=$1 timeout 10 python3 "$tmp/qemu.py" qemu-system-i386 -accel kvm > "$tmp/out" 2>&1
	rc=$?
	[ $rc = 124 ] && [ $(( $(date +%s) - s )) -le 6 ] &&
		grep -q "^qemu.py: the guest printed $2 in 2 s" "$tmp/out" &&
		{ [ -z "${3:-}" ] || grep -q "^  | $3" "$tmp/out"; }
}
t "kunit.py's -accel kvm -accel hvf -accel tcg boots on TCG, through a link on PATH" boots
t "a guest that prints nothing is stopped after QEMU_SILENT s" stopped silent nothing
t "one that stops printing is stopped after QEMU_QUIET s, its last line shown" \
	stopped hang 'nothing more' 'last line'
exit $fails
