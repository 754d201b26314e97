#!/usr/bin/env python3
"""Compare the API transcript of a patched kernel with stock's, call by call.

usage: compare.py [-q] [--emulated] STOCK_TRANSCRIPT OURS_TRANSCRIPT
  -q          print only the first 20 failures
  --emulated  OURS was recorded on stock with the module's emulate=1 (the
              intentional differences faked): its header must say so, and
              every rule must have been used; a test of this comparer and of
              the module's lockstep that needs no patched kernel

The transcripts are written by testing/conformance/devlist_transcript.c
(format in its header comment).  For every call, on both kernels: the call
itself (API and arguments), the return value, dev= (major and minor), the
kernel messages the call printed (in order; a WARN is one line), and the
whole /proc/devices after the call (rebuilt from the boot listing and the
recorded changes) must be equal.  A call that differs is a failure, unless
exactly one of these rules explains it.  A rule names one intentional
difference, by its ID in docs/design.md ("Intentional differences"), checks
its preconditions on the comparer's own model of the state before the call,
and allows exactly one pair of outcomes, every field of both of them
predicted:

  D1c, D1b  a dynamic major where stock's hash-slot search and the patched
            search pick different majors on the /proc/devices before the
            call: D1c for a char one (alloc_chrdev_region, __register_chrdev
            or register_chrdev with major 0), D1b for a block one
            (register_blkdev(0)).
            Stock gets its pick S, ours its pick P: the return value, dev=
            and the one new /proc/devices line each imply, no message; or,
            where S does not exist, stock -EBUSY with its "dynamic allocation
            region is full" / "failed to get major" message and nothing held.
            The next call (the probe's follow-up) releases, on each kernel,
            exactly what it got (or is a "skip" where it got nothing), and
            both are back to the state before the probe.
  D2t       register_chrdev_region(from, count), from + count >= 2^32,
            MAJOR(from) not 0: stock 0, no message, nothing held; ours
            -EINVAL, no message, nothing held.
  D2m       alloc_chrdev_region() or __register_chrdev() with a baseminor
            beyond MINORMASK that passes stock's (wrapping) range check:
            stock registers it in its dynamic pick (or the fixed major) with
            the dev= that overflows into the major, one new line, no message;
            ours -EINVAL with exactly stock's "minor range requested (b-e)"
            message, nothing held.  Its follow-up, __unregister_chrdev() of
            stock's piece, brings stock back and leaves ours unchanged.
  D3        unregister_chrdev_region(from, count), from + count >= 2^32,
            above every boot reservation: stock releases nothing; ours
            exactly the tracked pieces that match the per-major pieces of
            [from, 2^32).  Its follow-ups, one exact release of each of
            those, bring stock to the same state and leave ours alone.
  D4        register_chrdev_region(MKDEV(0, m), count), m <= MINORMASK,
            m + count < 2^32: ours -EINVAL, no message, nothing held.  Stock,
            where its dynamic pick S exists and count is not 0, takes the
            first piece [m, min(m + count, 2^20)) in S: within one major 0
            and the one new line "S name"; across majors -EBUSY, no message,
            and the same line (a later piece fails on the boot major 1 and
            the first one is kept).  Where S does not exist, -EBUSY with the
            "dynamic allocation region is full" message, nothing held; with
            count 0, 0 and nothing held.  Its follow-up, where stock holds
            the piece, releases it exactly: stock back, ours unchanged.

Per seed, the rule state (a pending follow-up) starts empty; a seed must end
with /proc/devices equal to the boot listing on both kernels.  Prints one line
per failing call, then
  compare: N calls, F failed, R explained by rules (D1c a, D1b b, ...)
and exits 0 only when F is 0 and every check passed.
"""
import functools
import re
import sys

WHOLE = 1 << 20
MINORMASK = WHOLE - 1
TOP = 1 << 32
RULES = ('D1c', 'D1b', 'D2t', 'D2m', 'D3', 'D4')     # docs/design.md
EBUSY, EINVAL = -16, -22


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

