#!/usr/bin/env python3
"""KTAP in and out: kernel logs read with kunit.py's own parser
(tools/testing/kunit of a kernel tree), the project's own results written
as KTAP and read back.

  ktap.py TREE LABEL LOG [--allow-skip REGEX] [--expected FILE]
                         [--suites REGEX | --except-suites REGEX]
                         [--number-twice]
      KUnit output (a guest's dmesg, kunit.py's test.log) as one result
      line per test case: "ok|LABEL suite.case", "not ok|LABEL suite.case
      -- WHY" or "skip|LABEL suite.case # reason" (each parameter of a
      parameterised case is a case), then a last line "P F S".  A skip
      whose reason does not match --allow-skip (default: none allowed)
      counts as a failure; so do a run with no test at all, a case
      reported twice, and a suite reported "not ok" although none of its
      cases failed.  A crash is one failure, "LABEL SUITE crashed" (the
      innermost test the log did not finish), whatever kunit_parser makes
      of the rest of the log.  --suites / --except-suites: only the
      top-level suites whose name matches REGEX (the whole name) / does
      not match it.  --number-twice: for suites that are not ours, a name
      reported again is a case of its own, "NAME #2", not a failure.

      kunit_parser knows no expected failure, so the caller names them in
      FILE, one per line: "xfail|CASE|WHY", a case that must fail, then
      reported "ok|... # expected failure: WHY" (it passing is "not
      ok|... # XPASS WHY"), or "xskip|CASE|TEXT", a case that must skip
      with a reason containing TEXT; CASE covers each parameter of a
      parameterised case.  A case named there that did not run at all is
      a failure too.

  ktap.py TREE --write STAGE LIST OUT SECONDS
      A stage's results (LIST: "ok|text", "not ok|text" or "skip|text"
      lines, scripts/lib/report.sh writes them) as a KTAP document OUT:
      the run's identity in its header, plan, numbered results, "# SKIP",
      "# XFAIL" and "# XPASS" directives, and the part of a text after
      " -- " (counts, times, paths) as a diagnostic line after its
      result, so that a test's name stays the same from run to run.  Two
      results of one name are a failure of its own, "test names are
      unique".  Prints its counts, "P F S" (see below).

  ktap.py TREE --run OUT STAGES
      One KTAP document OUT for a whole make check.  STAGES has a line
      "NAME EXIT SECONDS [WHY]" per stage, in order, setup first: setup
      is one result ("not ok ... # ERROR WHY" when it failed); a stage
      whose EXIT is "-" was not run (a SKIP); a stage's own document
      (NAME.ktap beside OUT) is its subtest, and a stage that left none
      is "not ok ... # ERROR", as is one that exited non-zero although
      none of its checks failed.  Ends with kselftest's "# Totals:" line
      and writes results.json beside it.

  ktap.py TREE --table CHECK_KTAP
      make check's table (a row per stage: passed, failed, skipped,
      seconds), kselftest's "# Totals:" line and the summary line "P
      passed, F failed, S skipped", all read from CHECK_KTAP alone (its
      own Totals line must agree).  Exit status 0 only when nothing
      failed and something passed.

  ktap.py TREE --count KTAP
      The counts "P F S SECONDS" of a stage's KTAP document; "0 1 0 0"
      (one failure) if there is none.

Counts: P passed (expected failures included), F failed (xpass and
errors included), S skipped.  Exit status 0 only when nothing failed.
Our own documents are read by a small reader of KTAP's nesting that keeps
the directives, which kunit_parser drops; kunit_parser must read them
too, without an error.
"""
import argparse
import io
import json
import os
import re
import sys

S = None
PARSER = None


def load(tree):
    global S, PARSER
    sys.path.insert(0, os.path.join(tree, 'tools/testing/kunit'))
    try:
        import kunit_parser  # noqa: E402
        from kunit_printer import Printer  # noqa: E402
    except ImportError:
        return False
    S = kunit_parser.TestStatus

    def parse(text):
        quiet = Printer(print=False, output=io.StringIO())
        return kunit_parser.parse_run_tests(text.splitlines(keepends=True), quiet)
    PARSER = parse
    return True


def need_parser(tree):
    if not load(tree):
        sys.exit('ktap.py: no kunit_parser in %s/tools/testing/kunit' % tree)


