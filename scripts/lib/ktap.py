#!/usr/bin/env python3
"""KTAP in and out, with kunit.py's own parser (tools/testing/kunit of a
kernel tree).

  ktap.py TREE LABEL LOG [--allow-skip REGEX] [--expected FILE]
                         [--suites REGEX | --except-suites REGEX]
      KUnit output (a guest's dmesg, kunit.py's test.log) as one result
      line per test case: "ok|LABEL suite.case", "not ok|LABEL suite.case
      WHY" or "skip|LABEL suite.case # reason" (each parameter of a
      parameterised case is a case), then a last line "P F S".  A skip
      whose reason does not match --allow-skip (default: none allowed)
      counts as a failure; a run with no test at all, or a crash, fails.
      --suites / --except-suites: only the top-level suites whose name
      matches REGEX (the whole name) / does not match it.

      kunit_parser knows no expected failure, so the caller names them in
      FILE, one per line: "xfail|CASE|WHY", a case that must fail, then
      reported "ok|... # expected failure: WHY" (it passing is a failure),
      or "xskip|CASE|TEXT", a case that must skip with a reason containing
      TEXT; CASE covers each parameter of a parameterised case.  A case
      named there that did not run at all is a failure too.

  ktap.py TREE --write STAGE LIST OUT SECONDS
      A stage's results (LIST: "ok|text", "not ok|text" or "skip|text"
      lines, scripts/lib/report.sh writes them) as a KTAP document OUT: plan,
      numbered results, "# SKIP" and "# XFAIL" directives, and the part of
      a text after " -- " (counts, times, paths) as a diagnostic line
      after its result, so that a test's name stays the same from run to
      run; read back with kunit_parser, whose counts it prints: "P F S"
      (an XFAIL counts as passed).

  ktap.py TREE --run OUT STAGE_KTAP...
      One KTAP document OUT for a whole make check, each stage's document
      a subtest (a stage without one: "not ok"); prints its counts.

  ktap.py TREE --count KTAP
      The counts "P F S SECONDS" of a stage's KTAP document, by
      kunit_parser; "0 1 0 0" (one failure) if there is none.

Exit status 0 only when nothing failed.
"""
import argparse
import io
import os
import re
import sys

S = None
PARSER = None


def load(tree):
    global S, PARSER
    sys.path.insert(0, os.path.join(tree, 'tools/testing/kunit'))
    import kunit_parser  # noqa: E402
    from kunit_printer import Printer  # noqa: E402
    S = kunit_parser.TestStatus

    def parse(text):
        quiet = Printer(print=False, output=io.StringIO())
        return kunit_parser.parse_run_tests(text.splitlines(keepends=True), quiet)
    PARSER = parse


def kunit_results(args):
    xfail, xskip, seen = {}, {}, set()
    if args.expected:
        for line in open(args.expected):
            kind, case, why = line.rstrip('\n').split('|', 2)
            (xfail if kind == 'xfail' else xskip)[case] = why
    with open(args.log, errors='replace') as f:
        root = PARSER(f.read())
    allow = re.compile(args.allow_skip) if args.allow_skip else None
    p = f = s = 0

    def walk(test, path):
        nonlocal p, f, s
        if test.subtests:
            for t in test.subtests:
                walk(t, path + [t.name])
            if test.status == S.TEST_CRASHED:
                print(f'not ok|{args.label} {".".join(path)} crashed')
                f += 1
            return
        name = '.'.join(path)
        # a case named, or each parameter of it
        key = next((k for k in list(xfail) + list(xskip)
                    if name == k or name.startswith(k + '.')), None)
        if key in xfail:
            seen.add(key)
            if test.status == S.FAILURE:
                print(f'ok|{args.label} {name} # expected failure: {xfail[key]}')
                p += 1
            else:
                print(f'not ok|{args.label} {name} {test.status.name}, '
                      f'but it must fail here: {xfail[key]}')
                f += 1
            return
        if key in xskip:
            seen.add(key)
            reason = test.skip_reason or ''
            if test.status == S.SKIPPED and xskip[key] in reason:
                print(f'skip|{args.label} {name} # {reason}')
                s += 1
            else:
                print(f'not ok|{args.label} {name} {test.status.name}, '
                      f'but it must skip here ("{xskip[key]}")')
                f += 1
            return
        if test.status == S.SUCCESS:
            print(f'ok|{args.label} {name}')
            p += 1
        elif test.status == S.SKIPPED:
            reason = test.skip_reason or ''
            if allow and allow.search(reason):
                print(f'skip|{args.label} {name} # {reason}')
                s += 1
            else:
                print(f'not ok|{args.label} {name} skipped: {reason}')
                f += 1
        else:
            print(f'not ok|{args.label} {name} {test.status.name}')
            f += 1

    if root.status in (S.FAILURE_TO_PARSE_TESTS, S.NO_TESTS):
        print(f'not ok|{args.label} no KUnit results in {args.log}')
        f += 1
    else:
        for t in root.subtests:
            if args.suites and not re.fullmatch(args.suites, t.name):
                continue
            if args.except_suites and re.fullmatch(args.except_suites, t.name):
                continue
            walk(t, [t.name])
        if root.counts.errors:
            print(f'not ok|{args.label} {root.counts.errors} parse error(s) in {args.log}')
            f += root.counts.errors
        if p + f + s == 0:
            print(f'not ok|{args.label} no test case ran')
            f += 1
        for name in sorted((set(xfail) | set(xskip)) - seen):
            print(f'not ok|{args.label} {name} did not run')
            f += 1
    print(p, f, s)
    return 1 if f else 0


