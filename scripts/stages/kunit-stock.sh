#!/bin/sh
# Stage "kunit-stock": the RFC's API suite, built as a module against pure
# stock 7.3 (p0, the pristine base) and run in a QEMU guest, fails exactly
# the cases of the fixes (testing/kunit/expected-failures: reported as
# expected failures, by the difference each fix makes) and skips only the
# release in major 4095, which would never return on stock; every other
# case passes.  This shows that the cases encode stock behaviour, and that
# each fix is what changes its cases.
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/report.sh"
stage_begin kunit-stock
"$TOP/scripts/build/tree.sh" || stage_abort "build/linux could not be made"
"$TOP/scripts/guest/guest-kunit.sh" 0 || stage_abort "stock with the API suite did not build or boot"
if stock_is_pristine; then
	ok "the kernel tested as stock is the pristine base ($PIN_PKG $PIN_VERSION, no patch)"
else
	stage_abort "the kernel tested as stock is the pristine base ($PIN_PKG $PIN_VERSION, no patch) -- prefix 0 is not, or build/k/p0 was not built from it"
fi
for f in "$RESULTS/series/p0".ktap-*; do
	python3 "$TOP/scripts/lib/ktap.py" "$KDIR/p0" stock "$f" \
		--expected "$RESULTS/series/p0.expected" > "$f.cases"
	results "$f.cases"
	grep '# expected failure' "$f.cases" | sed 's/^ok|/xfail  /' | head -20
done
INVENTORY_MODULES=devices_kunit inventory stock "$RESULTS/series/p0".ktap-*.cases
stage_end
