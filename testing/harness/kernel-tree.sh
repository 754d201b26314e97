#!/bin/sh
# Test of how scripts/build/kernel.sh makes a kernel tree (build/k/NAME) from a
# commit of build/linux, on a tiny fake base and commits in a scratch
# directory (seconds, no kernel; TARGETS=none stops before the config):
#   1. a tree from the base alone reads as the commit, and is stamped;
#   2. FROM=NAME itself (kunit.py's trees): moved to another commit in
#      place, its object dirs kept, and every file that differs between
#      the two commits newer than those objects, a file put back as in
#      the base included, so that make builds again all it must;
#   3. FROM=OTHER: the other tree's objects are copied, not shared, so
#      writing an object of the new tree leaves the other's as it was.
# usage: kernel-tree.sh [KERNEL_SH]   (default scripts/build/kernel.sh; the
# harness stage also runs it on broken copies, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
unset BUILD PATCHES FROM TARGETS KMAKE
kernel_sh=${1:-$top/scripts/build/kernel.sh}
. "$top/testing/harness/lib.sh"
B=$tmp/top/build
K=$B/linux
mkdir -p "$tmp/top/scripts" "$B/base"
cp -r "$top/scripts/." "$tmp/top/scripts/"
cp "$kernel_sh" "$tmp/top/scripts/build/kernel.sh"
for f in a b c; do echo "$f 0" > "$B/base/$f"; done
cp -a "$B/base" "$K"
git -C "$K" init -q
git -C "$K" add -A
c() { git -C "$K" -c user.name=t -c user.email=t@t commit -q -a -m "$1" && git -C "$K" rev-parse HEAD; }
c base > /dev/null
git -C "$K" tag base
echo "a 1" > "$K/a"; echo "b 1" > "$K/b"
r1=$(c one)	# a and b changed
echo "a 0" > "$K/a"; echo "c 2" > "$K/c"
r2=$(c two)	# a back as in the base, c changed, b as in r1
reads() {	# reads DIR REV: every file of DIR as in REV
	for f in a b c; do git -C "$K" show "$2:$f" | cmp -s - "$1/$f" || return 1; done
}
newer() {	# newer DIR FILE...: each FILE of DIR newer than DIR/obj-um/x.o
	_n=$1
	shift
	for f; do [ -n "$(find "$_n/$f" -newer "$_n/obj-um/x.o")" ] || return 1; done
}

t "a tree from the base is made" env TARGETS=none BUILD=$B sh "$tmp/top/scripts/build/kernel.sh" t "$r1"
t "... reads as its commit" reads "$B/k/t" "$r1"
t "... and is stamped with the commit's tree" \
	test "$(cat "$B/stamps/k-t.tree")" = "$(git -C "$K" rev-parse "$r1^{tree}")"
mkdir -p "$B/k/t/obj-um"
echo old > "$B/k/t/obj-um/x.o"
touch -d '2000-01-01' "$B/base/a" "$B/base/b" "$B/base/c" "$B/k/t/b"
touch -d '2001-01-01' "$B/k/t/obj-um/x.o"
t "FROM=itself: moved to another commit" env FROM=t TARGETS=none BUILD=$B sh "$tmp/top/scripts/build/kernel.sh" t "$r2"
t "... reads as the new commit" reads "$B/k/t" "$r2"
t "... keeps its object dirs" test -f "$B/k/t/obj-um/x.o"
t "... every file that changed is newer than the objects (one as in the base)" newer "$B/k/t" a c
t "... a file that did not change is not" test -z "$(find "$B/k/t/b" -newer "$B/k/t/obj-um/x.o")"
mkdir -p "$B/k/t/obj"
echo t > "$B/k/t/obj/y.o"
echo "cfg" > "$B/stamps/k-t.config"
t "FROM=another: a tree made from its objects" env FROM=t TARGETS=none BUILD=$B sh "$tmp/top/scripts/build/kernel.sh" u "$r1"
t "... reads as its commit" reads "$B/k/u" "$r1"
t "... has the other's objects and config stamp" sh -c "cmp -s '$B/k/t/obj/y.o' '$B/k/u/obj/y.o' && test \"\$(cat '$B/stamps/k-u.config')\" = cfg"
t "... but not the other's kunit.py objects" test ! -e "$B/k/u/obj-um"
echo u > "$B/k/u/obj/y.o"	# written in place, as the compiler does
t "... and writing its objects leaves the other's alone" test "$(cat "$B/k/t/obj/y.o")" = t
exit $fails
