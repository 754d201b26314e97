#!/usr/bin/env python3
"""Self-test of testing/bench/report.py.

Clean runs are accepted and their ratio computed; a goal is met below its
limit or inside the A/A band, missed above both, and "not measurable" when
the band is wider than 0.10; and each kind of bad run rejects the whole
report: a clocksource other than tsc (kernel instrument), an ERROR line, a
module that did not finish, a wrong background count, a reservation left
behind, a round without one of its sides.  Prints one ok/not ok line each;
exits 1 if any check fails."""
import os
import subprocess
import sys
import tempfile

REPORT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "report.py")
SIDES = ("stock", "stock2", "fixes", "series")

CLEAN = """start replay=60 pools=32+16 in=66 out=300 blk=447
bg pop=0 place=in chr=0 blk=0
r pop=0 place=in wl=boot rep=0 ns=%d n=100
r pop=0 place=in wl=proc-cat rep=0 ns=500000 n=10 bytes=1178
bg pop=64 place=in chr=64 blk=64
r pop=64 place=in wl=boot rep=0 ns=70000 n=60
bg pop=-1 place=after chr=0 blk=0
done errors=0
@@@ clocksource tsc
"""

MUTANTS = {
    "clocksource refined-jiffies": ("@@@ clocksource tsc", "@@@ clocksource refined-jiffies"),
    "an ERROR line": ("done errors=0", "ERROR churn 6:3 = -16\ndone errors=0"),
    "the module did not finish": ("done errors=0\n", ""),
    "a wrong char background count": ("chr=64 blk=64", "chr=63 blk=64"),
    "a wrong block background count": ("chr=64 blk=64", "chr=64 blk=60"),
    "a reservation left behind": ("place=after chr=0 blk=0", "place=after chr=1 blk=0"),
}


def report(runs, instrument="kernel"):
    """runs: {(round, side): text}; returns (exit status, output)."""
    with tempfile.TemporaryDirectory() as d:
        for (i, side), text in runs.items():
            open(os.path.join(d, "run-%d-%s.bench" % (i, side)), "w").write(text)
        p = subprocess.run([sys.executable, REPORT, d, instrument, "selftest", "0"],
                           capture_output=True, text=True)
        return p.returncode, p.stdout


def rounds(ns):
    """Five rounds; ns(side, i) is the boot workload's ns per 100 calls."""
    return {(i, s): CLEAN % ns(s, i) for i in range(1, 6) for s in SIDES}


def row(out):
    return [ln for ln in out.splitlines() if ln.startswith("| boot order") and "| boot |" in ln][0]


def main():
    bad = 0

    def check(ok, what, out=""):
        nonlocal bad
        print(("ok " if ok else "not ok ") + what)
        if not ok:
            print(out)
            bad += 1

    rc, out = report(rounds(lambda s, i: 3000 if s == "series" else 6000))
    check(rc == 0 and "| 0.50 (0.50-0.50) | 1.00-1.00 | 0.50 |" in out and "no slower: met" in row(out),
          "clean runs accepted, ratio 0.50 and its band computed, goal met", out)
    jitter = [0.98, 1.0, 1.06, 1.01, 0.99]
    rc, out = report(rounds(lambda s, i: {"stock2": int(6000 * jitter[i - 1]),
                                           "series": 6240}.get(s, 6000)))
    check(rc == 0 and "no slower: met" in row(out),
          "a ratio of 1.04 inside the A/A band 0.98-1.06 is met", out)
    rc, out = report(rounds(lambda s, i: 6240 if s == "series" else 6000))
    check(rc == 0 and "no slower: **missed**" in row(out),
          "a ratio of 1.04 above a band of 1.00-1.00 is missed", out)
    jitter = [0.90, 1.0, 1.05, 1.0, 1.0]
    rc, out = report(rounds(lambda s, i: {"stock2": int(6000 * jitter[i - 1]),
                                           "series": 3000}.get(s, 6000)))
    check(rc == 0 and "no slower: **not measurable**" in row(out),
          "an A/A band 0.15 wide makes the goal not measurable", out)
    # A boot that runs everything 1.5x slower (stock2 in odd rounds): its
    # speed reference (wl=cal) takes that out; without it, not measurable.
    def slow(s, i):
        return 1.5 if s == "stock2" and i % 2 else 1.0
    cal = "r pop=0 place=in wl=cal rep=0 ns=%d n=1000\nr pop=64 place=in wl=cal rep=0 ns=%d n=1000\n"
    runs = {(i, s): CLEAN % (6000 * slow(s, i)) + cal % (1000 * slow(s, i), 1000 * slow(s, i))
            for i in range(1, 6) for s in SIDES}
    rc, out = report(runs)
    check(rc == 0 and "| 1.00-1.00 |" in row(out) and "no slower: met" in row(out),
          "a run's speed, seen in its speed reference, is taken out of its results", out)
    rc, out = report(rounds(lambda s, i: 6000 * slow(s, i)))
    check(rc == 0 and "no slower: **not measurable**" in row(out),
          "without the speed reference, the same runs are not measurable", out)
    runs = rounds(lambda s, i: 6000)
    del runs[(3, "fixes")]
    rc, out = report(runs)
    check(rc != 0 and "REJECTED round 3: no run of fixes" in out, "a round without fixes is rejected", out)
    rc, out = report({k: v.replace("@@@ clocksource tsc\n", "") for k, v in rounds(lambda s, i: 6000).items()},
                     "native")
    check(rc == 0, "the native instrument needs no clocksource", out)
    for what, (a, b) in MUTANTS.items():
        assert a in CLEAN, a
        for side in SIDES:
            runs = rounds(lambda s, i: 6000)
            runs[(2, side)] = runs[(2, side)].replace(a, b, 1)
            rc, out = report(runs)
            check(rc != 0 and "REJECTED run-2-%s.bench" % side in out,
                  "rejected: %s (%s)" % (what, side), out)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