@functools.lru_cache(maxsize=8192)
def entries(state):
    """((section, major, name, index), ...) of a /proc/devices text."""
    res, sec = [], None
    for i, line in enumerate(state):
        if line == 'Character devices:':
            sec = 'c'
        elif line == 'Block devices:':
            sec = 'b'
        else:
            m = re.match(r'^ *(\d+) (.*)$', line)
            if m and sec:
                res.append((sec, int(m[1]), m[2], i))
    return tuple(res)


@functools.lru_cache(maxsize=8192)
def majors(state, sec):
    return frozenset(maj for s, maj, _, _ in entries(state) if s == sec)


def stock_chr(state):
    held = majors(state, 'c')
    for i in range(254, 233, -1):
        if i not in held and i + 255 not in held:
            return i
    for i in range(511, 383, -1):
        if i not in held:
            return i
    return None


def ours_chr(state):
    held = majors(state, 'c')
    for i in list(range(254, 233, -1)) + list(range(511, 383, -1)):
        if i not in held:
            return i
    return None


def stock_blk(state):
    held = majors(state, 'b')
    for i in range(254, 0, -1):
        if not {i, i + 255, i + 510} & held:
            return i
    return None


def ours_blk(state):
    held = majors(state, 'b')
    for i in range(254, 0, -1):
        if i not in held:
            return i
    return None


def line_of(sec, major, name):
    return '%3d %s' % (major, name[:63] if sec == 'c' else name[:15])


def with_line(state, sec, major, name):
    """@state with the line of (major, name) added after the lines of major."""
    pos = None
    cur = None
    for i, line in enumerate(state):
        if line in ('Character devices:', 'Block devices:'):
            cur = 'c' if line[0] == 'C' else 'b'
            if cur == sec:
                pos = i + 1
            continue
        m = re.match(r'^ *(\d+) ', line)
        if cur == sec and m:
            if int(m[1]) > major:
                break
            pos = i + 1
    if pos is None:
        raise ValueError('no section ' + sec)
    return state[:pos] + (line_of(sec, major, name),) + state[pos:]


def without_line(state, text):
    i = state.index(text)
    return state[:i] + state[i + 1:]


def decompose(frm, count):
    """The per-major pieces (major, base, count) of [frm, frm + count)."""
    res, n, to = [], frm, frm + count
    while n < to:
        nxt = min(((n >> 20) + 1) << 20, to)
        res.append((n >> 20, n & MINORMASK, nxt - n))
        n = nxt
    return res


def in_decomp(piece, frm, to):
    major, base, count = piece[:3]
    first = (major << 20) + base
    if not count or first < frm or first >= to:
        return False
    if first != frm and base:
        return False
    return count == min(to, (major + 1) << 20) - first


class Model:
    """Pieces (major, base, count, name) that the calls made, in order."""

    def __init__(self, side):
        self.side, self.pieces = side, []

    def added(self, rec, name):
        """Majors of the char lines of @name that the call added."""
        before = [e[:3] for e in entries(rec.before)]
        res = []
        for e in entries(rec.after):
            if e[:3] in before:
                before.remove(e[:3])
            elif e[0] == 'c' and e[2] == name[:63]:
                res.append(e[1])
        return res

    def release(self, major, base, count):
        for i, p in enumerate(self.pieces):
            if p[:3] == (major, base, count):
                del self.pieces[i]
                return

    def release_range(self, frm, to):
        self.pieces = [p for p in self.pieces if not in_decomp(p, frm, to)]

    def update(self, rec):
        a, api, ret = rec.argv, rec.api, rec.ret
        try:
            if api == 'rcr':
                maj, base = map(int, a[0].split(':'))
                frm, count, name = (maj << 20) + base, int(a[1]), a[2]
                if ret == 0 and count and frm + count < TOP:
                    pcs = [list(p) + [name] for p in decompose(frm, count)]
                    if maj == 0:
                        got = self.added(rec, name)
                        if not got:
                            return
                        pcs[0][0] = max(got)
                    self.pieces += [tuple(p) for p in pcs]
                elif ret is not None and ret < 0 and maj == 0:
                    for g in self.added(rec, name):   # stock's leak
                        self.pieces.append((g, base, WHOLE - base, name))
            elif api == 'acr' and ret == 0:
                for g in self.added(rec, a[2]):
                    self.pieces.append((g, int(a[0]), int(a[1]), a[2]))
            elif api == 'rc' and ret is not None and ret >= 0:
                maj = int(a[0]) or ret
                self.pieces.append((maj, int(a[1]), int(a[2]), a[3]))
            elif api == 'rc0' and ret is not None and ret >= 0:
                self.pieces.append((int(a[0]) or ret, 0, 256, a[1]))
            elif api == 'ucr':
                maj, base = map(int, a[0].split(':'))
                frm, count = (maj << 20) + base, int(a[1])
                if frm + count < TOP:
                    self.release_range(frm, frm + count)
                elif self.side == 'ours':
                    self.release_range(frm, TOP)
            elif api == 'uc':
                self.release(int(a[0]), int(a[1]), int(a[2]))
            elif api == 'uc0':
                self.release(int(a[0]), 0, 256)
        except (ValueError, IndexError):
            pass


