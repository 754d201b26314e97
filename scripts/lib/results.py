#!/usr/bin/env python3
"""Write one section of docs/results.md: the tools that measure write it.

usage: results.py SECTION TITLE FILE    (FILE - for stdin)

docs/results.md holds one section per measurement (make bench, make
bench-native, make size, ...), each between the markers

    <!-- results: SECTION -->
    ...
    <!-- /results: SECTION -->

The section is replaced with a heading (TITLE, the date, this machine's
CPU count and model, the series it measured) and FILE's text; a section
not there yet is added at the end, so the order is the order in which the
measurements were first made.  Commit the file to keep the figures.
"""
import datetime
import hashlib
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # scripts/lib/..
DOC = os.path.join(TOP, "docs", "results.md")
HEAD = """# devlist: results

Figures written by the tools that measured them (scripts/lib/results.py),
newest run of each; each section says when, where and on which series.
`git log -p docs/results.md` has the earlier runs.
"""


def series_id():
    """Short hash of the patches measured (patches/**, as make tree reads them)."""
    h = hashlib.sha256()
    for root, dirs, files in sorted(os.walk(os.path.join(TOP, "patches"))):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(root, f)
            h.update(os.path.relpath(p, TOP).encode())
            h.update(open(p, "rb").read())
    return h.hexdigest()[:12]


def machine():
    model = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return "%d CPUs, %s" % (os.cpu_count() or 0, re.sub(r"\s+", " ", model))


def main():
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    name, title, path = sys.argv[1:]
    body = sys.stdin.read() if path == "-" else open(path).read()
    try:
        commit = subprocess.run(["git", "-C", TOP, "rev-parse", "--short", "HEAD"],
                                capture_output=True, text=True).stdout.strip()
    except OSError:
        commit = ""
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    section = ("<!-- results: %s -->\n## %s\n\n%s; %s; patches %s (repository at %s).\n\n%s\n"
               "<!-- /results: %s -->\n" % (name, title, when, machine(), series_id(),
                                            commit or "?", body.strip(), name))
    text = open(DOC).read() if os.path.exists(DOC) else HEAD
    pat = re.compile(r"<!-- results: %s -->\n.*?<!-- /results: %s -->\n" %
                     (re.escape(name), re.escape(name)), re.S)
    if pat.search(text):
        text = pat.sub(lambda m: section, text)
    else:
        text = text.rstrip("\n") + "\n\n" + section
    os.makedirs(os.path.dirname(DOC), exist_ok=True)
    open(DOC, "w").write(text)
    print("results: wrote section %s of %s" % (name, os.path.relpath(DOC, TOP)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
