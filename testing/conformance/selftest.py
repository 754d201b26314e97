#!/usr/bin/env python3
"""Self-test of compare.py: it must accept stock against itself, accept the
patched kernel's modelled outcomes where (and only where) a rule allows them,
and reject every mutant of an "ours" transcript made from a stock one.

usage: selftest.py [STOCK_TRANSCRIPT...]
  default: stock-sample.transcript next to this file (recorded on stock
  7.3.4: seeds=1 calls=200), so that it runs without a kernel.

Mutation points are picked automatically (the first call of the right kind),
so any stock transcript will do.  The rules are named by their IDs in
docs/design.md ("Intentional differences").  Prints one line per item, "ok ..." or "not ok ...", and a
final count; exits 1 if any item is not ok (a mutant accepted, a positive
rejected, or a mutant that found no call to mutate).
"""
import os
import sys

sys.dont_write_bytecode = True     # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare as C  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SAMPLE = os.path.join(HERE, 'stock-sample.transcript')


class NoPoint(Exception):
    """The transcript has no call a mutant can be placed on."""


# ---- walking a transcript with the comparer's model ----

def cases(tr):
    """Yield (seed, index, rec, kind, data) for the calls a rule is about,
    with stock's model outcome checked on the way."""
    for seed in tr.seeds:
        model = C.Model('ours')
        recs = seed.recs
        for i, r in enumerate(recs):
            kind = data = None
            d = C.dynamic_call(r)
            if d:
                sec, base, count, name = d
                sp = (C.stock_chr if sec == 'c' else C.stock_blk)(r.before)
                op = (C.ours_chr if sec == 'c' else C.ours_blk)(r.before)
                kind = ('D1c' if sec == 'c' else 'D1b') if sp != op else 'dynamic'
                data = dict(sec=sec, base=base, count=count, name=name, sp=sp, op=op)
            elif r.api == 'rcr':
                if C.top_args(r):
                    kind, data = 'D2t', {}
                elif C.d4_args(r):
                    want, release = C.d4_stock(r)
                    kind, data = 'D4', dict(want=want, release=release)
            elif r.api in ('acr', 'rc'):
                a = r.argv
                fixed = 0 if r.api == 'acr' else int(a[0])
                base, count = (int(a[0]), int(a[1])) if r.api == 'acr' else (int(a[1]), int(a[2]))
                name = a[-1]
                if base > C.MINORMASK and count <= (C.MINORMASK + 1 - base) % C.TOP and \
                        fixed < 512 and (fixed or C.stock_chr(r.before) is not None):
                    kind, data = 'D2m', dict(base=base, count=count, name=name,
                                             major=fixed or C.stock_chr(r.before))
            model.update(r)
            if kind:
                yield seed, i, r, kind, data


def stock_model_check(tr):
    """Does stock do what the comparer's stock model says?  (kind -> n, bad)"""
    counts, bad = {}, []
    for seed, i, r, kind, d in cases(tr):
        if kind in ('dynamic', 'D1c', 'D1b') and (r.flag == 'p') != (kind != 'dynamic'):
            bad.append(f'seed {seed.seed} #{r.n}: the module\'s probe flag "{r.flag}" '
                       f'disagrees with the model (stock {d["sp"]}, ours {d["op"]})')
        if kind in ('dynamic', 'D1c', 'D1b'):
            want = C.dyn_expect(r, d['sec'], d['base'], d['count'], d['name'], d['sp'])
        elif kind == 'D2t':
            want = (0, None, (), r.before)
        elif kind == 'D2m':
            dev = ((d['major'] << 20) | d['base']) % C.TOP
            want = (0 if r.api == 'acr' or int(r.argv[0]) else d['major'],
                    f'{dev >> 20}:{dev & C.MINORMASK}' if r.api == 'acr' else None,
                    (), C.with_line(r.before, 'c', d['major'], d['name']))
        elif kind == 'D4':
            want = d['want']
        else:
            want = (None, None, (), r.before)
        counts[kind] = counts.get(kind, 0) + 1
        if C.outcome(r) != want:
            bad.append(f'seed {seed.seed} #{r.n} {r.api} {" ".join(r.argv)}: {kind} model '
                       f'{want[:3]} got {C.outcome(r)[:3]}')
    return counts, bad


