#!/bin/sh
# make size: text/data/bss of the objects the series touches, stock vs
# patched, built from the same config (testing/qemu/devlist.config), plus
# scripts/bloat-o-meter and the size of the per-registration records.
. "$(dirname "$0")/common.sh"
set -e
"$TOP/scripts/stock.sh"
for k in stock ours; do
	src=$KSRC; [ $k = stock ] && src=$BUILD/stock
	[ -f "$BUILD/obj-$k/vmlinux" ] || "$TOP/scripts/kbuild.sh" "$src" "$BUILD/obj-$k" "$k kernel"
done
objs="fs/char_dev.o block/genhd.o fs/proc/devices.o fs/devlist.o"
out=$BUILD/results/size.txt
mkdir -p "$BUILD/results"

total() {	# total KIND: text+data+bss over $objs
	t=0
	for o in $objs; do
		f=$BUILD/obj-$1/$o
		[ -f "$f" ] && t=$((t + $(size "$f" | awk 'NR == 2 { print $4 }')))
	done
	echo $t
}

# sizeof(struct NAME) as compiled in OBJ's config, from the preprocessed FILE.
recsize() {	# recsize KIND SRC FILE STRUCT
	make -s -C "$2" O="$BUILD/obj-$1" ARCH=x86_64 CC="ccache gcc" "$3.i" >/dev/null 2>&1 || { echo "?"; return; }
	{ cat "$BUILD/obj-$1/$3.i"; echo "int devlist_recsize = sizeof(struct $4);"; } > "$BUILD/recsize.c"
	gcc -w -O0 -S -o - "$BUILD/recsize.c" 2>/dev/null | awk '/^devlist_recsize:/ { getline; print $2; exit }'
}

slab() {	# the kmalloc cache a size lands in (x86_64 SLUB)
	for c in 8 16 32 64 96 128 192 256; do
		[ "$1" -le $c ] 2>/dev/null && { echo "kmalloc-$c"; return; }
	done
	echo "?"
}

{
	echo "Objects (same config: tinyconfig + testing/qemu/devlist.config, x86_64)"
	printf '%-20s %8s %8s %8s %8s   %8s %8s %8s %8s\n' object "text" data bss total "text" data bss total
	printf '%-20s %35s   %35s\n' "" "---------------- stock" "---------------- patched"
	for o in $objs; do
		s=$( [ -f "$BUILD/obj-stock/$o" ] && size "$BUILD/obj-stock/$o" | awk 'NR == 2 { print $1, $2, $3, $4 }' || echo "- - - 0")
		p=$( [ -f "$BUILD/obj-ours/$o" ] && size "$BUILD/obj-ours/$o" | awk 'NR == 2 { print $1, $2, $3, $4 }' || echo "- - - 0")
		printf '%-20s %8s %8s %8s %8s   %8s %8s %8s %8s\n' "$o" $s $p
	done
	ts=$(total stock) tp=$(total ours)
	echo "total text+data+bss: stock $ts, patched $tp, delta $((tp - ts)) bytes"
	echo
	echo "vmlinux (size):"
	size "$BUILD/obj-stock/vmlinux" "$BUILD/obj-ours/vmlinux" | sed 's|'"$BUILD"'/||'
	echo
	echo "Per-registration records (sizeof, x86_64):"
	for k in stock ours; do
		src=$KSRC; [ $k = stock ] && src=$BUILD/stock
		c=$(recsize $k "$src" fs/char_dev char_device_struct)
		b=$(recsize $k "$src" block/genhd blk_major_name)
		echo "  $k: struct char_device_struct $c bytes ($(slab "$c")), struct blk_major_name $b bytes ($(slab "$b"))"
	done
	echo
	echo "scripts/bloat-o-meter vmlinux (stock -> patched):"
	"$KSRC/scripts/bloat-o-meter" "$BUILD/obj-stock/vmlinux" "$BUILD/obj-ours/vmlinux"
} | tee "$out"
say "size report: $out"
