#!/bin/sh
# Stage "conformance": stock against the series, by running both.
# The stock kernel is the pristine base (prefix 0), the series kernel the
# last prefix (the fixes and the RFC); same config, same QEMU.  Both boot the same initramfs, which prints /proc/devices and the
# /dev listing after boot, then runs the API transcript module
# (testing/conformance/devlist_transcript.c): seeded calls of every
# registration API, each recorded with its result, dev_t, messages and
# /proc/devices after it.  testing/conformance/compare.py compares them
# call by call; each seed (all its calls), each rule's tally (it explained
# a call) and each of the comparer's own checks is one result.
#   TRANSCRIPT_ARGS  module parameters (default in testing/conformance/args)
#   CONFORMANCE_ALT  NAME: stock against make bench's alternative NAME
#                    (testing/bench/alt/) in the series' place, by hand
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/report.sh"
stage_begin conformance
out=$RESULTS/conformance
mkdir -p "$out"
conf=$TOP/testing/conformance
args=${TRANSCRIPT_ARGS:-$(cat "$conf/args")}

"$TOP/scripts/build/tree.sh" || stage_abort "build/linux could not be made"
n=$(patch_count)
vs=p$n
[ -z "${CONFORMANCE_ALT:-}" ] || vs=$CONFORMANCE_ALT
for side in stock:p0 series:$vs; do
	s=${side%:*} k=${side#*:}
	case $k in
	p*) "$TOP/scripts/build/kernels.sh" "${k#p}" > "$out/$s.build" 2>&1 ;;
	*) "$TOP/scripts/build/alts.sh" "$k" > "$out/$s.build" 2>&1 ;;
	esac || stage_abort "the $s kernel ($k) does not build ($KDIR/$k.log)"
	"$TOP/scripts/build/module.sh" "$k" "$conf" "$out/mod-$s" ||
		stage_abort "the transcript module does not build against the $s kernel"
	echo "$args" > "$out/mod-$s/transcript.args"
	cat > "$out/$s.files" <<EOF
dir /lib 755 0 0
file /lib/devlist_transcript.ko $out/mod-$s/devlist_transcript.ko 644 0 0
file /lib/transcript.args $out/mod-$s/transcript.args 644 0 0
file /init.d/10-transcript $conf/transcript.init 755 0 0
EOF
	t0=$(date +%s)
	say "conformance: booting the $s kernel ($args; timeout 900 s)"
	if ! BOOTARGS=log_buf_len=16M "$TOP/scripts/guest/guest.sh" "$KDIR/$k/obj" "$out/$s" report "$out/$s.log" 900; then
		stage_abort "the $s kernel did not finish its boot ($out/$s.log)"
	fi
	say "conformance: $s guest done in $(elapsed "$t0") s"
	for sec in proc-devices dev-listing transcript; do
		"$TOP/scripts/guest/section.sh" "$sec" "$out/$s.log" > "$out/$s.$sec"
	done
done

for sec in proc-devices dev-listing; do
	lines=$(wc -l < "$out/series.$sec")
	if [ "$lines" -lt 5 ]; then
		notok "boot $sec: the same as stock -- only $lines lines from the series kernel; $out/series.log"
	elif cmp -s "$out/stock.$sec" "$out/series.$sec"; then
		ok "boot $sec: the same as stock -- $lines lines"
	else
		diff -u "$out/stock.$sec" "$out/series.$sec" | head -20
		notok "boot $sec: the same as stock -- it differs; $out/stock.$sec $out/series.$sec"
	fi
done

python3 "$conf/compare.py" --results "$out/compare.results" "$out/stock.transcript" \
	"$out/series.transcript" > "$out/compare.txt" 2>&1
rc=$?
grep -v '^ok' "$out/compare.txt" | head -40
if [ ! -s "$out/compare.results" ]; then
	notok "transcript: nothing compared ($out/compare.txt)"
else
	# one result per seed, per rule and per check of the comparer
	results "$out/compare.results" >/dev/null
	[ "$rc" != 0 ] && ! grep -q '^not ok|' "$out/compare.results" &&
		notok "compare.py failed without naming a call ($out/compare.txt)"
	echo "  $(tail -n 1 "$out/compare.txt")"
fi

# The comparer itself, on this run's stock transcript: every mutant rejected.
if python3 "$conf/selftest.py" "$out/stock.transcript" > "$out/selftest.txt" 2>&1; then
	ok "comparer self-test on this run's stock transcript -- $(grep -c '^ok' "$out/selftest.txt") items ok"
else
	grep '^not ok' "$out/selftest.txt"
	notok "comparer self-test on this run's stock transcript -- $out/selftest.txt"
fi
stage_end
