#!/usr/bin/env python3
"""Transcripts of testing/conformance/devlist_transcript.c: the records,
parse() (with /proc/devices rebuilt before and after each call), clone(),
read() and serialise(), which gives back the text parse() read.  Part of
the comparer (compare.py; rules.py, model.py), split as kunit.py splits
its parser from its command line."""
import re

WHOLE = 1 << 20
MINORMASK = WHOLE - 1
TOP = 1 << 32


class TranscriptError(Exception):
    pass


class Rec:
    """One call: its C line, its messages, and /proc/devices around it."""
    __slots__ = ('n', 'flag', 'api', 'argv', 'ret', 'dev', 'msgs', 'noise',
                 'hunk', 'before', 'after', 'refused', 'bad')

    def __init__(self):
        self.msgs, self.noise, self.hunk = [], [], None
        self.ret = self.dev = None
        self.refused = False
        self.bad = None          # the record does not apply to its state

    def call(self):
        return ' '.join([self.flag, self.api] + self.argv)


class Seed:
    def __init__(self, seed):
        self.seed, self.recs, self.end, self.end_noise = seed, [], None, []


class Transcript:
    def __init__(self):
        self.header, self.boot, self.seeds, self.z = None, [], [], None


C_LINE = re.compile(r'^C (\d+) ([.pf]) (\S+)((?: \S+)*?)(?: = (-?\d+))?(?: dev=(\d+:\d+))?( REFUSED)?$')


def parse(text):
    """Parse a transcript; rebuild /proc/devices before and after each call."""
    tr = Transcript()
    seed = rec = None
    noise = []
    state = None
    hunk_open = False

    def close():
        nonlocal state
        if rec is None:
            return
        rec.before = state
        if rec.hunk is not None:
            i, dels, adds = rec.hunk
            if list(state[i:i + len(dels)]) != dels:
                rec.bad = 'its /proc/devices change does not apply'
                rec.after = state
            else:
                rec.after = state[:i] + tuple(adds) + state[i + len(dels):]
        else:
            rec.after = state
        state = rec.after

    for ln, line in enumerate(text.split('\n'), 1):
        if line == '' :
            continue
        tag, rest = line[0], line[2:] if len(line) > 1 else ''
        if tag in '-+@' and rec is not None and (tag == '@' or hunk_open):
            if tag == '@':
                rec.hunk = (int(line[1:]), [], [])
                hunk_open = True
            else:
                rec.hunk[1 if tag == '-' else 2].append(line[1:])
            continue
        hunk_open = False
        if tag == 'T':
            tr.header = rest
        elif tag == 'B':
            tr.boot.append(rest)
            state = tuple(tr.boot)
        elif tag == 'S':
            close()
            rec = None
            seed = Seed(rest)
            tr.seeds.append(seed)
        elif tag == 'N':
            noise.append(rest)
        elif tag == 'C':
            close()
            m = C_LINE.match(line)
            if not m or seed is None:
                raise TranscriptError(f'line {ln}: bad call line: {line!r}')
            rec = Rec()
            rec.n, rec.flag, rec.api = int(m[1]), m[2], m[3]
            rec.argv = m[4].split()
            rec.ret = int(m[5]) if m[5] is not None else None
            rec.dev = m[6]
            rec.refused = bool(m[7])
            rec.noise, noise = noise, []
            seed.recs.append(rec)
        elif tag == 'M':
            if rec is None:
                raise TranscriptError(f'line {ln}: message outside a call')
            rec.msgs.append(rest)
        elif tag == 'E':
            close()
            rec = None
            parts = rest.split()
            if seed is None or parts[0] != seed.seed:
                raise TranscriptError(f'line {ln}: end of a seed that did not start')
            seed.end = (parts[1], state)
            seed.end_noise, noise = noise, []
        elif tag == 'Z':
            close()
            rec = None
            tr.z = rest
        else:
            raise TranscriptError(f'line {ln}: unknown line {line!r}')
    close()
    if tr.header is None or not tr.boot:
        raise TranscriptError('no header or no boot listing')
    return tr


def clone(tr):
    """A copy whose records can be changed (states are immutable, shared)."""
    t = Transcript()
    t.header, t.boot, t.z = tr.header, list(tr.boot), tr.z
    for s in tr.seeds:
        c = Seed(s.seed)
        c.end, c.end_noise = s.end, list(s.end_noise)
        for r in s.recs:
            n = Rec()
            for k in Rec.__slots__:
                v = getattr(r, k)
                setattr(n, k, list(v) if isinstance(v, list) else v)
            c.recs.append(n)
        t.seeds.append(c)
    return t


def read(path):
    with open(path, encoding='utf-8', errors='replace') as f:
        return parse(f.read())


# ---- serialising (for the self-test's mutants; the module's format) ----

def hunk_of(a, b):
    pre = 0
    while pre < len(a) and pre < len(b) and a[pre] == b[pre]:
        pre += 1
    suf = 0
    while suf < len(a) - pre and suf < len(b) - pre and a[-1 - suf] == b[-1 - suf]:
        suf += 1
    return pre, list(a[pre:len(a) - suf]), list(b[pre:len(b) - suf])


def serialise(tr):
    out = ['T ' + tr.header] + ['B ' + b for b in tr.boot]
    state = tuple(tr.boot)
    for seed in tr.seeds:
        out.append('S ' + seed.seed)
        for r in seed.recs:
            out += ['N ' + x for x in r.noise]
            line = f'C {r.n} {r.call()}'
            if r.ret is not None:
                line += f' = {r.ret}'
            if r.dev is not None:
                line += f' dev={r.dev}'
            if r.refused:
                line += ' REFUSED'
            out.append(line)
            out += ['M ' + x for x in r.msgs]
            if r.after != state:
                i, dels, adds = hunk_of(state, r.after)
                out.append(f'@{i}')
                out += ['-' + x for x in dels] + ['+' + x for x in adds]
            state = r.after
        if seed.end is not None:
            out += ['N ' + x for x in seed.end_noise]
            out.append(f'E {seed.seed} {seed.end[0]}')
    if tr.z is not None:
        out.append('Z ' + tr.z)
    return '\n'.join(out) + '\n'


# ---- the model: /proc/devices and the pieces the transcript holds ----
