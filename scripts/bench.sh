#!/bin/sh
# make bench: stock against the series on what users do, by running both.
# The kernels are the conformance stage's: prefix 1 (stock code; patch 1
# adds only tests) and the whole series, same config, same QEMU.
#  1. Record the registrations of a real boot, in their order: prefix 1
#     plus testing/bench/record.patch (one log line per registration),
#     booted with the conformance initramfs.
#  2. Boot stock and the series BENCH_BOOTS times each (default 3), in
#     pairs whose order is a coin toss (seeded), with the benchmark module
#     testing/bench/devlist_bench.c; one boot runs every workload at every
#     population.
#  3. testing/bench/report.py rejects boots with error lines, wrong
#     background counts or a clocksource other than tsc, and writes the
#     table (build/bench/table.md), the JSON and the plot from this run.
#   BENCH_BOOTS  boots per kernel (default 3)
#   BENCH_ARGS   module parameters (default: pops=0,64,512,4096 reps=3)
#   BENCH_SEED   seed of the boot order (default: the time)
. "$(dirname "$0")/lib.sh"
set -e
out=$BUILD/bench
bench=$TOP/testing/bench
boots=${BENCH_BOOTS:-3}
args=${BENCH_ARGS:-pops=0,64,512,4096 reps=3}
seed=${BENCH_SEED:-$(date +%s)}
t0=$(date +%s)
"$TOP/scripts/tree.sh"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
rm -rf "$out"
mkdir -p "$out"
"$TOP/scripts/kernels.sh" > "$out/kernels.log" 2>&1 ||
	die "the kernels do not build ($out/kernels.log)"

# 1. The boot order, recorded from prefix 1 with a log line per call.
c1=$(commit_of 1)
export GIT_INDEX_FILE="$out/index"
git -C "$KSRC" read-tree "$c1"
git -C "$KSRC" apply --cached "$bench/record.patch" ||
	die "testing/bench/record.patch does not apply to prefix 1"
rec=$(GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@invalid \
	GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@invalid \
	git -C "$KSRC" commit-tree "$(git -C "$KSRC" write-tree)" -p "$c1" -m "log registrations")
unset GIT_INDEX_FILE
say "bench: the recording kernel (prefix 1 + testing/bench/record.patch)"
FROM=p1 "$TOP/scripts/kernel.sh" rec "$rec" "$TOP/testing/qemu/devlist.config" > "$out/rec.build" 2>&1 ||
	die "the recording kernel does not build ($KDIR/rec.log)"
echo "file /init.d/10-record $bench/record.init 755 0 0" > "$out/rec.files"
"$TOP/scripts/initramfs.sh" "$KDIR/rec/obj" "$out/rec.cpio" "$out/rec.files"
BOOTARGS=log_buf_len=1M "$TOP/scripts/boot.sh" "$KDIR/rec/obj/arch/x86/boot/bzImage" \
	"$out/rec.cpio" report "$out/rec.log" 300
"$TOP/scripts/section.sh" boot-order "$out/rec.log" > "$out/boot-order"
nrec=$(wc -l < "$out/boot-order")
[ "$nrec" -ge 20 ] || die "only $nrec registrations recorded ($out/rec.log)"
say "bench: $nrec registrations recorded from a boot ($out/boot-order)"

# 2. The module, against both kernels, and one initramfs each.
for side in stock:1 series:$n; do
	s=${side%:*} k=${side#*:}
	"$TOP/scripts/module.sh" "$k" "$bench" "$out/mod-$s"
	echo "$args" > "$out/args"
	cat > "$out/$s.files" <<EOF
dir /lib 755 0 0
dir /lib/bench 755 0 0
file /lib/devlist_bench.ko $out/mod-$s/devlist_bench.ko 644 0 0
file /lib/bench/args $out/args 644 0 0
file /lib/bench/boot-order $out/boot-order 644 0 0
file /init.d/20-bench $bench/bench.init 755 0 0
EOF
	"$TOP/scripts/initramfs.sh" "$KDIR/p$k/obj" "$out/$s.cpio" "$out/$s.files"
done

# 3. Interleaved boots: pairs, each in an order the seed decides.  Under
# TCG the guest's TSC is the host's, but calibrating it against the PIT
# fails on a busy host (the kernel then falls back to jiffies, 4 ms steps):
# the guest is told the host's TSC rate, which it checks against the PIT
# when it can.
grep -q '^flags.* constant_tsc' /proc/cpuinfo ||
	die "this host's TSC does not run at a constant rate: no benchmark here"
khz=$(awk '/^cpu MHz/ { printf "%d", $4 * 1000; exit }' /proc/cpuinfo)
say "bench: $boots boots of each kernel, interleaved (seed $seed; $args)"
i=0 r=$seed
while [ "$i" -lt "$boots" ]; do
	i=$((i + 1))
	r=$(( (r * 1103515245 + 12345) % 2147483648 ))
	if [ $(( (r / 65536) % 2 )) = 0 ]; then pair="stock series"; else pair="series stock"; fi
	for s in $pair; do
		k=1
		[ "$s" = series ] && k=$n
		b0=$(date +%s)
		BOOTARGS="log_buf_len=4M tsc_early_khz=$khz tsc=reliable" "$TOP/scripts/boot.sh" \
			"$KDIR/p$k/obj/arch/x86/boot/bzImage" "$out/$s.cpio" report \
			"$out/boot-$i-$s.log" 900 || die "the $s kernel did not finish boot $i"
		"$TOP/scripts/section.sh" bench "$out/boot-$i-$s.log" > "$out/boot-$i-$s.bench"
		grep '^@@@ clocksource' "$out/boot-$i-$s.log" | tr -d '\r' >> "$out/boot-$i-$s.bench"
		say "bench: boot $i/$boots $s: $(grep -c '^r ' "$out/boot-$i-$s.bench") results in $(elapsed "$b0") s"
	done
done
python3 "$bench/report.py" "$out" "$args" "$seed"
say "bench: done in $(elapsed "$t0") s; table in $out/table.md, JSON in $out/bench.json, plot in $out/bench.svg"
