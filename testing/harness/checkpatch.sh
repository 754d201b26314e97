#!/bin/sh
# Test of scripts/build/checkpatch.sh, with fake checkpatch.pl's in a scratch
# tree (seconds):
#   1. a clean patch (exit 0, no output) reads clean;
#   2. a finding (exit 1) is printed, one a testing/lint/checkpatch-allow
#      line accepts is not;
#   3. a checkpatch.pl that dies (exit 2, a message on stderr) fails,
#      with a line saying so;
#   4. one that exits 1 without a finding, or 0 with a traceback on
#      stderr, fails too.
# usage: checkpatch.sh [CHECKPATCH_SH]   (default scripts/build/checkpatch.sh; the
# harness stage also runs it on a broken copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
unset BUILD
cp_sh=${1:-$top/scripts/build/checkpatch.sh}
. "$top/testing/harness/lib.sh"
mkdir -p "$tmp/top/scripts/build" "$tmp/top/testing/lint" "$tmp/top/build/linux/scripts"
cp -r "$top/scripts/lib" "$tmp/top/scripts/"
cp "$cp_sh" "$tmp/top/scripts/build/checkpatch.sh"
echo 'fix: a thing|CHECK: accepted' > "$tmp/top/testing/lint/checkpatch-allow"
printf 'From: x\nSubject: [PATCH 1/1] fix: a thing\n\nbody\n' > "$tmp/p.patch"
# the fake prints $FAKE_OUT, $FAKE_ERR on stderr, and exits $FAKE_RC
cat > "$tmp/top/build/linux/scripts/checkpatch.pl" <<'EOS'
#!/bin/sh
[ -n "$FAKE_OUT" ] && printf '%b\n' "$FAKE_OUT"
[ -n "$FAKE_ERR" ] && printf '%b\n' "$FAKE_ERR" >&2
exit "$FAKE_RC"
EOS
chmod +x "$tmp/top/build/linux/scripts/checkpatch.pl"
# run RC OUT ERR: the script's output on a fake run, in $tmp/out; its status
run() {
	FAKE_RC=$1 FAKE_OUT=$2 FAKE_ERR=$3 sh "$tmp/top/scripts/build/checkpatch.sh" "$tmp/p.patch" > "$tmp/out" 2>&1
}
clean() { run "$@" && [ ! -s "$tmp/out" ]; }
flags() { ! run "$@" && grep -q 'checkpatch.pl failed' "$tmp/out"; }
t "a clean patch reads clean" clean 0 '' ''
t "a finding is printed, an accepted one is not" \
	sh -c 'FAKE_RC=1 FAKE_OUT="CHECK: accepted\nWARNING: real" FAKE_ERR= sh "$1" "$2" > "$3";
	       grep -q "p.patch: WARNING: real" "$3" && ! grep -q accepted "$3"' \
	- "$tmp/top/scripts/build/checkpatch.sh" "$tmp/p.patch" "$tmp/out"
t "a checkpatch.pl that dies (exit 2, stderr) fails" flags 2 '' 'Died at checkpatch.pl line 1.'
t "an exit 1 without a finding fails" flags 1 '' ''
t "a traceback on stderr fails, whatever the exit status" flags 0 '' 'Traceback (most recent call last):'
exit $fails
