#!/bin/sh
# make kunit-ci: the suites of the whole series as kernel CI runs them,
# where other code registers device numbers meanwhile (not in make check:
# two kernels of their own).
#  1. Built in with KUNIT_ALL_TESTS=y (testing/kunit/ci.config) on the
#     conformance config: they run at boot while its drivers probe.
#  2. As modules on an SMP, preemptible build of it (testing/kunit/
#     smp.config) under QEMU -smp 2, each loaded five times beside
#     testing/kunit/devlist_noise.c, a thread that registers and releases
#     char and block numbers, fixed and dynamic, in a loop.  No case
#     may skip there.
#  3. The same with v2's API suite, which compared whole /proc/devices
#     snapshots: it must fail, or the noise proves nothing.
# Writes the "kunit-ci" section of docs/results.md.
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/report.sh"
set -e
stage_begin kunit-ci
"$TOP/scripts/build/tree.sh"
n=$(patch_count)
out=$BUILD/kunit-ci
rm -rf "$out"
mkdir -p "$out"
kd=$TOP/testing/kunit
# the suites of the series (fs/tests/devices_kunit.c, devlist_kunit.c)
ours='chrdev_region|chrdev_register|blkdev_major|proc_devices|devlist'
frag=$TOP/testing/qemu/devlist.config
"$TOP/scripts/build/kernels.sh" "$n" > "$out/kernels.log" 2>&1 || stage_abort "the series does not build"

# suite KERNEL LABEL KTAP TEXT [ktap.py options]: one result for one run of
# a suite: ok if its cases ran and none failed.
suite() {
	_k=$1 _l=$2 _f=$3 _t=$4
	shift 4
	_r=$(python3 "$TOP/scripts/lib/ktap.py" "$KDIR/$_k" "$_l" "$_f" "$@" || true)
	echo "$_r" | sed '$d' | grep -v '^ok|' | head -20
	# shellcheck disable=SC2046 # the counts, three words
	set -- $(echo "$_r" | tail -n 1)
	if [ "$2" = 0 ] && [ "$1" -gt 0 ]; then
		ok "$_t: $1 cases pass, $3 skip"
	else
		notok "$_t: $2 cases fail ($_f)"
	fi
}

# 1. built in, at boot
FROM=p$n "$TOP/scripts/build/kernel.sh" ci1 "$(series_rev)" "$frag" "$kd/ci.config" > "$out/ci1.build" 2>&1 ||
	stage_abort "the KUNIT_ALL_TESTS kernel does not build ($KDIR/ci1.log)"
echo "file /init.d/50-ci $kd/ci.init 755 0 0" > "$out/ci1.files"
"$TOP/scripts/guest/guest.sh" "$KDIR/ci1/obj" "$out/ci1" report "$out/ci1.log" 900 ||
	stage_abort "the KUNIT_ALL_TESTS kernel did not finish its boot"
"$TOP/scripts/guest/section.sh" ktap-boot "$out/ci1.log" > "$out/ci1.ktap"
suite ci1 builtin "$out/ci1.ktap" "the series' suites built in, KUNIT_ALL_TESTS=y, at boot" \
	--suites "$ours"
suite ci1 others "$out/ci1.ktap" "the other suites of that boot (their skips allowed)" \
	--except-suites "$ours" --allow-skip . --number-twice

# 2. and 3. modules beside the noise
FROM=p$n "$TOP/scripts/build/kernel.sh" ci2 "$(series_rev)" "$frag" "$kd/smp.config" > "$out/ci2.build" 2>&1 ||
	stage_abort "the SMP kernel does not build ($KDIR/ci2.log)"
