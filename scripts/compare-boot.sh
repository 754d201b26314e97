#!/bin/sh
# Boot the stock and the patched kernel (same config, same initramfs, same
# QEMU) and compare /proc/devices and the /dev listing byte for byte.
# Writes "PASS FAIL SKIP" to $BUILD/results/boot.counts.
. "$(dirname "$0")/common.sh"
counts=$BUILD/results/boot.counts
res=$BUILD/results/boot
mkdir -p "$res"
echo "0 1 0" > "$counts"
set -e
"$TOP/scripts/stock.sh"
"$TOP/scripts/kbuild.sh" "$BUILD/stock" "$BUILD/obj-stock" "stock kernel"
"$TOP/scripts/kbuild.sh" "$KSRC" "$BUILD/obj-ours" "patched kernel"
"$TOP/scripts/initramfs.sh" "$BUILD/obj-ours" "$BUILD/report.cpio"
for k in stock ours; do
	say "boot: $k kernel in QEMU (timeout 300 s)"
	"$TOP/scripts/boot.sh" "$BUILD/obj-$k/arch/x86/boot/bzImage" \
		"$BUILD/report.cpio" report "$res/$k.log" 300
	for s in proc-devices dev-listing; do
		"$TOP/scripts/section.sh" $s "$res/$k.log" > "$res/$k.$s"
	done
done
set +e
pass=0 fail=0
for s in proc-devices dev-listing; do
	n=$(wc -l < "$res/ours.$s")
	if [ "$n" -lt 3 ]; then
		echo "FAIL boot $s: only $n lines from the patched kernel ($res/ours.log)"
		fail=$((fail + 1))
	elif cmp -s "$res/stock.$s" "$res/ours.$s"; then
		echo "ok   boot $s: identical ($n lines)"
		pass=$((pass + 1))
	else
		echo "FAIL boot $s: stock and patched differ (first differences below)"
		diff -u "$res/stock.$s" "$res/ours.$s" | head -20
		fail=$((fail + 1))
	fi
done
echo "$pass $fail 0" > "$counts"
[ $fail = 0 ]
