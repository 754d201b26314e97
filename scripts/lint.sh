#!/bin/sh
# make lint: checkpatch --strict on every patch, kernel-doc on the core,
# and sparse (C=2) + W=1 on the touched files, stock vs patched.
# Writes "PASS FAIL SKIP" to $BUILD/results/lint.counts.
. "$(dirname "$0")/common.sh"
counts=$BUILD/results/lint.counts
mkdir -p "$BUILD/results"
echo "0 1 0" > "$counts"
pass=0 fail=0
ok()  { echo "ok   lint $*"; pass=$((pass + 1)); }
bad() { echo "FAIL lint $*"; fail=$((fail + 1)); }

for p in $(grep -v '^#' "$PATCHES/series"); do
	n=$(echo "$p" | cut -c1-4)
	found=$(cd "$KSRC" && scripts/checkpatch.pl --strict --no-tree -q "$PATCHES/$p" 2>&1 |
		sed -n 's/^\(ERROR\|WARNING\|CHECK\): //p')
	left=$(printf '%s\n' "$found" | while IFS= read -r f; do
		[ -z "$f" ] && continue
		grep -qxF "$n $f" "$TOP/testing/lint/checkpatch-allow" || echo "$f"
	done)
	if [ -z "$left" ]; then ok "checkpatch $p"; else bad "checkpatch $p:"; echo "$left" | sed 's/^/       /'; fi
done

kd=$(cd "$KSRC" && scripts/kernel-doc -none -Wall fs/devlist.c include/linux/devlist.h 2>&1)
if [ -z "$kd" ]; then ok "kernel-doc fs/devlist.c include/linux/devlist.h"; else bad "kernel-doc:"; echo "$kd"; fi

# sparse and W=1 warnings in the touched files: no new ones.
"$TOP/scripts/stock.sh"
files="fs/char_dev.o block/genhd.o fs/proc/devices.o"
warnings() {	# warnings KIND SRC OBJS: warning lines, without line numbers
	for o in $3; do
		touch "$2/${o%.o}.c"
		make -s -C "$2" O="$BUILD/obj-$1" ARCH=x86_64 CC="ccache gcc" C=1 W=1 "$o" 2>&1
	done | grep -E 'warning|error' | sed "s|^$2/||; s/:[0-9]*:[0-9]*:/:/" | sort
}
for k in stock ours; do
	[ -f "$BUILD/obj-$k/.config" ] || { bad "sparse: no $BUILD/obj-$k (run make boot-compare)"; }
done
if [ -f "$BUILD/obj-ours/.config" ] && [ -f "$BUILD/obj-stock/.config" ]; then
	warnings stock "$BUILD/stock" "$files" > "$BUILD/results/sparse.stock"
	warnings ours "$KSRC" "$files fs/devlist.o" > "$BUILD/results/sparse.ours"
	new=$(comm -13 "$BUILD/results/sparse.stock" "$BUILD/results/sparse.ours")
	if [ -z "$new" ]; then
		ok "sparse+W=1: no new warnings ($(wc -l < "$BUILD/results/sparse.stock") in stock, $(wc -l < "$BUILD/results/sparse.ours") patched)"
	else
		bad "sparse+W=1: new warnings:"; echo "$new" | sed 's/^/       /'
	fi
fi
echo "$pass $fail 0" > "$counts"
[ $fail = 0 ]
