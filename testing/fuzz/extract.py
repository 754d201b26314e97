#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Extract the device number registration code from a kernel tree.

    extract.py TREE OUTDIR

TREE holds (at least) fs/char_dev.c, block/genhd.c, fs/proc/devices.c and
the headers that declare chrdev_show() and blkdev_show().  For each of the
three files, the top-level definitions the registration API needs are
taken, verbatim, through their matching closing brace, together with every
top-level definition of the same file that they use (found by name,
transitively: so a helper the series adds, or one it drops, is followed
without a list to update).  #includes are left out: testing/fuzz/include/
fuzz_kernel.h stands in for the kernel.  Each piece keeps a #line pointing
at its source, so compiler errors and sanitizer reports name the kernel
file and line.

Writes OUTDIR/char.c, block.c, proc.c (each ends by including the glue that
lets the harness drive it), OUTDIR/decls.h (constants and prototypes from
the tree's headers) and OUTDIR/info.txt (what was taken, the shapes found).
Exits 1 with a message naming what is missing if a required definition
cannot be found: the extraction must never silently test nothing.
"""
import functools
import os
import re
import sys

KEYWORDS = set("""auto break case char const continue default do double else enum
extern float for goto if inline int long register restrict return short signed
sizeof static struct switch typedef union unsigned void volatile while bool
_Bool typeof __typeof__ __attribute__ __always_inline noinline""".split())

# Names the shims provide: never taken from the kernel file, even if it
# defines them (the cdev, kobj_map and open code stays out).
SHIMMED = set("""cdev_alloc cdev_add cdev_del cdev_init cdev_put cdev_map kobj_map
kobject_set_name kobject_put chrdev_open base_probe exact_match exact_lock""".split())

# What the API needs, per file; the closure adds the rest.
FILES = {
    "char": ("fs/char_dev.c",
             ["char_device_struct", "chrdevs", "chrdevs_lock", "chrdev_show",
              "__register_chrdev_region", "__unregister_chrdev_region",
              "register_chrdev_region", "alloc_chrdev_region",
              "unregister_chrdev_region", "__register_chrdev",
              "__unregister_chrdev"]),
    "block": ("block/genhd.c",
              ["blk_major_name", "major_names", "major_names_lock",
               "major_names_spinlock", "blkdev_show", "__register_blkdev",
               "unregister_blkdev", "blk_probe_dev"]),
    "proc": ("fs/proc/devices.c", ["devinfo_ops"]),
}
# Roots a tree may lack: a block registry in a maple tree reads under the
# tree's own lock, with no major_names_spinlock.
OPTIONAL = {"major_names_spinlock"}
# A /proc/devices that is one single_open() record has no devinfo_ops.
PROC_SINGLE = "devinfo_show"
# Where the prototypes and the CHRDEV_*/BLKDEV_* constants may live.
HEADERS = ["include/linux/fs.h", "include/linux/blkdev.h", "fs/internal.h",
           "block/blk.h", "fs/proc/internal.h", "include/linux/major.h"]
PROTOS = ["chrdev_show", "blkdev_show"]
CONST_RE = re.compile(r"^(CHRDEV|BLKDEV)_[A-Z_]+$")


def die(msg):
    sys.stderr.write("extract.py: ERROR: %s\n" % msg)
    sys.exit(1)


LEXEME = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)


def strip(text):
    """Blank out comments and the contents of string and char literals,
    keeping every offset and newline."""
    def blank(m):
        t = m.group(0)
        if t[0] in "\"'":
            return t[0] + re.sub(r"[^\n]", " ", t[1:-1]) + t[-1]
        return re.sub(r"[^\n]", " ", t)
    return LEXEME.sub(blank, text)


def at_line_start(s, i):
    j = i - 1
    while j >= 0 and s[j] in " \t":
        j -= 1
    return j < 0 or s[j] == "\n"


def pp_end(s, i):
    """End (exclusive) of the preprocessor line starting at i."""
    n = len(s)
    while True:
        j = s.find("\n", i)
        if j < 0:
            return n
        if s[j - 1] == "\\":
            i = j + 1
            continue
        return j + 1


IDENT = re.compile(r"[A-Za-z_]\w*")
ATTRS = re.compile(r"^(__\w+|noinline|asmlinkage|notrace)$")
FUNC_ATTRS = set("""__attribute__ __printf __scanf __acquires __releases __must_hold
__cond_acquires __cond_releases __aligned __section __alloc_size __malloc
__counted_by __diagnose_as __no_context_analysis __assume_ctx_lock""".split())


def func_name(header):
    """The name of a function from its header (stripped text up to '{' or
    ';'): the identifier before the first '(' that is not an attribute."""
    for m in re.finditer(r"([A-Za-z_]\w*)\s*\(", header):
        name = m.group(1)
        if name not in FUNC_ATTRS and name not in KEYWORDS:
            return name
    return None


def remove_groups(s, op, cl):
    out, depth = [], 0
    for c in s:
        if c == op:
            depth += 1
        elif c == cl:
            depth -= 1
        elif depth == 0:
            out.append(c)
    return "".join(out)


def decl_names(st):
    """Names a declaration (stripped, ending in ';') defines."""
    names = set()
    m = re.match(r"\s*(?:static\s+)?(DEFINE_\w+|DECLARE_\w+|LIST_HEAD)\s*\(\s*(\w+)", st)
    if m:
        return {m.group(2)}
    if re.match(r"\s*(EXPORT_\w+|MODULE_\w+|module_\w+|\w+_initcall|__setup|early_param)\s*\(", st):
        return names
    for m in re.finditer(r"\b(struct|union|enum)\s+(\w+)\s*\{", st):
        names.add(m.group(2))
    for m in re.finditer(r"\benum\b[^{;]*\{([^}]*)\}", st):
        for part in m.group(1).split(","):
            e = IDENT.match(part.strip())
            if e:
                names.add(e.group(0))
    flat = remove_groups(st, "{", "}")
    flat = flat.split("=")[0]
    flat = remove_groups(flat, "[", "]")
    if "(" in flat and not re.search(r"\(\s*\*", flat):
        fn = func_name(flat)		# a prototype
        if fn:
            names.add(fn)
        return names
    flat = remove_groups(flat, "(", ")")
    for part in flat.rstrip().rstrip(";").split(","):
        ids = [x for x in IDENT.findall(part)
               if x not in KEYWORDS and not ATTRS.match(x)]
        if ids:
            names.add(ids[-1])
    return names


class Item:
    def __init__(self, kind, start, end, text, stripped, path):
        self.kind, self.start, self.end = kind, start, end
        self.text, self.stripped, self.path = text, stripped, path
        self.line = text.count("\n", 0, 0)  # set by caller
        self.names = set()
        self.refs = set(IDENT.findall(stripped))


@functools.lru_cache(maxsize=None)
def items_of(path):
    """The top-level items of a C file, in order."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    s = strip(text)
    n, i, items = len(s), 0, []
    while i < n:
        if s[i].isspace():
            i += 1
            continue
        start = i
        if s[i] == "#" and at_line_start(s, i):
            i = pp_end(s, i)
            it = Item("pp", start, i, text[start:i], s[start:i], path)
            m = re.match(r"#\s*define\s+(\w+)", it.stripped)
            if m:
                it.names = {m.group(1)}
                it.refs.discard(m.group(1))
            items.append(it)
            continue
        brace = paren = 0
        kind, brace_at = "decl", None
        while i < n:
            c = s[i]
            if c == "#" and at_line_start(s, i):
                i = pp_end(s, i)
                continue
            if c in "([":
                paren += 1
            elif c in ")]":
                paren -= 1
            elif c == "{":
                if brace == 0 and paren == 0 and brace_at is None:
                    brace_at = i
                    if s[start:i].rstrip().endswith(")"):
                        kind = "func"
                brace += 1
            elif c == "}":
                brace -= 1
                if brace == 0 and kind == "func":
                    i += 1
                    break
            elif c == ";" and brace == 0 and paren == 0:
                i += 1
                break
            i += 1
        it = Item(kind, start, i, text[start:i], s[start:i], path)
        if kind == "func":
            name = func_name(s[start:brace_at])
            it.names = {name} if name else set()
        else:
            it.names = decl_names(it.stripped)
        items.append(it)
    for it in items:
        it.line = text.count("\n", 0, it.start) + 1
    return items


def closure(items, roots, what):
    by_name = {}
    for it in items:
        if it.kind == "pp" and not it.names:
            continue
        for nm in it.names:
            by_name.setdefault(nm, []).append(it)
    missing = [r for r in roots if r not in by_name and r not in OPTIONAL]
    if missing:
        die("%s: no top-level definition of %s found: has the code moved or "
            "been renamed? (refusing to test nothing)" % (what, ", ".join(missing)))
    taken, todo, seen = set(), list(roots), set()
    while todo:
        nm = todo.pop()
        if nm in seen or nm in SHIMMED:
            continue
        seen.add(nm)
        for it in by_name.get(nm, []):
            if id(it) in taken:
                continue
            taken.add(id(it))
            todo.extend(r for r in it.refs if r in by_name and r not in seen)
    # a pr_fmt the file defines applies to every pr_*() in it
    for it in items:
        if "pr_fmt" in it.names:
            taken.add(id(it))
    return [it for it in items if id(it) in taken]


def first_def(tree, name, kinds):
    for h in HEADERS:
        p = os.path.join(tree, h)
        if not os.path.exists(p):
            continue
        for it in items_of(p):
            if name in it.names and it.kind in kinds:
                return it
    return None


def params(stripped_header, name):
    m = re.search(r"\b%s\s*\((.*?)\)" % re.escape(name), stripped_header, re.S)
    if not m:
        return None
    p = m.group(1).strip()
    return 0 if p in ("", "void") else p.count(",") + 1


def shape(taken, var, struct):
    """'devlist MEMBER', 'maple' or 'hash' for the registry @var of @struct."""
    text = "".join(it.stripped for it in taken)
    if re.search(r"struct\s+maple_tree\s+%s\s*=" % var, text):
        return "maple", None
    if re.search(r"DEFINE_DEVLIST\s*\(\s*%s\s*\)" % var, text):
        for it in taken:
            if struct in it.names:
                m = re.search(r"struct\s+devlist_range\s+(\w+)\s*;", it.stripped)
                if m:
                    return "devlist", m.group(1)
        die("%s is a devlist but struct %s has no struct devlist_range member"
            % (var, struct))
    if re.search(r"\*\s*%s\s*\[" % var, text):
        return "hash", None
    die("cannot tell how %s is kept (neither an array of chains nor a "
        "DEFINE_DEVLIST): teach testing/fuzz/glue_*.h the new shape" % var)


def main():
    if len(sys.argv) != 3:
        die("usage: extract.py TREE OUTDIR")
    tree, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    info, decls, taken_all = [], [], {}
    proc_single = False
    info.append("tree %s" % os.path.abspath(tree))

    for key, (rel, roots) in FILES.items():
        path = os.path.join(tree, rel)
        if not os.path.exists(path):
            die("%s not found" % path)
        items = items_of(path)
        if key == "proc" and not any(roots[0] in it.names for it in items):
            roots, proc_single = [PROC_SINGLE], True
            info.append("proc single")
        taken = closure(items, roots, rel)
        taken_all[key] = (rel, path, items, taken)
        names = []
        for it in taken:
            names.extend(sorted(it.names))
        info.append("%s: %s" % (rel, " ".join(names)))

    # constants and prototypes from the headers (or the files themselves)
    defined = set()
    for key, (_, _, _, taken) in taken_all.items():
        for it in taken:
            defined |= it.names
    wanted = set()
    for key, (_, _, _, taken) in taken_all.items():
        for it in taken:
            wanted |= {r for r in it.refs if CONST_RE.match(r)}
    for c in sorted(wanted - defined):
        it = first_def(tree, c, ("pp",))
        if not it:
            die("no #define of %s in the tree's headers (%s)" % (c, ", ".join(HEADERS)))
        decls.append('#line %d "%s"\n%s' % (it.line, it.path, it.text.rstrip() + "\n"))
        info.append("const %s" % " ".join(it.text.split()))
    nargs = {}
    for p in PROTOS:
        it = first_def(tree, p, ("decl",))
        if not it:
            die("no prototype of %s() in the tree's headers (%s)" % (p, ", ".join(HEADERS)))
        decls.append('#line %d "%s"\n%s\n' % (it.line, it.path, it.text.strip()))
        nargs[p] = params(it.stripped, p)
        info.append("proto %s" % " ".join(it.text.split()))
    for p in PROTOS:
        # the definition must agree (the compiler checks the types)
        key = "char" if p == "chrdev_show" else "block"
        fdef = [it for it in taken_all[key][3] if p in it.names and it.kind == "func"]
        if not fdef:
            die("no definition of %s() in %s" % (p, taken_all[key][0]))
        nd = params(fdef[0].stripped[:fdef[0].stripped.find("{")], p)
        if nd != nargs[p]:
            die("%s() takes %s arguments in its header, %s in its definition" % (p, nargs[p], nd))
        info.append("signature %s %d (%s)" % (p, nd,
                    "per major, as stock" if nd == 2 else "whole section"))

    cshape, cmember = shape(taken_all["char"][3], "chrdevs", "char_device_struct")
    bshape, bmember = shape(taken_all["block"][3], "major_names", "blk_major_name")
    info.append("shape chrdevs %s%s" % (cshape, " ." + cmember if cmember else ""))
    info.append("shape major_names %s%s" % (bshape, " ." + bmember if bmember else ""))

    with open(os.path.join(out, "decls.h"), "w") as f:
        f.write("/* generated by testing/fuzz/extract.py: do not edit */\n")
        f.write("#ifndef _FZ_DECLS_H\n#define _FZ_DECLS_H\n")
        f.write("".join(decls))
        f.write("#endif\n")

    glue_defs = {
        "char": "#define FZ_CHAR_%s 1\n%s" % (cshape.upper(),
                "#define FZ_CHAR_MEMBER %s\n" % cmember if cmember else ""),
        "block": "#define FZ_BLOCK_%s 1\n%s" % (bshape.upper(),
                 "#define FZ_BLOCK_MEMBER %s\n" % bmember if bmember else ""),
        "proc": "#define FZ_CHRDEV_SHOW_ARGS %d\n#define FZ_BLKDEV_SHOW_ARGS %d\n%s"
                % (nargs["chrdev_show"], nargs["blkdev_show"],
                   "#define FZ_PROC_SINGLE 1\n" if proc_single else ""),
    }
    for key, (rel, path, items, taken) in taken_all.items():
        src = open(path, encoding="utf-8", errors="replace").read()
        with open(os.path.join(out, key + ".c"), "w") as f:
            f.write("/* generated by testing/fuzz/extract.py from %s: do not edit */\n" % path)
            pr = [it for it in taken if "pr_fmt" in it.names]
            for it in pr:
                f.write('#line %d "%s"\n%s\n' % (it.line, path, it.text.rstrip()))
            if re.search(r"#\s*include\s*<linux/maple_tree\.h>", src):
                f.write("#define FZ_MAPLE 1\n")
            f.write('#include "fuzz_kernel.h"\n#include "decls.h"\n')
            if re.search(r"#\s*include\s*<linux/devlist\.h>", src):
                f.write("#include <linux/devlist.h>\n")
            for it in taken:
                if it in pr:
                    continue
                f.write('#line %d "%s"\n%s\n' % (it.line, path, it.text.rstrip()))
            f.write('\n/* what the glue needs to know about this tree */\n%s'
                    '#include "glue_%s.h"\n' % (glue_defs[key], key))
    with open(os.path.join(out, "info.txt"), "w") as f:
        f.write("\n".join(info) + "\n")


if __name__ == "__main__":
    main()
