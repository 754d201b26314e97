#!/usr/bin/env python3
"""Summarise a stock and a patched bench run: table, JSON and a plot.

usage: report.py STOCK.txt OURS.txt OUT.json OUT.png
Input lines: "bench <op> pop <N> ns <per call>" (in-kernel, one per rep)
and "readdev <N> ns_per_read <ns> bytes <b>" (userspace, one per rep).
"""
import json
import statistics
import subprocess
import sys
import tempfile

OPS = [('region', 'register+unregister_chrdev_region'),
       ('alloc', 'alloc_chrdev_region+release'),
       ('blkdev', 'register_blkdev(0)+unregister'),
       ('readdev', 'read all of /proc/devices')]


def load(path):
    runs = {}
    for line in open(path):
        f = line.split()
        if len(f) >= 6 and f[0] == 'bench' and f[2] == 'pop' and f[4] == 'ns':
            runs.setdefault((f[1], int(f[3])), []).append(int(f[5]))
        elif len(f) >= 4 and f[0] == 'readdev' and f[2] == 'ns_per_read':
            runs.setdefault(('readdev', int(f[1])), []).append(int(f[3]))
    return runs


def main():
    stock, ours = load(sys.argv[1]), load(sys.argv[2])
    keys = sorted(set(stock) & set(ours), key=lambda k: ([o for o, _ in OPS].index(k[0]), k[1]))
    if not keys:
        print('bench: no results (see the boot logs)')
        return 1
    # A guest whose TSC was not usable times with jiffies: calls of about
    # a microsecond then read as 0 ns.  Such a run measures nothing.
    for name, runs in (('stock', stock), ('ours', ours)):
        if any(min(v) == 0 for v in runs.values()):
            print(f'bench: the {name} kernel timed some calls as 0 ns: its clock '
                  'ticked in jiffies (TSC not usable under TCG?); run make bench again')
            return 1
    rows = []
    print(f'{"operation":36} {"pop":>5} {"stock ns":>10} {"spread":>15} '
          f'{"ours ns":>10} {"spread":>15} {"ours/stock":>10}')
    for op, pop in keys:
        s, o = stock[(op, pop)], ours[(op, pop)]
        ms, mo = statistics.median(s), statistics.median(o)
        row = {'op': op, 'pop': pop, 'reps': min(len(s), len(o)),
               'stock_median_ns': ms, 'stock_min_ns': min(s), 'stock_max_ns': max(s),
               'ours_median_ns': mo, 'ours_min_ns': min(o), 'ours_max_ns': max(o),
               'ratio': round(mo / ms, 3) if ms else None}
        rows.append(row)
        print(f'{dict(OPS)[op]:36} {pop:>5} {ms:>10.0f} {min(s):>7}-{max(s):<7} '
              f'{mo:>10.0f} {min(o):>7}-{max(o):<7} {row["ratio"]:>10}')
    json.dump({'unit': 'ns per call (median of reps; min-max spread)', 'results': rows},
              open(sys.argv[3], 'w'), indent=1)
    plot(rows, sys.argv[4])
    return 0


def plot(rows, png):
    with tempfile.TemporaryDirectory() as d:
        cmds = [f'set terminal png size 1200,800 noenhanced; set output "{png}"',
                'set multiplot layout 2,2 title "devlist vs stock 6.12 (QEMU TCG, median ns, bars min-max)"',
                'set logscale y; set xlabel "background reservations"; set ylabel "ns"; set key top left']
        for op, title in OPS:
            data = [r for r in rows if r['op'] == op]
            if not data:
                continue
            path = f'{d}/{op}.dat'
            with open(path, 'w') as f:
                for i, r in enumerate(data):
                    f.write(f'{i} {r["pop"]} {r["stock_median_ns"]} {r["stock_min_ns"]} '
                            f'{r["stock_max_ns"]} {r["ours_median_ns"]} {r["ours_min_ns"]} '
                            f'{r["ours_max_ns"]}\n')
            cmds.append(f'set title "{title}"; set xrange [-0.5:{len(data) - 0.5}]')
            cmds.append(f'plot "{path}" using 1:3:4:5:xtic(2) with yerrorlines title "stock", '
                        f'"" using 1:6:7:8:xtic(2) with yerrorlines title "devlist"')
        cmds.append('unset multiplot')
        subprocess.run(['gnuplot'], input='\n'.join(cmds), text=True, check=True)


if __name__ == '__main__':
    sys.exit(main())
