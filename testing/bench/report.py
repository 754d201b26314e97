#!/usr/bin/env python3
"""The table, JSON and plot of one benchmark run, from its run files.

usage: report.py OUTDIR kernel|native ARGS SEED [VISITS_DIR]

Reads OUTDIR/run-<i>-<side>.bench: the "devbench:" lines of one run of
testing/bench/devlist_bench.c (a boot of a kernel, or a process of the
native build) for round i and side stock, stock2 (stock again: the A/A
pair), fixes (stock with the fixes alone), series, or an alternative of
testing/bench/alt/ (minimal, maple).  A run is rejected, and the report
fails, if it has an ERROR line, no "done errors=0", a background count in
/proc/devices other than the one asked for (char: pop, block: min(pop,
200); none after the module is done), a /proc/devices at the start other
than stock's in the same round, or, on the kernel instrument, a
clocksource other than tsc.  Every round must have stock, stock2, fixes
and series; an alternative is reported when every round has it.  Where
the runs read /proc/devices in pieces with registrations between the
reads (the kernel), a line says which sides printed stock's text.

Per run, a workload's value is the median of its repetitions (ns per
call).  Where the runs time the speed reference (wl=cal, the same fixed
work in every side), each value is divided by its run's cal median and
multiplied by the median cal of all runs at that population: the speed of
one boot or process against the next is taken out (under TCG it varies
by up to 1.6x from boot to boot, the same for every workload of a boot).  Per round i, the ratio series_i / stock_i; the row's ratio is the
median over rounds, shown with its min..max.  The A/A band is the min..max
over rounds of stock2_i / stock_i, and its width is max - min.  series /
fixes (the conversion alone) is the median over rounds of series_i /
fixes_i.  series - stock is the median over rounds of series_i - stock_i,
in ns.  The goals are docs/design.md's bounds: natively, a registration
at most 150 ns over stock at the boot's population and +64, at most 1 us
at +512 and at most 10 us at +4,096 (absolute: the series' median); under
TCG registration ratios are reported, not judged.  A reader's longest lock
hold is met when its ratio is at most 1 or inside the A/A band, and only
when the band is at most 0.10 wide; a wider band makes the row "not
measurable" (more rounds needed).

VISITS_DIR holds one run of each side of the native build that counts
list visits (devlist-visits): its "visits=" per call of the series side
becomes a column.

Each alternative gets a table of its own: its ns, it against stock (the
ratio per round, median and min..max, beside the A/A band) and the series
against it; on the maple side, the maple nodes its trees hold and take.

Writes OUTDIR/table.md, OUTDIR/bench.json and OUTDIR/bench.svg; prints
the table and a last line "N goals met, N missed, N not measurable".
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
    "hold": "chrdevs_lock held by a /proc/devices reader, longest",
    "bhold": "block spinlock held by a /proc/devices reader, longest",
}
REG = ("boot", "churn", "dyn-chr", "dyn-blk")
SIDES = ("stock", "stock2", "fixes", "series")
# the alternatives (testing/bench/alt/), reported beside when every round has them
EXTRA = ("minimal", "maple")
BAND_MAX = 0.10


def goal(wl, pop, instrument):
    """(kind, limit, text) of the row's goal, or None (docs/design.md,
    Bounds).  kind "abs": the series' ns at most the limit; "over": the
    series at most the limit in ns over stock (the median over rounds of
    series_i - stock_i); "ratio": series/stock at most the limit or inside
    the A/A band.  Registrations are judged natively only: under TCG a ns
    is not a user's ns, and ratios are reported, not judged."""
    if wl in REG and instrument == "native":
        if pop in (0, 64):
            return ("over", 150, "at most 150 ns over stock")
        if pop == 512:
            return ("abs", 1000, "at most 1 us")
        if pop == 4096:
            return ("abs", 10000, "at most 10 us")
    if wl in ("hold", "bhold"):
        return ("ratio", 1.0, "no longer than stock")
    return None


