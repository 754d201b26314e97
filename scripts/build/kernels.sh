#!/bin/sh
# Build every prefix of the two series: build/k/p0 (stock, the base),
# build/k/p1 (the first fix) ... build/k/pN (all of the fixes and the RFC),
# each from the one before, so that a prefix costs only the files its patch
# changes.  All use tinyconfig + testing/qemu/devlist.config, with the KUnit
# suites as modules.  A prefix whose commit has not changed since its last
# build is only checked by make (seconds).
#   kernels.sh [K]   build prefix K only (0..K-1 must be built), else all
. "$(dirname "$0")/../lib/lib.sh"
set -e
"$TOP/scripts/build/tree.sh"
n=$(patch_count)
[ "$n" -gt 0 ] || die "build/linux has no commits on top of base: nothing to build"
last=${1:-$n}
k=${1:-0}
while [ "$k" -le "$last" ]; do
	from=
	[ "$k" -gt 0 ] && from=p$((k - 1))
	FROM=$from "$TOP/scripts/build/kernel.sh" "p$k" "$(commit_of "$k")" \
		"$TOP/testing/qemu/devlist.config"
	k=$((k + 1))
done
