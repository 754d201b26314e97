#!/usr/bin/env python3
"""Compare the API transcripts of the stock and the patched kernel.

Each record (one call and the /proc/devices lines it changed) must be
identical, or be explained by one of the documented intentional
differences (Documentation/driver-api/devlist.rst), each recognised by a
rule that checks why:

  hash-slot   a dynamic major differs, and each kernel's choice is exactly
              what its own search gives on its own state: stock by hash slot
              (major M is skipped while any M' = M mod 255 is held), ours by
              wholly free major.  The name is then "mapped": later lines of
              it may show different majors.
  mapped      the record differs only in the majors of mapped names.
  occupancy   a fixed-major call succeeds on one kernel and not the other,
              and the majors it asks for are held by different (mapped)
              names on the two kernels.
  not-held    the release of a handle whose registration differed (above).
  wrap        register_chrdev_region() of a range reaching the end of dev_t:
              stock returned 0 and registered nothing, ours -EINVAL.
  baseminor   a baseminor beyond MINORMASK: stock registered it (in the
              wrong major), ours -EINVAL; the next record undoes it.

usage: compare.py STOCK_TRANSCRIPT OURS_TRANSCRIPT [STOCK_MSGS OURS_MSGS]
Prints the counts and exits 1 on any unexplained difference.
"""
import collections
import re
import sys

WHOLE = 1 << 20
CALL = re.compile(r'^#(\d+) (\S+?)\((.*)\)(?: = (-?\d+))?(.*)$')
RELEASE = re.compile(r'^#(\d+) release h(\d+) (exact|wrong)( \[not held\])?$')


def parse(path):
    """Records: [call line, [(op, sec, major, name)], raw delta lines]."""
    initial, recs, cur, mode = [], [], None, None
    for line in open(path, encoding='utf-8', errors='replace'):
        line = line.rstrip('\n')
        if line.startswith('### initial'):
            mode = 'initial'
            continue
        if line.startswith('###') or line.startswith('# '):
            mode = 'calls'
            cur = None
            if line.startswith('### seed') or line.startswith('# exhaust'):
                recs.append([line, [], []])
            continue
        if mode == 'initial':
            initial.append(line)
        elif line.startswith('#'):
            cur = [line, [], []]
            recs.append(cur)
        elif line.startswith('  ') and cur is not None:
            m = re.match(r'^  ([+-])([cb]) +(\d+) (.*)$', line)
            if not m:
                raise SystemExit(f'{path}: bad delta line: {line!r}')
            cur[1].append((m[1], m[2], int(m[3]), m[4]))
            cur[2].append(line)
    return initial, recs


def initial_state(lines):
    state, sec = collections.Counter(), 'c'
    for line in lines:
        if line.startswith('Block devices'):
            sec = 'b'
        m = re.match(r'^ *(\d+) (.*)$', line)
        if m:
            state[(sec, int(m[1]), m[2])] += 1
    return state


def apply(state, deltas):
    for op, sec, major, name in deltas:
        key = (sec, major, name)
        if op == '+':
            state[key] += 1
        else:
            state[key] -= 1
            if state[key] <= 0:
                del state[key]


def held(state, sec):
    return {major for (s, major, _), n in state.items() if s == sec and n > 0}


def stock_dynamic(state, sec):
    used = held(state, sec)
    if sec == 'c':
        for i in range(254, 233, -1):
            if not any(m % 255 == i for m in used):
                return i
        for i in range(511, 383, -1):
            if i not in used:
                return i
    else:
        for i in range(254, 0, -1):
            if not any(m % 255 == i for m in used):
                return i
    return None


def ours_dynamic(state, sec):
    used = held(state, sec)
    window = list(range(254, 233, -1)) + list(range(511, 383, -1)) if sec == 'c' \
        else list(range(254, 0, -1))
    for i in window:
        if i not in used:
            return i
    return None


def call_name(call):
    m = re.search(r'"([^"]*)"', call)
    return m[1] if m else None


def names_of(name):
    return {name, name[:63], name[:15]} if name else set()