# ---- the patched kernel's outcomes, as the rules describe them ----

def patch_case(seed, i, r, kind, d):
    """Give record i (and its follow-ups) the patched kernel's outcome."""
    recs = seed.recs
    if kind in ('D1c', 'D1b'):
        r.ret, r.dev, msgs, r.after = C.dyn_expect(r, d['sec'], d['base'], d['count'],
                                                  d['name'], d['op'])
        r.msgs = list(msgs)
        f = recs[i + 1]
        call = C.dyn_release(r.api, d['op'], d['base'], d['count'], d['name']).split()
        f.flag, f.api, f.argv = call[0], call[1], call[2:]
        f.before = r.after
        return [i, i + 1]
    if kind == 'D2t':
        r.ret, r.dev, r.msgs, r.after = C.EINVAL, None, [], r.before
        return [i]
    if kind == 'D2m':
        r.ret, r.dev, r.msgs = C.EINVAL, None, [C.minor_msg(d['name'], d['base'], d['count'])]
        r.after = r.before
        recs[i + 1].after = r.before
        return [i, i + 1]
    if kind == 'D4':
        r.ret, r.dev, r.msgs, r.after = C.EINVAL, None, [], r.before
        if not d['release']:
            return [i]
        recs[i + 1].after = r.before
        return [i, i + 1]
    raise ValueError(kind)


def patched(tr, only=None, first=False):
    """A copy of stock's transcript with the patched outcome of every rule
    case (or of the kinds in @only; of the first one only if @first)."""
    t = C.clone(tr)
    found = []
    for seed, i, r, kind, d in list(cases(t)):
        if kind == 'dynamic' or (only and kind not in only):
            continue
        found.append((seed, i, kind, patch_case(seed, i, r, kind, d)))
        if first:
            break
    return t, found


# ---- running the comparer ----

def run(stock, ours):
    """Compare through the text form, as the CLI does."""
    text = C.serialise(ours)
    lines = []
    res = C.compare(stock, C.parse(text), out=lines.append)
    return res, lines


def accepted(res):
    return res[1] == 0 and res[4] == 0


# ---- mutants: each changes an "ours" copy and returns what it did ----

def records(t, pred):
    for seed in t.seeds:
        for i, r in enumerate(seed.recs):
            if pred(r, seed, i):
                return seed, i, r
    raise NoPoint()


def is_fixed_reg(r):
    try:
        if r.api == 'rcr':
            return not r.argv[0].startswith('0:')
        if r.api in ('rc', 'rc0', 'rb'):
            return int(r.argv[0]) != 0
    except (ValueError, IndexError):
        pass
    return False


def plain_dynamic(t):
    """(seed, i, rec, data) of the first successful dynamic call where both
    kernels agree."""
    for seed, i, r, kind, d in cases(t):
        if kind == 'dynamic' and d['sp'] is not None and r.ret is not None and r.ret >= 0:
            return seed, i, r, d
    raise NoPoint()


def m_wrong_errno(t):
    _, _, r = records(t, lambda r, s, i: r.ret is not None and r.ret < 0)
    was, r.ret = r.ret, C.EINVAL if r.ret != C.EINVAL else C.EBUSY
    return f'#{r.n} {r.api}: errno {r.ret} where stock {was}'


def m_success_vs_ebusy(t):
    _, _, r = records(t, lambda r, s, i: r.ret == C.EBUSY and r.api in ('rc', 'rc0', 'rb')
                      and is_fixed_reg(r) and not r.msgs)
    maj, name = int(r.argv[0]), r.argv[-1]
    sec = 'b' if r.api == 'rb' else 'c'
    r.ret = 0
    r.after = C.with_line(r.before, sec, maj, name)
    return f'#{r.n} {r.api} {maj}: 0 where stock -EBUSY'