def parse(path):
    run = {"results": {}, "errors": [], "clocksource": None, "done": None, "bg": [], "listing": {}}
    for line in open(path, errors="replace"):
        line = line.strip()
        if line.startswith("devbench: "):
            line = line[len("devbench: "):]
        if line.startswith("@@@ clocksource"):
            run["clocksource"] = line.split()[-1] if len(line.split()) > 2 else ""
        elif line.startswith("ERROR"):
            run["errors"].append(line)
        elif line.startswith("done "):
            run["done"] = int(line.split("errors=")[1])
        elif line.startswith("nodes "):
            kv = dict(f.split("=") for f in line.split()[1:])
            nodes = run.setdefault("nodes", {}).setdefault((int(kv["pop"]), kv["place"]), [])
            nodes.append((int(kv["n"]), int(kv.get("taken", 0)) / 1000))
        elif line.startswith("listing "):
            run["listing"][line.split()[1]] = line.split(None, 2)[2]
        elif line.startswith("bg "):
            run["bg"].append(dict(f.split("=") for f in line.split()[1:]))
        elif line.startswith("r "):
            kv = dict(f.split("=") for f in line.split()[1:])
            n = int(kv["n"])
            if n <= 0:
                run["errors"].append("no calls: " + line)
                continue
            key = (int(kv["pop"]), kv["place"], kv["wl"])
            run["results"].setdefault(key, []).append(int(kv["ns"]) / n)
            if "visits" in kv:
                run.setdefault("visits", {})[key] = int(kv["visits"]) / n
    return run


def check(run, instrument):
    why = []
    if instrument == "kernel" and run["clocksource"] != "tsc":
        why.append("clocksource %s, not tsc" % run["clocksource"])
    if run["errors"]:
        why.append("%d error lines, first: %s" % (len(run["errors"]), run["errors"][0]))
    if run["done"] != 0:
        why.append("the module did not finish with errors=0")
    if not run["bg"]:
        why.append("no background counts")
    for kv in run["bg"]:
        pop = int(kv["pop"])
        want = (0, 0) if pop < 0 else (pop, min(pop, 200))
        got = (int(kv["chr"]), int(kv["blk"]))
        if got != want:
            why.append("background at pop=%s place=%s: %s, not %s" % (kv["pop"], kv["place"], got, want))
    return why


def rows_of(rounds, instrument, visits):
    keys = set.intersection(*(set(r[s]["results"]) for r in rounds.values() for s in SIDES))
    cal = {k[:2]: {(i, s): statistics.median(rounds[i][s]["results"][k])
                   for i in rounds for s in SIDES}
           for k in keys if k[2] == "cal"}
    keys = sorted((k for k in keys if k[2] in WL), key=lambda k: (list(WL).index(k[2]), k[0], k[1]))
    rows = []
    for key in keys:
        c = cal.get(key[:2])
        ref = statistics.median(c.values()) if c else None

        def value(i, s):
            v = statistics.median(rounds[i][s]["results"][key])
            return v * ref / c[(i, s)] if c else v
        val = {s: [value(i, s) for i in sorted(rounds)] for s in SIDES}
        ratios = [a / b for a, b in zip(val["series"], val["stock"])]
        aa = [a / b for a, b in zip(val["stock2"], val["stock"])]
        conv = [a / b for a, b in zip(val["series"], val["fixes"])]
        ratio, band = statistics.median(ratios), [min(aa), max(aa)]
        over = statistics.median(a - b for a, b in zip(val["series"], val["stock"]))
        g = goal(key[2], key[0], instrument)
        if not g:
            status = None
        elif g[0] == "abs":
            status = "met" if statistics.median(val["series"]) <= g[1] else "missed"
        elif g[0] == "over":
            status = "met" if over <= g[1] else "missed"
        elif band[1] - band[0] > BAND_MAX:
            status = "not measurable"
        elif ratio <= g[1] or band[0] <= ratio <= band[1]:
            status = "met"
        else:
            status = "missed"
        rows.append({
            "pop": key[0], "place": key[1], "workload": key[2],
            "ns": {s: {"median": statistics.median(v), "min": min(v), "max": max(v), "runs": v}
                   for s, v in val.items()},
            "ratio": ratio, "ratio_range": [min(ratios), max(ratios)],
            "aa_band": band, "series_fixes": statistics.median(conv), "over_stock": over,
            "visits": visits.get(key),
            "goal": g and {"kind": g[0], "max": g[1], "text": g[2]}, "status": status})
    return rows


