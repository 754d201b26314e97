#!/usr/bin/env python3
"""Write one section of docs/results.md: the tools that measure write it.

usage: results.py SECTION TITLE FILE    (FILE - for stdin)
       results.py --other-code [SECTION[|SECTION...]...]

docs/results.md holds one section per measurement (make bench, make
bench-native, make size, ...), each between the markers

    <!-- results: SECTION -->
    ...
    <!-- /results: SECTION -->

The section is replaced with a heading (TITLE, the date, this machine's
CPU count and model, the code hash of the series it measured and the
repository's commit) and FILE's text; a section not there yet is added at
the end, so the order is the order in which the measurements were first
made.  Commit the file to keep the figures.  The identity is the run's
(DEVLIST_CODE and DEVLIST_REPO, exported by scripts/lib/series.sh's
run_identity), or computed by it here; the code hash is that one
function's (code_hash), never another.

--other-code prints a note naming the sections made on other code than
patches/ holds now (a section without a code hash, written before there
was one, is of other code), and exits 1 if one of the SECTIONs named is
among them or missing (all of them when none is named); "a|b" is met by
either.  make check prints the note; make send-dry-run refuses to write
mails while the records the cover letters quote are of other code.
"""
import datetime
import os
import re
import subprocess
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # scripts/lib/..
DOC = os.path.join(TOP, "docs", "results.md")
HEAD = """# devlist: results

Figures written by the tools that measured them (scripts/lib/results.py),
newest run of each; each section says when, where and on which code.
`git log -p docs/results.md` has the earlier runs.
"""


def shell(fn):
    """Output of a function of scripts/lib (lib.sh sourced)."""
    lib = os.path.join(TOP, "scripts", "lib", "lib.sh")
    r = subprocess.run(["sh", "-c", '. "$0"; ' + fn, lib], capture_output=True, text=True)
    return r.stdout.strip() if r.returncode == 0 else ""


def run_identity():
    """The code hash and repository commit of this run."""
    code, repo = os.environ.get("DEVLIST_CODE"), os.environ.get("DEVLIST_REPO")
    if not code or not repo:
        code, _, repo = shell('run_identity; echo "$DEVLIST_CODE $DEVLIST_REPO"').partition(" ")
    return code or "unknown", repo or "unknown"


CODE = re.compile(r"^\d{4}-\d\d-\d\d [^;\n]*;[^\n]*; code ([0-9a-f]+) ", re.M)


def other_code(names):
    """Note the sections of other code; 1 if a SECTION named is one."""
    now = shell("code_hash")
    text = open(DOC).read() if os.path.exists(DOC) else ""
    sections = re.findall(r"<!-- results: (\S+) -->\n(.*?)<!-- /results: \1 -->", text, re.S)
    code = {name: (CODE.search(body) or [None, None])[1] for name, body in sections}
    other = [n for n, c in code.items() if c != now]
    if other:
        print("note: docs/results.md: records made on other code than patches/ (code %s): %s" %
              (now, ", ".join("%s (%s)" % (n, "code " + code[n] if code[n] else "no code hash")
                              for n in other)))
    stale = [g for g in names or code if all(n in other or n not in code for n in g.split("|"))]
    if stale and names:
        print("note: of other code, or missing: " + " ".join(stale))
    return 1 if stale else 0


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
    if sys.argv[1:2] == ["--other-code"]:
        return other_code(sys.argv[2:])
    if len(sys.argv) != 4:
        sys.stderr.write(__doc__)
        return 2
    name, title, path = sys.argv[1:]
    body = sys.stdin.read() if path == "-" else open(path).read()
    code, repo = run_identity()
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    section = ("<!-- results: %s -->\n## %s\n\n%s; %s; code %s (repository at %s).\n\n%s\n"
               "<!-- /results: %s -->\n" % (name, title, when, machine(), code,
                                            repo, body.strip(), name))
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