# ---- the rules ----

def full_msg(api, name):
    if api == 'rb':
        return f'__register_blkdev: failed to get major for {name}'
    return f'CHRDEV "{name}" dynamic allocation region is full'


def minor_msg(name, base, count):
    return (f'CHRDEV "{name}" minor range requested ({base}-{(base + count - 1) % TOP}) '
            f'is out of range of maximum range (0-{MINORMASK}) for a single major')


def top_msg(name, n):
    return f'CHRDEV "{name}" major requested ({n}) is greater than the maximum (511)'


def outcome(rec):
    return (rec.ret, rec.dev, tuple(rec.msgs), rec.after)


def dynamic_call(rec):
    """(section, base, count, name) of a call that asks for a dynamic major
    in the ordinary way, or None."""
    a = rec.argv
    try:
        if rec.api == 'acr':
            base, count, name = int(a[0]), int(a[1]), a[2]
        elif rec.api == 'rc' and int(a[0]) == 0:
            base, count, name = int(a[1]), int(a[2]), a[3]
        elif rec.api == 'rc0' and int(a[0]) == 0:
            base, count, name = 0, 256, a[1]
        elif rec.api == 'rb' and int(a[0]) == 0:
            return 'b', 0, 0, a[1]
        else:
            return None
    except (ValueError, IndexError):
        return None
    if base > MINORMASK or base + count > WHOLE:
        return None
    return 'c', base, count, name


def dyn_expect(rec, sec, base, count, name, major):
    """The outcome of a dynamic call that gets @major (None: none free)."""
    if major is None:
        return (EBUSY, None, (full_msg(rec.api, name),), rec.before)
    ret = major if rec.api in ('rc', 'rc0', 'rb') else 0
    dev = f'{major}:{base}' if rec.api == 'acr' else None
    return (ret, dev, (), with_line(rec.before, sec, major, name))


def dyn_release(api, major, base, count, name):
    """The follow-up call that releases what a probe got (None: skip)."""
    if major is None:
        return 'f skip'
    if api in ('acr', 'rcr'):
        if count:
            return f'f ucr {major}:{base} {count}'
        return f'f uc {major} {base} 0 {name}'
    if api == 'rc':
        return f'f uc {major} {base} {count} {name}'
    if api == 'rc0':
        return f'f uc0 {major} {name}'
    return f'f ub {major} {name[:15]}'


class Pending:
    """Follow-ups a rule expects, and the states they must lead to."""

    def __init__(self, rule, kind, **kw):
        self.rule, self.kind = rule, kind
        self.__dict__.update(kw)


def rule_d1(s, o, ctx):
    """D1c (char) or D1b (block): one function, the ID by the section."""
    d = dynamic_call(s)
    if not d or s.before != o.before:
        return None
    sec, base, count, name = d
    rid = 'D1c' if sec == 'c' else 'D1b'
    if sec == 'c':
        sp, op = stock_chr(s.before), ours_chr(o.before)
    else:
        sp, op = stock_blk(s.before), ours_blk(o.before)
    if sp == op:
        return None
    want_s = dyn_expect(s, sec, base, count, name, sp)
    want_o = dyn_expect(o, sec, base, count, name, op)
    if outcome(s) != want_s:
        return rid, False, f'stock is not its model (pick {sp})'
    if outcome(o) != want_o:
        return rid, False, f'ours is not the model: ours must get {op}, stock {sp}'
    ctx.pending = Pending(rid, 'probe', state=s.before,
                          stock=dyn_release(s.api, sp, base, count, name),
                          ours=dyn_release(s.api, op, base, count, name))
    return rid, True, None