# ---- KUnit logs, through kunit_parser

def cases_of(root, keep=lambda name: True, number_twice=False):
    """The results of a parsed KUnit log, in order: ('case', NAME, TEST)
    for each test case (a leaf; each parameter of a parameterised case),
    ('crash', NAME, WHERE) once per crash, for the innermost test the log
    did not finish, and ('bad', NAME, WHY) for a failure of the log
    itself: a name reported twice, a suite "not ok" although none of its
    cases failed.  Top-level suites whose name keep() refuses are left
    out.  number_twice: a name reported again is numbered ("NAME #2"), for
    suites that are not ours (KUnit's own example suite gives two
    parameters one name)."""
    out, seen = [], set()

    def failed(r):
        return r[0] != 'case' or r[2].status not in (S.SUCCESS, S.SKIPPED)

    def walk(t, path):
        name = '.'.join(path)
        if not t.subtests and path:
            if name in seen and number_twice:
                k = 2
                while f'{name} #{k}' in seen:
                    k += 1
                seen.add(f'{name} #{k}')
                out.append(('case', f'{name} #{k}', t))
            elif name in seen:
                out.append(('bad', name, 'reported twice'))
            else:
                seen.add(name)
                out.append(('case', name, t))
            return
        first = len(out)
        for c in t.subtests:
            if not c.name and not c.subtests:
                continue	# a result the log never reached: its parent crashed
            if not path and not keep(c.name):
                continue
            walk(c, path + [c.name])
        mine = out[first:]
        if t.status == S.TEST_CRASHED:
            if not any(r[0] == 'crash' for r in mine):
                ran = [r[1] for r in mine if r[0] == 'case']
                out.append(('crash', name, 'after ' + ran[-1] if ran else 'before its first case'))
        elif path and t.status == S.FAILURE and not any(failed(r) for r in mine):
            out.append(('bad', name, 'not ok, although none of its cases failed'))
    walk(root, [])
    return out


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

    def keep(name):
        if args.suites and not re.fullmatch(args.suites, name):
            return False
        return not (args.except_suites and re.fullmatch(args.except_suites, name))

    def result(kind, text):
        nonlocal p, f, s
        print(f'{kind}|{args.label} {text}')
        if kind == 'ok':
            p += 1
        elif kind == 'skip':
            s += 1
        else:
            f += 1

    if root.status in (S.FAILURE_TO_PARSE_TESTS, S.NO_TESTS):
        result('not ok', f'no KUnit results -- {args.log}')
        print(p, f, s)
        return 1
    crashed = False
    for kind, name, test in cases_of(root, keep, args.number_twice):
        if kind == 'crash':
            crashed = True
            result('not ok', f'{name} crashed -- {test}; {args.log}'.lstrip())
            continue
        if kind == 'bad':
            result('not ok', f'{name} -- {test}')
            continue
        # a case named, or each parameter of it
        key = next((k for k in list(xfail) + list(xskip)
                    if name == k or name.startswith(k + '.')), None)
        if key in xfail:
            seen.add(key)
            if test.status == S.FAILURE:
                result('ok', f'{name} # expected failure: {xfail[key]}')
            elif test.status == S.SUCCESS:
                result('not ok', f'{name} # XPASS it must fail here: {xfail[key]}')
            else:
                result('not ok', f'{name} -- {test.status.name}, but it must fail here: {xfail[key]}')
        elif key in xskip:
            seen.add(key)
            reason = test.skip_reason or ''
            if test.status == S.SKIPPED and xskip[key] in reason:
                result('skip', f'{name} # {reason}')
            else:
                result('not ok', f'{name} -- {test.status.name}, but it must skip here ("{xskip[key]}")')
        elif test.status == S.SUCCESS:
            result('ok', name)
        elif test.status == S.SKIPPED:
            reason = test.skip_reason or ''
            if allow and allow.search(reason):
                result('skip', f'{name} # {reason}')
            else:
                result('not ok', f'{name} -- skipped: {reason}')
        else:
            result('not ok', f'{name} -- {test.status.name}')
    if root.counts.errors and not crashed:
        result('not ok', f'KTAP parse errors -- {root.counts.errors} in {args.log}')
    if p + f + s == 0:
        result('not ok', f'no test case ran -- {args.log}')
    for name in sorted((set(xfail) | set(xskip)) - seen):
        result('not ok', f'{name} -- did not run')
    print(p, f, s)
    return 1 if f else 0