def fmt(v):
    return "%.0f" % v if v >= 100 else "%.1f" % v


def table(rows, head):
    vis = any(r["visits"] is not None for r in rows)
    lines = [head, "",
             "| workload | background | stock ns (min-max) | series ns (min-max) "
             "| series/stock (min-max) | A/A band | series/fixes | series-stock ns |%s goal |"
             % (" visits/call |" if vis else ""),
             "|---|---|---|---|---|---|---|---|%s---|" % ("---|" if vis else "")]
    for r in rows:
        pop = "boot" if r["pop"] == 0 else "+%d %s" % (r["pop"], r["place"])
        s, o = r["ns"]["stock"], r["ns"]["series"]
        g = ""
        if r["goal"]:
            g = "%s: %s" % (r["goal"]["text"], r["status"] if r["status"] == "met"
                            else "**%s**" % r["status"])
        v = "" if not vis else " %s |" % ("" if r["visits"] is None else "%.1f" % r["visits"])
        lines.append("| %s | %s | %s (%s-%s) | %s (%s-%s) | %.2f (%.2f-%.2f) | %.2f-%.2f | %.2f | %+.0f |%s %s |" % (
            WL[r["workload"]], pop, fmt(s["median"]), fmt(s["min"]), fmt(s["max"]),
            fmt(o["median"]), fmt(o["min"]), fmt(o["max"]), r["ratio"],
            r["ratio_range"][0], r["ratio_range"][1], r["aa_band"][0], r["aa_band"][1],
            r["series_fixes"], r["over_stock"], v, g))
    return "\n".join(lines) + "\n"


def listings(rounds, rejected):
    """Reject a run whose /proc/devices at the start is not stock's of its
    round; return, per side, the rounds whose text read in pieces is not
    stock's (None where no run read it so)."""
    pieces = {}
    for i, r in sorted(rounds.items()):
        ref = r.get("stock", {}).get("listing", {})
        for side, run in sorted(r.items()):
            if "boot" in ref and run["listing"].get("boot") != ref["boot"]:
                rejected.append(("run-%d-%s.bench" % (i, side),
                                 ["/proc/devices at the start is not stock's: %s, not %s"
                                  % (run["listing"].get("boot"), ref["boot"])]))
            if "pieces" in ref:
                bad = pieces.setdefault(side, [])
                if run["listing"].get("pieces") != ref["pieces"]:
                    bad.append(i)
    return pieces


def pieces_line(pieces):
    if not pieces:
        return ""
    order = sorted(pieces, key=lambda s: (SIDES[:3] + EXTRA + ("series",) + (s,)).index(s))
    same = [s for s in order if not pieces[s] and s != "stock"]
    differ = ["**%s** (rounds %s)" % (s, ", ".join(map(str, pieces[s]))) for s in order if pieces[s]]
    return ("/proc/devices read in 64-byte pieces from one open file, with regions registered "
            "above the last major shown and released between the reads: stock's text on %s%s.\n"
            % (", ".join(same) or "no other side",
               "; another text on " + ", ".join(differ) if differ else ""))


