#!/bin/sh
# Test of lib/build.sh's kunit_lost, kernel.sh's check of the options
# Kconfig dropped: a KUnit suite's option that the tree defines, dropped
# while KUnit is on, is lost; with KUnit off (make size's config), kept at
# another value, or unknown to the tree (an option of a later series), it
# is not.
# usage: kunit-lost.sh [BUILD_SH]   (default scripts/lib/build.sh; the
# harness stage also runs it on broken copies, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/scripts/lib/build.sh}
. "$top/testing/harness/lib.sh"
# shellcheck source=scripts/lib/build.sh
. "$build"
git init -q "$tmp/src"
printf 'config DEVLIST_KUNIT_TEST\n\ttristate "devlist tests"\n' > "$tmp/src/Kconfig"
git -C "$tmp/src" add Kconfig
git -C "$tmp/src" -c user.name=t -c user.email=t@t commit -q -m base
lost() {	# lost CONFIG-LINES OPT...: what kunit_lost prints, on one line
	printf '%s\n' "$1" > "$tmp/config"
	shift
	kunit_lost "$tmp/config" "$tmp/src" HEAD "$@" | tr '\n' ' '
}
t "dropped with KUnit on: lost" \
	test "$(lost 'CONFIG_KUNIT=y' CONFIG_DEVLIST_KUNIT_TEST=y)" = "CONFIG_DEVLIST_KUNIT_TEST "
t "dropped with KUnit off: not lost" \
	test -z "$(lost '# CONFIG_KUNIT is not set' CONFIG_DEVLIST_KUNIT_TEST=y)"
t "built as a module, not in: not lost" \
	test -z "$(lost "$(printf 'CONFIG_KUNIT=y\nCONFIG_DEVLIST_KUNIT_TEST=m')" CONFIG_DEVLIST_KUNIT_TEST=y)"
t "an option the tree does not define: not lost" \
	test -z "$(lost 'CONFIG_KUNIT=y' CONFIG_OTHER_KUNIT_TEST=y)"
t "not a KUnit suite's option: not lost" \
	test -z "$(lost 'CONFIG_KUNIT=y' CONFIG_DEVLIST=y)"
exit $fails
