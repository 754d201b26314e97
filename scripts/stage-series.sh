#!/bin/sh
# Stage "series": the series is bisectable.  Every prefix (patch 1, 1..2,
# ..., all) builds, boots under QEMU, and passes the KUnit suites it has,
# loaded as modules with panic_on_warn set and leaving /proc/devices as it
# found it when unloaded.  Cases marked as waiting for a later fix may
# skip before their fix; after the last patch nothing may skip.
# The KTAP of each prefix is kept in build/results/series/ for the
# kunit-stock (prefix 1) and kunit-x86_64 (the whole series) stages.
. "$(dirname "$0")/lib.sh"
. "$TOP/scripts/report.sh"
stage_begin series
out=$RESULTS/series
mkdir -p "$out"

"$TOP/scripts/tree.sh" || stage_abort "build/linux could not be made (see above)"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
[ "$n" -gt 0 ] || stage_abort "build/linux has no patches on top of base"

k=1
while [ "$k" -le "$n" ]; do
	c=$(commit_of "$k")
	subj=$(git -C "$KSRC" log -1 --format=%s "$c")
	t0=$(date +%s)
	if ! "$TOP/scripts/kernels.sh" "$k" > "$out/p$k.build" 2>&1; then
		grep -E 'error|ERROR' "$out/p$k.build" | head -10
		notok "$k/$n builds: $subj (log: $KDIR/p$k.log)"
		k=$((k + 1))
		continue
	fi
	ok "$k/$n builds: $subj ($(elapsed "$t0") s)"
	t0=$(date +%s)
	if ! "$TOP/scripts/guest-kunit.sh" "$k" > "$out/p$k.boot" 2>&1; then
		tail -5 "$out/p$k.boot"
		notok "$k/$n boots and runs its KUnit modules (log: $out/p$k.log)"
		k=$((k + 1))
		continue
	fi
	allow='^stock '
	[ "$k" = "$n" ] && allow='^$.'		# nothing may skip at the end
	for f in "$out/p$k".ktap-*; do
		mn=${f##*.ktap-}
		res=$(python3 "$TOP/scripts/ktap.py" "$KDIR/p$k" "p$k" "$f" --allow-skip "$allow")
		echo "$res" | grep '^not ok' | head -20
		set -- $(echo "$res" | tail -n 1)
		if [ "$2" = 0 ] && [ "$1" -gt 0 ]; then
			ok "$k/$n $mn: $1 cases pass, $3 marked cases skip ($(elapsed "$t0") s)"
		else
			notok "$k/$n $mn: $2 cases fail, $1 pass, $3 skip (KTAP: $f)"
		fi
		if grep -q "^@@@ unload-$mn clean" "$out/p$k.log"; then
			ok "$k/$n $mn leaves nothing registered when unloaded"
		else
			notok "$k/$n $mn left something registered, or did not unload (log: $out/p$k.log)"
		fi
	done
	k=$((k + 1))
done
stage_end
