#!/usr/bin/env python3
"""Turn KUnit output (KTAP, from kunit.py or a guest's dmesg) into one line
per test case, with kunit.py's own parser.

usage: ktap.py KERNEL_TREE LABEL LOG [--allow-skip REGEX] [--expected FILE]

Prints "ok LABEL suite.case", "not ok LABEL suite.case" or
"skip LABEL suite.case # reason" for every leaf test (each parameter of a
parameterised case is a leaf), then a last line "P F S".  A skip whose
reason does not match --allow-skip (default: none allowed) counts as a
failure; a run with no test at all, or a crash, fails too.

kunit_parser knows no expected failure, so the caller names them in FILE,
one per line: "xfail|CASE|WHY", a case that must fail, then reported
"ok ... # expected failure: WHY" (it passing is a failure), or
"xskip|CASE|TEXT", a case that must skip with a reason containing TEXT;
CASE covers each parameter of a parameterised case.  A case named there
that did not run at all is a failure too.  Exit status
0 only when nothing failed.
"""
import argparse
import io
import os
import re
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('tree')
    ap.add_argument('label')
    ap.add_argument('log')
    ap.add_argument('--allow-skip', default=None)
    ap.add_argument('--expected', default=None)
    args = ap.parse_args()
    xfail, xskip, seen = {}, {}, set()
    if args.expected:
        for line in open(args.expected):
            kind, case, why = line.rstrip('\n').split('|', 2)
            (xfail if kind == 'xfail' else xskip)[case] = why

    sys.path.insert(0, os.path.join(args.tree, 'tools/testing/kunit'))
    import kunit_parser  # noqa: E402
    from kunit_printer import Printer  # noqa: E402

    with open(args.log, errors='replace') as f:
        text = f.read()
    quiet = Printer(print=False, output=io.StringIO())
    root = kunit_parser.parse_run_tests(text.splitlines(keepends=True), quiet)
    S = kunit_parser.TestStatus
    allow = re.compile(args.allow_skip) if args.allow_skip else None
    p = f = s = 0

    def walk(test, path):
        nonlocal p, f, s
        if test.subtests:
            for t in test.subtests:
                walk(t, path + [t.name])
            if test.status == S.TEST_CRASHED:
                print(f'not ok {args.label} {".".join(path)} crashed')
                f += 1
            return
        name = '.'.join(path)
        # a case named, or each parameter of it
        key = next((k for k in list(xfail) + list(xskip)
                    if name == k or name.startswith(k + '.')), None)
        if key in xfail:
            seen.add(key)
            if test.status == S.FAILURE:
                print(f'ok {args.label} {name} # expected failure: {xfail[key]}')
                p += 1
            else:
                print(f'not ok {args.label} {name} {test.status.name}, '
                      f'but it must fail here: {xfail[key]}')
                f += 1
            return
        if key in xskip:
            seen.add(key)
            reason = test.skip_reason or ''
            if test.status == S.SKIPPED and xskip[key] in reason:
                print(f'skip {args.label} {name} # {reason}')
                s += 1
            else:
                print(f'not ok {args.label} {name} {test.status.name}, '
                      f'but it must skip here ("{xskip[key]}")')
                f += 1
            return
        if test.status == S.SUCCESS:
            print(f'ok {args.label} {name}')
            p += 1
        elif test.status == S.SKIPPED:
            reason = test.skip_reason or ''
            if allow and allow.search(reason):
                print(f'skip {args.label} {name} # {reason}')
                s += 1
            else:
                print(f'not ok {args.label} {name} skipped: {reason}')
                f += 1
        else:
            print(f'not ok {args.label} {name} {test.status.name}')
            f += 1

    if root.status in (S.FAILURE_TO_PARSE_TESTS, S.NO_TESTS):
        print(f'not ok {args.label} no KUnit results in {args.log}')
        f += 1
    else:
        for t in root.subtests:
            walk(t, [t.name])
        if root.counts.errors:
            print(f'not ok {args.label} {root.counts.errors} parse error(s) in {args.log}')
            f += root.counts.errors
        if p + f + s == 0:
            print(f'not ok {args.label} no test case ran')
            f += 1
        for name in sorted((set(xfail) | set(xskip)) - seen):
            print(f'not ok {args.label} {name} did not run')
            f += 1
    print(p, f, s)
    return 1 if f else 0


if __name__ == '__main__':
    sys.exit(main())
