#!/bin/sh
# make stress: the whole series on a debug kernel (testing/kunit/
# smp.config and testing/stress/stress.config: two CPUs, PREEMPT, KASAN,
# lockdep, DEBUG_LIST, DEBUG_OBJECTS, kmemleak) under QEMU -smp 2, for
# STRESS_SECONDS (default 300) of guest time: three threads of
# testing/kunit/devlist_noise.c register and release char and block numbers
# and check that every grant is exclusive, two readers check every
# /proc/devices listing, and the KUnit suites are loaded over and over
# (testing/stress/stress.init). Passes when every check holds, every suite
# run passes (no case may skip),
# /proc/devices reads as it started, and the kernel reports nothing (no
# BUG, WARNING, KASAN, lockdep, list corruption or kmemleak report).  Not
# in make check: a KASAN kernel is a cold build of its own (about 20
# minutes).  Writes the "stress" section of docs/results.md.
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/report.sh"
set -e
stage_begin stress
secs=${STRESS_SECONDS:-300}
"$TOP/scripts/build/tree.sh"
out=$BUILD/stress
rm -rf "$out"
mkdir -p "$out"
sd=$TOP/testing/stress
"$TOP/scripts/build/kernel.sh" st "$(series_rev)" "$TOP/testing/qemu/devlist.config" \
	"$TOP/testing/kunit/smp.config" "$sd/stress.config" \
	> "$out/build.log" 2>&1 || { tail -5 "$out/build.log"; stage_abort "the stress kernel does not build ($KDIR/st.log)"; }
"$TOP/scripts/build/module.sh" st "$TOP/testing/kunit" "$out/noise" ||
	stage_abort "devlist_noise.ko does not build against the stress kernel"
echo "$secs" > "$out/seconds"
# the suites' modules this build made, never a leftover .ko
mods=$(kunit_modules "$KDIR/st/obj") || stage_abort "the stress kernel built no KUnit module"
{
	echo "dir /lib 755 0 0"
	echo "dir /lib/stress 755 0 0"
	echo "file /lib/stress/seconds $out/seconds 644 0 0"
	echo "file /lib/stress/devlist_noise.ko $out/noise/devlist_noise.ko 644 0 0"
	for m in $mods; do echo "file /lib/stress/$(basename "$m") $m 644 0 0"; done
	echo "file /init.d/50-stress $sd/stress.init 755 0 0"
} > "$out/guest.files"
say "stress: booting for ${secs} s of stress (log: $out/guest.log)"
SMP=2 MEM=1024 "$TOP/scripts/guest/guest.sh" "$KDIR/st/obj" "$out/guest" report "$out/guest.log" $((secs + 1500)) || stage_abort "the stress kernel did not finish ($out/guest.log)"
log=$out/guest.log
"$TOP/scripts/guest/section.sh" stress "$log" > "$out/stress.txt"
"$TOP/scripts/guest/section.sh" kmemleak "$log" > "$out/kmemleak.txt"
"$TOP/scripts/guest/section.sh" dmesg "$log" > "$out/dmesg.txt"
cat "$out/stress.txt"

noise_result "$out/dmesg.txt"
for r in 1 2; do
	l=$(grep "^reader $r: " "$out/stress.txt" || true)
	case $l in
	"reader $r: 0 reads"*|'') notok "reader $r did not read (${l:-no report})" ;;
	*', 0 bad') ok "/proc/devices ${l#reader }: every listing well formed and in order" ;;
	*) notok "/proc/devices ${l#reader }: a listing out of order or malformed ($out/stress.txt)" ;;
	esac
done
runs=$(sed -n 's/^suite runs: //p' "$out/stress.txt")
check "/proc/devices reads as before the stress" grep -qx 'proc-devices: as before' "$out/stress.txt"
check "every module loaded and unloaded" sh -c "! grep -q 'failed\$' '$out/stress.txt' && ! grep -q '^@@@ FAIL' '$log'"
# Every suite of every run: every case passes, none skips.
p=0 f=0 s=0
for sec in $(tr -d '\r' < "$log" | sed -n 's/^@@@ BEGIN \(ktap-.*\)$/\1/p'); do
	"$TOP/scripts/guest/section.sh" "$sec" "$log" > "$out/$sec.ktap"
	# shellcheck disable=SC2046 # the counts, three words
	set -- $(python3 "$TOP/scripts/lib/ktap.py" "$KDIR/st" "$sec" "$out/$sec.ktap" |
		tee "$out/$sec.cases" | tail -n 1)
	p=$((p + $1)) f=$((f + $2)) s=$((s + $3))
	[ "$2" = 0 ] || grep '^not ok|' "$out/$sec.cases" | head -5
done
if [ "${runs:-0}" -gt 0 ] && [ $p -gt 0 ] && [ $f = 0 ]; then
	ok "the KUnit suites, $runs runs of each module during the stress: $p cases pass, $s skip"
else
	notok "the KUnit suites during the stress: $f cases fail, $p pass, ${runs:-0} runs ($out/*.cases)"
fi
# A report that scrolled out of the log cannot be seen: the log must start
# with the boot banner.
check "the kernel log kept the whole run ($(sed -n 's/^noise refusals: //p' "$out/dmesg.txt") refusals of the contended fixed block major counted)" \
	grep -q '^first line: .*Linux version' "$out/dmesg.txt"
reports='BUG:|WARNING:|KASAN|possible recursive locking|possible circular locking|inconsistent lock state|list_add corruption|list_del corruption|sleeping function called|hung_task|soft lockup|DEBUG_LOCKS_WARN'
if grep -Eq "$reports" "$out/dmesg.txt"; then
	grep -E -B2 -A10 "$reports" "$out/dmesg.txt" | head -40
	notok "the kernel reported a problem ($out/dmesg.txt)"
else
	ok "no kernel report (BUG, WARNING, KASAN, lockdep, list corruption, sleep in atomic, hang)"
fi
if grep -q 'unreferenced object' "$out/kmemleak.txt"; then
	head -30 "$out/kmemleak.txt"
	notok "kmemleak: $(grep -c 'unreferenced object' "$out/kmemleak.txt") unreferenced objects ($out/kmemleak.txt)"
elif grep -q 'no kmemleak' "$out/kmemleak.txt"; then
	notok "kmemleak is not in the stress kernel"
else
	ok "kmemleak: no unreferenced object"
fi
{ echo '```'; echo "STRESS_SECONDS=$secs"; cat "$RESULTS/stress.list"; echo '```'; } |
	python3 "$TOP/scripts/lib/results.py" stress "make stress" -
stage_end