def extra_rows(rounds, rows, side):
    """@side against stock and the series, row by row, as rows_of() reads them."""
    out = []
    for r in rows:
        key = (r["pop"], r["place"], r["workload"])
        ck = key[:2] + ("cal",)
        val = [statistics.median(rounds[i][side]["results"][key]) for i in sorted(rounds)]
        if all(ck in rounds[i][s]["results"] for i in rounds for s in SIDES + (side,)):
            # the speed reference taken out as rows_of() does, on the same scale
            ref = statistics.median(statistics.median(rounds[i][s]["results"][ck])
                                    for i in rounds for s in SIDES)
            val = [v * ref / statistics.median(rounds[i][side]["results"][ck])
                   for v, i in zip(val, sorted(rounds))]
        stock = r["ns"]["stock"]["runs"]
        series = r["ns"]["series"]["runs"]
        vs = [a / b for a, b in zip(val, stock)]
        vo = [b / a for a, b in zip(val, series)]
        nodes = [n for i in rounds for n in rounds[i][side].get("nodes", {}).get(key[:2], [])]
        taken = [t for _, t in nodes]
        nodes = [n for n, _ in nodes]
        out.append({"ns": {"median": statistics.median(val), "min": min(val), "max": max(val)},
                    "vs_stock": statistics.median(vs), "vs_stock_range": [min(vs), max(vs)],
                    "series_vs": statistics.median(vo), "series_vs_range": [min(vo), max(vo)],
                    "nodes": statistics.median(nodes) if nodes else None,
                    "taken": statistics.median(taken) if taken else None,
                    "row": r})
    return out


ABOUT = {
    "minimal": "stock, the fixes and a cheaper /proc/devices on the hash tables: "
               "a bitmap of the majors in use, no vsnprintf()",
    "maple": "minimal's /proc/devices, both registries in maple trees",
}


def extra_table(xrows, side):
    nodes = any(x["nodes"] is not None for x in xrows)
    lines = ["The %s alternative (testing/bench/alt/%s: %s), the same workloads, rounds and order: "
             "%s against stock, and the series against %s%s:" % (
                 side, side, ABOUT.get(side, "not in the series"), side, side,
                 "; the maple nodes (256 bytes each) that the two trees hold for the population, "
                 "and the nodes taken from the allocator per 1,000 calls of the API" if nodes else ""), "",
             "| workload | background | %s ns (min-max) | %s/stock (min-max) | A/A band "
             "| series/%s (min-max) |%s" % (side, side, side, " nodes held | nodes taken/1,000 calls |" if nodes else ""),
             "|---|---|---|---|---|---|%s" % ("---|---|" if nodes else "")]
    for x in xrows:
        r = x["row"]
        pop = "boot" if r["pop"] == 0 else "+%d %s" % (r["pop"], r["place"])
        lines.append("| %s | %s | %s (%s-%s) | %.2f (%.2f-%.2f) | %.2f-%.2f | %.2f (%.2f-%.2f) |%s" % (
            WL[r["workload"]], pop, fmt(x["ns"]["median"]), fmt(x["ns"]["min"]), fmt(x["ns"]["max"]),
            x["vs_stock"], x["vs_stock_range"][0], x["vs_stock_range"][1],
            r["aa_band"][0], r["aa_band"][1],
            x["series_vs"], x["series_vs_range"][0], x["series_vs_range"][1],
            "" if not nodes else " %s | %s |" % (
                "" if x["nodes"] is None else "%d" % x["nodes"],
                "" if x["taken"] is None else "%.0f" % (x["taken"] * 1000))))
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) not in (5, 6) or sys.argv[2] not in ("kernel", "native"):
        sys.stderr.write("usage: report.py OUTDIR kernel|native ARGS SEED [VISITS_DIR]\n")
        return 2
    out, instrument, args, seed = sys.argv[1:5]
    visits = {}
    if len(sys.argv) == 6:
        vrun = parse(os.path.join(sys.argv[5], "run-1-series.bench"))
        if check(vrun, instrument) or not vrun.get("visits"):
            print("REJECTED %s: the visit count run failed" % sys.argv[5])
            return 1
        visits = vrun["visits"]
    rounds, rejected = {}, []
    for path in sorted(glob.glob(os.path.join(out, "run-*.bench"))):
        m = re.search(r"run-(\d+)-(\w+)\.bench$", path)
        if not m or m.group(2) not in SIDES + EXTRA:
            continue
        run = parse(path)
        why = check(run, instrument)
        if why:
            rejected.append((os.path.basename(path), why))
        rounds.setdefault(int(m.group(1)), {})[m.group(2)] = run
    for i, r in sorted(rounds.items()):
        missing = [s for s in SIDES if s not in r]
        if missing:
            rejected.append(("round %d" % i, ["no run of " + ", ".join(missing)]))
    pieces = listings(rounds, rejected)
    for name, why in rejected:
        print("REJECTED %s: %s" % (name, "; ".join(why)))
    if rejected or not rounds:
        print("bench: run rejected (see above); run files in %s" % out)
        return 1

    rows = rows_of(rounds, instrument, visits)
    extra = [x for x in EXTRA if all(x in r for r in rounds.values())]
    what = "make bench (QEMU TCG boots)" if instrument == "kernel" else \
        "make bench-native (userspace, -O2, one CPU)"
    head = ("%s: %d rounds of %s, interleaved "
            "(seed %s), args \"%s\"; ns per call, or per whole read%s: medians over "
            "rounds of each run's median over repetitions%s" % (
                what, len(rounds), ", ".join(list(SIDES[:3]) + extra + ["series"]), seed, args,
                " (under -icount shift=0 a ns is an instruction)" if "icount" in args else "",
                ", each divided by its run's speed reference (wl=cal)"
                if any(k[2] == "cal" for r in rounds.values() for k in r["stock"]["results"])
                else ""))
    text = table(rows, head)
    if pieces:
        text += "\n" + pieces_line(pieces)
    for x in extra:
        xrows = extra_rows(rounds, rows, x)
        text += "\n" + extra_table(xrows, x)
        for r, xr in zip(rows, xrows):
            r[x] = {k: v for k, v in xr.items() if k != "row"}
    open(os.path.join(out, "table.md"), "w").write(text)
    json.dump({"instrument": instrument, "seed": seed, "args": args, "rounds": len(rounds),
               "band_max": BAND_MAX, "rows": rows,
               "pieces_differ": {s: bad for s, bad in pieces.items() if bad}},
              open(os.path.join(out, "bench.json"), "w"), indent=1)
    svg(rows, os.path.join(out, "bench.svg"))
    print(text)
    n = {k: sum(1 for r in rows if r["status"] == k) for k in ("met", "missed", "not measurable")}
    print("bench: %d goals met, %d missed, %d not measurable" % (n["met"], n["missed"], n["not measurable"]))
    return 0


