#!/usr/bin/env python3
"""The comparer's model of the state: /proc/devices as entries, the
dynamic major each kernel picks (stock by hash slot, ours by major), the
pieces a run of calls holds (Model), and the messages and outcomes the
rules predict.  Part of the comparer (compare.py)."""
import functools
import re

from transcript import MINORMASK, TOP, WHOLE

EBUSY, EINVAL = -16, -22


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
