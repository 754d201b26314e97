#!/bin/sh
# Test of scripts/build/mailcheck.py, the lint stage's (and make
# send-dry-run's) mail rules, on sets of mails written here (seconds):
#   1. a good set of fixes (cover letter and two patches, v1) passes;
#   2. each rule is red on a set that breaks only it: a fix without the
#      stable opt-out, one whose opt-out has no reason, two versions in one
#      set, a changelog above "---", stable prose above "---", a trailer in
#      the middle of the message, prose in the trailer block, a v1 cover
#      letter with a range-diff, a cover letter asking AUTOSEL, a gap in
#      the numbering;
#   3. the same good set without --fixes passes (the RFC needs no opt-out).
# usage: mailcheck.sh [MAILCHECK_PY]   (default scripts/build/mailcheck.py;
# the harness stage also runs it on a broken copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
mc=${1:-$top/scripts/build/mailcheck.py}
. "$top/testing/harness/lib.sh"

# mail N OF SUBJECT BODY: a mail as git format-patch writes it
mail() {
	printf 'From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001\nFrom: A <a@invalid>\nSubject: [%s %s/%s] %s\n\n%s\n---\n f | 1 +\n' \
		"${prefix:-PATCH}" "$1" "$2" "$3" "$4"
}
fix_body='A bug, and how to trigger it.

Fixes: 1da177e4c3f4 ("Linux-2.6.12-rc2")
Cc: <stable+noautosel@kernel.org> # only reached with an invalid argument
Assisted-by: LLM sparse'
good() {	# good DIR: the good set
	mkdir -p "$1"
	mail 0 2 "the cover" "Two fixes.

None is worth a backport: each carries Cc: <stable+noautosel@kernel.org>." > "$1/0000-cover-letter.patch"
	mail 1 2 "one" "$fix_body" > "$1/0001-one.patch"
	mail 2 2 "two" "$fix_body" > "$1/0002-two.patch"
}
passes() { python3 "$mc" "$@" > "$tmp/out" 2>&1; }
# red DIR WORDS: mailcheck fails on DIR and says WORDS
red() { ! python3 "$mc" --fixes "$1" > "$tmp/out" 2>&1 && grep -q "$2" "$tmp/out"; }
# bad NAME SED FILE: a copy of the good set with FILE changed by SED
bad() {
	good "$tmp/$1"
	sed -i "$2" "$tmp/$1/$3"
	cmp -s "$tmp/good/$3" "$tmp/$1/$3" && { echo "the mutant $1 changed nothing"; exit 1; }
	return 0
}
good "$tmp/good"
t "a good set of fixes passes" passes --fixes "$tmp/good"
t "... and as a set that needs no stable opt-out" passes "$tmp/good"

bad no-optout '/^Cc: <stable+noautosel/d' 0002-two.patch
t "a fix without the stable opt-out is red" red "$tmp/no-optout" '0 "Cc: <stable+noautosel'
bad no-reason 's/ # only reached.*//' 0001-one.patch
t "an opt-out without a reason is red" red "$tmp/no-reason" 'not one'
bad two-versions 's/^Subject: \[PATCH 2\/2\]/Subject: [PATCH v2 2\/2]/' 0002-two.patch
t "two versions in one set are red" red "$tmp/two-versions" 'more than one version'
bad changelog 's/^A bug, and how to trigger it.$/&\n\nChanges since v1:\n- a word/' 0001-one.patch
t "a changelog above --- is red" red "$tmp/changelog" 'version history'
bad stable-prose 's/^A bug, and how to trigger it.$/& Not meant for stable./' 0001-one.patch
t "stable prose above --- is red" red "$tmp/stable-prose" 'stable prose'
bad mid-trailer 's/^A bug, and how to trigger it.$/Cc: Someone <s@invalid>\n&/' 0001-one.patch
t "a trailer outside the last paragraph is red" red "$tmp/mid-trailer" 'outside the last paragraph'
bad prose-trailers 's/^Assisted-by: LLM sparse$/&\nand some prose/' 0001-one.patch
t "prose in the trailer block is red" red "$tmp/prose-trailers" 'not a trailer'
bad range-diff 's/^Two fixes.$/&\n\nRange-diff against v0:/' 0000-cover-letter.patch
t "a v1 cover letter with a range-diff is red" red "$tmp/range-diff" 'range-diff'
bad autosel 's/^Two fixes.$/& Please let AUTOSEL skip them./' 0000-cover-letter.patch
t "a cover letter asking AUTOSEL is red" red "$tmp/autosel" 'stable prose'
bad gap 's/^Subject: \[PATCH 2\/2\]/Subject: [PATCH 3\/3]/' 0002-two.patch
t "subjects that disagree on the count are red" red "$tmp/gap" 'disagree'
exit $fails