def svg(rows, path):
    """Bars of series/stock on a log scale, the min..max as a whisker."""
    import math
    w, rowh, left = 900, 18, 330
    h = rowh * len(rows) + 40

    def x(v):
        return left + (math.log10(max(v, 0.01)) + 2) / 3.5 * (w - left - 20)
    p = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
         'font-family="sans-serif" font-size="11">' % (w, h)]
    for v in (0.01, 0.1, 1, 10):
        p.append('<line x1="%.1f" y1="10" x2="%.1f" y2="%d" stroke="%s"/>'
                 % (x(v), x(v), h - 20, "#000" if v == 1 else "#ccc"))
        p.append('<text x="%.1f" y="%d" text-anchor="middle">%gx</text>' % (x(v), h - 5, v))
    for i, r in enumerate(rows):
        y = 15 + i * rowh
        pop = "boot" if r["pop"] == 0 else "+%d %s" % (r["pop"], r["place"])
        p.append('<text x="5" y="%d">%s, %s</text>' % (y + 11, r["workload"], pop))
        col = "#4a4" if r["ratio"] <= 1 else "#c44"
        x0, x1 = sorted((x(1), x(r["ratio"])))
        p.append('<rect x="%.1f" y="%d" width="%.1f" height="12" fill="%s"/>'
                 % (x0, y + 2, max(x1 - x0, 1), col))
        lo, hi = r["ratio_range"]
        p.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#000"/>' % (x(lo), y + 8, x(hi), y + 8))
    p.append("</svg>")
    open(path, "w").write("\n".join(p) + "\n")


if __name__ == "__main__":
    sys.exit(main())
