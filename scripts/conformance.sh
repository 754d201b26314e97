#!/bin/sh
# make conformance: boot the stock and the patched kernel (same config, same
# QEMU, same initramfs but for the module built against each) and compare
#  - /proc/devices and the /dev listing right after boot, byte for byte,
#    and the patched kernel's debugfs devlist/ view against stock's listing;
#  - the API transcript of testing/conformance/devlist_transcript.c and the
#    kernel messages it caused, through testing/conformance/compare.py.
# Writes "PASS FAIL SKIP" to $BUILD/results/conformance.counts.
. "$(dirname "$0")/common.sh"
counts=$BUILD/results/conformance.counts
res=$BUILD/results/conformance
mkdir -p "$res"
echo "0 1 0" > "$counts"
ARGS=${TRANSCRIPT_ARGS:-seeds=1,2,3,4 calls=300}
set -e
"$TOP/scripts/stock.sh"
for k in stock ours; do
	src=$KSRC; [ $k = stock ] && src=$BUILD/stock
	"$TOP/scripts/kbuild.sh" "$src" "$BUILD/obj-$k" "$k kernel"
	say "$k: building the transcript module"
	mod=$BUILD/mod-$k
	"$TOP/scripts/module.sh" $k "$TOP/testing/conformance" "$mod"
	echo "$ARGS" > "$mod/transcript.args"
	cat > "$mod/files" <<EOL
dir /lib 755 0 0
file /lib/devlist_transcript.ko $mod/devlist_transcript.ko 644 0 0
file /lib/transcript.args $mod/transcript.args 644 0 0
file /init.d/transcript $TOP/testing/conformance/transcript.init 755 0 0
EOL
	"$TOP/scripts/initramfs.sh" "$BUILD/obj-$k" "$BUILD/conformance-$k.cpio" "$mod/files"
done
for k in stock ours; do
	say "boot: $k kernel in QEMU, boot listing and API transcript ($ARGS; timeout 900 s)"
	start=$(date +%s)
	BOOTARGS=log_buf_len=16M "$TOP/scripts/boot.sh" "$BUILD/obj-$k/arch/x86/boot/bzImage" \
		"$BUILD/conformance-$k.cpio" report "$res/$k.log" 900
	say "boot: $k done in $(( $(date +%s) - start )) s"
	for s in proc-devices devlist-ranges dev-listing transcript messages; do
		"$TOP/scripts/section.sh" $s "$res/$k.log" > "$res/$k.$s"
	done
done
set +e
pass=0 fail=0
: > "$res/boot.txt"
for s in proc-devices dev-listing; do
	n=$(wc -l < "$res/ours.$s")
	if [ "$n" -lt 3 ]; then
		echo "FAIL boot $s: only $n lines from the patched kernel ($res/ours.log)"
		fail=$((fail + 1))
	elif cmp -s "$res/stock.$s" "$res/ours.$s"; then
		echo "ok   boot $s: identical ($n lines)"
		echo "boot $s ($n lines): identical to stock" >> "$res/boot.txt"
		pass=$((pass + 1))
	else
		echo "FAIL boot $s: stock and patched differ (first differences below)"
		diff -u "$res/stock.$s" "$res/ours.$s" | head -20
		echo "boot $s: DIFFERS from stock" >> "$res/boot.txt"
		fail=$((fail + 1))
	fi
done
# The debugfs view of the patched kernel, each range expanded to the
# /proc/devices lines of the majors it touches, must be stock's listing.
expand() {	# expand chrdev|blkdev: "%3d name" for each major of each range
	awk -v want="$1" '$1 == want {
		split($2, a, ":"); n = $3; name = $0
		sub(/^[^ ]+ [^ ]+ [^ ]+ /, "", name)
		first = a[1] * 1048576 + a[2]
		last = n ? int((first + n - 1) / 1048576) : a[1]
		for (m = a[1]; m <= last; m++) printf "%3d %s\n", m, name
	}' "$res/ours.devlist-ranges"
}
section() {	# section Character|Block: that part of stock's /proc/devices
	awk -v want="$1 devices:" '$0 == want { on = 1; next } /^$/ { on = 0 } on' \
		"$res/stock.proc-devices"
}
for v in chrdev:Character blkdev:Block; do
	expand "${v%:*}" > "$res/ours.debugfs-${v%:*}"
	section "${v#*:}" > "$res/stock.proc-${v%:*}"
	n=$(wc -l < "$res/ours.debugfs-${v%:*}")
	r=$(grep -c "^${v%:*} " "$res/ours.devlist-ranges")
	if [ "$n" -gt 0 ] && cmp -s "$res/stock.proc-${v%:*}" "$res/ours.debugfs-${v%:*}"; then
		echo "ok   debugfs devlist/${v%:*}: $r ranges stand for stock's $n ${v#*:} lines of /proc/devices"
		pass=$((pass + 1))
	else
		echo "FAIL debugfs devlist/${v%:*}: $r ranges do not stand for stock's ${v#*:} lines of /proc/devices"
		diff -u "$res/stock.proc-${v%:*}" "$res/ours.debugfs-${v%:*}" | head -10
		fail=$((fail + 1))
	fi
done
if python3 "$TOP/testing/conformance/compare.py" "$res/stock.transcript" "$res/ours.transcript" \
	"$res/stock.messages" "$res/ours.messages" > "$res/compare.txt"; then
	cat "$res/compare.txt"
	calls=$(sed -n 's/^conformance: \([0-9]*\) calls compared.*/\1/p' "$res/compare.txt")
	echo "ok   transcript: $calls calls, no unexplained difference"
	pass=$((pass + ${calls:-0} + 1))
else
	cat "$res/compare.txt"
	echo "FAIL transcript: see above; logs in $res/"
	fail=$((fail + 1))
fi
echo "$pass $fail 0" > "$counts"
[ $fail = 0 ]