def m_missing_message(t):
    _, _, r = records(t, lambda r, s, i: r.msgs and not r.msgs[0].startswith('WARN'))
    r.msgs = r.msgs[1:]
    return f'#{r.n} {r.api}: message dropped'


def m_missing_warn(t):
    _, _, r = records(t, lambda r, s, i: r.msgs and r.msgs[0].startswith('WARN'))
    r.msgs = r.msgs[1:]
    return f'#{r.n} {r.api}: WARN dropped'


def m_wrong_warn(t):
    _, _, r = records(t, lambda r, s, i: r.msgs and r.msgs[0].startswith('WARN'))
    r.msgs = ['WARN __unregister_blkdev'] + r.msgs[1:]
    return f'#{r.n} {r.api}: WARN names another function'


def m_extra_message(t):
    _, _, r = records(t, lambda r, s, i: r.ret == 0 and not r.msgs and r.api == 'acr')
    r.msgs = [C.full_msg('acr', r.argv[-1])]
    return f'#{r.n} {r.api}: a "region is full" message on success'


def m_unattributed(t):
    _, _, r = records(t, lambda r, s, i: r.api == 'rb')
    r.noise = r.noise + ['devlist: unexpected']
    return f'#{r.n}: a message between calls'


def m_wrong_minor(t):
    _, _, r = records(t, lambda r, s, i: r.dev is not None)
    maj, mnr = r.dev.split(':')
    r.dev = f'{maj}:{int(mnr) ^ 1}'
    return f'#{r.n} {r.api}: dev={r.dev}'


def m_wrong_dynamic_major(t):
    seed, i, r, d = plain_dynamic(t)
    held = C.majors(r.before, d['sec'])
    other = next(m for m in range(d['sp'] - 1, 0, -1) if m not in held)
    r.ret, r.dev, msgs, r.after = C.dyn_expect(r, d['sec'], d['base'], d['count'],
                                              d['name'], other)
    return f'#{r.n} {r.api}: major {other} instead of {d["sp"]}'


def m_wrong_proc_line(t):
    _, _, r = records(t, lambda r, s, i: len(r.after) == len(r.before) + 1 and
                      C.hunk_of(r.before, r.after)[2][0].startswith(' '))
    i, dels, adds = C.hunk_of(r.before, r.after)
    bad = adds[0].lstrip()            # "%d %s" instead of "%3d %s"
    if bad == adds[0]:
        bad = adds[0] + 'x'
    r.after = r.after[:i] + (bad,) + r.after[i + 1:]
    return f'#{r.n} {r.api}: line "{bad}"'


def m_proc_order(t):
    _, _, r = records(t, lambda r, s, i: r.api == 'rc0' and r.ret == 0 and
                      len(r.after) == len(r.before) + 1)
    i, _, adds = C.hunk_of(r.before, r.after)
    a = list(r.after)
    j = i - 1 if a[i - 1][:1] in ' 0123456789' and a[i - 1] else i + 1
    a[i], a[j] = a[j], a[i]
    r.after = tuple(a)
    return f'#{r.n} {r.api}: its line out of order'


def m_leaked_piece(t):
    seed, i, r = records(t, lambda r, s, i: r.api in ('ucr', 'uc', 'ub') and
                         len(r.after) == len(r.before) - 1 and r.flag == '.')
    _, dels, _ = C.hunk_of(r.before, r.after)
    line = dels[0]
    e = [x for x in C.entries(r.before) if r.before[x[3]] == line][0]
    for rr in seed.recs[i:]:
        rr.after = C.with_line(rr.after, e[0], e[1], e[2]) if line not in rr.after else rr.after
    seed.end = ('differs', seed.end[1])
    return f'#{r.n} {r.api}: "{line}" stays'


def m_v1_occupancy(t):
    _, _, r = records(t, lambda r, s, i: r.ret == 0 and is_fixed_reg(r)
                      and r.api in ('rcr', 'rc', 'rc0') and r.after != r.before)
    r.ret, r.after = C.EBUSY, r.before
    return f'#{r.n} {r.api}: -EBUSY where stock 0 on a fixed major'


