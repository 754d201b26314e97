#!/bin/sh
# make bench: stock vs patched, same config and QEMU: in-kernel cost of
# register/unregister, dynamic allocation and register_blkdev, and the
# userspace cost of reading /proc/devices, at several populations.
# Output: table on the console, build/results/bench.json (also bench/results.json)
# and bench/plot.png.
. "$(dirname "$0")/common.sh"
set -e
POPS=${BENCH_POPS:-0 64 512 4096}
res=$BUILD/results/bench
mkdir -p "$res" "$TOP/bench"
"$TOP/scripts/stock.sh"
command -v gnuplot >/dev/null || "$TOP/scripts/deps.sh" gnuplot-nox
gcc -static -O2 -o "$BUILD/readdev" "$TOP/testing/bench/readdev.c" ||
	die "static build of readdev failed (needs libc6-dev)"
for k in stock ours; do
	src=$KSRC; [ $k = stock ] && src=$BUILD/stock
	"$TOP/scripts/kbuild.sh" "$src" "$BUILD/obj-$k" "$k kernel"
	mod=$BUILD/bench-$k
	"$TOP/scripts/module.sh" $k "$TOP/testing/bench" "$mod"
	echo "$POPS" > "$mod/pops"
	cat > "$mod/files" <<EOL
dir /lib 755 0 0
file /lib/devlist_bench.ko $mod/devlist_bench.ko 644 0 0
file /lib/bench.pops $mod/pops 644 0 0
file /bin/readdev $BUILD/readdev 755 0 0
file /init.d/bench $TOP/testing/bench/bench.init 755 0 0
EOL
	"$TOP/scripts/initramfs.sh" "$BUILD/obj-$k" "$BUILD/bench-$k.cpio" "$mod/files"
done
for k in stock ours; do
	say "bench: booting the $k kernel (populations: $POPS; timeout 900 s)"
	LOGLEVEL=1 "$TOP/scripts/boot.sh" "$BUILD/obj-$k/arch/x86/boot/bzImage" \
		"$BUILD/bench-$k.cpio" report "$res/$k.log" 900
	"$TOP/scripts/section.sh" bench "$res/$k.log" > "$res/$k.txt"
done
python3 "$TOP/testing/bench/report.py" "$res/stock.txt" "$res/ours.txt" \
	"$TOP/bench/results.json" "$TOP/bench/plot.png" > "$res/table.txt" ||
	{ cat "$res/table.txt"; die "no valid timings (logs: $res)"; }
cat "$res/table.txt"