def masked(deltas, mapped):
    return sorted((op, sec, '*' if name in mapped else str(major), name)
                  for op, sec, major, name in deltas)


def others(deltas, name):
    """The delta lines that are not about @name."""
    own = names_of(name)
    return [d for d in deltas if d[3] not in own]


def got_major(deltas, name, sec):
    for op, s, major, n in deltas:
        if op == '+' and s == sec and n in names_of(name):
            return major
    return None


def main():
    s_init, s_recs = parse(sys.argv[1])
    o_init, o_recs = parse(sys.argv[2])
    if not s_recs or not o_recs:
        print('FAIL conformance: a transcript is empty')
        return 1
    if s_init != o_init:
        print('FAIL conformance: /proc/devices differs before the first call')
        return 1
    s_state, o_state = initial_state(s_init), initial_state(o_init)
    mapped, diverged = set(), set()
    classes = collections.Counter()
    pending_undo = set()
    for srec, orec in zip(s_recs, o_recs):
        scall, ocall = srec[0], orec[0]
        sm, om = CALL.match(scall), CALL.match(ocall)
        why = None
        srel, orel = RELEASE.match(scall), RELEASE.match(ocall)
        if scall == ocall and srec[1] == orec[1]:
            why = 'identical'
        elif srel and orel and srel.groups()[:3] == orel.groups()[:3]:
            if srel[4] == orel[4]:
                if masked(srec[1], mapped) == masked(orec[1], mapped):
                    why = 'mapped'
            elif srel[2] in diverged:
                # one kernel held it, the other did not: only the holder changes
                holder, other = (orec, srec) if srel[4] else (srec, orec)
                if not other[1] and all(op == '-' for op, *_ in holder[1]):
                    why = 'not-held'
        elif not sm or not om or sm[1] != om[1] or sm[2] != om[2] or sm[3] != om[3]:
            why = None      # different calls: the sequences went apart
        else:
            fn, args = sm[2], sm[3]
            name = call_name(scall)
            sres, ores = int(sm[4]) if sm[4] else None, int(om[4]) if om[4] else None
            nums = [int(x) for x in re.findall(r'\d+', args.split('"')[0])]
            sec = 'b' if fn == 'register_blkdev' else 'c'
            dynamic = (fn in ('alloc_chrdev_region',)
                       or (fn in ('__register_chrdev', 'register_blkdev',
                                  'register_chrdev_region') and nums and nums[0] == 0))
            if fn == 'register_chrdev_region' and len(nums) >= 3 and \
                    (nums[0] << 20) + nums[1] + nums[2] >= 1 << 32 and \
                    sres == 0 and ores == -22 and not srec[1] and not orec[1]:
                why = 'wrap'
                diverged.add(sm[1])     # stock thinks it holds something
            elif fn in ('alloc_chrdev_region', '__register_chrdev') and ores == -22 and \
                    not orec[1] and ((fn == 'alloc_chrdev_region' and nums[0] > WHOLE - 1) or
                                     (fn == '__register_chrdev' and nums[1] > WHOLE - 1)):
                why = 'baseminor'
                pending_undo |= names_of(name)
            elif fn == '__unregister_chrdev' and '[undo]' in scall and not orec[1] and \
                    all(n in pending_undo and op == '-' for op, _, _, n in srec[1]):
                why = 'baseminor'
            elif dynamic and masked(others(srec[1], name), mapped) == \
                    masked(others(orec[1], name), mapped):
                want_s, want_o = stock_dynamic(s_state, sec), ours_dynamic(o_state, sec)
                got_s = got_major(srec[1], name, sec)
                got_o = got_major(orec[1], name, sec)
                if got_s is None and sres is not None and sres > 0:
                    got_s = sres
                if got_o is None and ores is not None and ores > 0:
                    got_o = ores
                ok_s = got_s == want_s or (got_s is None and (sres or 0) < 0 and
                                           (want_s is None or sres != -16))
                ok_o = got_o == want_o or (got_o is None and (ores or 0) < 0 and
                                           (want_o is None or ores != -16))
                if ok_s and ok_o and want_s != want_o:
                    why = 'hash-slot'
                    mapped |= names_of(name)
                    if (sres is None or sres >= 0) != (ores is None or ores >= 0):
                        diverged.add(sm[1])
                elif ok_s and ok_o and mapped and got_s == want_s and got_o == want_o:
                    why = 'mapped'
                    mapped |= names_of(name)
            elif fn in ('register_chrdev_region', '__register_chrdev', 'register_blkdev') \
                    and nums and nums[0] != 0 and (sres == 0) != (ores == 0):
                if sec == 'c':      # (major, minor, count, ...)
                    first, count = (nums[0] << 20) + nums[1], nums[2]
                else:               # a whole block major
                    first, count = nums[0] << 20, WHOLE
                last = first + max(count, 1) - 1
                targets = range(first >> 20, (last >> 20) + 1)
                def names_at(state, major):
                    return {n for (s, m, n) in state if s == sec and m == major}
                if any((names_at(s_state, t) ^ names_at(o_state, t)) & mapped
                       for t in targets):
                    why = 'occupancy'
                    diverged.add(sm[1])
                    mapped |= names_of(name)
            if why is None and sres == ores and scall == ocall and \
                    masked(srec[1], mapped) == masked(orec[1], mapped):
                why = 'mapped'
        if why is None:
            print('FAIL conformance: unexplained difference')
            print('  stock: ' + scall)
            for d in srec[2][:10]:
                print('  stock:' + d)
            print('  ours:  ' + ocall)
            for d in orec[2][:10]:
                print('  ours: ' + d)
            print(f'  ({sum(classes.values())} records compared before this one)')
            return 1
        classes[why] += 1
        apply(s_state, srec[1])
        apply(o_state, orec[1])
    if len(s_recs) != len(o_recs):
        print(f'FAIL conformance: {len(s_recs)} stock records, {len(o_recs)} ours')
        return 1
    if masked([('+',) + k for k in s_state.elements()], mapped) != \
            masked([('+',) + k for k in o_state.elements()], mapped):
        print('FAIL conformance: final /proc/devices differs beyond mapped names')
        return 1
    calls = sum(1 for r in s_recs if CALL.match(r[0]) or RELEASE.match(r[0]))
    print(f'conformance: {calls} calls compared, {classes["identical"]} identical, '
          + ', '.join(f'{n} {c}' for c, n in sorted(classes.items()) if c != 'identical'))
    if len(sys.argv) > 4:
        return compare_messages(sys.argv[3], sys.argv[4])
    return 0


