#!/bin/sh
# Stage "kunit-stock": the API suite of patch 1 on the stock kernel (the
# base with patch 1, which adds tests and nothing else), as modules in a
# QEMU guest: every case passes except the ones marked for an intentional
# difference, which skip with a reason that starts "stock " until their
# fix.  This shows the cases encode stock behaviour, not ours.
. "$(dirname "$0")/lib.sh"
. "$TOP/scripts/report.sh"
stage_begin kunit-stock
"$TOP/scripts/tree.sh" || stage_abort "build/linux could not be made"
c=$(commit_of 1)
other=$(git -C "$KSRC" diff --name-only base "$c" |
	grep -v -e '^fs/tests/' -e '^fs/Kconfig$' -e '^fs/Makefile$' -e '^MAINTAINERS$' || true)
if [ -z "$other" ]; then
	ok "patch 1 adds tests only: the kernel it builds is stock"
else
	notok "patch 1 changes more than tests, so prefix 1 is not stock: $other"
fi
"$TOP/scripts/guest-kunit.sh" 1 || stage_abort "the stock kernel with patch 1 did not build or boot"
for f in "$RESULTS/series/p1".ktap-*; do
	res=$(python3 "$TOP/scripts/ktap.py" "$KDIR/p1" stock "$f" --allow-skip '^stock ')
	echo "$res" | sed '$d' | tee -a "$RESULTS/$STAGE.checks" | grep -v '^ok' | head -40
	add_counts $(echo "$res" | tail -n 1)
done
stage_end
