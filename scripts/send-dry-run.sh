#!/bin/sh
# make send-dry-run [SIGNOFF=1]: the series as the mails its sender would
# send, and git send-email --dry-run of them, with To/Cc from the tree's
# get_maintainer.pl.  From: is the git identity of the person running it;
# with SIGNOFF=1 (their certification of the DCO, as git commit -s is) each
# patch also gets their Signed-off-by, and the mails must then pass
# checkpatch --strict whole.  Nothing is sent.  Mails in build/results/mails.
. "$(dirname "$0")/lib.sh"
set -e
"$TOP/scripts/deps.sh" git-email
"$TOP/scripts/tree.sh"
name=$(git -C "$TOP" config user.name || true)
email=$(git -C "$TOP" config user.email || true)
[ -n "$name" ] && [ -n "$email" ] ||
	die "who sends it?  git config --global user.name 'Your Name'; git config --global user.email you@example.org"
me="$name <$email>"
out=$RESULTS/mails
rm -rf "$out"
mkdir -p "$out"
prefix=${SUBJECT_PREFIX:-RFC PATCH}
git -C "$KSRC" format-patch -q -o "$out" --cover-letter -v2 --base=base \
	--subject-prefix="$prefix" --no-signature base..HEAD
placeholder=$(git -C "$KSRC" log -1 --format='%an <%ae>' HEAD)
for m in "$out"/*.patch; do
	sed -i "s|^From: $placeholder\$|From: $me|" "$m"
	if [ "${SIGNOFF:-}" = 1 ] && ! grep -q '^Subject: .* 0/' "$m"; then
		# after the last trailer of the commit message
		awk -v so="Signed-off-by: $me" '
			!done && /^---$/ { print so; done = 1 }
			{ print }' "$m" > "$m.tmp" && mv "$m.tmp" "$m"
	fi
done
# The cover letter: subject and text from testing/cover/letter.txt.
cover=$(ls "$out"/v2-0000-*.patch)
letter=$TOP/testing/cover/letter.txt
[ -f "$letter" ] || die "no $letter"
python3 - "$cover" "$letter" <<'PY'
import sys
cover, letter = sys.argv[1:]
text = open(letter).read().split('\n', 2)
subject, blurb = text[0], text[2] if len(text) > 2 else ''
c = open(cover).read()
c = c.replace('*** SUBJECT HERE ***', subject).replace('*** BLURB HERE ***', blurb.rstrip('\n'))
open(cover, 'w').write(c)
PY
# and, as format-patch --range-diff would put it, the range-diff against v1
{ echo; echo "Range-diff against v1:"; "$TOP/scripts/range-diff.sh"; } >> "$cover"
ign=MISSING_SIGN_OFF,UNKNOWN_COMMIT_ID
[ "${SIGNOFF:-}" = 1 ] && ign=UNKNOWN_COMMIT_ID
bad=0
for m in "$out"/v2-00[0-9][1-9]-*.patch "$out"/v2-00[1-9]0-*.patch; do
	[ -f "$m" ] || continue
	# the subject, its folded header lines joined
	subj=$(awk '/^Subject:/ { s = $0; while ((getline l) > 0 && l ~ /^[ \t]/) s = s l; print s; exit }' "$m" |
		sed 's/^Subject: \[[^]]*\] //')
	# /usr/bin first, as in the lint stage: spdxcheck.py needs Debian's python3-ply
	(cd "$KSRC" && PATH=/usr/bin:$PATH scripts/checkpatch.pl --strict --quiet --no-summary --ignore "$ign" "$m") |
		grep -E '^(ERROR|WARNING|CHECK):' | while IFS= read -r f; do
			grep -qxF "$subj|$f" "$TOP/testing/lint/checkpatch-allow" || echo "$(basename "$m"): $f"
		done > "$out/checkpatch.txt.part"
	cat "$out/checkpatch.txt.part" >> "$out/checkpatch.txt"
done
rm -f "$out/checkpatch.txt.part"
if [ -s "$out/checkpatch.txt" ]; then
	cat "$out/checkpatch.txt"
	die "checkpatch complains about the mails (above)"
fi
gm="scripts/get_maintainer.pl --nogit --nogit-fallback --norolestats"
(cd "$KSRC" && git send-email --dry-run --confirm=never --no-validate \
	--from="$me" --to-cmd="$gm --nol" --cc-cmd="$gm --nom" "$out"/*.patch) \
	> "$out/dry-run.txt" 2>&1 || { tail -20 "$out/dry-run.txt"; die "git send-email --dry-run failed"; }
grep -E '^(Dry-OK|Subject:|To:|Cc:)' "$out/dry-run.txt" | head -60
say "send-dry-run: $(ls "$out"/*.patch | wc -l) mails in $out, from $me$( [ "${SIGNOFF:-}" = 1 ] && echo ", signed off")"
