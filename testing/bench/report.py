#!/usr/bin/env python3
"""The table, JSON and plot of one make bench run, from its boot logs.

usage: report.py OUTDIR ARGS SEED

Reads OUTDIR/boot-<i>-<stock|series>.bench.  A boot is rejected, and the
run fails, if it has an ERROR line, no "done errors=0", a clocksource other
than tsc, or a background count in /proc/devices other than the one asked
for (char: pop, block: min(pop, 200); none after the module is done).
Per boot, a workload's value is the median of its repetitions; per kernel,
the median over boots with min and max.  The ratio is series/stock (below 1
is faster); its range is min(series)/max(stock) .. max(series)/min(stock).
"""
import glob
import json
import os
import re
import statistics
import sys

WL = {
    "boot": "boot order, per registration",
    "churn": "module churn, per call",
    "dyn-chr": "alloc_chrdev_region(), per call",
    "dyn-blk": "register_blkdev(0), per call",
    "proc-cat": "/proc/devices, whole read, 128 KiB reads",
    "proc-64": "/proc/devices, whole read, 64-byte reads",
}


def goal(wl, pop):
    """The issue's goal for a ratio series/stock, or None."""
    if wl == "proc-cat" and pop in (0, 512):
        return ("<=", 0.2, "5x faster")
    if wl in ("boot", "churn"):
        if pop in (0, 64):
            return ("<=", 1.0, "no slower")
        if pop == 512:
            return ("<=", 1.5, "at most 1.5x")
    if wl in ("dyn-chr", "dyn-blk"):
        return ("<=", 1.0, "no slower")
    return None


def parse(path):
    boot = {"results": {}, "errors": [], "clocksource": None, "done": None, "bg": []}
    for line in open(path, errors="replace"):
        line = line.strip()
        if line.startswith("@@@ clocksource"):
            boot["clocksource"] = line.split()[-1] if len(line.split()) > 2 else ""
        elif line.startswith("ERROR"):
            boot["errors"].append(line)
        elif line.startswith("done "):
            boot["done"] = int(line.split("errors=")[1])
        elif line.startswith("bg "):
            kv = dict(f.split("=") for f in line.split()[1:])
            boot["bg"].append(kv)
        elif line.startswith("r "):
            kv = dict(f.split("=") for f in line.split()[1:])
            n = int(kv["n"])
            if n <= 0:
                boot["errors"].append("no calls: " + line)
                continue
            key = (int(kv["pop"]), kv["place"], kv["wl"])
            boot["results"].setdefault(key, []).append(int(kv["ns"]) / n)
    return boot


def check(boot):
    why = []
    if boot["clocksource"] != "tsc":
        why.append("clocksource %s, not tsc" % boot["clocksource"])
    if boot["errors"]:
        why.append("%d error lines, first: %s" % (len(boot["errors"]), boot["errors"][0]))
    if boot["done"] != 0:
        why.append("the module did not finish with errors=0")
    if not boot["bg"]:
        why.append("no background counts")
    for kv in boot["bg"]:
        pop = int(kv["pop"])
        want = (0, 0) if pop < 0 else (pop, min(pop, 200))
        got = (int(kv["chr"]), int(kv["blk"]))
        if got != want:
            why.append("background at pop=%s place=%s: %s, not %s" % (kv["pop"], kv["place"], got, want))
    return why