def top_args(rec):
    """(from, count, name) of a register_chrdev_region() reaching the top of
    dev_t from a fixed major (D2t's calls), or None."""
    if rec.api != 'rcr':
        return None
    try:
        maj, base = map(int, rec.argv[0].split(':'))
        count, name = int(rec.argv[1]), rec.argv[2]
    except (ValueError, IndexError):
        return None
    frm = (maj << 20) + base
    if not count or maj == 0 or base > MINORMASK or frm + count < TOP:
        return None
    return frm, count, name


def rule_d2t(s, o, ctx):
    """D2t: stock 0, nothing held; ours -EINVAL, nothing held."""
    if top_args(s) is None or s.before != o.before:
        return None
    if outcome(s) != (0, None, (), s.before):
        return 'D2t', False, 'stock is not its model (0, nothing held)'
    if outcome(o) != (EINVAL, None, (), o.before):
        return 'D2t', False, 'ours must be -EINVAL, no message, nothing held'
    return 'D2t', True, None


def rule_d2m(s, o, ctx):
    """D2m: a baseminor beyond MINORMASK; stock registers it, ours refuses."""
    if s.api not in ('acr', 'rc') or s.before != o.before:
        return None
    a = s.argv
    try:
        if s.api == 'acr':
            fixed, base, count, name = 0, int(a[0]), int(a[1]), a[2]
        else:
            fixed, base, count, name = int(a[0]), int(a[1]), int(a[2]), a[3]
    except (ValueError, IndexError):
        return None
    if base <= MINORMASK or count > (MINORMASK + 1 - base) % TOP or fixed >= 512:
        return None
    major = fixed or stock_chr(s.before)
    if major is None:
        return None
    dev = ((major << 20) | base) % TOP
    want_s = (0 if s.api == 'acr' or fixed else major,
              f'{dev >> 20}:{dev & MINORMASK}' if s.api == 'acr' else None,
              (), with_line(s.before, 'c', major, name))
    if outcome(s) != want_s:
        return 'D2m', False, f'stock is not its model (registered in {major})'
    if outcome(o) != (EINVAL, None, (minor_msg(name, base, count),), o.before):
        return 'D2m', False, 'ours must be -EINVAL with the minor range message, nothing held'
    ctx.pending = Pending('D2m', 'leak',
                          calls={f'f uc {major} {base} {count} {name}': line_of('c', major, name)})
    return 'D2m', True, None


def rule_d3(s, o, ctx):
    """D3: a release reaching the top of dev_t; ours releases, stock not."""
    if s.api != 'ucr' or s.before != o.before:
        return None
    try:
        maj, base = map(int, s.argv[0].split(':'))
        count = int(s.argv[1])
    except (ValueError, IndexError):
        return None
    frm = (maj << 20) + base
    if not count or frm + count < TOP:
        return None
    if maj <= max(majors(ctx.boot, 'c'), default=0):
        return None
    gone = [p for p in ctx.models['ours'].pieces if in_decomp(p, frm, TOP)]
    want = o.before
    for p in gone:
        try:
            want = without_line(want, line_of('c', p[0], p[3]))
        except ValueError:
            return 'D3', False, f'ours model: piece {p} is not in /proc/devices'
    if not gone:
        return None
    if outcome(s) != (None, None, (), s.before):
        return 'D3', False, 'stock is not its model (releases nothing)'
    if outcome(o) != (None, None, (), want):
        return 'D3', False, 'ours must release exactly ' + ', '.join(
            f'{p[0]}:{p[1]}+{p[2]}' for p in gone)
    ctx.pending = Pending('D3', 'leak',
                          calls={f'f ucr {p[0]}:{p[1]} {p[2]}': line_of('c', p[0], p[3])
                                 for p in gone})
    return 'D3', True, None


