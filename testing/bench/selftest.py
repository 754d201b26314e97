#!/usr/bin/env python3
"""Self-test of testing/bench/report.py.

Clean runs are accepted and their ratio computed; a reader's lock hold is
met below stock or inside the A/A band, missed above both, and "not
measurable" when the band is wider than 0.10; natively, a registration is
judged against its bounds (ns over stock at boot, ns at +512); and each kind of bad run rejects the whole
report: a clocksource other than tsc (kernel instrument), an ERROR line, a
module that did not finish, a wrong background count, a reservation left
behind, a round without one of its sides, a /proc/devices at the start
other than stock's.  Each alternative (minimal, maple) is reported beside,
against stock and the series against it, when every round has it; a side
whose /proc/devices read in pieces is not stock's is named, not rejected.
Prints one ok/not ok line each; exits 1 if any check fails."""
import os
import subprocess
import sys
import tempfile

REPORT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "report.py")
SIDES = ("stock", "stock2", "fixes", "series")

CLEAN = """start replay=60 pools=32+16 in=66 out=300 blk=447
listing boot bytes=598 hash=1a2b3c4d
listing pieces bytes=640 hash=5e6f7a8b
bg pop=0 place=in chr=0 blk=0
r pop=0 place=in wl=boot rep=0 ns=%(ns)d n=100
r pop=0 place=in wl=hold rep=0 ns=%(ns)d n=100
r pop=0 place=in wl=proc-cat rep=0 ns=500000 n=10 bytes=1178
bg pop=64 place=in chr=64 blk=64
r pop=64 place=in wl=boot rep=0 ns=70000 n=60
bg pop=512 place=in chr=512 blk=200
r pop=512 place=in wl=churn rep=0 ns=%(big)d n=1
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


def clean(ns, big=900):
    """A clean run: boot order and the longest hold ns/100 at boot, churn
    big ns at +512."""
    return CLEAN % {"ns": ns, "big": big}


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
    return {(i, s): clean(ns(s, i)) for i in range(1, 6) for s in SIDES}


def row(out, wl="| boot order", pop="| boot |"):
    return [ln for ln in out.splitlines() if ln.startswith(wl) and pop in ln][0]


def hrow(out):
    return row(out, "| chrdevs_lock held")


def main():
    bad = 0

    def check(ok, what, out=""):
        nonlocal bad
        print(("ok " if ok else "not ok ") + what)
        if not ok:
            print(out)
            bad += 1

    rc, out = report(rounds(lambda s, i: 3000 if s == "series" else 6000))
    check(rc == 0 and "| 0.50 (0.50-0.50) | 1.00-1.00 | 0.50 |" in out and "no longer than stock: met" in hrow(out),
          "clean runs accepted, ratio 0.50 and its band computed, goal met", out)
    jitter = [0.98, 1.0, 1.06, 1.01, 0.99]
    rc, out = report(rounds(lambda s, i: {"stock2": int(6000 * jitter[i - 1]),
                                           "series": 6240}.get(s, 6000)))
    check(rc == 0 and "no longer than stock: met" in hrow(out),
          "a ratio of 1.04 inside the A/A band 0.98-1.06 is met", out)
    rc, out = report(rounds(lambda s, i: 6240 if s == "series" else 6000))
    check(rc == 0 and "no longer than stock: **missed**" in hrow(out),
          "a ratio of 1.04 above a band of 1.00-1.00 is missed", out)
    jitter = [0.90, 1.0, 1.05, 1.0, 1.0]
    rc, out = report(rounds(lambda s, i: {"stock2": int(6000 * jitter[i - 1]),
                                           "series": 3000}.get(s, 6000)))
    check(rc == 0 and "no longer than stock: **not measurable**" in hrow(out),
          "an A/A band 0.15 wide makes the goal not measurable", out)
    # A boot that runs everything 1.5x slower (stock2 in odd rounds): its
    # speed reference (wl=cal) takes that out; without it, not measurable.
    def slow(s, i):
        return 1.5 if s == "stock2" and i % 2 else 1.0
    cal = "r pop=0 place=in wl=cal rep=0 ns=%d n=1000\nr pop=64 place=in wl=cal rep=0 ns=%d n=1000\n"
    runs = {(i, s): clean(6000 * slow(s, i)) + cal % (1000 * slow(s, i), 1000 * slow(s, i))
            for i in range(1, 6) for s in SIDES}
    rc, out = report(runs)
    check(rc == 0 and "| 1.00-1.00 |" in hrow(out) and "no longer than stock: met" in hrow(out),
          "a run's speed, seen in its speed reference, is taken out of its results", out)
    rc, out = report(rounds(lambda s, i: 6000 * slow(s, i)))
    check(rc == 0 and "no longer than stock: **not measurable**" in hrow(out),
          "without the speed reference, the same runs are not measurable", out)
    runs = rounds(lambda s, i: 6000)
    del runs[(3, "fixes")]
    rc, out = report(runs)
    check(rc != 0 and "REJECTED round 3: no run of fixes" in out, "a round without fixes is rejected", out)
    rc, out = report({k: v.replace("@@@ clocksource tsc\n", "") for k, v in rounds(lambda s, i: 6000).items()},
                     "native")
    check(rc == 0, "the native instrument needs no clocksource", out)
    # natively, registrations against their bounds
    for sns, big, want, what in (
            (20000, 900, "at most 150 ns over stock: met", "140 ns over stock at boot is met"),
            (22000, 900, "at most 150 ns over stock: **missed**", "160 ns over stock at boot is missed"),
            (6000, 900, "at most 1 us: met", "900 ns at +512 is met"),
            (6000, 1100, "at most 1 us: **missed**", "1,100 ns at +512 is missed")):
        runs = {(i, s): clean(6000 if s != "series" else sns, 200 if s != "series" else big)
                for i in range(1, 6) for s in SIDES}
        rc, out = report(runs, "native")
        r = row(out) if "boot" in what else row(out, "| module churn", "| +512 in |")
        check(rc == 0 and want in r, "native: " + what, out)
    rc, out = report(rounds(lambda s, i: 30000 if s == "series" else 6000))
    check(rc == 0 and "at most" not in row(out),
          "under TCG a registration is not judged (240 ns over stock at boot)", out)
    # The maple side, reported beside when every round has it
    def with_maple(ns, have=range(1, 6), extra=""):
        runs = rounds(lambda s, i: 6000 if s != "series" else 3000)
        for i in have:
            runs[(i, "maple")] = clean(ns(i)).replace("done errors=0", extra + "done errors=0")
        return runs
    nodes = "nodes pop=0 place=in n=6 taken=320\n"
    rc, out = report(with_maple(lambda i: 12000, extra=nodes))
    mrow = [ln for ln in out.splitlines() if ln.startswith("| boot order") and "| boot |" in ln][-1]
    check(rc == 0 and "The maple alternative" in out and
          "| 2.00 (2.00-2.00) | 1.00-1.00 | 0.25 (0.25-0.25) | 6 | 320 |" in mrow,
          "the maple side in every round: against stock 2.00, the series against it 0.25, "
          "its nodes held and taken per 1,000 calls", out)
    rc, out = report(with_maple(lambda i: 12000, have=(1, 2, 3, 4)))
    check(rc == 0 and "The maple alternative" not in out,
          "the maple side missing from a round: no table of it, the rest reported", out)
    cal = "r pop=0 place=in wl=cal rep=0 ns=%d n=1000\n"
    runs = {k: v + cal % 1000 for k, v in rounds(lambda s, i: 6000).items()}
    for i in range(1, 6):
        runs[(i, "maple")] = clean(9000 * slow("stock2", i)) + cal % (1000 * slow("stock2", i))
    rc, out = report(runs)
    mrow = [ln for ln in out.splitlines() if ln.startswith("| boot order") and "| boot |" in ln][-1]
    check(rc == 0 and "| 1.50 (1.50-1.50) |" in mrow,
          "the maple side's speed reference is taken out of its results too", out)
    runs = with_maple(lambda i: 12000)
    runs[(2, "maple")] = runs[(2, "maple")].replace("done errors=0", "ERROR x\ndone errors=0")
    rc, out = report(runs)
    check(rc != 0 and "REJECTED run-2-maple.bench" in out, "rejected: an ERROR line (maple)", out)
    # both alternatives: a table each, the series against them
    runs = with_maple(lambda i: 12000)
    for i in range(1, 6):
        runs[(i, "minimal")] = clean(4000)
    rc, out = report(runs)
    mrow = [ln for ln in out.splitlines() if ln.startswith("| boot order") and "| boot |" in ln]
    check(rc == 0 and "The minimal alternative" in out and "The maple alternative" in out and
          "| 40.0 (40.0-40.0) | 0.67 (0.67-0.67) | 1.00-1.00 | 0.75 (0.75-0.75) |" in mrow[1],
          "minimal and maple in every round: a table each, minimal 0.67 of stock, "
          "the series 0.75 of minimal", out)
    check(len(mrow) == 3 and "| 0.25 (0.25-0.25) |" in mrow[2],
          "the series against maple: 0.25", out)
    # /proc/devices at the start: every side as stock in its round
    for side in SIDES[1:] + ("minimal",):
        runs = rounds(lambda s, i: 6000)
        runs.update({(i, "minimal"): clean(6000) for i in range(1, 6)})
        runs[(4, side)] = runs[(4, side)].replace("hash=1a2b3c4d", "hash=1a2b3c4e")
        rc, out = report(runs)
        check(rc != 0 and "REJECTED run-4-%s.bench: /proc/devices at the start is not stock's" % side in out,
              "rejected: a /proc/devices at the start other than stock's (%s)" % side, out)
    # /proc/devices in pieces: named, not rejected
    runs = rounds(lambda s, i: 6000)
    runs[(3, "series")] = runs[(3, "series")].replace("hash=5e6f7a8b", "hash=5e6f7a8c")
    rc, out = report(runs)
    check(rc == 0 and "stock's text on stock2, fixes; another text on **series** (rounds 3)" in out,
          "a /proc/devices read in pieces other than stock's is named (series, round 3)", out)
    rc, out = report(rounds(lambda s, i: 6000))
    check(rc == 0 and "stock's text on stock2, fixes, series." in out,
          "the same /proc/devices in pieces on every side is said so", out)
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
