#!/bin/sh
# Stage "kunit-x86_64": the KUnit suites of the whole series on x86_64, as
# modules in a QEMU guest (the last boot of the series stage, reused within
# one make check), one check per test case; nothing may skip.
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/report.sh"
stage_begin kunit-x86_64
"$TOP/scripts/build/tree.sh" || stage_abort "build/linux could not be made"
n=$(patch_count)
"$TOP/scripts/guest/guest-kunit.sh" "$n" || stage_abort "the whole series did not build or boot (see above)"
for f in "$RESULTS/series/p$n".ktap-*; do
	python3 "$TOP/scripts/lib/ktap.py" "$KDIR/p$n" x86_64 "$f" > "$f.x86_64"
	results "$f.x86_64"
done
inventory x86_64 "$RESULTS/series/p$n".ktap-*.x86_64
stage_end
