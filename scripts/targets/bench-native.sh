#!/bin/sh
# make bench-native: the registration code of stock, of stock with the
# fixes and of the whole series, compiled unmodified in userspace as the
# fuzz stage extracts it (-O2, no sanitizers) and timed natively with the
# workloads of make bench (testing/bench/devlist_bench.c, through
# testing/bench/native.c): seconds, no kernel.  The four sides stock,
# stock2 (stock linked again: the A/A band), fixes and series share one
# process per round, pinned to one CPU, and take turns in a seeded order
# within every repetition of the workloads, so that a slow spell of the
# machine falls on all of them.  The boot population is the recorded
# boot order, testing/bench/boot-order.  A second build counts the list
# nodes each call visits (one run).  Then rounds with a fifth side, the
# maple tree prototype (testing/bench/maple.c), reported beside.  Table,
# JSON and plot in build/bench-native/.
#   BENCH_ROUNDS  rounds (default 7; at least 5)
#   BENCH_ARGS    pops=... reps=... (default pops=0,64,512,4096 reps=15)
#   BENCH_SEED    seed of the order and the workloads (default: the time)
#   BENCH_SMOKE   1: a check that it builds and runs (make check's fuzz
#                 stage); docs/results.md is left alone
. "$(dirname "$0")/../lib/lib.sh"
set -e
out=$BUILD/bench-native
rounds=${BENCH_ROUNDS:-7}
args=${BENCH_ARGS:-pops=0,64,512,4096 reps=15}
seed=${BENCH_SEED:-$(date +%s)}
[ "$rounds" -ge 5 ] || [ -n "${BENCH_SMOKE:-}" ] || die "BENCH_ROUNDS=$rounds: the A/A band needs at least 5 rounds"
"$TOP/scripts/build/tree.sh"
rm -rf "$out"
mkdir -p "$out/runs"
say "bench-native: building stock, fixes and series (-O2, no sanitizers)"
sh "$TOP/testing/fuzz/build.sh" -N -o "$out/build" -b "$KSRC@$(stock_rev)" \
	-f "$KSRC@$(fixes_rev)" -s "$KSRC@$(series_rev)" > "$out/build.log" 2>&1 ||
	die "the native benchmark does not build ($out/build.log)"
pops=$(echo "$args" | sed -n 's/.*pops=\([^ ]*\).*/\1/p')
reps=$(echo "$args" | sed -n 's/.*reps=\([^ ]*\).*/\1/p')
say "bench-native: $rounds rounds of stock, stock2, fixes and series (seed $seed; $args)"
"$out/build/devlist-bench" -d "$out/runs" -r "$rounds" -s "$seed" \
	${pops:+-p "$pops"} ${reps:+-n "$reps"} -o "$TOP/testing/bench/boot-order"
say "bench-native: the list visits per call of the series (one run, counted)"
mkdir -p "$out/visits"
"$out/build/devlist-visits" -d "$out/visits" -r 1 -s "$seed" ${pops:+-p "$pops"} -n 1 \
	-o "$TOP/testing/bench/boot-order" series 2>/dev/null
python3 "$TOP/testing/bench/report.py" "$out/runs" native "$args" "$seed" "$out/visits"
cp "$out/runs/table.md" "$out/runs/bench.json" "$out/runs/bench.svg" "$out/"
# The maple tree prototype in rounds of its own: beside the four sides,
# its work changed their timings (boot order's A/A band 1.00-1.10, not
# 0.96-1.02); its table is appended to the four sides' one.
say "bench-native: $rounds rounds of stock, stock2, fixes, series and the maple prototype"
mkdir -p "$out/maple-runs"
"$out/build/devlist-bench" -d "$out/maple-runs" -r "$rounds" -s "$seed" \
	${pops:+-p "$pops"} ${reps:+-n "$reps"} -o "$TOP/testing/bench/boot-order" \
	stock stock2 fixes series maple
python3 "$TOP/testing/bench/report.py" "$out/maple-runs" native "$args" "$seed" > "$out/maple.txt" ||
	die "the maple rounds were rejected ($out/maple.txt)"
grep -q '^The maple side' "$out/maple-runs/table.md" || die "no maple table in $out/maple-runs/table.md"
{ echo; sed -n '/^The maple side/,$p' "$out/maple-runs/table.md"; } >> "$out/table.md"
cp "$out/maple-runs/bench.json" "$out/bench-maple.json"
[ -n "${BENCH_SMOKE:-}" ] ||
	python3 "$TOP/scripts/lib/results.py" bench-native "make bench-native" "$out/table.md"
say "bench-native: table in $out/table.md, JSON in $out/bench.json"
