#!/bin/sh
# make check-series: build every prefix of the series (patch 1, 1..2, ...)
# with the small config, so that the series is bisectable.  Uses build/linux
# itself (it must be clean) and build/obj-series; returns to branch devlist.
# Writes "PASS FAIL SKIP" to $BUILD/results/series.counts.
. "$(dirname "$0")/common.sh"
counts=$BUILD/results/series.counts
mkdir -p "$BUILD/results"
echo "0 1 0" > "$counts"
[ -z "$(git -C "$KSRC" status --porcelain --untracked-files=no)" ] ||
	die "build/linux has uncommitted changes: commit or stash them first"
head=$(git -C "$KSRC" symbolic-ref -q --short HEAD) || die "build/linux is not on a branch"
commits=$(git -C "$KSRC" rev-list --reverse base..HEAD)
n=$(echo "$commits" | wc -l)
pass=0 fail=0 k=0
for c in $commits; do
	k=$((k + 1))
	subj=$(git -C "$KSRC" log -1 --format=%s "$c")
	git -C "$KSRC" checkout -q --detach "$c"
	if "$TOP/scripts/kbuild.sh" "$KSRC" "$BUILD/obj-series" "series $k/$n" >"$BUILD/results/series-$k.log" 2>&1; then
		echo "ok   series $k/$n builds: $subj"
		pass=$((pass + 1))
	else
		echo "FAIL series $k/$n does not build: $subj (log: $BUILD/obj-series/build.log)"
		tail -5 "$BUILD/results/series-$k.log"
		fail=$((fail + 1))
	fi
done
git -C "$KSRC" checkout -q "$head"
echo "$pass $fail 0" > "$counts"
[ $fail = 0 ]
