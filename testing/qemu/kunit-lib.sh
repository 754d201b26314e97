# The one way the guests load a KUnit module, read its KTAP and unload it
# (testing/qemu/kunit.init, testing/kunit/ci.init, testing/stress/
# stress.init); scripts/guest/guest.sh puts it in every image as
# /lib/kunit-lib.sh.  Sourced, not run.
#   kunit_load MODULE LABEL
# loads MODULE (a .ko file), whose suites then run, prints their KTAP
# between "@@@ BEGIN ktap-LABEL" and "@@@ END ktap-LABEL" (from the kernel
# log; with KUNIT_KTAP=debugfs from each suite's debugfs results instead,
# "ktap-LABEL-SUITE", where the log is busy with other things), and
# unloads it.  "@@@ FAIL insmod NAME" or "@@@ FAIL rmmod NAME" when one
# fails; with KUNIT_CLEAN=1, "@@@ unload-NAME clean" when rmmod succeeded
# and /proc/devices reads as before the load, and nothing else prints it.
#   KUNIT_ROOT  a directory standing for / (testing/harness/kunit-init.sh)
# shellcheck shell=sh
kunit_load() {
	_n=$(basename "$1" .ko)
	_r=${KUNIT_ROOT:-}
	cat "$_r/proc/devices" > "$_r/tmp/before-$_n"
	[ "${KUNIT_KTAP:-}" = debugfs ] || dmesg -c > /dev/null
	insmod "$1" || echo "@@@ FAIL insmod $_n"
	if [ "${KUNIT_KTAP:-}" = debugfs ]; then
		for _res in "$_r"/sys/kernel/debug/kunit/*/results; do
			[ -f "$_res" ] || continue
			_s=$(basename "$(dirname "$_res")")
			echo "@@@ BEGIN ktap-$2-$_s"
			cat "$_res"
			echo "@@@ END ktap-$2-$_s"
		done
	else
		echo "@@@ BEGIN ktap-$2"
		dmesg -c
		echo "@@@ END ktap-$2"
	fi
	if ! rmmod "$_n"; then
		echo "@@@ FAIL rmmod $_n"
	elif [ -n "${KUNIT_CLEAN:-}" ]; then
		if cat "$_r/proc/devices" | cmp -s "$_r/tmp/before-$_n" -; then
			echo "@@@ unload-$_n clean"
		else
			echo "@@@ FAIL unload-$_n: /proc/devices changed:"
			cat "$_r/proc/devices" | diff "$_r/tmp/before-$_n" -
		fi
	fi
}