def counts(root):
    """Passed, failed, skipped leaves of a parsed KTAP document."""
    p = f = s = 0
    stack = list(root.subtests)
    while stack:
        t = stack.pop()
        if t.subtests:
            stack.extend(t.subtests)
            if t.status == S.TEST_CRASHED:
                f += 1
        elif t.status == S.SUCCESS:
            p += 1
        elif t.status == S.SKIPPED:
            s += 1
        else:
            f += 1
    if root.status in (S.FAILURE_TO_PARSE_TESTS, S.NO_TESTS) or root.counts.errors:
        f += 1
    return p, f, s


def clean(text):
    """A description KTAP can carry: one line, no '#' (a directive)."""
    return ' '.join(text.split()).replace('#', 'no.') or '(no description)'


def write(stage, lst, out, seconds):
    lines = []
    for line in open(lst, errors='replace'):
        kind, _, text = line.rstrip('\n').partition('|')
        # "NAME -- DETAILS": the test's name stays the same from run to run;
        # counts, times and paths go to a diagnostic line after its result
        text, _, diag = text.partition(' -- ')
        if kind == 'ok':
            # an expected failure that failed: KTAP's XFAIL directive
            desc, _, note = text.partition(' # expected failure')
            lines.append(('ok %d ' + clean(desc) +
                          (' # XFAIL ' + clean(note.lstrip(': ')) if note else ''), diag))
        elif kind == 'skip':
            desc, _, why = text.partition(' # ')
            lines.append(('ok %d ' + clean(desc) + ' # SKIP ' + clean(why or desc), diag))
        else:
            lines.append(('not ok %d ' + clean(text), diag))
    with open(out + '.tmp', 'w') as f:
        f.write('KTAP version 1\n# devlist stage %s, %s s\n1..%d\n' % (stage, seconds, len(lines)))
        for i, (line, diag) in enumerate(lines, 1):
            f.write((line % i) + '\n')
            if diag:
                f.write('# ' + ' '.join(diag.split()) + '\n')
    os.replace(out + '.tmp', out)
    p, f, s = counts(PARSER(open(out).read()))
    print(p, f, s)
    return 1 if f else 0


def run_doc(out, paths):
    """One KTAP document for a whole run, each stage's a subtest, as KUnit
    nests its suites; prints kunit_parser's counts of it: "P F S"."""
    lines = ['KTAP version 1', '# devlist make check', '1..%d' % len(paths)]
    for i, path in enumerate(paths, 1):
        name = os.path.basename(path)[:-len('.ktap')]
        try:
            text = open(path).read().splitlines()
        except OSError:
            text = []
        ok = bool(text) and counts(PARSER('\n'.join(text) + '\n'))[1] == 0
        if text:
            lines += ['    KTAP version 1', '    # Subtest: ' + name]
            lines += ['    ' + x for x in text if not x.startswith('KTAP version')]
        lines.append('%s %d %s' % ('ok' if ok else 'not ok', i, name) +
                     ('' if text else ' # no KTAP: the stage died'))
    with open(out + '.tmp', 'w') as f:
        f.write('\n'.join(lines) + '\n')
    os.replace(out + '.tmp', out)
    p, f, s = counts(PARSER(open(out).read()))
    print(p, f, s)
    return 1 if f else 0


def count(path):
    try:
        text = open(path).read()
    except OSError:
        print(0, 1, 0, 0)
        return 1
    m = re.search(r'^# devlist stage \S+, (\d+) s$', text, re.M)
    p, f, s = counts(PARSER(text))
    print(p, f, s, m.group(1) if m else 0)
    return 1 if f else 0


def main():
    if '--run' in sys.argv:
        ap = argparse.ArgumentParser()
        ap.add_argument('tree')
        ap.add_argument('--run', metavar='OUT')
        ap.add_argument('stages', nargs='*')
        args = ap.parse_intermixed_args()
        load(args.tree)
        return run_doc(args.run, args.stages)
    if '--write' in sys.argv or '--count' in sys.argv:
        ap = argparse.ArgumentParser()
        ap.add_argument('tree')
        ap.add_argument('--write', nargs=4, metavar=('STAGE', 'LIST', 'OUT', 'SECONDS'))
        ap.add_argument('--count', metavar='KTAP')
        args = ap.parse_args()
        load(args.tree)
        return write(*args.write) if args.write else count(args.count)
    ap = argparse.ArgumentParser()
    ap.add_argument('tree')
    ap.add_argument('label')
    ap.add_argument('log')
    ap.add_argument('--allow-skip', default=None)
    ap.add_argument('--expected', default=None)
    ap.add_argument('--suites', default=None)
    ap.add_argument('--except-suites', default=None)
    args = ap.parse_args()
    load(args.tree)
    return kunit_results(args)


if __name__ == '__main__':
    sys.exit(main())
