#!/bin/sh
# Test that a kunit.py stage passes only on its own run's results (no
# stale pass).  Each KUnit stage that runs kunit.py (kunit-um, kunit-i386;
# kunit-arm64 is the same script with another row of its table) is run
# against a fake kernel tree whose tools/testing/kunit/kunit.py stands in
# for the real one, with a passing kernel log of an earlier run left in
# its build directory:
#   1. kunit.py fails to build (exit 1, no log): the stage is red;
#   2. kunit.py exits 0 but writes no log: red;
#   3. a case fails (log written, exit 1): red, the case counted;
#   4. every case passes but kunit.py exits 1: red;
#   5. every case passes: green on um; on i386 the case counts and the
#      W=1 build (which cannot work in the fake tree) is the one failure;
#      kunit.py's logs and JSON are kept in the run's results.
# Where the case ran, the inventory's check of its suite passes too.
# usage: stale-kunit.sh [SCRIPTS_DIR]   (default scripts/; the harness
# stage also runs it on broken copies, which must fail; there
# STALE_KUNIT_ARCHES=um, as the checks they break are um's)
top=$(cd "$(dirname "$0")/../.." && pwd)
scripts=${1:-$top/scripts}
BASE=${BUILD:-$top/build}/base
. "$top/testing/harness/lib.sh"
res() {	# res WHAT WANT: the stage's counts file and exit status
	if [ "$(cat "$tmp/counts" 2>/dev/null)" = "$2" ]; then
		echo "ok     $1 ($2)"
	else
		echo "not ok $1 (want \"$2\", got \"$(cat "$tmp/counts" 2>/dev/null)\")"
		fails=$((fails + 1))
	fi
}
[ -f "$BASE/tools/testing/kunit/kunit_parser.py" ] || {
	echo "not ok no kunit_parser.py in $BASE (run make tree)"; exit 1; }

mkdir -p "$tmp/top/build" "$tmp/tree/tools/testing/kunit" "$tmp/tree/fs/tests"
mkdir -p "$tmp/top/scripts" "$tmp/top/testing/kunit"
echo 'demo_kunit demo 1' > "$tmp/top/testing/kunit/suites"	# the inventory: one suite
ln -s "$BASE" "$tmp/top/build/base"	# kunit.py's parser, for the stages' KTAP
cp -r "$scripts/." "$tmp/top/scripts/"
cp "$BASE"/tools/testing/kunit/kunit_parser.py "$BASE"/tools/testing/kunit/kunit_printer.py \
	"$tmp/tree/tools/testing/kunit/"
: > "$tmp/tree/fs/tests/devices.kunitconfig"
ktap() {	# ktap ok|not ok: a kernel log of one suite with one case
	printf 'KTAP version 1\n1..1\n    KTAP version 1\n    # Subtest: demo\n    1..1\n'
	printf '    %s 1 demo_case\n%s 1 demo\n' "$1" "$1"
}
kept() {	# kept ARCH: the last run's kunit.py outputs in its results
	_k=$tmp/top/build/results/latest/kunit-$1
	[ "$(ktap ok)" = "$(cat "$_k/test.log")" ] && grep -q '"pass"' "$_k/results.json" && [ -f "$_k/kunit.log" ]
}
# The stand-in for kunit.py: FAKE_KUNIT says what it does.
cat > "$tmp/tree/tools/testing/kunit/kunit.py" <<'PY'
import os, sys
obj = [a.split("=", 1)[1] for a in sys.argv if a.startswith("--build_dir=")][0]
how = os.environ["FAKE_KUNIT"]
if how in ("pass", "fail", "passfail"):
    open(os.path.join(obj, "test.log"), "w").write(os.environ["FAKE_LOG"])
    open(os.path.join(obj, "results.json"), "w").write('{"fake": "%s"}\n' % how)
sys.exit(0 if how in ("pass", "nolog") else 1)
PY

for arch in ${STALE_KUNIT_ARCHES:-um i386}; do
	obj=$tmp/tree/obj-$arch
	run() {	# run HOW: the stage, after a passing run of an earlier day
		mkdir -p "$obj"
		ktap ok > "$obj/test.log"
		DEVLIST_RUN='' BUILD=$tmp/top/build FAKE_KUNIT=$1 FAKE_LOG=$(ktap "$2") KUNIT_TREE=$tmp/tree JOBS=1 \
			sh "$tmp/top/scripts/stages/run.sh" "kunit-$arch" > "$tmp/out.$1" 2>&1
		_rc=$?
		echo "$(python3 "$tmp/top/scripts/lib/ktap.py" "$BASE" --count \
			"$tmp/top/build/results/latest/kunit-$arch.ktap" | cut -d' ' -f1-3) rc=$_rc" > "$tmp/counts"
	}
	run build-fails ok
	res "kunit-$arch: a build that fails is red" "0 1 0 rc=1"
	run nolog ok
	res "kunit-$arch: kunit.py that leaves no log is red" "0 1 0 rc=1"
	run fail "not ok"
	if [ "$arch" = um ]; then
		res "kunit-$arch: a failing case is red" "1 1 0 rc=1"
	else
		res "kunit-$arch: a failing case is red, and so is W=1" "1 2 0 rc=1"
	fi
	run passfail ok
	if [ "$arch" = um ]; then
		res "kunit-$arch: kunit.py that fails although every case passed is red" "2 1 0 rc=1"
	else
		res "kunit-$arch: kunit.py that fails although every case passed is red" "2 2 0 rc=1"
	fi
	run pass ok
	if [ "$arch" = um ]; then
		res "kunit-$arch: this run's passing log is green" "2 0 0 rc=0"
	else
		res "kunit-$arch: this run's passing log counts, W=1 fails alone" "2 1 0 rc=1"
	fi
	t "kunit-$arch: kunit.py's logs and JSON kept in the run's results" kept "$arch"
done
exit $fails
