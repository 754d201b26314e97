#!/bin/sh
# make cover-letter: write patches/0000-cover-letter.patch from
# testing/cover/blurb.in, the series in build/linux and the latest results
# of make check / make size / make bench (build/results, bench/results.json).
# Stable: the date is the tip commit's, numbers come only from result files.
. "$(dirname "$0")/common.sh"
set -e
res=$BUILD/results
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
git -C "$KSRC" format-patch -q -o "$tmp" --cover-letter --zero-commit \
	--no-signature --minimal base..devlist
n=$(grep -c . "$PATCHES/series")

# line FILE TEXT: "  - TEXT: P passed, F failed" from the stage's counts file
line() {
	[ -f "$res/$1.counts" ] || return 0
	read -r p f s < "$res/$1.counts"
	echo "  - $2: $p passed, $f failed"
}
{
	line kunit "KUnit (kunit.py, lib/devlist.kunitconfig)"
	line kunit-debug "the same under KASAN, PROVE_LOCKING, DEBUG_LIST, DEBUG_OBJECTS, UBSAN (and a clean kernel log)"
	[ -f "$res/conformance/compare.txt" ] && sed 's/^/  - /' "$res/conformance/compare.txt"
	[ -f "$res/conformance/boot.txt" ] && sed 's/^/  - /' "$res/conformance/boot.txt"
	[ -f "$res/fuzz.txt" ] && sed 's/^/  - /' "$res/fuzz.txt"
	line lint "checkpatch --strict (one justified CHECK in patch 1), kernel-doc -Wall, sparse and W=1 against stock"
	line series "every prefix of the series builds (make check-series)"
} > "$tmp/tests"
if [ -f "$res/size.txt" ]; then
	sed -n '/^Objects/,/^total/p;/^Per-registration/,/^  ours/p' "$res/size.txt" | sed 's/^/  /' > "$tmp/size"
else
	echo "  (no make size result yet)" > "$tmp/size"
fi
if [ -f "$res/bench/table.txt" ]; then
	sed 's/^/  /' "$res/bench/table.txt" > "$tmp/bench"
else
	echo "  (no make bench result yet)" > "$tmp/bench"
fi

python3 - "$tmp/0000-cover-letter.patch" "$TOP/testing/cover/blurb.in" \
	"$tmp/tests" "$tmp/size" "$tmp/bench" "$n" "$(git -C "$KSRC" log -1 --format=%aD devlist)" <<'PY'
import re, sys
cl, blurb, tests, size, bench, n, date = sys.argv[1:8]
text = open(blurb).read()
for key, path in (('@TESTS@', tests), ('@SIZE@', size), ('@BENCH@', bench)):
    text = text.replace(key, open(path).read().rstrip('\n'))
text = text.replace('@N@', n)
subject, body = text.split('\n', 1)
out = open(cl).read()
out = re.sub(r'^Date: .*$', 'Date: ' + date, out, count=1, flags=re.M)
out = re.sub(r'^Subject: .*$', subject, out, count=1, flags=re.M)
out = out.replace('*** BLURB HERE ***', body.strip('\n'))
open(cl, 'w').write(out)
PY
cp "$tmp/0000-cover-letter.patch" "$PATCHES/0000-cover-letter.patch"
say "cover letter: patches/0000-cover-letter.patch"