def first_probe(t, rule='D1c'):
    for seed, i, r, kind, d in cases(t):
        if kind == rule and d['op'] is not None:
            return seed, i, r, d
    raise NoPoint()


def m_v1_d1c_enospc(t):
    seed, i, r, d = first_probe(t)
    was = r.ret
    r.ret, r.dev, r.msgs, r.after = -28, None, [], r.before
    f = seed.recs[i + 1]
    f.flag, f.api, f.argv, f.after = 'f', 'skip', [], r.before
    return f'#{r.n} {r.api} probe: -ENOSPC where stock {was}, the model {d["op"]}'


def m_d1_ebusy(t, rule):
    seed, i, r, d = first_probe(t, rule)
    r.ret, r.dev, r.msgs, r.after = C.EBUSY, None, [C.full_msg(r.api, d['name'])], r.before
    f = seed.recs[i + 1]
    f.flag, f.api, f.argv, f.after = 'f', 'skip', [], r.before
    return f'#{r.n} {r.api} probe: "region is full" though the model has {d["op"]}'


def m_d1_wrong_major(t, rule):
    seed, i, r, d = first_probe(t, rule)
    held = C.majors(r.before, d['sec'])
    other = next(m for m in range(d['op'] - 1, 0, -1) if m not in held and m != d['sp'])
    r.ret, r.dev, msgs, r.after = C.dyn_expect(r, d['sec'], d['base'], d['count'],
                                              d['name'], other)
    f = seed.recs[i + 1]
    call = C.dyn_release(r.api, other, d['base'], d['count'], d['name']).split()
    f.flag, f.api, f.argv = call[0], call[1], call[2:]
    return f'#{r.n} {r.api} probe: ours takes {other}, the model {d["op"]}'


def m_d1c_no_cleanup(t):
    t2, found = patched(t, only={'D1c'}, first=True)
    if not found:
        raise NoPoint()
    seed, i, _, idx = found[0]
    f = seed.recs[i + 1]
    f.after = seed.recs[i].after            # ours' follow-up releases nothing
    t.seeds = t2.seeds
    return f'#{f.n}: the probe\'s follow-up leaves ours\' piece'


def m_v1_errno_after_exhaustion(t):
    _, _, r = records(t, lambda r, s, i: any('region is full' in m or 'failed to get major'
                                              in m for m in r.msgs))
    r.ret = -28
    return f'#{r.n} {r.api}: -ENOSPC with the "full" message'


def m_v1_message_moved(t):
    recs = [(s, i, r) for s in t.seeds for i, r in enumerate(s.recs) if r.msgs]
    if len(recs) < 2:
        raise NoPoint()
    (_, _, a), (_, _, b) = recs[0], recs[1]
    b.msgs = b.msgs + [a.msgs[0]]
    a.msgs = a.msgs[1:]
    return f'message of #{a.n} printed by #{b.n} (same multiset)'


def m_v1_message_repeated(t):
    _, _, r = records(t, lambda r, s, i: any('region is full' in m or 'failed to get major'
                                              in m for m in r.msgs))
    r.msgs = r.msgs + r.msgs
    return f'#{r.n} {r.api}: "full" message twice'


def m_v1_mapped_not_reset(t):
    """An allowed D1c or D1b difference, then a later call of the same seed
    that differs: the rule's allowance must not carry over."""
    t2, found = patched(t, only={'D1c', 'D1b'}, first=True)
    if not found:
        raise NoPoint()
    seed, i, rule, _ = found[0]
    for j in range(i + 2, len(seed.recs)):
        r = seed.recs[j]
        d = C.dynamic_call(r)
        if not d or r.ret is None or r.ret < 0 or r.flag != '.':
            continue
        sp = (C.stock_chr if d[0] == 'c' else C.stock_blk)(r.before)
        op = (C.ours_chr if d[0] == 'c' else C.ours_blk)(r.before)
        if sp == op and sp is not None:
            held = C.majors(r.before, d[0])
            other = next(m for m in range(sp - 1, 0, -1) if m not in held)
            r.ret, r.dev, msgs, r.after = C.dyn_expect(r, d[0], d[1], d[2], d[3], other)
            t.seeds = t2.seeds
            return f'{rule} at #{seed.recs[i].n} (allowed), then #{r.n} takes {other}, stock {sp}'
    for j in range(i + 2, len(seed.recs)):
        r = seed.recs[j]
        if r.ret == 0 and is_fixed_reg(r) and r.after != r.before:
            r.ret, r.after = C.EBUSY, r.before
            t.seeds = t2.seeds
            return f'{rule} at #{seed.recs[i].n} (allowed), then #{r.n} -EBUSY where stock 0'
    raise NoPoint()