# ---- our own documents

RESULT = re.compile(r'^( *)(ok|not ok) (\d+)(?: -)? ?([^#]*?) *(?:#(.*))?$')
DIRECTIVES = ('SKIP', 'TODO', 'XFAIL', 'XPASS', 'TIMEOUT', 'ERROR')
KINDS = ('pass', 'fail', 'xfail', 'xpass', 'skip', 'error')


class Node:
    def __init__(self, name, ok, directive='', why=''):
        self.name, self.ok, self.directive, self.why = name, ok, directive, why
        self.children, self.diags = [], []


def read(text):
    """A KTAP document as a tree of Nodes, nested as KTAP nests subtests
    (4 spaces further in); the root's diags are the header's lines."""
    root = Node('', True)
    pending = {}		# indentation: results not yet claimed by a parent
    head = {}		# indentation: diagnostics before the first result there
    last = {}		# indentation: the last result there, for its diagnostics
    for line in text.splitlines():
        s = line.lstrip(' ')
        ind = len(line) - len(s)
        m = RESULT.match(line)
        if m:
            _, ok, _, name, rest = m.groups()
            d, _, why = (rest or '').strip().partition(' ')
            if d.upper() not in DIRECTIVES:
                d, why = '', (rest or '').strip()
            n = Node(name, ok == 'ok', d.upper(), why)
            n.children = pending.pop(ind + 4, [])
            n.diags = head.pop(ind + 4, [])
            pending.setdefault(ind, []).append(n)
            last[ind] = n
        elif s.startswith('# Totals:') and ind == 0:
            root.diags.append(s[1:].strip())
        elif s.startswith('#') and not s.startswith('# Subtest:'):
            (last[ind].diags if ind in last else head.setdefault(ind, [])).append(s[1:].strip())
        elif s.startswith('KTAP version') or s.startswith('# Subtest:'):
            last.pop(ind, None)	# a subtest starts: what follows is its header
    root.children = pending.get(0, [])
    root.diags = head.get(0, []) + root.diags
    return root


def kind(n):
    """What a leaf result is, as kselftest's Totals count it."""
    if n.directive == 'SKIP':
        return 'skip'
    if n.ok:
        return 'xfail' if n.directive == 'XFAIL' else 'pass'
    return {'XPASS': 'xpass', 'ERROR': 'error'}.get(n.directive, 'fail')


def tally(n):
    """The Totals of a node: its leaves, and the node itself when it is
    "not ok" and nothing under it failed (an ERROR, or a failure)."""
    if not n.children:
        return {k: int(kind(n) == k) for k in KINDS}
    t = {k: 0 for k in KINDS}
    for c in n.children:
        for k, v in tally(c).items():
            t[k] += v
    if not n.ok and not (t['fail'] or t['xpass'] or t['error']):
        t['error' if n.directive == 'ERROR' else 'fail'] += 1
    return t


def pfs(t):
    """Passed (expected failures too), failed (xpass and errors too), skipped."""
    return t['pass'] + t['xfail'], t['fail'] + t['xpass'] + t['error'], t['skip']


def totals_line(t):
    return '# Totals: ' + ' '.join('%s:%d' % (k, t[k]) for k in KINDS)


def doc_tally(text):
    """The Totals of a whole document; a document kunit_parser cannot read
    without an error (when it is at hand) is an error more."""
    root = read(text)
    t = {k: 0 for k in KINDS}
    for c in root.children:
        for k, v in tally(c).items():
            t[k] += v
    if not root.children:
        t['error'] += 1
    elif PARSER:
        parsed = PARSER(text)
        if parsed.counts.errors or parsed.status in (S.FAILURE_TO_PARSE_TESTS, S.NO_TESTS):
            t['error'] += 1
    return root, t


def identity():
    """The run's identity (scripts/lib/series.sh's run_identity)."""
    return {'repository': os.environ.get('DEVLIST_REPO') or 'unknown',
            'code': os.environ.get('DEVLIST_CODE') or 'unknown',
            'base': os.environ.get('DEVLIST_BASE') or 'unknown'}


def header(title):
    i = identity()
    return ['KTAP version 1', '# ' + title,
            '# devlist run: repository %(repository)s; code %(code)s; base %(base)s' % i]


