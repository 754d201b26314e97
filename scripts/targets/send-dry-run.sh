#!/bin/sh
# make send-dry-run [SIGNOFF=1]: every series as the mails its sender
# would send, and git send-email --dry-run of them, with To/Cc from the
# tree's get_maintainer.pl plus each set's patches/SET/cc (the people a
# maintainer expects on Cc, each with the reason, shown here): the char
# fixes and the block fix ("[PATCH n/m]", each set for stock alone, to its
# own maintainers) and the RFC ("[RFC PATCH n/m]", on top of them), each
# set of more than one patch with its cover letter (patches/*/cover-letter).
# No set has been posted, so each is v1: no version, no changelog, no
# range-diff (make range-diff shows the internal versions' one).  From: is
# the git identity of the person running it; with SIGNOFF=1 (their
# certification of the DCO, as git commit -s is) each patch also gets
# their Signed-off-by, and the mails must then pass checkpatch --strict
# whole.  The mails must keep scripts/build/mailcheck.py's rules too.  No
# base-commit: the base is Debian's 7.3.4 tarball, whose commit id no one
# upstream has; the cover letters name the release.  Nothing is sent.
# Mails in build/results/RUN/mails/SET; at the end, the notes for the
# sender (patches/sender-notes), which are never mailed.
. "$(dirname "$0")/../lib/lib.sh"
# The cover letters quote the records of make check, make bench and make
# bench-native in docs/results.md: no mails while one of them was made on
# other code than patches/ holds (results.py --other-code), unless
# OTHER_CODE_OK=1, for a dry run only.
if ! python3 "$TOP/scripts/lib/results.py" --other-code 'check-cold|check-warm' bench bench-native; then
	[ "${OTHER_CODE_OK:-}" = 1 ] ||
		die "the make check, make bench and make bench-native records the cover letters quote are not of the code in patches/ (above): run them again and commit docs/results.md; for a dry run only, make send-dry-run OTHER_CODE_OK=1"
	warn "OTHER_CODE_OK=1: the mails quote figures of other code; a dry run only, never send them"
fi
set -e
"$TOP/scripts/build/deps.sh" git-email
"$TOP/scripts/build/tree.sh"
name=$(git -C "$TOP" config user.name || true)
email=$(git -C "$TOP" config user.email || true)
[ -n "$name" ] && [ -n "$email" ] ||
	die "who sends it?  git config --global user.name 'Your Name'; git config --global user.email you@example.org"
me="$name <$email>"
out=$RESULTS/mails
rm -rf "$out"
placeholder=$(git -C "$KSRC" log -1 --format='%an <%ae>' HEAD)
ign=MISSING_SIGN_OFF,UNKNOWN_COMMIT_ID
[ "${SIGNOFF:-}" = 1 ] && ign=UNKNOWN_COMMIT_ID
for s in $SERIES_DIRS; do
	range=$(set_range "$s")
	prefix=$(set_prefix "$s")
	# a set of one patch goes without a cover letter
	cl=--cover-letter
	[ "$(set_size "$s")" = 1 ] && [ "$s" != rfc ] && cl=
	mkdir -p "$out/$s"
	# shellcheck disable=SC2086
	git -C "$KSRC" format-patch -q -o "$out/$s" $cl \
		--subject-prefix="$prefix" --no-signature "$range"
	for m in "$out/$s"/*.patch; do
		sed -i "s|^From: $placeholder\$|From: $me|" "$m"
		if [ "${SIGNOFF:-}" = 1 ] && ! grep -q '^Subject: .* 0*0/' "$m"; then
			# after the last trailer of the commit message
			awk -v so="Signed-off-by: $me" '
				!done && /^---$/ { print so; done = 1 }
				{ print }' "$m" > "$m.tmp" && mv "$m.tmp" "$m"
		fi
	done
	# the cover letter: subject and text from patches/$s/cover-letter
	cover=$(ls "$out/$s"/*0000-*.patch 2>/dev/null || true)
	letter=$PATCHES/$s/cover-letter
	[ -z "$cover" ] || [ -f "$letter" ] || die "no $letter"
	[ -z "$cover" ] || python3 - "$cover" "$letter" <<'PY'
import sys
cover, letter = sys.argv[1:]
text = open(letter).read().split('\n', 2)
subject, blurb = text[0], text[2] if len(text) > 2 else ''
c = open(cover).read()
c = c.replace('*** SUBJECT HERE ***', subject).replace('*** BLURB HERE ***', blurb.rstrip('\n'))
open(cover, 'w').write(c)
PY
	for m in "$out/$s"/*.patch; do
		[ "$m" = "$cover" ] && continue
		"$TOP/scripts/build/checkpatch.sh" "$m" "$ign"
	done > "$out/$s.checkpatch.txt"
	if [ -s "$out/$s.checkpatch.txt" ]; then
		cat "$out/$s.checkpatch.txt"
		die "checkpatch complains about the $s mails (above)"
	fi
	f=--fixes
	[ "$s" = rfc ] && f=
	# shellcheck disable=SC2086 # $f: an option or nothing
	python3 "$TOP/scripts/build/mailcheck.py" $f "$out/$s" ||
		die "the $s mails break the mail rules (above)"
	# the people a maintainer expects on Cc besides get_maintainer.pl's
	extra=$(sed -n 's/^\([^#][^#]*[^ #]\) *#.*/\1/p' "$PATCHES/$s/cc" 2>/dev/null | paste -sd, -)
	gm="scripts/get_maintainer.pl --nogit --nogit-fallback --norolestats"
	# The cover letter touches no file: it goes to everyone its patches
	# go to, as b4 sends it.
	ps=''
	for m in "$out/$s"/*.patch; do [ "$m" = "$cover" ] || ps="$ps $m"; done
	# shellcheck disable=SC2086 # the patch files
	to=$(cd "$KSRC" && $gm --nol $ps | paste -sd, -)
	# shellcheck disable=SC2086
	cc=$(cd "$KSRC" && { $gm --nom $ps; echo "$extra" | tr , '\n'; } | grep . | sort -u | paste -sd, -)
	[ -z "$cover" ] || python3 - "$cover" "$to" "$cc" <<'PY'
import sys
cover, to, cc = sys.argv[1:]
head, sep, body = open(cover).read().partition('\n\n')
head += (f'\nTo: {to}' if to else '') + (f'\nCc: {cc}' if cc else '')
open(cover, 'w').write(head + sep + body)
PY
	(cd "$KSRC" && git send-email --dry-run --confirm=never --no-validate \
		--from="$me" --to-cmd="$gm --nol" --cc-cmd="$gm --nom" ${extra:+--cc="$extra"} \
		"$out/$s"/*.patch) \
		> "$out/$s.dry-run.txt" 2>&1 ||
		{ tail -20 "$out/$s.dry-run.txt"; die "git send-email --dry-run failed ($s)"; }
	grep -E '^(Dry-OK|Subject:|To:|Cc:)' "$out/$s.dry-run.txt" | head -40
	if [ -n "$extra" ]; then
		say "send-dry-run: $s: Cc'd besides get_maintainer.pl's (patches/$s/cc):"
		grep -v '^#' "$PATCHES/$s/cc" | sed 's/^/    /'
	fi
	say "send-dry-run: $s: $(ls "$out/$s"/*.patch | wc -l) mails in $out/$s, from $me$( [ "${SIGNOFF:-}" = 1 ] && echo ", signed off")"
done
echo
say "notes for the sender, to read before sending (never mailed): patches/sender-notes"
cat "$PATCHES/sender-notes"
