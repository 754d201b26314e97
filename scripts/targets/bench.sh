#!/bin/sh
# make bench: stock against the series on what users do, by running both
# under QEMU (TCG), same config.  The kernels: stock (the pristine base,
# booted twice a round: stock and stock2, the A/A pair), fixes (stock with
# the fixes alone), the alternatives the series is compared with
# (testing/bench/alt/: minimal, the fixes and a cheaper /proc/devices on
# the hash tables; maple, the registries in maple trees) and series (all
# of it).  Before any round, each alternative boots with the API KUnit
# suite, which must pass.
#  1. The registrations of a real boot, in their order, are
#     testing/bench/boot-order; BENCH_RECORD=1 records them again, from
#     stock plus testing/bench/record.patch (one log line per
#     registration), booted with the conformance initramfs.
#  2. BENCH_ROUNDS rounds (default 5) of the six boots, each round in an
#     order drawn from the seed, each boot loading the benchmark module
#     testing/bench/devlist_bench.c, which runs every workload at every
#     population.
#  3. testing/bench/report.py rejects boots with error lines, wrong
#     background counts, a clocksource other than tsc or another
#     /proc/devices at boot than stock's, and writes the table
#     (build/bench/table.md), the JSON and the plot of this run.
#   BENCH_ROUNDS  rounds (default 5, at least 5: the A/A band)
#   BENCH_ARGS    module parameters (default: pops=0,64,512,4096 reps=3)
#   BENCH_SEED    seed of the boot order (default: the time)
#   BENCH_RECORD  1: record testing/bench/boot-order again first
#   BENCH_SMOKE   1: a check that it builds and runs; docs/results.md is
#                 left alone
#   BENCH_CLOCK   icount (default): QEMU -icount shift=0, the guest's clock
#                 advances one ns per instruction, so a boot times the
#                 same work the same (deterministic: a narrow A/A band),
#                 in instructions rather than a CPU's time, which make
#                 bench-native gives; host: the host's TSC, wall-clock
#                 time under TCG, noisy from boot to boot
. "$(dirname "$0")/../lib/lib.sh"
set -e
out=$BUILD/bench
bench=$TOP/testing/bench
rounds=${BENCH_ROUNDS:-5}
args=${BENCH_ARGS:-pops=0,64,512,4096 reps=3}
seed=${BENCH_SEED:-$(date +%s)}
clock=${BENCH_CLOCK:-icount}
[ "$rounds" -ge 5 ] || die "BENCH_ROUNDS=$rounds: the A/A band needs at least 5 rounds"
t0=$(date +%s)
"$TOP/scripts/build/tree.sh"
n=$(patch_count)
nf=$(fixes_count)
rm -rf "$out"
mkdir -p "$out"
"$TOP/scripts/build/kernels.sh" > "$out/kernels.log" 2>&1 ||
	die "the kernels do not build ($out/kernels.log)"
"$TOP/scripts/build/alts.sh" > "$out/alts.log" 2>&1 ||
	die "the alternatives do not build ($out/alts.log)"
# the kernel tree of each side (build/k/TREE)
tree_of() {
	case $1 in
	stock*) echo p0 ;;
	fixes) echo "p$nf" ;;
	series) echo "p$n" ;;
	*) echo "$1" ;;
	esac
}
sides="stock stock2 fixes $ALTS series"

# Each alternative behaves: the API suite passes on it, whole.
for a in $ALTS; do
	"$TOP/scripts/guest/guest-kunit.sh" "$a" > "$out/kunit-$a.log" 2>&1 ||
		die "$a did not boot with the API suite ($out/kunit-$a.log)"
	res=$(python3 "$TOP/scripts/lib/ktap.py" "$KDIR/$a" "$a" "$RESULTS/alt/$a.ktap-devices_kunit" \
		--expected "$RESULTS/alt/$a.expected") || true
	# shellcheck disable=SC2046
	set -- $(echo "$res" | tail -n 1)
	echo "$res" | grep '^not ok' | head -20
	[ "${2:-1}" = 0 ] && [ "${1:-0}" -gt 0 ] ||
		die "$a fails the API suite: ${2:-?} cases not ok (KTAP: $RESULTS/alt/$a.ktap-devices_kunit)"
	grep -q '^@@@ unload-devices_kunit clean' "$RESULTS/alt/$a.log" ||
		die "$a: the API suite left something registered ($RESULTS/alt/$a.log)"
	say "bench: $a passes the API suite ($1 cases, $3 skipped)"
done