def clean(text):
    """A description KTAP can carry: one line, no '#' (a directive)."""
    return ' '.join(text.split()).replace('#', 'no.') or '(no description)'


def write(stage, lst, out, seconds):
    lines, names = [], {}
    for line in open(lst, errors='replace'):
        kind_, _, text = line.rstrip('\n').partition('|')
        # "NAME -- DETAILS": the test's name stays the same from run to run;
        # counts, times and paths go to a diagnostic line after its result
        text, _, diag = text.partition(' -- ')
        if kind_ == 'ok':
            # an expected failure that failed: KTAP's XFAIL directive
            desc, _, note = text.partition(' # expected failure')
            desc = clean(desc)
            lines.append(('ok %d ' + desc +
                          (' # XFAIL ' + clean(note.lstrip(': ')) if note else ''), diag))
        elif kind_ == 'skip':
            desc, _, why = text.partition(' # ')
            desc = clean(desc)
            lines.append(('ok %d ' + desc + ' # SKIP ' + clean(why or desc), diag))
        else:
            desc, _, why = text.partition(' # XPASS')
            desc = clean(desc)
            lines.append(('not ok %d ' + desc + (' # XPASS ' + clean(why) if why else ''), diag))
        names[desc] = names.get(desc, 0) + 1
    twice = sorted(n for n, c in names.items() if c > 1)
    if twice:
        lines.append(('not ok %d test names are unique', 'reported more than once: ' + '; '.join(twice)))
    text = header('devlist stage %s, %s s' % (stage, seconds)) + ['1..%d' % len(lines)]
    for i, (line, diag) in enumerate(lines, 1):
        text.append(line % i)
        if diag:
            text.append('# ' + ' '.join(diag.split()))
    text = '\n'.join(text) + '\n'
    with open(out + '.tmp', 'w') as f:
        f.write(text)
    os.replace(out + '.tmp', out)
    p, f, s = pfs(doc_tally(text)[1])
    write_json(os.path.dirname(out))
    print(p, f, s)
    return 1 if f else 0


def stage_seconds(node, doc=''):
    for d in node.diags:
        m = re.match(r'\S+: (\d+) s\b', d)
        if m:
            return int(m.group(1))
    m = re.search(r'^# devlist stage \S+, (\d+) s$', doc, re.M)
    return int(m.group(1)) if m else 0


def run_doc(out, stages):
    """check.ktap: every stage of a make check, each a subtest."""
    rows = [line.split(None, 3) for line in open(stages) if line.strip()]
    body = []
    for i, row in enumerate(rows, 1):
        name, rc, secs = row[:3]
        why = clean(row[3]) if len(row) > 3 else ''
        diag = '# %s: %s s, exit %s' % (name, secs, rc)
        path = os.path.join(os.path.dirname(out), name + '.ktap')
        if name == 'setup':
            body += ['ok %d setup' % i if rc == '0' else 'not ok %d setup # ERROR %s' % (i, why or 'exit ' + rc), diag]
            continue
        if rc == '-':
            body += ['ok %d %s # SKIP not run: %s' % (i, name, why or 'setup failed'), diag]
            continue
        try:
            text = open(path).read()
        except OSError:
            body += ['not ok %d %s # ERROR the stage died (exit %s) before writing its KTAP' % (i, name, rc), diag]
            continue
        p, f, _ = pfs(doc_tally(text)[1])
        body += ['    KTAP version 1', '    # Subtest: ' + name]
        body += ['    ' + x for x in text.splitlines() if not x.startswith('KTAP version')]
        if f:
            body.append('not ok %d %s' % (i, name))
        elif rc != '0' and p:
            body.append('not ok %d %s # ERROR exit %s, although none of its checks failed' % (i, name, rc))
        elif not p:
            body.append('not ok %d %s' % (i, name))
            diag += ', nothing passed'
        else:
            body.append('ok %d %s' % (i, name))
        body.append(diag)
    text = '\n'.join(header('devlist make check') + ['1..%d' % len(rows)] + body) + '\n'
    t = doc_tally(text)[1]
    text += totals_line(t) + '\n'
    with open(out + '.tmp', 'w') as f:
        f.write(text)
    os.replace(out + '.tmp', out)
    write_json(os.path.dirname(out))
    p, f, s = pfs(t)
    print(p, f, s)
    return 1 if f else 0


