#!/bin/sh
# make size: what the series costs and saves against stock (the pristine
# base), x86_64:
#  - Berkeley `size` of each touched object and the sum, built with the
#    conformance config without KUnit and debugfs (testing/qemu/size.config:
#    the objects alone, in trees of their own);
#  - scripts/bloat-o-meter on the two vmlinux of the conformance config;
#  - the size of the char and block registration records, read from debug
#    info (the two objects built again with -g);
#  - the net kernel lines of the series (git diff --numstat, tests and
#    Documentation left out) and the entities include/linux/devlist.h
#    declares;
#  - the same objects and net lines of make bench's alternatives
#    (testing/bench/alt/: minimal and maple), beside stock and the series.
# Writes build/results/size.txt and the "size" section of docs/results.md.
. "$(dirname "$0")/../lib/lib.sh"
set -e
"$TOP/scripts/build/tree.sh"
n=$(patch_count)
"$TOP/scripts/build/kernels.sh" 0 >/dev/null
"$TOP/scripts/build/kernels.sh" "$n" >/dev/null
out=$RESULTS/size.txt
mkdir -p "$RESULTS"
objs=$(touched_objects)
frags="$TOP/testing/qemu/devlist.config $TOP/testing/qemu/size.config"
# Stock has only the objects whose source it has (not fs/devlist.o).
stock_objs=$(for o in $objs; do
	git -C "$KSRC" cat-file -e "base:${o%.o}.c" 2>/dev/null && printf '%s ' "$o"
done)
# shellcheck disable=SC2086
TARGETS="$stock_objs" "$TOP/scripts/build/kernel.sh" s0 "$(stock_rev)" $frags >/dev/null
# shellcheck disable=SC2086
TARGETS="$objs" FROM=s0 "$TOP/scripts/build/kernel.sh" s1 "$(series_rev)" $frags >/dev/null
sz() {	# sz TREE OBJ: "text data bss" of OBJ, 0 0 0 if the tree has none
	if [ -f "$KDIR/$1/obj/$2" ]; then size "$KDIR/$1/obj/$2" | awk 'NR == 2 { print $1, $2, $3 }'
	else echo 0 0 0; fi
}
{
	echo "touched objects, conformance config without KUnit and debugfs"
	echo "(size: text data bss), stock -> series:"
	st=0 sd=0 sb=0 nt=0 nd=0 nb=0
	for o in $objs; do
		# shellcheck disable=SC2046
		set -- $(sz s0 "$o") $(sz s1 "$o")
		printf '  %-20s %6s %6s %6s -> %6s %6s %6s\n' "$o" "$@"
		st=$((st + $1)) sd=$((sd + $2)) sb=$((sb + $3)) nt=$((nt + $4)) nd=$((nd + $5)) nb=$((nb + $6))
	done
	printf '  %-20s %6s %6s %6s -> %6s %6s %6s\n' total $st $sd $sb $nt $nd $nb
	echo "  text+data: $((st + sd)) -> $((nt + nd)) ($((nt + nd - st - sd)));" \
		"text+data+bss: $((st + sd + sb)) -> $((nt + nd + nb)) ($((nt + nd + nb - st - sd - sb)))"
	echo
	echo "scripts/bloat-o-meter vmlinux, conformance config (stock -> series):"
	python3 "$KSRC/scripts/bloat-o-meter" "$KDIR/p0/obj/vmlinux" "$KDIR/p$n/obj/vmlinux" | sed 's/^/  /'
	echo
	echo "net kernel lines of the series (tests and Documentation left out):"
	net_lines
	echo
	echo "entities declared by include/linux/devlist.h (include guard aside):"
	header_entities "$KSRC/include/linux/devlist.h" | sed 's/^/  /'
} > "$out"
# The alternatives' objects, each in a tree of its own from stock's
trees=s0 names=stock revs=
for a in $ALTS; do
	rev=$(alt_rev "$a") || die "the alternative $a does not apply (see above)"
	# shellcheck disable=SC2046
	TARGETS="$(touched_objects "$rev")" FROM=s0 "$TOP/scripts/build/kernel.sh" "s-$a" "$rev" $frags >/dev/null
	trees="$trees s-$a" names="$names $a" revs="$revs $rev"
done
trees="$trees s1" names="$names series"
# shellcheck disable=SC2046,SC2086
all=$(printf '%s\n' $objs $(for r in $revs; do touched_objects "$r"; done) | sort -u)
# total TREE: text+data+bss of all the objects in TREE
total() { for o in $all; do sz "$1" "$o"; done | awk '{ s += $1 + $2 + $3 } END { print s }'; }
{
	echo
	echo "beside them, make bench's alternatives (testing/bench/alt/), same config"
	echo "(size: text data bss of each object, then text+data+bss and against stock):"
	printf '  %-20s' object
	for nm in $names; do printf ' %18s' "$nm"; done
	echo
	for o in $all; do
		printf '  %-20s' "$o"
		for t in $trees; do printf ' %18s' "$(sz "$t" "$o")"; done
		echo
	done
	printf '  %-20s' total
	for t in $trees; do printf ' %18s' "$(total "$t") ($(( $(total "$t") - $(total s0) )))"; done
	echo
	set -- $revs
	for a in $ALTS; do
		echo
		echo "net kernel lines of $a (tests and Documentation left out):"
		net_lines "$1"
		shift
	done
} >> "$out"

# Record sizes from debug info: build the two objects with -g, read them.
for t in s0:stock_rev s1:series_rev; do
	TARGETS="fs/char_dev.o block/genhd.o" KMAKE="KCFLAGS=-g" "$TOP/scripts/build/kernel.sh" "${t%:*}" \
		"$(${t#*:})" $frags >/dev/null
done
{
	echo
	echo "records (x86_64, BLOCK_LEGACY_AUTOLOAD=y), stock -> series:"
	for r in char_device_struct:fs/char_dev.o blk_major_name:block/genhd.o; do
		s=$(gdb -batch -ex "print sizeof(struct ${r%:*})" "$KDIR/s0/obj/${r#*:}" 2>/dev/null | sed -n 's/^\$1 = //p')
		m=$(gdb -batch -ex "print sizeof(struct ${r%:*})" "$KDIR/s1/obj/${r#*:}" 2>/dev/null | sed -n 's/^\$1 = //p')
		echo "  struct ${r%:*}: $s -> $m bytes"
	done
} >> "$out"
cat "$out"
{ echo '```'; cat "$out"; echo '```'; } | python3 "$TOP/scripts/lib/results.py" size "make size" -
