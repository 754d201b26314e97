#!/bin/sh
# Stage "fuzz": userspace fuzzers of the series, in the style of
# tools/testing/radix-tree (kernel code compiled unmodified against small
# shims, gcc with ASan and UBSan; see testing/fuzz/README.md):
#  - core: fs/devlist.c of the series against a reference model;
#  - wrap: stock (the base commit of build/linux) against the series (its
#    last commit, as every stage tests the commits, not the working tree)
#    on the real registration code of fs/char_dev.c, block/genhd.c and
#    fs/proc/devices.c, allowing only the intentional differences of
#    docs/design.md; once without and once with allocation failures;
#  - mutants: known-wrong variants of the series must each be caught;
#  - wrap again, stock against each alternative of make bench
#    (testing/bench/alt/), which must behave as the fixes do.
# Every run is time-bounded and under timeout: about a minute on 2 cores.
#   FUZZ_SECONDS=N   seconds per fuzz run (default 8; the wrapper without
#                    faults gets twice that)
#   FUZZ_SEED=N      first seed (default 1: the same seeds every run)
#   FUZZ_FAULTS=0    skip the run with allocation failures (a skip, not a pass)
#   FUZZ_OUT=DIR     where to build (default build/fuzz)
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/report.sh"
stage_begin fuzz
fz=$TOP/testing/fuzz
out=${FUZZ_OUT:-$BUILD/fuzz}
log=$RESULTS/fuzz
secs=${FUZZ_SECONDS:-8}
seed=${FUZZ_SEED:-1}
mkdir -p "$log" "$out"
rm -f "$log"/*.txt "$log"/*.rc "$log"/mutants.list

# build/linux as make check has it: made again when patches/ changed
"$TOP/scripts/build/tree.sh" || stage_abort "build/linux could not be made from patches/ (see above)"
[ -d "$BASE" ] || stage_abort "no $BASE: run 'make tree' first"
for t in gcc python3 ld objcopy timeout; do
	command -v $t >/dev/null || stage_abort "no $t (apt-get install build-essential python3)"
done

# ---- build: the series against stock
t0=$(date +%s)
if ! timeout -k 5 300 sh "$fz/build.sh" -o "$out" -s "$KSRC@$(series_rev)" -b "$KSRC@$(stock_rev)" \
	> "$log/build.txt" 2>&1; then
	grep -E 'ERROR|error' "$log/build.txt" | head -10
	stage_abort "the fuzzers do not build ($log/build.txt)"
fi
[ -x "$out/devlist-core" ] || stage_abort "no fs/devlist.c in $KSRC: nothing for the core fuzzer"
ok "build (gcc, ASan+UBSan) and extraction -- $(elapsed "$t0") s: $(sed -n 's/^signature chrdev_show 1.*/\/proc\/devices in one pass per section/p; s/^signature chrdev_show 2.*/\/proc\/devices per major/p' "$out/ex-series/info.txt")$(sed -n 's/^proc single$/, one single_open() record/p' "$out/ex-series/info.txt"), chrdevs $(sed -n 's/^shape chrdevs //p' "$out/ex-series/info.txt"), major_names $(sed -n 's/^shape major_names //p' "$out/ex-series/info.txt")"

# ---- the mutants and the alternatives, built now, run at the end
python3 "$fz/mutate.py" list > "$log/mutants.list" || stage_abort "mutate.py list fails"
for a in $ALTS; do
	rev=$(alt_rev "$a" 2>"$log/alt-$a.build.txt") || continue
	timeout -k 5 300 sh "$fz/build.sh" -o "$out/alt-$a" -s "$KSRC@$rev" -b "$KSRC@$(stock_rev)" \
		>> "$log/alt-$a.build.txt" 2>&1 &
done
wait
n=0
while read -r m file who desc; do
	timeout -k 5 300 sh "$fz/build.sh" -o "$out" -m "$m" > "$log/mutant-$m.build.txt" 2>&1 &
	n=$((n + 1))
	[ $((n % 2)) = 0 ] && wait	# two at a time
done < "$log/mutants.list"
wait
echo "  mutants built ($(elapsed "$t0") s since the start)"

# ---- the fuzz runs: core then wrap with faults on one core, wrap on the other
# run NAME SECONDS BIN ARGS...: BIN -t SECONDS ARGS under timeout, into $log/NAME.txt
run() {
	_n=$1 _s=$2 _b=$3
	shift 3
	timeout -k 5 $((_s + 60)) "$_b" -t "$_s" "$@" > "$log/$_n.txt" 2>&1
	echo $? > "$log/$_n.rc"
}
( run core "$secs" "$out/devlist-core" -s "$seed"
  [ "${FUZZ_FAULTS:-1}" = 0 ] ||
	run wrap-faults "$secs" "$out/devlist-wrap" -s "$((seed + 1000000))" ) &
run wrap $((2 * secs)) "$out/devlist-wrap" -s "$seed" -f
wait
echo "  fuzzers run ($(elapsed "$t0") s since the start)"