ALLOWED_OURS_ONLY = [re.compile(p) for p in (
    r'runs past the last device number',            # wrap
    r'major requested \(4095\) is greater',          # wrap, ending at 0xffffffff
    r'dynamic allocation region is full',
    r'failed to get major for',
    r'cannot get major',
)]
ALLOWED_STOCK_ONLY = [re.compile(p) for p in (
    r'dynamic allocation region is full',
    r'failed to get major for',
    r'cannot get major',
)]


def compare_messages(spath, opath):
    s = collections.Counter(open(spath).read().splitlines())
    o = collections.Counter(open(opath).read().splitlines())
    bad = []
    for line, n in (o - s).items():
        m = re.search(r'minor range requested \((\d+)-', line)
        if m and int(m[1]) > WHOLE - 1:
            continue        # baseminor beyond MINORMASK: stock said nothing
        if not any(p.search(line) for p in ALLOWED_OURS_ONLY):
            bad.append('ours only: ' + line)
    for line, n in (s - o).items():
        if not any(p.search(line) for p in ALLOWED_STOCK_ONLY):
            bad.append('stock only: ' + line)
    same = sum((s & o).values())
    print(f'conformance: {sum(s.values())} stock / {sum(o.values())} patched kernel messages, '
          f'{same} identical, {sum((o - s).values()) + sum((s - o).values())} explained')
    for b in bad[:10]:
        print('FAIL conformance message ' + b)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