# 1. The boot order: stock with a log line per registration.
if [ "${BENCH_RECORD:-0}" = 1 ]; then
	export GIT_INDEX_FILE="$out/index"
	git -C "$KSRC" read-tree "$(stock_rev)"
	git -C "$KSRC" apply --cached "$bench/record.patch" ||
		die "testing/bench/record.patch does not apply to stock"
	rec=$(GIT_AUTHOR_NAME=bench GIT_AUTHOR_EMAIL=bench@invalid \
		GIT_COMMITTER_NAME=bench GIT_COMMITTER_EMAIL=bench@invalid \
		git -C "$KSRC" commit-tree "$(git -C "$KSRC" write-tree)" -p "$(stock_rev)" \
		-m "log registrations")
	unset GIT_INDEX_FILE
	say "bench: the recording kernel (stock + testing/bench/record.patch)"
	FROM=p0 "$TOP/scripts/build/kernel.sh" rec "$rec" "$TOP/testing/qemu/devlist.config" \
		> "$out/rec.build" 2>&1 || die "the recording kernel does not build ($KDIR/rec.log)"
	echo "file /init.d/10-record $bench/record.init 755 0 0" > "$out/rec.files"
	BOOTARGS=log_buf_len=1M "$TOP/scripts/guest/guest.sh" "$KDIR/rec/obj" "$out/rec" report "$out/rec.log" 300
	"$TOP/scripts/guest/section.sh" boot-order "$out/rec.log" > "$out/boot-order"
	nrec=$(wc -l < "$out/boot-order")
	[ "$nrec" -ge 20 ] || die "only $nrec registrations recorded ($out/rec.log)"
	cp "$out/boot-order" "$bench/boot-order"
	say "bench: $nrec registrations recorded into testing/bench/boot-order (commit it)"
fi
[ -s "$bench/boot-order" ] || die "no testing/bench/boot-order: run with BENCH_RECORD=1"

# 2. The module, against each kernel, and the files of each one's guest.
for s in $sides; do
	[ "$s" = stock2 ] && continue
	"$TOP/scripts/build/module.sh" "$(tree_of "$s")" "$bench" "$out/mod-$s"
	echo "$args" > "$out/args"
	cat > "$out/$s.files" <<EOL
dir /lib 755 0 0
dir /lib/bench 755 0 0
file /lib/devlist_bench.ko $out/mod-$s/devlist_bench.ko 644 0 0
file /lib/bench/args $out/args 644 0 0
file /lib/bench/boot-order $bench/boot-order 644 0 0
file /init.d/20-bench $bench/bench.init 755 0 0
EOL
done

# 3. Interleaved boots.  Under TCG the guest's TSC is the host's, or
# with -icount QEMU's virtual clock (1 GHz at shift=0), but calibrating
# it against the PIT fails on a busy host (the kernel then falls back to
# jiffies, 4 ms steps): the guest is told the rate.
case $clock in
icount)	khz=1000000 qemu_args="-icount shift=0" ;;
host)	grep -q '^flags.* constant_tsc' /proc/cpuinfo ||
		die "this host's TSC does not run at a constant rate: no benchmark here"
	khz=$(awk '/^cpu MHz/ { printf "%d", $4 * 1000; exit }' /proc/cpuinfo) qemu_args= ;;
*)	die "BENCH_CLOCK=$clock: icount or host" ;;
esac
say "bench: $rounds rounds of $(echo $sides | sed 's/ /, /g'), interleaved (seed $seed; $args)"
i=0
while [ "$i" -lt "$rounds" ]; do
	i=$((i + 1))
	# this round's order: a shuffle of the sides, drawn from the seed
	order=$(printf '%s\n' $sides |
		awk -v s=$((seed + i)) 'BEGIN { srand(s) } { print rand(), $0 }' |
		sort -n | cut -d' ' -f2)
	for s in $order; do
		img=$s
		[ "$s" = stock2 ] && img=stock
		b0=$(date +%s)
		QEMU_ARGS=$qemu_args BOOTARGS="log_buf_len=4M tsc_early_khz=$khz tsc=reliable" \
			"$TOP/scripts/guest/guest.sh" "$KDIR/$(tree_of "$s")/obj" \
			"$out/$img" report "$out/run-$i-$s.log" 900 || die "the $s kernel did not finish round $i"
		"$TOP/scripts/guest/section.sh" bench "$out/run-$i-$s.log" > "$out/run-$i-$s.bench"
		grep '^@@@ clocksource' "$out/run-$i-$s.log" | tr -d '\r' >> "$out/run-$i-$s.bench"
		say "bench: round $i/$rounds $s: $(grep -c '^r ' "$out/run-$i-$s.bench") results in $(elapsed "$b0") s"
	done
done
python3 "$bench/report.py" "$out" kernel "$args; clock $clock${qemu_args:+ ($qemu_args)}" "$seed"
[ -n "${BENCH_SMOKE:-}" ] || python3 "$TOP/scripts/lib/results.py" bench "make bench" "$out/table.md"
say "bench: done in $(elapsed "$t0") s; table in $out/table.md, JSON in $out/bench.json, plot in $out/bench.svg"