def table(path):
    """make check's table, Totals and summary line, from check.ktap alone."""
    try:
        text = open(path).read()
    except OSError:
        text = ''
    root, t = doc_tally(text)
    print()
    print('  %-14s %7s %7s %7s %7s' % ('stage', 'passed', 'failed', 'skipped', 'seconds'))
    for n in root.children:
        print('  %-14s %7d %7d %7d %7d' % ((n.name,) + pfs(tally(n)) + (stage_seconds(n),)))
    written = [d for d in root.diags if d.startswith('Totals:')]
    if written != [totals_line(t)[2:]]:
        t['error'] += 1
        print('  %s: its "# Totals:" line is %s, its results say %s' %
              (path, written[-1] if written else 'missing', totals_line(t)[2:]))
    p, f, s = pfs(t)
    print(totals_line(t))
    print('%d passed, %d failed, %d skipped' % (p, f, s))
    return 0 if f == 0 and p > 0 else 1


def write_json(d):
    """results.json of the run in directory D: its identity, and each
    stage's tests with their outcomes, from check.ktap when there is one,
    else from the stages' documents."""
    def tests(n, path):
        for c in n.children:
            if c.children:
                yield from tests(c, path + [c.name])
            else:
                yield {'name': '.'.join(path + [c.name]), 'result': kind(c),
                       'detail': '; '.join(filter(None, [c.why] + c.diags))}
    docs = []
    check = os.path.join(d, 'check.ktap')
    if os.path.exists(check):
        root = read(open(check).read())
        docs = [(n.name, n) for n in root.children]
    else:
        for f in sorted(os.listdir(d)):
            if f.endswith('.ktap'):
                text = open(os.path.join(d, f)).read()
                n = read(text)
                n.name, n.ok = f[:-len('.ktap')], pfs(doc_tally(text)[1])[1] == 0
                n.diags.append('%s: %d s' % (n.name, stage_seconds(Node('', True), text)))
                docs.append((n.name, n))
    stages, total = [], {k: 0 for k in KINDS}
    for name, n in docs:
        t = tally(n)
        for k in KINDS:
            total[k] += t[k]
        stages.append({'name': name,
                       'result': ('pass' if n.ok else 'fail') if n.children else kind(n),
                       'seconds': stage_seconds(n), 'totals': t,
                       'tests': list(tests(n, []))})
    p, f, _ = pfs(total)
    res = dict(identity(), run=os.path.basename(os.path.abspath(d)),
               result='pass' if f == 0 and p > 0 else 'fail', totals=total, stages=stages)
    with open(os.path.join(d, 'results.json.tmp'), 'w') as f:
        json.dump(res, f, indent=1)
        f.write('\n')
    os.replace(os.path.join(d, 'results.json.tmp'), os.path.join(d, 'results.json'))


def count(path):
    try:
        text = open(path).read()
    except OSError:
        print(0, 1, 0, 0)
        return 1
    p, f, s = pfs(doc_tally(text)[1])
    print(p, f, s, stage_seconds(Node('', True), text))
    return 1 if f else 0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('tree')
    if len(sys.argv) > 2 and sys.argv[2] in ('--write', '--run', '--table', '--count'):
        ap.add_argument('--write', nargs=4, metavar=('STAGE', 'LIST', 'OUT', 'SECONDS'))
        ap.add_argument('--run', nargs=2, metavar=('OUT', 'STAGES'))
        ap.add_argument('--table', metavar='CHECK_KTAP')
        ap.add_argument('--count', metavar='KTAP')
        args = ap.parse_args()
        load(args.tree)		# kunit_parser checks our documents where it is at hand
        if args.write:
            return write(*args.write)
        if args.run:
            return run_doc(*args.run)
        if args.table:
            return table(args.table)
        return count(args.count)
    ap.add_argument('label')
    ap.add_argument('log')
    ap.add_argument('--allow-skip', default=None)
    ap.add_argument('--expected', default=None)
    ap.add_argument('--suites', default=None)
    ap.add_argument('--except-suites', default=None)
    ap.add_argument('--number-twice', action='store_true')
    args = ap.parse_args()
    need_parser(args.tree)
    return kunit_results(args)


if __name__ == '__main__':
    sys.exit(main())
