#!/bin/sh
# Build every prefix of the series: build/k/p1 (patch 1) ... build/k/pN (the
# whole series), each from the one before, so that a prefix costs only the
# files its patch changes.  All use tinyconfig + testing/qemu/devlist.config,
# with the KUnit suites as modules.  A prefix whose commit has not changed
# since its last build is only checked by make (seconds).
#   kernels.sh [K]   build prefix K only (1..K-1 must be built), else all
. "$(dirname "$0")/lib.sh"
set -e
"$TOP/scripts/tree.sh"
n=$(git -C "$KSRC" rev-list --count base..HEAD)
[ "$n" -gt 0 ] || die "build/linux has no commits on top of base: nothing to build"
last=${1:-$n}
k=${1:-1}
while [ "$k" -le "$last" ]; do
	FROM=p$((k - 1)) "$TOP/scripts/kernel.sh" "p$k" "$(commit_of "$k")" \
		"$TOP/testing/qemu/devlist.config"
	k=$((k + 1))
done