def d4_args(rec):
    """(base, count, name) of a register_chrdev_region(MKDEV(0, m), ...)
    that D4 covers, or None."""
    if rec.api != 'rcr' or not rec.argv[0].startswith('0:'):
        return None
    try:
        base, count, name = int(rec.argv[0][2:]), int(rec.argv[1]), rec.argv[2]
    except (ValueError, IndexError):
        return None
    if base > MINORMASK or base + count >= TOP:
        return None
    return base, count, name


def d4_stock(rec):
    """Stock's outcome of a D4 call (see d4_args), and the follow-up that
    releases what it keeps (None: nothing kept)."""
    base, count, name = d4_args(rec)
    sp = stock_chr(rec.before)
    if not count:
        return (0, None, (), rec.before), None
    if sp is None:
        return (EBUSY, None, (full_msg('rcr', name),), rec.before), None
    ret = 0 if base + count <= WHOLE else EBUSY
    return ((ret, None, (), with_line(rec.before, 'c', sp, name)),
            f'f ucr {sp}:{base} {min(count, WHOLE - base)}')


def rule_d4(s, o, ctx):
    """D4: major 0 in register_chrdev_region(): ours refuses it, stock takes
    a dynamic first piece and keeps it."""
    if d4_args(s) is None or s.before != o.before:
        return None
    want, release = d4_stock(s)
    if outcome(s) != want:
        return 'D4', False, f'stock is not its model ({want[:3]})'
    if outcome(o) != (EINVAL, None, (), o.before):
        return 'D4', False, 'ours must be -EINVAL, no message, nothing held'
    if release:
        ctx.pending = Pending('D4', 'leak',
                              calls={release: line_of('c', stock_chr(s.before), d4_args(s)[2])})
    return 'D4', True, None


# each returns None (not its case) or (rule ID, ok, why)
RULE_FUNCS = (rule_d1, rule_d2t, rule_d2m, rule_d3, rule_d4)


def follow_up(s, o, ctx):
    """Check a call while a rule's follow-up is pending: (ok, why)."""
    p = ctx.pending
    if p.kind == 'probe':
        ctx.pending = None
        if s.call() != p.stock:
            return False, f'stock: the follow-up must be "{p.stock}"'
        if o.call() != p.ours:
            return False, f'ours: the follow-up must be "{p.ours}"'
        if (s.ret, s.dev, s.msgs, o.ret, o.dev, o.msgs) != (None, None, [], None, None, []):
            return False, 'a follow-up returns nothing and prints nothing'
        if s.after != p.state or o.after != p.state:
            return False, 'the follow-up must bring both back to the state before the probe'
        return True, None
    # stock-only reservations, each released by one follow-up on both
    line = p.calls.pop(s.call(), None)
    if s.call() != o.call() or line is None:
        ctx.pending = None
        return False, 'the follow-up must be one of: ' + ' | '.join(p.calls)
    if (s.ret, s.dev, s.msgs, o.ret, o.dev, o.msgs) != (None, None, [], None, None, []):
        ctx.pending = None
        return False, 'a follow-up returns nothing and prints nothing'
    if o.after != o.before:
        ctx.pending = None
        return False, 'the follow-up must not change ours'
    if line not in s.before or s.after != without_line(s.before, line):
        ctx.pending = None
        return False, f'the follow-up must release exactly "{line}" in stock'
    if not p.calls:
        ctx.pending = None
        if s.after != o.after:
            return False, 'after the last follow-up /proc/devices must be equal'
    return True, None


class Ctx:
    def __init__(self, boot):
        self.boot = tuple(boot)
        self.pending = None
        self.models = {'stock': Model('stock'), 'ours': Model('ours')}