# report NAME WHAT: one ok/not ok line for a fuzz run
report() {
	_rc=$(cat "$log/$1.rc" 2>/dev/null || echo "?")
	_sum=$(grep -m1 -E '^(core|wrap): ok:' "$log/$1.txt")
	if [ "$_rc" = 0 ] && [ -n "$_sum" ]; then
		ok "$2 -- $(echo "$_sum" | sed -E 's/^(core|wrap): ok: //; s/;.*//')"
		grep -m1 '^wrap: ok:' "$log/$1.txt" | sed 's/^wrap: ok: [^;]*; /  /'
		return
	fi
	case $_rc in
	124|137) echo "  $1: did not finish in time" ;;
	*) grep -m1 -A12 -E '^FAIL|ERROR: AddressSanitizer|runtime error' "$log/$1.txt" | sed 's/^/  /' ;;
	esac
	notok "$2 -- $(grep -m1 -oE '^FAIL [a-z]+ seed [0-9]+ op [0-9]+' "$log/$1.txt" || echo "exit $_rc") ($log/$1.txt; $(grep -m1 '^reproduce:' "$log/$1.txt" || echo "rerun $3"))"
}
report core "core fuzz of fs/devlist.c against its model" "$out/devlist-core -s $seed"
report wrap "wrapper fuzz, stock vs series, only the intentional differences allowed" "$out/devlist-wrap -s $seed -f"
# each difference of testing/differences, the table the wrapper fuzzer was
# built from, allowed on at least one call: a fuzzer that never reaches one
# does not test it
fired=$(sed -n 's/^wrap: ok: .*rules fired on [0-9]* calls (\([^)]*\)).*/\1/p' "$log/wrap.txt")
unfired=$(awk -F'|' '!/^#/ && NF { print $1 }' "$TOP/testing/differences" | while read -r d; do
	echo "$fired" | grep -qE "(^|, )$d [1-9]" || printf '%s ' "$d"
done)
if [ -n "$fired" ] && [ -z "$unfired" ]; then
	ok "wrapper fuzz: every difference of testing/differences allowed on some call -- $fired"
else
	notok "wrapper fuzz: every difference of testing/differences allowed on some call -- never: ${unfired:-all (no summary)}; $log/wrap.txt"
fi
if [ "${FUZZ_FAULTS:-1}" = 0 ]; then
	skip "wrapper fuzz with allocation failures injected # not run: FUZZ_FAULTS=0"
else
	report wrap-faults "wrapper fuzz with allocation failures injected" "$out/devlist-wrap -s $((seed + 1000000))"
fi

# ---- each mutant must be caught by the fuzzer(s) it names
mrun() {	# mrun M TARGET: the mutant's TARGET fuzzer until it fails
	timeout -k 5 $((secs + 30)) "$out/mutant-$1/devlist-$2" -t "$secs" -s "$seed" \
		> "$log/mutant-$1.$2.txt" 2>&1
	echo $? > "$log/mutant-$1.$2.rc"
}
while read -r m file who desc; do
	[ -x "$out/mutant-$m/devlist-wrap" ] || continue
	case $who in
	both) mrun "$m" core & mrun "$m" wrap ;;
	*) mrun "$m" "$who" ;;
	esac
	wait
done < "$log/mutants.list"
caught() {	# caught M TARGET: how it was caught, or fails
	case $(cat "$log/mutant-$1.$2.rc" 2>/dev/null) in
	''|0|124|137) return 1 ;;
	esac
	if grep -q '^FAIL ' "$log/mutant-$1.$2.txt"; then
		grep -m1 -oE '^FAIL [a-z]+ seed [0-9]+ op [0-9]+' "$log/mutant-$1.$2.txt" | sed 's/^FAIL //'
	elif grep -q -E 'ERROR: (AddressSanitizer|LeakSanitizer)|runtime error' "$log/mutant-$1.$2.txt"; then
		echo "$2 crashed under ASan/UBSan"
	else
		return 1
	fi
}
while read -r m file who desc; do
	if [ ! -x "$out/mutant-$m/devlist-wrap" ]; then
		grep -m3 -E 'ERROR|error' "$log/mutant-$m.build.txt" | sed 's/^/  /'
		notok "mutant $m caught ($desc) -- it does not build or apply to $file; $log/mutant-$m.build.txt"
		continue
	fi
	case $who in both) targets="core wrap" ;; *) targets=$who ;; esac
	how='' missed=''
	for t in $targets; do
		if c=$(caught "$m" "$t") && [ -n "$c" ]; then
			how="$how${how:+, }$c"
		else
			missed="$missed $t"
		fi
	done
	if [ -z "$missed" ]; then
		ok "mutant $m caught ($desc) -- $how"
	else
		notok "mutant $m caught ($desc) -- NOT caught by$missed in $secs s; $log/mutant-$m.*.txt"
	fi
done < "$log/mutants.list"
# ---- stock against each alternative, the six differences allowed
for a in $ALTS; do
	[ -x "$out/alt-$a/devlist-wrap" ] && run "alt-$a" "$secs" "$out/alt-$a/devlist-wrap" -s "$seed" -f &
done
wait
for a in $ALTS; do
	if [ ! -x "$out/alt-$a/devlist-wrap" ]; then
		grep -m3 -E 'ERROR|error|apply' "$log/alt-$a.build.txt" | sed 's/^/  /'
		notok "wrapper fuzz, stock vs make bench's alternative $a -- does not apply or build ($log/alt-$a.build.txt)"
	else
		report "alt-$a" "wrapper fuzz, stock vs make bench's alternative $a (testing/bench/alt/$a), the six differences allowed" \
			"$out/alt-$a/devlist-wrap -s $seed -f"
	fi
done

# ---- make bench-native builds and runs (a smoke run: nothing timed is judged)
if BUILD=$BUILD BENCH_SMOKE=1 BENCH_ROUNDS=1 BENCH_ARGS="pops=0,64 reps=1" BENCH_SEED=$seed \
	timeout -k 5 300 "$TOP/scripts/targets/bench-native.sh" > "$log/bench-native.txt" 2>&1 &&
   grep -q '^| boot order, per registration | +64 out |' "$log/bench-native.txt"; then
	ok "make bench-native builds and runs (smoke: populations 0 and 64, one round; figures not judged)"
else
	tail -5 "$log/bench-native.txt"
	notok "make bench-native builds and runs (smoke: populations 0 and 64, one round; figures not judged) -- it does not; $log/bench-native.txt"
fi
stage_end
