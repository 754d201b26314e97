#!/bin/sh
# Boot prefix K of the series (build/k/pK, built if needed) under QEMU and
# run its KUnit suites as modules (testing/qemu/kunit.init).  A prefix of
# the fixes series (stock and the fixes, K <= fixes_count) has no suite of
# its own: the API suite of the RFC (its first patch's
# fs/tests/devices_kunit.c) is built against it as an external module, a
# case that would never return there (unrunnable_cases) skipping itself.
# Leaves the console log, each module's KTAP and, for the API suite, what
# it must fail there (build/results/series/pK.expected) in
# build/results/series/.  Within one make check run (DEVLIST_RUN), a prefix
# is booted only once (its stamp boot-pK).  An alternative of make bench
# (NAME, testing/bench/alt/) is booted as a prefix of the fixes is, with
# the API suite built against it; its files go to build/results/alt/.
#   guest-kunit.sh K|NAME
. "$(dirname "$0")/../lib/lib.sh"
set -e
k=${1:?K}
nf=$(fixes_count)
# what the expected failures are of: K, or the alternative's commit
case $k in
*[!0-9]*)	# an alternative: the fixes and more
	out=$RESULTS/alt tree=$k
	c=$(alt_rev "$k") || die "no alternative $k"
	of=$c
	"$TOP/scripts/build/alts.sh" "$k" ;;
*)	out=$RESULTS/series tree=p$k of=$k
	c=$(commit_of "$k")
	[ -n "$c" ] || die "the series has no patch $k"
	"$TOP/scripts/build/kernels.sh" "$k" ;;
esac
mkdir -p "$out"
run=${DEVLIST_RUN:-$$}
stamp_is "boot-$tree" "$run $c" && exit 0
stamp_drop "boot-$tree"
rm -f "$out/$tree".ktap-* "$out/$tree.expected"
obj=$KDIR/$tree/obj
if [ "$tree" = "$k" ] || [ "$k" -le "$nf" ]; then
	api=$(commit_of $((nf + 1)))
	src=$BUILD/k/$tree.api
	rm -rf "$src"
	mkdir -p "$src"
	git -C "$KSRC" show "$api:fs/tests/devices_kunit.c" > "$src/devices_kunit.c" ||
		die "the first patch of the RFC has no fs/tests/devices_kunit.c"
	# a case that would never return without its fix skips itself here
	unrunnable_cases "$of" | while IFS='|' read -r case why; do
		python3 - "$src/devices_kunit.c" "${case#*.}" "$why" <<'PY' ||
import sys
path, fn, why = sys.argv[1:]
src = open(path).read()
head = 'static void %s(struct kunit *test)\n{\n' % fn
if src.count(head) != 1:
	sys.exit('%s: no single case function %s' % (path, fn))
# the case skips; its body stays, unused, under another name
stub = ('static void %s(struct kunit *test)\n{\n'
	'\tkunit_skip(test, "%s without its fix: not run");\n}\n\n'
	'static void __maybe_unused %s_not_run(struct kunit *test)\n{\n') % (fn, why, fn)
open(path, 'w').write(src.replace(head, stub))
PY
		die "could not make $case skip itself on prefix $k"
	done
	echo 'obj-m += devices_kunit.o' > "$src/Kbuild"
	"$TOP/scripts/build/module.sh" "$k" "$src" "$src/build"
	mods=$src/build/devices_kunit.ko
	expected_failures "$of" "$out/$tree.expected"
else
	# the modules this build made, never a leftover .ko
	mods=$(kunit_modules "$obj") || die "prefix $k: no KUnit module to load (CONFIG_*_KUNIT_TEST=m?)"
	: > "$out/$tree.expected"
fi
{
	echo "dir /lib 755 0 0"
	echo "dir /lib/kunit 755 0 0"
	for m in $mods; do echo "file /lib/kunit/$(basename "$m") $m 644 0 0"; done
	echo "file /init.d/50-kunit $TOP/testing/qemu/kunit.init 755 0 0"
} > "$out/$tree.files"
say "$tree: booting with its KUnit modules (timeout 300 s)"
"$TOP/scripts/guest/guest.sh" "$obj" "$out/$tree" report "$out/$tree.log" 300
for m in $mods; do
	mn=$(basename "$m" .ko)
	"$TOP/scripts/guest/section.sh" "ktap-$mn" "$out/$tree.log" > "$out/$tree.ktap-$mn"
done
stamp_set "boot-$tree" "$run $c"
