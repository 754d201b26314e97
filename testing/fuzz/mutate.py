#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Known-wrong variants of the series, to show that the fuzzers catch bugs.

    mutate.py list                  the mutants: NAME FILE FUZZER WHAT
    mutate.py NAME SRCDIR           edit SRCDIR/FILE (a copy of the tree's
                                    files that build.sh made) in place

Each mutant replaces one piece of text inside one function, found by name
as extract.py finds it.  If the text is not there exactly once (the series
changed), it fails loudly: a mutant that does not apply proves nothing.
FUZZER says which fuzz target must catch it (core, wrap or both).
"""
import os
import sys

sys.dont_write_bytecode = True		# nothing written next to the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import extract  # noqa: E402

MUTANTS = {
    "insert-end-overlaps": ("fs/devlist.c", "devlist_insert", "both",
          "a range that starts where the one before it ends is refused",
          "devlist_end(list_entry(prev, struct devlist_range, node)) > new->first",
          "devlist_end(list_entry(prev, struct devlist_range, node)) >= new->first"),
    "insert-start-overlaps": ("fs/devlist.c", "devlist_insert", "both",
          "a range that ends where the next one starts (or, empty, at the "
          "same number) is refused",
          "r->first < devlist_end(new)",
          "r->first <= devlist_end(new)"),
    "insert-no-prev-check": ("fs/devlist.c", "devlist_insert", "both",
          "only the next neighbour is checked for an overlap, not the one before",
          "(prev != &dl->ranges &&",
          "(0 && prev != &dl->ranges &&"),
    "insert-empty-first": ("fs/devlist.c", "devlist_insert", "both",
          "a new empty range goes before the empty ones already at its number",
          "if (r->first != new->first || r->count)",
          "if (r->first != new->first || r->count || !new->count)"),
    "insert-past-the-top": ("fs/devlist.c", "devlist_insert", "core",
          "a range past the last device number is inserted, without a warning",
          "devlist_end(new) > BIT_ULL(32)",
          "devlist_end(new) > BIT_ULL(33)"),
    "index-own-group-only": ("fs/devlist.c", "devlist_insert", "core",
          "index: an insert makes its range the entry point of its own group "
          "only, not of the empty groups below it",
          "g >= 0 && dl->index[g] == next; g--)",
          "g >= 0 && dl->index[g] == next; g = -1)"),
    "index-removal-clears": ("fs/devlist.c", "devlist_remove", "both",
          "index: a removal leaves the groups it was the entry point of "
          "without one, not with the next range",
          "dl->index[g] = range->node.next;",
          "dl->index[g] = &dl->ranges;"),
    "seek-passes-equal": ("fs/devlist.c", "devlist_seek", "both",
          "a walk from a number passes a range that starts exactly at it",
          "if (r->first >= from)",
          "if (r->first > from)"),
    "free-major-ignores-empty": ("fs/devlist.c", "devlist_free_major", "both",
          "an empty range at minor 0 does not make its major used",
          "MAJOR(devlist_end(r) - !!r->count)",
          "MAJOR(devlist_end(r) - 1)"),
    "free-major-below-lo": ("fs/devlist.c", "devlist_free_major", "core",
          "a full window gives the major below it",
          "if (MAJOR(r->first) <= lo)",
          "if (MAJOR(r->first) < lo)"),
    "free-major-starts-low": ("fs/devlist.c", "devlist_free_major", "both",
          "the search for a free major starts a group too low, missing the "
          "ranges in the group of its highest major",
          "g < DEVLIST_GROUPS ? dl->index[g] : &dl->ranges",
          "g < DEVLIST_GROUPS ? dl->index[g - 1] : &dl->ranges"),
    "release-any-count": ("fs/char_dev.c", "__unregister_chrdev_region", "wrap",
          "a release takes an empty range at its number, whatever its count",
          "if (cd->range.count == minorct) {",
          "if (cd->range.count == minorct || !cd->range.count) {"),
    "d4-dynamic-first-piece": ("fs/char_dev.c", "register_chrdev_region", "wrap",
          "major 0 in @from is a dynamic first piece again",
          "\tif (!MAJOR(from))\n\t\treturn -EINVAL;\n",
          ""),
    "d3-goes-round": ("fs/char_dev.c", "unregister_chrdev_region", "wrap",
          "a release that reaches major 4095 goes round for ever again",
          "if (next > to || !next)",
          "if (next > to)"),
    "release-spilled-minor": ("fs/char_dev.c", "__unregister_chrdev_region", "wrap",
          "a release with a first minor past MINORMASK finds the range its "
          "spilled dev_t names",
          "if (major >= CHRDEV_MAJOR_MAX || baseminor > MINORMASK)",
          "if (major >= CHRDEV_MAJOR_MAX)"),
    "block-window-253": ("block/genhd.c", "__register_blkdev", "wrap",
          "the dynamic block window stops at 253",
          "devlist_free_major(&major_names, 1, 254)",
          "devlist_free_major(&major_names, 1, 253)"),
    "block-major-wraps": ("block/genhd.c", "major_name", "wrap",
          "a block major past 4095 is looked up as the one MKDEV() wraps it to",
          "MAJOR(p->range.first) != major)",
          "MAJOR(p->range.first) != (major & 0xfff))"),
    "proc-char-two-wide": ("fs/char_dev.c", "chrdev_show", "wrap",
          "/proc/devices: char majors right-aligned in two columns, not three",
          "seq_put_decimal_ull_width(f, NULL, offset, 3);",
          "seq_put_decimal_ull_width(f, NULL, offset, 2);"),
    "proc-block-no-space": ("block/genhd.c", "blkdev_show", "wrap",
          "/proc/devices: no space between a block major and its name",
          "\t\tseq_putc(seqf, ' ');\n",
          ""),
    "proc-next-one-further": ("fs/char_dev.c", "chrdev_show", "wrap",
          "/proc/devices: the next char major in use is given as one "
          "major further on",
          "return MAJOR(cd->range.first);",
          "return MAJOR(cd->range.first) + 1;"),
    "proc-position-jumps": ("fs/proc/devices.c", "devinfo_next", "wrap",
          "/proc/devices: a read resumes at the next major in use seen "
          "before, missing one registered in between (v4)",
          "*pos = (unsigned long)v;",
          "*pos = next;"),
    "proc-index-not-shown": ("fs/proc/devices.c", "devinfo_show", "wrap",
          "/proc/devices: showing does not set the position to the major "
          "shown, so a read that stops on a full buffer resumes after the "
          "last major it returned, listing one registered in the majors "
          "stock passed (v5 before its fix)",
          "\tf->index = i;\n",
          ""),
}
# mutants that also need a change elsewhere in their function
EXTRA = {}


def die(msg):
    sys.stderr.write("mutate.py: ERROR: %s\n" % msg)
    sys.exit(1)


def apply(name, srcdir):
    rel, func, _, what, old, new = MUTANTS[name]
    path = os.path.join(srcdir, rel)
    if not os.path.exists(path):
        die("mutant %s: %s not found" % (name, path))
    text = open(path).read()
    fn = [it for it in extract.items_of(path) if it.kind == "func" and func in it.names]
    if len(fn) != 1:
        die("mutant %s: function %s() not found in %s" % (name, func, rel))
    body = text[fn[0].start:fn[0].end]
    if body.count(old) != 1:
        die("mutant %s (%s): %r is not in %s() exactly once: update "
            "testing/fuzz/mutate.py" % (name, what, old, func))
    body = body.replace(old, new)
    if name in EXTRA:
        o, n = EXTRA[name]
        if body.count(o) != 1:
            die("mutant %s: %r is not in %s() exactly once" % (name, o, func))
        body = body.replace(o, n)
    with open(path, "w") as f:
        f.write(text[:fn[0].start] + body + text[fn[0].end:])


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "list":
        for k, (rel, func, fz, what, _, _) in sorted(MUTANTS.items()):
            print("%s %s %s %s" % (k, rel, fz, what))
        return
    if len(sys.argv) != 3 or sys.argv[1] not in MUTANTS:
        die("usage: mutate.py list | mutate.py {%s} SRCDIR" % ",".join(sorted(MUTANTS)))
    apply(sys.argv[1], sys.argv[2])


if __name__ == "__main__":
    main()