def patched_first(t, rule, pred=lambda r, d: True):
    """@t with the first @rule case (one that @pred accepts, given the record
    and the case's data) in its patched form: (seed, index) of it in @t."""
    for seed, i, r, kind, d in cases(t):
        if kind == rule and pred(r, d):
            patch_case(seed, i, r, kind, d)
            return seed, i
    raise NoPoint()


def m_d2t_message(t):
    seed, i = patched_first(t, 'D2t')
    r = seed.recs[i]
    r.msgs = [C.top_msg(r.argv[-1], 512)]
    return f'#{r.n}: -EINVAL with the message of a walk that reached 512'


def m_d2t_ebusy(t):
    seed, i = patched_first(t, 'D2t')
    r = seed.recs[i]
    r.ret = C.EBUSY
    return f'#{r.n}: -EBUSY, as a walk stopped at a taken major'


def m_d2t_holds(t):
    seed, i = patched_first(t, 'D2t', lambda r, d: int(r.argv[0].split(':')[0]) < 512)
    r = seed.recs[i]
    maj = int(r.argv[0].split(':')[0])
    r.ret, r.after = 0, C.with_line(r.before, 'c', maj, r.argv[-1])
    return f'#{r.n}: 0 and holds its first piece'


def m_d4_zero(t):
    """Ours returns 0, holding nothing, where stock holds the piece."""
    seed, i = patched_first(t, 'D4', lambda r, d: d['release'] and d['want'][0] == 0)
    r = seed.recs[i]
    r.ret = 0
    return f'#{r.n}: ours 0 and nothing held'


def m_d4_message(t):
    seed, i = patched_first(t, 'D4')
    r = seed.recs[i]
    r.msgs = [C.full_msg('rcr', r.argv[-1])]
    return f'#{r.n}: -EINVAL with the "region is full" message'


def m_d4_ebusy(t):
    seed, i = patched_first(t, 'D4')
    r = seed.recs[i]
    r.ret = C.EBUSY
    return f'#{r.n}: -EBUSY, nothing held'


def m_d4_no_release(t):
    """Ours' follow-up releases a piece ours holds after all."""
    seed, i = patched_first(t, 'D4', lambda r, d: d['release'])
    r, f = seed.recs[i], seed.recs[i + 1]
    line = C.line_of('c', int(f.argv[0].split(':')[0]), r.argv[-1])
    r.after = C.with_line(r.before, 'c', int(f.argv[0].split(':')[0]), r.argv[-1])
    f.before = r.after
    f.after = r.before
    return f'#{r.n}: ours -EINVAL but holds "{line}" until the follow-up'


def m_d2m_silent(t):
    t2, found = patched(t, only={'D2m'}, first=True)
    if not found:
        raise NoPoint()
    seed, i, _, _ = found[0]
    r = seed.recs[i]
    r.msgs = []
    t.seeds = t2.seeds
    return f'#{r.n} {r.api}: -EINVAL without the message'


def m_lost(t):
    t.z = t.z.replace('lost=0', 'lost=3')
    return 'Z line: lost=3'


