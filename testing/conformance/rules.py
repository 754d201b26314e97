#!/usr/bin/env python3
"""The rules of the intentional differences (docs/design.md, and
compare.py's docstring): each rule function takes the stock and the
patched record of one call and the comparison's context, and returns
None (not its case) or (rule ID, ok, why); follow_up() checks the calls a
rule expects next.  Part of the comparer (compare.py)."""
from model import (EBUSY, EINVAL, Model, full_msg, line_of,
                   minor_msg, outcome, ours_blk, ours_chr, stock_blk, stock_chr,
                   with_line, without_line)
import os

from transcript import MINORMASK, TOP, WHOLE

# testing/differences, the one table of the intentional differences
# (DEVLIST_DIFFERENCES: another one, for the harness)
TABLE = os.environ.get('DEVLIST_DIFFERENCES') or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), '..', 'differences')


def differences(path=TABLE):
    """[(ID, conformance, what)] of the table, in its order."""
    rows = []
    for n, line in enumerate(open(path), 1):
        if line.startswith('#') or not line.strip():
            continue
        f = line.rstrip('\n').split('|')
        if len(f) != 3 or f[1] not in ('rule', 'none'):
            raise SystemExit(f'{path}:{n}: not ID|rule or none|what: {line!r}')
        rows.append(tuple(f))
    return rows


# the differences a rule allows (D3 has none: the only call where it
# differs never returns on stock, and the conformance module never makes one)
RULES = tuple(d for d, kind, _ in differences() if kind == 'rule')


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
# the rule of each difference; the table and these must name the same ones
RULE_OF = {'D1c': rule_d1, 'D1b': rule_d1, 'D2t': rule_d2t, 'D2m': rule_d2m, 'D4': rule_d4}
if set(RULE_OF) != set(RULES):
    raise SystemExit('testing/differences and rules.py disagree: rules for %s, the table has %s'
                     % (' '.join(sorted(RULE_OF)), ' '.join(RULES)))
RULE_FUNCS = tuple(dict.fromkeys(RULE_OF[d] for d in RULES))


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
