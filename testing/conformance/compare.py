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
  D3        (a release whose walk reaches major 4095) has no rule: such a
            call never returns on stock, so the module never makes one; a
            release past 2^32 releases nothing on both kernels, like any
            other call compared exactly.  The API KUnit suite and the
            wrapper fuzzer's model check D3.

Per seed, the rule state (a pending follow-up) starts empty; a seed must end
with /proc/devices equal to the boot listing on both kernels.  Prints one line
per failing call, then
  compare: N calls, F failed, R explained by rules (D1c a, D1b b, ...)
and exits 0 only when F is 0 and every check passed.
"""
import re
import sys

sys.dont_write_bytecode = True     # no __pycache__ in the source tree
# The parts, split as kunit.py splits its own (kunit_parser, kunit_kernel,
# the command line): the transcripts, the model of the state, the rules.
# What selftest.py uses is reachable from here too (__all__).
from model import (EBUSY, EINVAL, Model, entries, full_msg, in_decomp, line_of,
                   majors, minor_msg, outcome, ours_blk, ours_chr, stock_blk,
                   stock_chr, top_msg, with_line, without_line)
from rules import (RULE_FUNCS, RULES, Ctx, d4_args, d4_stock, dyn_expect, dyn_release,
                   dynamic_call, follow_up, top_args)
from transcript import (MINORMASK, TOP, WHOLE, TranscriptError, clone, hunk_of, parse,
                        read, serialise)

__all__ = ['EBUSY', 'EINVAL', 'MINORMASK', 'TOP', 'WHOLE', 'RULES', 'Model',
           'TranscriptError', 'clone', 'compare', 'd4_args', 'd4_stock',
           'dyn_expect', 'dyn_release', 'dynamic_call', 'entries', 'full_msg',
           'hunk_of', 'in_decomp', 'line_of', 'majors', 'minor_msg', 'ours_blk',
           'ours_chr', 'outcome', 'parse', 'serialise', 'stock_blk', 'stock_chr',
           'summary', 'top_args', 'top_msg', 'with_line', 'without_line']


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
