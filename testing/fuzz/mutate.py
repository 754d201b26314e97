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
    "a": ("fs/devlist.c", "devlist_insert", "both",
          "overlap check off by one at the end of the previous range",
          "new->first < (u64)prev->first + prev->count",
          "new->first <= (u64)prev->first + prev->count"),
    "b": ("fs/devlist.c", "devlist_insert", "both",
          "a range conflicts with the next one when that starts where it "
          "ends (or, empty, at the same number)",
          "next->first < end)",
          "next->first <= end)"),
    "c": ("fs/devlist.c", "devlist_insert_free_major", "both",
          "free-major search ignores empty ranges",
          "list_for_each_entry_from_reverse(r, &dl->ranges, node) {",
          "list_for_each_entry_from_reverse(r, &dl->ranges, node) {\n"
          "\t\tif (!r->count)\n\t\t\tcontinue;"),
    "d": ("fs/devlist.c", "devlist_seek", "both",
          "seek passes a range that starts exactly at the number",
          "if (r->first >= from)",
          "if (r->first > from)"),
    "e": ("fs/char_dev.c", "register_chrdev_region", "wrap",
          "major 0 in @from is a dynamic first piece again",
          "\tif (!MAJOR(from))\n\t\treturn -EINVAL;\n",
          ""),
    "f": ("fs/devlist.c", "devlist_insert", "both",
          "list order wrong for equal first minors (a new empty range goes "
          "before the empty ones already there)",
          "if (next->first != new->first || next->count)",
          "if (next->first != new->first || next->count || !new->count)"),
    "g": ("block/genhd.c", "__register_blkdev", "wrap",
          "the dynamic block window stops at 253",
          "(&major_names, NULL, 1, 254)",
          "(&major_names, NULL, 1, 253)"),
    "h": ("fs/char_dev.c", "unregister_chrdev_region", "wrap",
          "a release that reaches major 4095 goes round for ever again",
          "if (next > to || !next)",
          "if (next > to)"),
    "i": ("fs/char_dev.c", "chrdev_show", "wrap",
          "/proc/devices: char majors right-aligned in two columns, not three",
          "seq_put_decimal_ull_width(f, NULL, offset, 3);",
          "seq_put_decimal_ull_width(f, NULL, offset, 2);"),
    "j": ("block/genhd.c", "blkdev_show", "wrap",
          "/proc/devices: no space between a block major and its name",
          "\t\tseq_putc(seqf, ' ');\n",
          ""),
    "k": ("fs/devlist.c", "devlist_link", "core",
          "index: an insert makes its range the entry point of its own group "
          "only, not of the empty groups below it",
          "g >= 0 && dl->index[g] == was; g--)",
          "g >= 0 && dl->index[g] == was; g = -1)"),
    "l": ("fs/devlist.c", "devlist_remove", "both",
          "index: a removal clears the entry points it held instead of "
          "passing them to the next range",
          "dl->index[g] = next;",
          "dl->index[g] = NULL;"),
    "m": ("fs/devlist.c", "devlist_insert", "both",
          "only the next neighbour is checked for an overlap, not the "
          "previous one",
          "\t    (!list_entry_is_head(prev, &dl->ranges, node) &&\n"
          "\t     prev->first < end && new->first < (u64)prev->first + prev->count))",
          "\t    (0 && new->first < (u64)prev->first + prev->count))"),
    "n": ("fs/devlist.c", "devlist_remove", "both",
          "kept position: a release above it does not send the next "
          "free-major search back to the top",
          "\t\tdl->free_next = NULL;\n",
          "\t\tdl->free_hi = dl->free_hi;\n"),
    "o": ("fs/devlist.c", "devlist_remove", "core",
          "kept position: left on a range released above the window",
          "\t\tdl->free_next = next;\n",
          "\t\tdl->free_hi = dl->free_hi;\n"),
    "p": ("fs/devlist.c", "devlist_insert_free_major", "core",
          "kept position: a resumed search below @lo finds a major under "
          "the window (no API call changes @lo for the same @hi)",
          "\t\tif (major < lo)\n\t\t\treturn -EBUSY;\n",
          ""),
    "q": ("fs/devlist.c", "devlist_insert_free_major", "core",
          "a window above the last major is searched, not refused",
          "hi < lo || hi > MAJOR(~(dev_t)0)",
          "hi < lo"),
    "r": ("fs/char_dev.c", "chrdev_show", "wrap",
          "/proc/devices: the next char major in use is given as one "
          "major further on",
          "return MAJOR(cd->range.first);",
          "return MAJOR(cd->range.first) + 1;"),
    "s": ("fs/char_dev.c", "__unregister_chrdev_region", "wrap",
          "a release takes the first range at its number, whatever its count",
          "if (cd->range.count == minorct) {",
          "if (cd->range.count == minorct || !cd->range.count) {"),
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
