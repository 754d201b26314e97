#!/bin/sh
# Stage "series": both series are bisectable.  Every prefix, stock (p0)
# included, builds, boots under QEMU and runs KUnit suites as modules with
# panic_on_warn set, leaving /proc/devices as it found it when unloaded:
#  - stock and each prefix of the fixes series run the RFC's API suite,
#    built against them, which must fail exactly the cases of the fixes
#    not yet applied (testing/kunit/expected-failures) and nothing else;
#  - each prefix of the RFC runs the suites it has, all of which pass.
# Stock's cases (p0) and the whole series' (the last prefix) are judged
# by the kunit-stock and kunit-x86_64 stages, each case once; this stage
# counts those two boots only for building, booting and unloading clean.
# The KTAP of each prefix is kept in build/results/series/ for the
# kunit-stock (p0) and kunit-x86_64 (the whole series) stages.
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/report.sh"
stage_begin series
out=$RESULTS/series
mkdir -p "$out"

"$TOP/scripts/build/tree.sh" || stage_abort "build/linux could not be made (see above)"
n=$(patch_count)
nf=$(fixes_count)
[ "$n" -gt "$nf" ] || stage_abort "build/linux has no RFC on top of the fixes"

# Each check is named by what it checks and the patch's subject ("stock"
# for p0), the same whatever the patch's place; its place, "k/n", is in
# the diagnostic after it.
k=0
while [ "$k" -le "$n" ]; do
	if [ "$k" = 0 ]; then
		subj=stock place="0/$n"
	else
		subj=$(git -C "$KSRC" log -1 --format=%s "$(commit_of "$k")")
		if [ "$k" -le "$nf" ]; then place="$k/$n, fix $k/$nf"; else place="$k/$n, RFC $((k - nf))/$((n - nf))"; fi
	fi
	t0=$(date +%s)
	if ! "$TOP/scripts/build/kernels.sh" "$k" > "$out/p$k.build" 2>&1; then
		grep -E 'error|ERROR' "$out/p$k.build" | head -10
		notok "builds: $subj -- $place; log: $KDIR/p$k.log"
		k=$((k + 1))
		continue
	fi
	ok "builds: $subj -- $place; $(elapsed "$t0") s"
	t0=$(date +%s)
	if ! "$TOP/scripts/guest/guest-kunit.sh" "$k" > "$out/p$k.boot" 2>&1; then
		tail -5 "$out/p$k.boot"
		notok "boots and runs its KUnit modules: $subj -- $place; log: $out/p$k.log"
		k=$((k + 1))
		continue
	fi
	ok "boots and runs its KUnit modules: $subj -- $place; $(elapsed "$t0") s"
	for f in "$out/p$k".ktap-*; do
		mn=${f##*.ktap-}
		# stock's and the whole series' cases are kunit-stock's and
		# kunit-x86_64's results, each case once: not counted here again
		if [ "$k" != 0 ] && [ "$k" != "$n" ]; then
			res=$(python3 "$TOP/scripts/lib/ktap.py" "$KDIR/p$k" "p$k" "$f" --expected "$out/p$k.expected")
			echo "$res" | grep '^not ok' | sed 's/^not ok|/  not ok /' | head -20
			# shellcheck disable=SC2046
			set -- $(echo "$res" | tail -n 1)
			x=$(echo "$res" | grep -c '# expected failure' || true)
			if [ "$2" = 0 ] && [ "$1" -gt 0 ]; then
				ok "$mn, every case as it must be: $subj -- $place; $1 cases, $x expected failures, $3 expected skips; $(elapsed "$t0") s"
			else
				notok "$mn, every case as it must be: $subj -- $place; $2 not, $1 as they must be, $3 skip; KTAP: $f"
			fi
		else
			echo "  $k/$n $mn: its cases are reported by $( [ "$k" = 0 ] && echo kunit-stock || echo kunit-x86_64)"
		fi
		if grep -q "^@@@ unload-$mn clean" "$out/p$k.log"; then
			ok "$mn leaves nothing registered when unloaded: $subj -- $place"
		else
			notok "$mn leaves nothing registered when unloaded: $subj -- $place; left something, or did not unload; log: $out/p$k.log"
		fi
	done
	k=$((k + 1))
done
stage_end
