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
# is booted only once (its stamp boot-pK).
#   guest-kunit.sh K
. "$(dirname "$0")/../lib/lib.sh"
set -e
k=${1:?K}
out=$RESULTS/series
mkdir -p "$out"
c=$(commit_of "$k")
[ -n "$c" ] || die "the series has no patch $k"
run=${DEVLIST_RUN:-$$}
stamp_is "boot-p$k" "$run $c" && exit 0
stamp_drop "boot-p$k"
rm -f "$out/p$k".ktap-* "$out/p$k.expected"
"$TOP/scripts/build/kernels.sh" "$k"
obj=$KDIR/p$k/obj
nf=$(fixes_count)
if [ "$k" -le "$nf" ]; then
	api=$(commit_of $((nf + 1)))
	src=$BUILD/k/p$k.api
	rm -rf "$src"
	mkdir -p "$src"
	git -C "$KSRC" show "$api:fs/tests/devices_kunit.c" > "$src/devices_kunit.c" ||
		die "the first patch of the RFC has no fs/tests/devices_kunit.c"
	# a case that would never return without its fix skips itself here
	unrunnable_cases "$k" | while IFS='|' read -r case why; do
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
	expected_failures "$k" "$out/p$k.expected"
else
	# the modules this build made, never a leftover .ko
	mods=$(kunit_modules "$obj") || die "prefix $k: no KUnit module to load (CONFIG_*_KUNIT_TEST=m?)"
	: > "$out/p$k.expected"
fi
{
	echo "dir /lib 755 0 0"
	echo "dir /lib/kunit 755 0 0"
	for m in $mods; do echo "file /lib/kunit/$(basename "$m") $m 644 0 0"; done
	echo "file /init.d/50-kunit $TOP/testing/qemu/kunit.init 755 0 0"
} > "$out/p$k.files"
say "p$k: booting with its KUnit modules (timeout 300 s)"
"$TOP/scripts/guest/guest.sh" "$obj" "$out/p$k" report "$out/p$k.log" 300
for m in $mods; do
	mn=$(basename "$m" .ko)
	"$TOP/scripts/guest/section.sh" "ktap-$mn" "$out/p$k.log" > "$out/p$k.ktap-$mn"
done
stamp_set "boot-p$k" "$run $c"