MUTANTS = [
    ('wrong-errno', m_wrong_errno),
    ('success-vs-ebusy', m_success_vs_ebusy),
    ('missing-message', m_missing_message),
    ('missing-warn', m_missing_warn),
    ('wrong-warn-function', m_wrong_warn),
    ('extra-message', m_extra_message),
    ('unattributed-message', m_unattributed),
    ('wrong-minor', m_wrong_minor),
    ('wrong-dynamic-major', m_wrong_dynamic_major),
    ('wrong-proc-line', m_wrong_proc_line),
    ('proc-line-order', m_proc_order),
    ('leaked-piece', m_leaked_piece),
    ('v1-occupancy-ebusy-vs-0', m_v1_occupancy),
    ('v1-D1c-enospc', m_v1_d1c_enospc),
    ('D1c-ebusy-though-free', lambda t: m_d1_ebusy(t, 'D1c')),
    ('D1c-wrong-major', lambda t: m_d1_wrong_major(t, 'D1c')),
    ('D1c-no-cleanup', m_d1c_no_cleanup),
    ('D1b-ebusy-though-free', lambda t: m_d1_ebusy(t, 'D1b')),
    ('D1b-wrong-major', lambda t: m_d1_wrong_major(t, 'D1b')),
    ('v1-mapped-not-reset', m_v1_mapped_not_reset),
    ('v1-errno-after-exhaustion', m_v1_errno_after_exhaustion),
    ('v1-message-moved', m_v1_message_moved),
    ('v1-message-repeated', m_v1_message_repeated),
    ('D2t-message-of-a-walk', m_d2t_message),
    ('D2t-EBUSY', m_d2t_ebusy),
    ('D2t-holds-first-piece', m_d2t_holds),
    ('D2m-silent', m_d2m_silent),
    ('D4-zero-holds-nothing', m_d4_zero),
    ('D4-with-message', m_d4_message),
    ('D4-EBUSY', m_d4_ebusy),
    ('D4-holds-until-follow-up', m_d4_no_release),
    ('lost-messages', m_lost),
]


def selftest(path, out=print):
    text = open(path, encoding='utf-8', errors='replace').read()
    stock = C.parse(text)
    bad = 0

    def item(ok, line):
        nonlocal bad
        if not ok:
            bad += 1
        out(('ok ' if ok else 'not ok ') + line)

    ncalls = sum(len(s.recs) for s in stock.seeds)
    out(f'# {path}: {len(stock.seeds)} seeds, {ncalls} calls')
    item(C.serialise(stock) == text, 'roundtrip: parse and serialise give the same text')
    counts, wrong = stock_model_check(stock)
    for w in wrong[:10]:
        out('#   ' + w)
    item(not wrong, 'stock follows the comparer\'s stock model: '
         + ', '.join(f'{k} {v}' for k, v in sorted(counts.items())))
    res, lines = run(stock, C.clone(stock))
    item(accepted(res) and not sum(res[2].values()),
         f'unmutated copy accepted with no rule: {C.summary(*res)}')
    t, found = patched(stock)
    res, lines = run(stock, t)
    want = {}
    for _, _, kind, idx in found:
        want[kind] = want.get(kind, 0) + len(idx)
    got = {k: v for k, v in res[2].items() if v}
    item(accepted(res) and got == want,
         f'positive patched-model: every rule case in its patched form accepted: {C.summary(*res)}')
    for line in lines[:5]:
        out('#   ' + line)
    for rule in C.RULES:
        if not counts.get(rule):
            item(False, f'positive {rule}: no such call in the transcript')
    for name, mut in MUTANTS:
        t = C.clone(stock)
        try:
            what = mut(t)
        except (NoPoint, StopIteration):
            item(False, f'mutant {name}: no call to mutate in this transcript')
            continue
        res, lines = run(stock, t)
        if accepted(res):
            item(False, f'mutant {name} accepted ({what})')
        else:
            first = lines[0] if lines else ''
            item(True, f'mutant {name} rejected ({what}; {res[1]} failed, {res[4]} checks): '
                 + first[:160])
    out(f'# selftest {path}: {"PASS" if not bad else f"FAIL ({bad} not ok)"}')
    return bad


def main(argv):
    paths = argv or [SAMPLE]
    bad = 0
    for p in paths:
        try:
            bad += selftest(p)
        except (OSError, C.TranscriptError) as e:
            print(f'not ok {p}: {e}')
            bad += 1
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
