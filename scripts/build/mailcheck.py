#!/usr/bin/env python3
"""mailcheck.py [--fixes] DIR [COVER_TEXT]: the rules a set of mails must
keep that checkpatch does not check.  DIR holds one set as git
format-patch writes it (its cover letter, if any, is 0000-*.patch);
COVER_TEXT is the set's patches/*/cover-letter, when the mails are not
made yet.  --fixes: a set of fixes, each of which must opt out of stable
backports.  Prints one line per finding and exits 1 if there is any.

  - one version across the set: every subject carries the same "vN" (none
    is v1), and is numbered n/m, m the same for all, n from 1 to m (0 for
    the cover letter);
  - above "---", prose and trailers only: the trailers (Fixes:, Cc:,
    Assisted-by:, ...) make up the last paragraph of the message and
    appear nowhere else, and no version history ("Changes since",
    "v2:"), range-diff or stable prose (AUTOSEL, "not meant for stable")
    is in the message: such notes go below "---";
  - --fixes: each patch has exactly one "Cc: <stable+noautosel@kernel.org>
    # reason" trailer, with a reason, and no other stable address;
  - a v1 set's cover letter carries no changelog and no range-diff, and no
    cover letter asks AUTOSEL anything (a cover letter never reaches git).
"""
import os
import re
import sys

TRAILER = re.compile(r'^(Fixes|Cc|Assisted-by|Signed-off-by|Reviewed-by|Acked-by|'
                     r'Tested-by|Reported-by|Suggested-by|Co-developed-by|Link|'
                     r'Closes|Message-ID): ')
NOAUTOSEL = re.compile(r'^Cc: <stable\+noautosel@kernel\.org> # \S')
HISTORY = re.compile(r'^\s*(changes (since|in|from) v\d|v\d+\s*(->|:)|range-diff)', re.I)
STABLE_PROSE = re.compile(r'\bautosel|not (meant|intended) for stable', re.I)
SUBJECT = re.compile(r'^\[([^\]]*?)\s*(\d+)/(\d+)\]')


def header_and_body(text):
    """The mail's Subject (folded lines joined) and its body."""
    head, _, body = text.partition('\n\n')
    subj, lines = '', head.split('\n')
    for i, line in enumerate(lines):
        if line.startswith('Subject: '):
            subj = line[len('Subject: '):]
            for cont in lines[i + 1:]:
                if not cont[:1].isspace():
                    break
                subj += ' ' + cont.strip()
    return subj, body


def message(body):
    """The commit message: the body up to the first "---" line."""
    out = []
    for line in body.split('\n'):
        if line == '---':
            break
        out.append(line)
    return out


def check_prose(name, lines, bad, history=True):
    for line in lines:
        if NOAUTOSEL.match(line):
            continue
        if history and HISTORY.match(line):
            bad.append(f'{name}: version history or range-diff above "---": {line.strip()}')
        if STABLE_PROSE.search(line):
            bad.append(f'{name}: stable prose (say it with a Cc: <stable+noautosel@kernel.org> '
                       f'trailer, notes below "---"): {line.strip()}')


def check_patch(name, msg, fixes, bad):
    while msg and not msg[-1].strip():
        msg.pop()
    paras, cur = [], []
    for line in msg:
        if line.strip():
            cur.append(line)
        elif cur:
            paras.append(cur)
            cur = []
    if cur:
        paras.append(cur)
    if not paras:
        bad.append(f'{name}: no commit message')
        return
    last = paras[-1]
    for line in last:
        if not TRAILER.match(line):
            bad.append(f'{name}: a line in the trailer block is not a trailer: {line.strip()}')
    for para in paras[:-1]:
        for line in para:
            if TRAILER.match(line):
                bad.append(f'{name}: a trailer outside the last paragraph: {line.strip()}')
    check_prose(name, msg, bad)
    if fixes:
        opt = [x for x in last if NOAUTOSEL.match(x)]
        if len(opt) != 1:
            bad.append(f'{name}: {len(opt)} "Cc: <stable+noautosel@kernel.org> # reason" '
                       f'trailers, not one')
        other = [x for x in last if x.startswith('Cc:') and 'stable' in x and not NOAUTOSEL.match(x)]
        for x in other:
            bad.append(f'{name}: another stable address: {x.strip()}')


def main(argv):
    fixes = '--fixes' in argv
    args = [a for a in argv if a != '--fixes']
    if not args:
        sys.exit(__doc__)
    d, cover_text = args[0], args[1] if len(args) > 1 else None
    bad = []
    versions, totals, numbers = set(), set(), []
    mails = sorted(f for f in os.listdir(d) if f.endswith('.patch'))
    if not mails:
        bad.append(f'{d}: no mails')
    for f in mails:
        text = open(os.path.join(d, f), encoding='utf-8').read()
        subj, body = header_and_body(text)
        m = SUBJECT.match(subj)
        if not m and len(mails) == 1:
            m = re.match(r'^\[([^\]]*)\]()()', subj)
        if not m:
            bad.append(f'{f}: subject not "[PREFIX n/m] ...": {subj}')
            continue
        v = re.search(r'\bv(\d+)\b', m.group(1))
        versions.add(int(v.group(1)) if v else 1)
        if m.group(2):
            numbers.append(int(m.group(2)))
            totals.add(int(m.group(3)))
        if m.group(2) == '0' or '0000-cover-letter' in f:
            lines = message(body)
            check_prose(f, lines, bad, history=(versions == {1}))
            if versions == {1} and any(HISTORY.match(x) for x in body.split('\n')):
                bad.append(f'{f}: a v1 cover letter with a changelog or range-diff')
            continue
        check_patch(f, message(body), fixes, bad)
    if len(versions) > 1:
        bad.append(f'{d}: more than one version in one set: {sorted(versions)}')
    if len(totals) > 1:
        bad.append(f'{d}: the subjects disagree on how many patches the set has: {sorted(totals)}')
    elif totals:
        want = list(range(0 if 0 in numbers else 1, totals.pop() + 1))
        if sorted(numbers) != want:
            bad.append(f'{d}: numbered {sorted(numbers)}, not {want}')
    if cover_text and os.path.exists(cover_text):
        text = open(cover_text, encoding='utf-8').read().split('\n')
        check_prose(os.path.basename(os.path.dirname(cover_text)) + '/cover-letter', text, bad,
                    history=(versions <= {1}))
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