def describe(s, o):
    """What differs between two records, in one line."""
    out = []
    if s is None or o is None:
        r = s or o
        return f'{"ours" if s is None else "stock"} has no call #{r.n} ({r.call()}): sequences differ'
    if s.n != o.n:
        out.append(f'call number stock #{s.n} ours #{o.n}')
    if s.call() != o.call():
        out.append(f'call stock "{s.call()}" ours "{o.call()}"')
    if s.ret != o.ret:
        out.append(f'ret stock={s.ret} ours={o.ret}')
    if s.dev != o.dev:
        out.append(f'dev stock={s.dev} ours={o.dev}')
    if s.msgs != o.msgs:
        out.append(f'messages stock={s.msgs} ours={o.msgs}')
    if s.noise != o.noise:
        out.append(f'unattributed messages before it stock={s.noise} ours={o.noise}')
    if s.after != o.after:
        sa, oa = list(s.after), list(o.after)
        only_s = [x for x in sa if x not in oa]
        only_o = [x for x in oa if x not in sa]
        if only_s or only_o:
            out.append(f'/proc/devices after: only stock {only_s} only ours {only_o}')
        else:
            out.append('/proc/devices after: same lines, different order or count')
    for r, side in ((s, 'stock'), (o, 'ours')):
        if r.bad:
            out.append(f'{side}: {r.bad}')
        if r.refused:
            out.append(f'{side}: the module refused the call')
    return '; '.join(out) or 'no difference'


def compare(stock, ours, out=print, verdict=None):
    """Compare two parsed transcripts; returns (calls, failed, rules, checks, bad).
    verdict(ok, text), if given, is told the outcome of every call and check."""
    ncalls = failed = 0
    rules = dict.fromkeys(RULES, 0)
    checks = checks_bad = 0
    verdict = verdict or (lambda ok, text: None)

    def check(ok, what):
        nonlocal checks, checks_bad
        checks += 1
        verdict(ok, f'check: {what}' if not ok else f'check {checks}')
        if not ok:
            checks_bad += 1
            out(f'FAIL check: {what}')

    check(stock.boot == ours.boot, 'the boot /proc/devices listings differ')
    check(stock.header == ours.header, f'headers differ: "{stock.header}" vs "{ours.header}"')
    check(len(stock.seeds) == len(ours.seeds),
          f'{len(stock.seeds)} seeds in stock, {len(ours.seeds)} in ours')
    for ss, os_ in zip(stock.seeds, ours.seeds):
        check(ss.seed == os_.seed, f'seed {ss.seed} against seed {os_.seed}')
        ctx = Ctx(stock.boot)
        for i in range(max(len(ss.recs), len(os_.recs))):
            s = ss.recs[i] if i < len(ss.recs) else None
            o = os_.recs[i] if i < len(os_.recs) else None
            ncalls += 1
            if s is None or o is None:
                failed += 1
                out(f'FAIL seed {ss.seed} #{(s or o).n}: {describe(s, o)}')
                verdict(False, f'seed {ss.seed} #{(s or o).n}: only on one side')
                continue
            why = None
            if s.bad or o.bad or s.refused or o.refused or s.n != o.n or s.noise != o.noise:
                ok = False
            elif ctx.pending is not None:
                rule = ctx.pending.rule
                ok, why = follow_up(s, o, ctx)
                if ok:
                    rules[rule] += 1
                else:
                    why = f'{rule} follow-up: {why}'
            elif s.call() == o.call() and outcome(s) == outcome(o):
                ok = True
            elif s.call() != o.call():
                ok = False
            else:
                ok = False
                for f in RULE_FUNCS:
                    res = f(s, o, ctx)
                    if res is None:
                        continue
                    rname, ok, why = res
                    if ok:
                        rules[rname] += 1
                    else:
                        why = f'{rname}: {why}'
                    break
            ctx.models['stock'].update(s)
            ctx.models['ours'].update(o)
            verdict(ok, f'seed {ss.seed} #{s.n} {s.api} {" ".join(s.argv)}'
                    + (f' ({why})' if why and not ok else ''))
            if not ok:
                failed += 1
                out(f'FAIL seed {ss.seed} #{s.n} {s.api} {" ".join(s.argv)}: {describe(s, o)}'
                    + (f' [{why}]' if why else ''))
        if ctx.pending is not None:
            failed += 1
            out(f'FAIL seed {ss.seed}: the {ctx.pending.rule} rule expected a follow-up call')
            verdict(False, f'seed {ss.seed}: the {ctx.pending.rule} rule expected a follow-up call')
        for side, sd in (('stock', ss), ('ours', os_)):
            check(sd.end is not None and sd.end[0] == 'ok' and sd.end[1] == tuple(stock.boot),
                  f'seed {sd.seed}: {side} does not end with the boot /proc/devices')
        check(ss.end_noise == os_.end_noise, f'seed {ss.seed}: unattributed messages at the end differ')
    for side, tr in (('stock', stock), ('ours', ours)):
        z = tr.z or ''
        check('lost=0' in z.split() and 'truncated=0' in z.split(),
              f'{side}: transcript incomplete or messages lost ({z or "no Z line"})')
    return ncalls, failed, rules, checks, checks_bad


