#!/bin/sh
# Test of the identity every result carries: lib/series.sh's code_hash
# (the one hash of the series' code) and scripts/lib/results.py's records
# in docs/results.md, on a tiny git tree and a scratch copy of scripts/
# (seconds):
#   1. the hash is of the diffs: a reword of a commit, or the index lines'
#      blob ids, leave it; a changed line, or a patch moved to another
#      set, change it; build/linux's commits hash as patches/ does;
#   2. a record results.py writes names the code hash it measured;
#   3. --other-code names the records of other code (and those without a
#      hash), and fails while one named is one; "a|b" is met by either;
#   4. make send-dry-run refuses to write mails while the make check, make
#      bench and make bench-native records are of other code, saying how
#      to go on for a dry run, and with OTHER_CODE_OK=1 goes on, as it
#      does without once they are of this code.
# usage: identity.sh [SCRIPTS_DIR]   (default scripts/; the harness stage
# also runs it on broken copies, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
scripts=${1:-$top/scripts}
unset BUILD PATCHES DEVLIST_CODE DEVLIST_REPO DEVLIST_BASE
. "$top/testing/harness/lib.sh"
T=$tmp/top
mkdir -p "$T/docs" "$T/build"
cp -r "$scripts" "$T/scripts"
K=$T/build/linux
g() { git -C "$K" -c user.name=t -c user.email=t@t "$@"; }
mkdir -p "$K"
git -C "$K" init -q
printf 'a\nb\nc\n' > "$K/f.c"
g add -A && g commit -q -m base && g tag base
sed -i 's/^b$/B/' "$K/f.c" && g commit -q -a -m "fix: one"
sed -i 's/^c$/C/' "$K/f.c" && g commit -q -a -m "rfc: two"
lib() { sh -c '. "$0"; '"$1" "$T/scripts/lib/lib.sh"; }
# patches/ as make export writes them: one fix, no block fix, the RFC
export_to() {
	rm -rf "$1"
	for s in fixes fixes-block rfc; do mkdir -p "$1/$s"; done
	SET_SIZES="1 0" lib "format_series '$1'"
	for s in fixes fixes-block rfc; do (cd "$1/$s" && ls -- *.patch 2>/dev/null) > "$1/$s/series"; done
}
export_to "$T/patches"
h0=$(lib code_hash)
t "build/linux's commits hash as patches/ does" test "$(SET_SIZES="1 0" lib tested_code_hash)" = "$h0"
g commit -q --amend -m "rfc: two, reworded" -m "with a body"
export_to "$T/patches"
t "a reword keeps the code hash" test "$(lib code_hash)" = "$h0"
sed -i 's/^index \([0-9a-f]*\)\.\.\([0-9a-f]*\)/index \1abc..\2abc/' "$T/patches/rfc/"*.patch
t "... and so do longer blob ids in the index lines" test "$(lib code_hash)" = "$h0"
mv "$T/patches/rfc/"*.patch "$T/patches/fixes-block/"
(cd "$T/patches/fixes-block" && ls -- *.patch) > "$T/patches/fixes-block/series"
: > "$T/patches/rfc/series"
t "a patch moved to another set changes it" test "$(lib code_hash)" != "$h0"
sed -i 's/^C$/CC/' "$K/f.c" && g commit -q -a --amend -m "rfc: two, reworded"
export_to "$T/patches"
h1=$(lib code_hash)
t "a changed line changes it" test "$h1" != "$h0"

# docs/results.md: a record of other code than patches/, one written
# before there was a hash, and one results.py writes now
cat > "$T/docs/results.md" <<EOF
# devlist: results

<!-- results: old -->
## old

2026-01-01 00:00 UTC; 2 CPUs, x; patches 0123456789ab (repository at 1234567).
<!-- /results: old -->

<!-- results: other -->
## other

2026-01-01 00:00 UTC; 2 CPUs, x; code $h0 (repository at 1234567).
<!-- /results: other -->
EOF
echo figures | SET_SIZES="1 0" python3 "$T/scripts/lib/results.py" new "make new" - > /dev/null
t "a new record names the code hash it measured" \
	grep -q "^[0-9-]* [0-9:]* UTC; .*; code $h1 (repository at " "$T/docs/results.md"
other() { python3 "$T/scripts/lib/results.py" --other-code "$@" > "$tmp/note"; }
refused() { ! other "$@"; }
named() { other; grep -q "old (no code hash), other (code $h0)" "$tmp/note" && ! grep -q 'new (' "$tmp/note"; }
t "--other-code: records of other code, or of no code hash, named" named
t "--other-code: fails while a record named is of other code" refused new other
t "... or missing" refused new gone
t "--other-code: passes on records of this code; a|b met by either" other new 'other|new'
# send-dry-run: "other" stands for make bench's record, of other code
printf '#!/bin/sh\necho "deps: $*"; exit 3\n' > "$T/scripts/build/deps.sh"
sed -i 's/^<!-- results: other -->$/<!-- results: bench -->/; s/^<!-- \/results: other -->$/<!-- \/results: bench -->/' \
	"$T/docs/results.md"
for r in check-cold bench-native; do
	echo figures | SET_SIZES="1 0" python3 "$T/scripts/lib/results.py" "$r" "make $r" - > /dev/null
done
send() { SET_SIZES="1 0" sh "$T/scripts/targets/send-dry-run.sh" > "$tmp/send" 2>&1; }
refuses() { ! send && grep -q 'OTHER_CODE_OK=1' "$tmp/send" && ! grep -q '^deps:' "$tmp/send"; }
t "send-dry-run: refuses while make bench's record is of other code" refuses
goes_on() { OTHER_CODE_OK=1 send; grep -q '^deps: git-email' "$tmp/send"; }
t "... and with OTHER_CODE_OK=1 goes on" goes_on
echo figures | SET_SIZES="1 0" python3 "$T/scripts/lib/results.py" bench "make bench" - > /dev/null
goes() { send; grep -q '^deps: git-email' "$tmp/send"; }
t "... and once the three records are of this code, goes on" goes
exit $fails