def main():
    out, args, seed = sys.argv[1], sys.argv[2], sys.argv[3]
    boots = {"stock": [], "series": []}
    rejected = []
    for path in sorted(glob.glob(os.path.join(out, "boot-*.bench"))):
        m = re.search(r"boot-(\d+)-(stock|series)\.bench$", path)
        b = parse(path)
        why = check(b)
        if why:
            rejected.append((os.path.basename(path), why))
        else:
            boots[m.group(2)].append(b)
    for name, why in rejected:
        print("REJECTED %s: %s" % (name, "; ".join(why)))
    if rejected or not boots["stock"] or not boots["series"]:
        print("bench: run rejected (see above); boot logs in %s" % out)
        return 1

    keys = sorted(set(boots["stock"][0]["results"]) & set(boots["series"][0]["results"]),
                  key=lambda k: (list(WL).index(k[2]), k[0], k[1]))
    rows = []
    for key in keys:
        per = {}
        for side in ("stock", "series"):
            vals = [statistics.median(b["results"][key]) for b in boots[side] if key in b["results"]]
            per[side] = {"boots": vals, "median": statistics.median(vals),
                         "min": min(vals), "max": max(vals)}
        s, o = per["stock"], per["series"]
        ratio = o["median"] / s["median"]
        lo, hi = o["min"] / s["max"], o["max"] / s["min"]
        g = goal(key[2], key[0])
        rows.append({"pop": key[0], "place": key[1], "workload": key[2],
                     "stock_ns": s, "series_ns": o, "ratio": ratio,
                     "ratio_range": [lo, hi],
                     "goal": g and "%s %.2f (%s)" % g,
                     "met": None if not g else ratio <= g[1]})

    def fmt(v):
        return "%.0f" % v if v >= 100 else "%.1f" % v

    lines = ["| workload | background | stock ns (min-max) | series ns (min-max) | series/stock (range) | goal |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        pop = "boot" if r["pop"] == 0 else "+%d %s" % (r["pop"], r["place"])
        g = "" if not r["goal"] else "%s %s" % ("met" if r["met"] else "**missed**", r["goal"].split("(")[1][:-1])
        lines.append("| %s | %s | %s (%s-%s) | %s (%s-%s) | %.2f (%.2f-%.2f) | %s |" % (
            WL[r["workload"]], pop,
            fmt(r["stock_ns"]["median"]), fmt(r["stock_ns"]["min"]), fmt(r["stock_ns"]["max"]),
            fmt(r["series_ns"]["median"]), fmt(r["series_ns"]["min"]), fmt(r["series_ns"]["max"]),
            r["ratio"], r["ratio_range"][0], r["ratio_range"][1], g))
    head = ("make bench: %d+%d boots (interleaved, seed %s), module args \"%s\"; "
            "medians over boots of each boot's median over repetitions\n\n"
            % (len(boots["stock"]), len(boots["series"]), seed, args))
    table = head + "\n".join(lines) + "\n"
    open(os.path.join(out, "table.md"), "w").write(table)
    json.dump({"seed": seed, "args": args, "boots": {k: len(v) for k, v in boots.items()},
               "rows": rows}, open(os.path.join(out, "bench.json"), "w"), indent=1)
    svg(rows, os.path.join(out, "bench.svg"))
    print(table)
    missed = [r for r in rows if r["met"] is False]
    print("bench: %d goals met, %d missed" % (sum(1 for r in rows if r["met"]), len(missed)))
    return 0


def svg(rows, path):
    """Bars of series/stock on a log scale, with the range as a whisker."""
    import math
    w, rowh, left = 900, 18, 330
    h = rowh * len(rows) + 40

    def x(v):
        return left + (math.log10(max(v, 0.01)) + 2) / 3.5 * (w - left - 20)
    p = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="11">' % (w, h)]
    for v in (0.01, 0.1, 1, 10):
        p.append('<line x1="%.1f" y1="10" x2="%.1f" y2="%d" stroke="%s"/>' % (x(v), x(v), h - 20, "#000" if v == 1 else "#ccc"))
        p.append('<text x="%.1f" y="%d" text-anchor="middle">%gx</text>' % (x(v), h - 5, v))
    for i, r in enumerate(rows):
        y = 15 + i * rowh
        pop = "boot" if r["pop"] == 0 else "+%d %s" % (r["pop"], r["place"])
        p.append('<text x="5" y="%d">%s, %s</text>' % (y + 11, r["workload"], pop))
        col = "#4a4" if r["ratio"] <= 1 else "#c44"
        x0, x1 = sorted((x(1), x(r["ratio"])))
        p.append('<rect x="%.1f" y="%d" width="%.1f" height="12" fill="%s"/>' % (x0, y + 2, max(x1 - x0, 1), col))
        lo, hi = r["ratio_range"]
        p.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#000"/>' % (x(lo), y + 8, x(hi), y + 8))
    p.append("</svg>")
    open(path, "w").write("\n".join(p) + "\n")


if __name__ == "__main__":
    sys.exit(main())