def tally(verdicts, rules):
    """The results as a CI system counts them: one per seed (every call of
    it as stock does, or as one rule allows), one per rule (it explained
    at least one call: a difference no call exercised is untested), one
    per check of the comparer.  Names are stable from run to run; counts
    go after them."""
    seeds, order, out = {}, [], []
    for v in verdicts:
        ok, text = v.split('|', 1)
        m = re.match(r'seed (\d+)[ :]', text)
        if not m:
            out.append(v)
            continue
        sd = m.group(1)
        if sd not in seeds:
            seeds[sd] = [0, []]
            order.append(sd)
        seeds[sd][0] += 1
        if ok != 'ok':
            seeds[sd][1].append(text)
    res = []
    for sd in order:
        n, bad = seeds[sd]
        if bad:
            res.append(f'not ok|seed {sd}: every call as stock or as a rule allows'
                       f' -- {len(bad)} of {n} calls differ, first: {bad[0]}')
        else:
            res.append(f'ok|seed {sd}: every call as stock or as a rule allows -- {n} calls')
    for k, v in rules.items():
        res.append(f'ok|rule {k} explains a difference -- {v} calls' if v else
                   f'not ok|rule {k} explains a difference -- no call exercised it')
    return res + out


def summary(ncalls, failed, rules, checks, checks_bad):
    nrules = sum(rules.values())
    return (f'compare: {ncalls} calls, {failed} failed, {nrules} explained by rules ('
            + ', '.join(f'{k} {v}' for k, v in rules.items())
            + f'); {checks} checks, {checks_bad} failed')


def main(argv):
    quiet = '-q' in argv
    emulated = '--emulated' in argv
    results = None
    if '--results' in argv:
        i = argv.index('--results')
        results = argv[i + 1] if i + 1 < len(argv) else None
        argv = argv[:i] + argv[i + 2:]
    args = [a for a in argv if a not in ('-q', '--emulated')]
    if len(args) != 2 or any(a.startswith('-') for a in args):
        print('usage: compare.py [-q] [--emulated] [--results FILE] STOCK_TRANSCRIPT OURS_TRANSCRIPT\n'
              '(the kernel messages are part of the transcripts: no message files;\n'
              ' --results: one "ok|..." or "not ok|..." line per seed, rule and check)',
              file=sys.stderr)
        return 2
    try:
        stock, ours = read(args[0]), read(args[1])
    except (OSError, TranscriptError) as e:
        print(f'compare: cannot read the transcripts: {e}')
        print('compare: 0 calls, 1 failed, 0 explained by rules')
        return 1
    lines = []
    if emulated:
        if ours.header != stock.header + ' EMULATED-PATCHED':
            lines.append('FAIL check: --emulated: ours is not an emulate=1 transcript')
            ours.header = None
        else:
            ours.header = stock.header
    verdicts = []
    res = compare(stock, ours, out=lines.append,
                  verdict=lambda ok, text: verdicts.append(('ok|' if ok else 'not ok|') + text))
    if results:
        with open(results, 'w') as f:
            f.write(''.join(v.replace('\n', ' ') + '\n' for v in tally(verdicts, res[2])))
    if emulated:
        unused = [k for k, v in res[2].items() if not v]
        if unused or ours.header is None:
            res = res[:4] + (res[4] + 1,)
            if unused:
                lines.append('FAIL check: --emulated: rules never used: ' + ', '.join(unused))
    for line in lines[:20] if quiet else lines:
        print(line)
    if quiet and len(lines) > 20:
        print(f'... {len(lines) - 20} more')
    print(summary(*res))
    return 0 if res[1] == 0 and res[4] == 0 else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
