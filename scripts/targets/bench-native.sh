#!/bin/sh
# make bench-native: the registration code of stock, of stock with the
# fixes, of make bench's alternatives (testing/bench/alt/: minimal and
# maple) and of the whole series, compiled unmodified in userspace as the
# fuzz stage extracts it (-O2, no sanitizers) and timed natively with the
# workloads of make bench (testing/bench/devlist_bench.c, through
# testing/bench/native.c): seconds, no kernel.  The maple side is linked
# with the stock tree's lib/maple_tree.c, built with the shims of
# tools/testing/shared as tools/testing/radix-tree builds it
# (testing/fuzz/maple-lib.c).  The six sides stock, stock2 (stock linked
# again: the A/A band), fixes, minimal, maple and series share one
# process per round, pinned to one CPU, and take turns in a seeded order
# within every repetition of the workloads, so that a slow spell of the
# machine falls on all of them.  The boot population is the recorded boot
# order, testing/bench/boot-order, and every side must list the same
# /proc/devices after it.  A second build counts the list nodes each call
# of the series visits (one run).  Table, JSON and plot in
# build/bench-native/.
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
alts=
for a in $ALTS; do
	rev=$(alt_rev "$a") || die "the alternative $a does not apply (see above)"
	alts="$alts -a $a=$KSRC@$rev"
done
sides="stock, stock2, fixes, $(echo "$ALTS" | sed 's/ /, /g') and series"
say "bench-native: building $sides (-O2, no sanitizers)"
# shellcheck disable=SC2086 # -a options
sh "$TOP/testing/fuzz/build.sh" -N -o "$out/build" -b "$KSRC@$(stock_rev)" \
	-f "$KSRC@$(fixes_rev)" $alts -s "$KSRC@$(series_rev)" > "$out/build.log" 2>&1 ||
	die "the native benchmark does not build ($out/build.log)"
pops=$(echo "$args" | sed -n 's/.*pops=\([^ ]*\).*/\1/p')
reps=$(echo "$args" | sed -n 's/.*reps=\([^ ]*\).*/\1/p')
say "bench-native: $rounds rounds of $sides (seed $seed; $args)"
"$out/build/devlist-bench" -d "$out/runs" -r "$rounds" -s "$seed" \
	${pops:+-p "$pops"} ${reps:+-n "$reps"} -o "$TOP/testing/bench/boot-order"
say "bench-native: the list visits per call of the series (one run, counted)"
mkdir -p "$out/visits"
"$out/build/devlist-visits" -d "$out/visits" -r 1 -s "$seed" ${pops:+-p "$pops"} -n 1 \
	-o "$TOP/testing/bench/boot-order" series 2>/dev/null
python3 "$TOP/testing/bench/report.py" "$out/runs" native "$args" "$seed" "$out/visits"
cp "$out/runs/table.md" "$out/runs/bench.json" "$out/runs/bench.svg" "$out/"
[ -n "${BENCH_SMOKE:-}" ] ||
	python3 "$TOP/scripts/lib/results.py" bench-native "make bench-native" "$out/table.md"
say "bench-native: table in $out/table.md, JSON in $out/bench.json"
