#!/bin/sh
# Build a small x86_64 kernel: tinyconfig + testing/qemu/devlist.config.
# usage: kbuild.sh SRC OBJ NAME   (prints progress; the log is OBJ/build.log)
. "$(dirname "$0")/common.sh"
src=${1:?src} obj=${2:?obj} name=${3:-kernel}
frag=${FRAGMENT:-$TOP/testing/qemu/devlist.config}
mkdir -p "$obj"
log=$obj/build.log
: > "$log"

kmake() { make -C "$src" O="$obj" ARCH=x86_64 CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }

say "$name: configuring (tinyconfig + $(basename "$frag"))"
if ! { kmake tinyconfig &&
       "$src/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" "$frag" &&
       kmake olddefconfig; } >>"$log" 2>&1; then
	tail -20 "$log"
	die "$name: configuration failed (log: $log)"
fi
# Say which requested options Kconfig dropped (a missing dependency).
grep '^CONFIG_.*=[ym]$' "$frag" | while IFS= read -r opt; do
	grep -qx "$opt" "$obj/.config" || echo "  note: $opt not set (dependency missing)"
done

start=$(date +%s)
say "$name: building bzImage in $obj (log: $log)"
kmake -j"$JOBS" bzImage >>"$log" 2>&1 &
pid=$!
while kill -0 $pid 2>/dev/null; do
	sleep 20
	kill -0 $pid 2>/dev/null &&
		echo "  $name: $(grep -c '^  CC ' "$log") files compiled, $(( $(date +%s) - start )) s"
done
if ! wait $pid; then
	grep -E 'error|Error' "$log" | head -20
	die "$name: build failed (log: $log); fix the error, then rerun"
fi
say "$name: built in $(( $(date +%s) - start )) s"
