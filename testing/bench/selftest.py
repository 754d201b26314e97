#!/usr/bin/env python3
"""Self-test of testing/bench/report.py: a clean pair of boots is accepted,
and each kind of bad boot rejects the run: a clocksource other than tsc, an
ERROR line, a module that did not finish, a wrong background count, and a
reservation left behind.  Prints one ok/not ok line each; exits 1 if any
check fails."""
import os
import subprocess
import sys
import tempfile

REPORT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "report.py")

CLEAN = """start replay=60 pools=32+16 in=66 out=300 blk=447
bg pop=0 place=in chr=0 blk=0
r pop=0 place=in wl=boot rep=0 ns=60000 n=60
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


def run(stock, series):
    with tempfile.TemporaryDirectory() as d:
        open(os.path.join(d, "boot-1-stock.bench"), "w").write(stock)
        open(os.path.join(d, "boot-1-series.bench"), "w").write(series)
        p = subprocess.run([sys.executable, REPORT, d, "selftest", "0"],
                           capture_output=True, text=True)
        return p.returncode, p.stdout


def main():
    bad = 0
    rc, out = run(CLEAN, CLEAN.replace("ns=60000", "ns=30000"))
    if rc == 0 and "| 0.50 (0.50-0.50) |" in out:
        print("ok clean boots accepted, ratio 0.50 computed")
    else:
        print("not ok clean boots: rc %d\n%s" % (rc, out))
        bad += 1
    for what, (a, b) in MUTANTS.items():
        assert a in CLEAN, a
        for side in ("stock", "series"):
            m = CLEAN.replace(a, b, 1)
            rc, out = run(m, CLEAN) if side == "stock" else run(CLEAN, m)
            if rc != 0 and "REJECTED boot-1-%s" % side in out:
                print("ok rejected: %s (%s)" % (what, side))
            else:
                print("not ok accepted: %s (%s)" % (what, side))
                bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
