#!/bin/sh
# Build the kernels of the alternatives the benchmarks measure beside the
# series (testing/bench/alt/, ALTS in lib/series.sh): build/k/NAME, each
# from the tree of what it applies on (alt_on), so that only the files it
# touches compile, with the series' config.  A changed alternative is a
# new commit (alt_rev), hence a new tree: its kernel is built again; an
# unchanged one is only checked by make.
#   alts.sh [NAME...]   these (default all), and what they apply on
. "$(dirname "$0")/../lib/lib.sh"
set -e
[ $# -gt 0 ] || set -- $ALTS
for name; do
	on=$(alt_on "$name") || die "no alternative $name (ALTS: $ALTS)"
	if [ "$on" = fixes ]; then
		from=p$(fixes_count)
		[ -d "$KDIR/$from" ] || "$TOP/scripts/build/kernels.sh" >/dev/null
	else
		from=$on
		"$0" "$on"
	fi
	rev=$(alt_rev "$name") || die "the alternative $name does not apply (see above)"
	FROM=$from "$TOP/scripts/build/kernel.sh" "$name" "$rev" "$TOP/testing/qemu/devlist.config"
done
