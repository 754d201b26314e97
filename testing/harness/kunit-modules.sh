#!/bin/sh
# Test of lib/build.sh's kunit_modules, which names the KUnit modules a
# kernel build made for the guests to load (the series stage, make
# kunit-ci, make stress), on a fake object dir (seconds):
#   1. the *_kunit modules its modules.order lists, and no other module;
#   2. never a leftover *_kunit.ko of an earlier build that modules.order
#      no longer lists;
#   3. a module listed but not built, or none listed: it fails.
# usage: kunit-modules.sh [BUILD_SH]   (default scripts/lib/build.sh; the
# harness stage also runs it on a broken copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/scripts/lib/build.sh}
. "$top/testing/harness/lib.sh"
# shellcheck source=scripts/lib/build.sh
. "$build"
o=$tmp/obj
mkdir -p "$o/fs/tests" "$o/drivers"
printf 'fs/tests/devices_kunit.o\nfs/devlist_kunit.o\ndrivers/other.o\n' > "$o/modules.order"
for m in fs/tests/devices_kunit fs/devlist_kunit drivers/other fs/tests/gone_kunit; do : > "$o/$m.ko"; done
got=$(kunit_modules "$o" | tr '\n' ' ')
t "the KUnit modules modules.order lists" test "$got" = "$o/fs/tests/devices_kunit.ko $o/fs/devlist_kunit.ko "
t "never a leftover .ko that modules.order does not list" sh -c "! echo '$got' | grep -q gone_kunit"
refused() { ! kunit_modules "$o" > /dev/null 2>&1 && command -v kunit_modules > /dev/null; }
rm "$o/fs/devlist_kunit.ko"
t "a module listed but not built: fails" refused
printf 'drivers/other.o\n' > "$o/modules.order"
t "no KUnit module listed: fails" refused
exit $fails
