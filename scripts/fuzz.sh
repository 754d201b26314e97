#!/bin/sh
# make fuzz: build fs/devlist.c from build/linux, unmodified, as a userspace
# program (like tools/testing/radix-tree) with ASan and UBSan, and run the
# differential fuzzer in testing/fuzz/ against its array model: FUZZ_SEEDS
# seeds of FUZZ_OPS operations each (default 10 x 150000), $JOBS at a time.
# Then checks that deliberately wrong models (MODEL_BUG in model.c) are
# caught, and builds the libFuzzer target with clang; FUZZ_SECONDS=N also
# runs it for N seconds (corpus in build/fuzz/corpus).
# Writes "PASS FAIL SKIP" to $BUILD/results/fuzz.counts.
. "$(dirname "$0")/common.sh"
out=$BUILD/fuzz
fz=$TOP/testing/fuzz
counts=$BUILD/results/fuzz.counts
seeds=${FUZZ_SEEDS:-10} ops=${FUZZ_OPS:-150000}
mkdir -p "$BUILD/results" "$out/include/linux"
echo "0 1 0" > "$counts"
started=$(date +%s)

[ -f "$KSRC/fs/devlist.c" ] || die "no $KSRC/fs/devlist.c: run 'make tree' first"
command -v gcc >/dev/null || die "no gcc: run scripts/deps.sh as root"

# Of the kernel's include/, only linux/devlist.h; the rest comes from
# tools/include and the shims in testing/fuzz/include.
ln -sf "$KSRC/include/linux/devlist.h" "$out/include/linux/devlist.h"

# shellcheck disable=SC2086 # $3 is a list of flags
build() {	# build CC OUTPUT FLAGS: devlist.c + the fuzzer, one binary
	$1 -std=gnu11 -O1 -g -Wall -Wextra -Wno-unused-parameter $3 \
		-I"$fz/include" -I"$out/include" -I"$KSRC/tools/include" \
		-I"$KSRC/tools/include/uapi" -o "$2" \
		"$KSRC/fs/devlist.c" "$fz/fuzz.c" "$fz/model.c"
}
san="-fsanitize=address,undefined -fno-sanitize-recover=all"

say "fuzz: building $out/devlist-fuzz (gcc, ASan+UBSan)"
build gcc "$out/devlist-fuzz" "$san" || die "the fuzzer does not build"

say "fuzz: $seeds seeds x $ops operations, $JOBS at a time"
s=1 bad=0 mism=0 total=0
while [ $s -le "$seeds" ]; do
	pids='' j=0
	while [ $j -lt "$JOBS" ] && [ $s -le "$seeds" ]; do
		"$out/devlist-fuzz" -s $s -n "$ops" >"$out/seed-$s.log" 2>&1 &
		pids="$pids $!:$s"
		s=$((s + 1)) j=$((j + 1))
	done
	for p in $pids; do
		wait "${p%:*}" || bad=$((bad + 1))
		log=$out/seed-${p#*:}.log
		n=$(sed -n 's/^seed [0-9]*: \([0-9]*\) ops.*/\1/p' "$log")
		if [ -z "$n" ]; then
			echo "  seed ${p#*:} crashed ($log):"
			grep -m1 -A8 -E 'ERROR|runtime error' "$log" || tail -20 "$log"
			continue
		fi
		total=$((total + n))
		grep -q '^MISMATCH' "$log" && mism=$((mism + 1))
		grep -A2 '^MISMATCH' "$log"
		sed -n 's/^\(seed [0-9]*: [0-9]* ops, [A-Za-z]*\);.*/  \1/p' "$log"
	done
done
sed -n 's/^seed [0-9]*: [0-9]* ops, ok; //p' "$out/seed-1.log" | sed 's/^/  seed 1: /'
say "fuzz: $total operations, $mism mismatches, $((bad - mism)) crashes ($seeds seeds, $(( $(date +%s) - started )) s)"
echo "userspace fuzz of fs/devlist.c against a reference model (ASan+UBSan): $total operations, $mism mismatches, $((bad - mism)) crashes" > "$BUILD/results/fuzz.txt"

# A fuzzer that cannot fail proves nothing: each wrong model must be caught.
missed=0
for b in 1 2 3; do
	build gcc "$out/devlist-fuzz-bug$b" "$san -DMODEL_BUG=$b" || die "MODEL_BUG=$b does not build"
	if "$out/devlist-fuzz-bug$b" -s 1 -n 100000 >"$out/bug$b.log" 2>&1; then
		echo "FAIL the fuzzer did not notice MODEL_BUG=$b (see testing/fuzz/model.c)"
		missed=$((missed + 1))
	else
		echo "  MODEL_BUG=$b caught: $(grep -m1 '^MISMATCH' "$out/bug$b.log" | cut -c1-100)"
	fi
done

# libFuzzer: clang's -fsanitize=fuzzer drives the same steps from its input.
lf=0
if [ -n "${FUZZ_SECONDS:-}" ] && ! command -v clang >/dev/null; then
	"$TOP/scripts/deps.sh" clang || die "FUZZ_SECONDS needs clang: apt-get install clang"
fi
if ! command -v clang >/dev/null; then
	echo "  libFuzzer: not built (no clang; 'apt-get install clang', or FUZZ_SECONDS=N installs it)"
elif ! build clang "$out/devlist-libfuzzer" "-DFUZZ_LIBFUZZER -fsanitize=fuzzer $san" 2>"$out/libfuzzer-build.log"; then
	echo "  libFuzzer: clang cannot build a -fsanitize=fuzzer binary here:"
	tail -5 "$out/libfuzzer-build.log"
	[ -n "${FUZZ_SECONDS:-}" ] && lf=1
else
	mkdir -p "$out/corpus"
	secs=${FUZZ_SECONDS:-0} runs=-1
	[ "$secs" = 0 ] && runs=2000	# a smoke run only
	if "$out/devlist-libfuzzer" -max_total_time="$secs" -runs=$runs \
		-max_len=4096 -artifact_prefix="$out/" "$out/corpus" \
		>"$out/libfuzzer.log" 2>&1; then
		echo "  libFuzzer: ok, $(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) .*/\1 inputs in \2 s/p' "$out/libfuzzer.log")$( [ "$secs" = 0 ] && echo " (smoke run; FUZZ_SECONDS=N for more)")"
	else
		grep -m1 '^MISMATCH' "$out/libfuzzer.log"
		echo "FAIL libFuzzer found a problem: $out/libfuzzer.log; reproduce with $out/devlist-libfuzzer $out/crash-*"
		lf=1
	fi
fi

if [ $bad = 0 ] && [ $missed = 0 ] && [ $lf = 0 ] && [ $total -gt 0 ]; then
	echo "1 0 0" > "$counts"
	say "fuzz: PASS ($(( $(date +%s) - started )) s)"
else
	echo "0 1 0" > "$counts"
	say "fuzz: FAIL (logs in $out)"
	exit 1
fi