"$TOP/scripts/build/module.sh" ci2 "$kd" "$out/noise"
# the suites' modules this build made, never a leftover .ko
mods=$(kunit_modules "$KDIR/ci2/obj") || stage_abort "the SMP kernel built no KUnit module"
# The noise's verdict must be able to fail: a copy that never marks a
# dynamic char major given back sees the next grant of it as a second one.
mkdir -p "$out/bad-src"
cp "$kd/Kbuild" "$out/bad-src/"
sed 's/noise_give(chr_dyn_held, m);/;/' "$kd/devlist_noise.c" > "$out/bad-src/devlist_noise.c"
cmp -s "$kd/devlist_noise.c" "$out/bad-src/devlist_noise.c" && stage_abort "could not make the noise that grants twice"
"$TOP/scripts/build/module.sh" ci2 "$out/bad-src" "$out/noise-bad"
v2=$(v2_tree)
mkdir -p "$out/old-src"
git -C "$v2" show v2:fs/tests/devices_kunit.c > "$out/old-src/devices_kunit.c"
echo 'obj-m += devices_kunit.o' > "$out/old-src/Kbuild"
"$TOP/scripts/build/module.sh" ci2 "$out/old-src" "$out/old"
{
	echo "dir /lib 755 0 0"
	echo "dir /lib/kunit 755 0 0"
	echo "dir /lib/kunit/old 755 0 0"
	echo "dir /lib/kunit/bad 755 0 0"
	echo "file /lib/kunit/devlist_noise.ko $out/noise/devlist_noise.ko 644 0 0"
	echo "file /lib/kunit/bad/devlist_noise.ko $out/noise-bad/devlist_noise.ko 644 0 0"
	for m in $mods; do echo "file /lib/kunit/$(basename "$m") $m 644 0 0"; done
	echo "file /lib/kunit/old/devices_kunit.ko $out/old/devices_kunit.ko 644 0 0"
	echo "file /init.d/50-ci $kd/ci.init 755 0 0"
} > "$out/ci2.files"
SMP=2 "$TOP/scripts/guest/guest.sh" "$KDIR/ci2/obj" "$out/ci2" report "$out/ci2.log" 1800 ||
	stage_abort "the SMP kernel did not finish its boot"
if grep -q '^@@@ FAIL' "$out/ci2.log"; then
	notok "every module loaded and unloaded -- one did not; $out/ci2.log"
else
	ok "every module loaded and unloaded"
fi
sed '/^@@@ BEGIN noise-bad/,/^@@@ END noise-bad/d' "$out/ci2.log" > "$out/ci2.main.log"
noise_result "$out/ci2.main.log"
"$TOP/scripts/guest/section.sh" noise-bad "$out/ci2.log" > "$out/ci2.noise-bad.log"
bad=$( (STAGE_LIST=$out/noise-bad.list; : > "$STAGE_LIST"; noise_result "$out/ci2.noise-bad.log" > /dev/null
	cut -d'|' -f1 "$STAGE_LIST") )
if [ "$bad" = "not ok" ] && grep -q 'rounds, [1-9][0-9]* bad grants' "$out/ci2.noise-bad.log"; then
	ok "the noise verdict is red on a noise that grants a major twice -- $(grep -o 'devlist-noise: [0-9]* rounds, [0-9]* bad grants' "$out/ci2.noise-bad.log")"
else
	notok "the noise verdict is red on a noise that grants a major twice -- it was not: ${bad:-no verdict}; $out/ci2.noise-bad.log"
fi
for m in $mods; do
	mn=$(basename "$m" .ko)
	for i in 1 2 3 4 5; do
		"$TOP/scripts/guest/section.sh" "ktap-$mn-$i" "$out/ci2.log" > "$out/ci2.$mn-$i.ktap"
		suite ci2 "$mn-$i" "$out/ci2.$mn-$i.ktap" "$mn, load $i/5 beside the noise"
	done
done
# A flaky suite need not fail every time: v2's gets the same five loads.
# A load that printed no KTAP did not run (ktap.py would count that as one
# failure): it fails the check rather than passing it.
failed='' total=0 norun=''
for i in 1 2 3 4 5; do
	"$TOP/scripts/guest/section.sh" "ktap-old-devices_kunit-$i" "$out/ci2.log" > "$out/ci2.old-$i.ktap"
	if [ ! -s "$out/ci2.old-$i.ktap" ]; then
		failed="$failed no-run" norun=1
		continue
	fi
	# shellcheck disable=SC2046 # the counts, three words
	set -- $(python3 "$TOP/scripts/lib/ktap.py" "$KDIR/ci2" old "$out/ci2.old-$i.ktap" | tail -n 1)
	failed="$failed $2" total=$((total + $2))
done
if [ -z "$norun" ] && [ "$total" -gt 0 ]; then
	ok "v2's API suite beside the noise fails $total cases over 5 loads (per load:$failed), as it must (the noise bites; $noise)"
else
	notok "v2's API suite beside the noise, failures per load:$failed: it must run 5 times and fail, or the noise run cannot show a flaky test"
fi
{ echo '```'; cat "$RESULTS/kunit-ci.list"; echo '```'; } |
	python3 "$TOP/scripts/lib/results.py" kunit-ci "make kunit-ci" -
stage_end
