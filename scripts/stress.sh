#!/bin/sh
# make stress: the patched kernel (tinyconfig + testing/qemu/devlist.config +
# testing/stress/stress.config: SMP, PROVE_LOCKING, DEBUG_LIST, failslab,
# kmemleak) booted under QEMU -smp 4, running testing/stress/stress.init:
#  - SMP stress (testing/stress/devlist_stress.c): kthreads register and
#    release random char ranges and block majors through every API while
#    userspace readers check each /proc/devices listing; overlaps between
#    granted ranges, malformed lines, missing sentinels and leftovers fail;
#  - fail-nth (testing/stress/failnth.c): every allocation of one call of
#    each registration path failed in turn; nothing may stay held;
#  - a kmemleak scan: no leak from the registration paths;
#  - no lockdep/WARN/BUG/list-corruption report in the kernel log.
# Env: STRESS_ARGS (module parameters, default "duration=25"; see the
# header of devlist_stress.c), SMP (QEMU -smp, default "4,sockets=4":
# tinyconfig has no ACPI, and SeaBIOS's MP table lists one CPU per
# socket), STRESS_TIMEOUT (QEMU timeout, default 900 s).
# Writes "PASS FAIL SKIP" to $BUILD/results/stress.counts (one per check);
# the console log and its sections are in $BUILD/results/stress/.
. "$(dirname "$0")/common.sh"
counts=$BUILD/results/stress.counts
res=$BUILD/results/stress
obj=$BUILD/obj-stress
mod=$BUILD/stress-mod
ARGS=${STRESS_ARGS:-duration=25}
export SMP=${SMP:-4,sockets=4}
ncpus=${SMP%%,*}
mkdir -p "$res"
echo "0 1 0" > "$counts"
started=$(date +%s)
set -e
"$TOP/scripts/deps.sh"
cat "$TOP/testing/qemu/devlist.config" "$TOP/testing/stress/stress.config" > "$BUILD/stress.config"
FRAGMENT=$BUILD/stress.config "$TOP/scripts/kbuild.sh" "$KSRC" "$obj" "stress kernel"
say "stress: building the test module and the userspace checkers"
"$TOP/scripts/module.sh" stress "$TOP/testing/stress" "$mod"
for t in stressread failnth; do
	gcc -static -O2 -Wall -o "$mod/$t" "$TOP/testing/stress/$t.c" ||
		die "static build of $t failed (needs libc6-dev)"
done
echo "$ARGS" > "$mod/stress.args"
cat > "$mod/files" <<EOL
dir /lib 755 0 0
file /lib/devlist_stress.ko $mod/devlist_stress.ko 644 0 0
file /lib/stress.args $mod/stress.args 644 0 0
file /bin/stressread $mod/stressread 755 0 0
file /bin/failnth $mod/failnth 755 0 0
file /init.d/stress $TOP/testing/stress/stress.init 755 0 0
EOL
"$TOP/scripts/initramfs.sh" "$obj" "$BUILD/stress.cpio" "$mod/files"
set +e

t=${STRESS_TIMEOUT:-900}
say "stress: booting with -smp $SMP ($ARGS; timeout $t s)"
log=$res/console.log
bstart=$(date +%s)
BOOTARGS=log_buf_len=16M "$TOP/scripts/boot.sh" "$obj/arch/x86/boot/bzImage" \
	"$BUILD/stress.cpio" report "$log" "$t"
booted=$?
say "stress: guest ran $(( $(date +%s) - bstart )) s"
for s in proc-devices stress-env stress failslab proc-after kmemleak dmesg; do
	"$TOP/scripts/section.sh" $s "$log" > "$res/$s.txt"
done

pass=0 fail=0 skip=0
check() {	# check STATUS TEXT: STATUS 0 (or "ok") passes
	if [ "$1" = 0 ] || [ "$1" = ok ]; then
		echo "ok   $2"
		pass=$((pass + 1))
	else
		echo "FAIL $2"
		fail=$((fail + 1))
	fi
}
# val FILE KEY: the number after KEY on the line that starts "stress KEY"
val() { awk -v k="$2" '$1 == "stress" && $2 == k { print $3; exit }' "$1"; }

check $booted "boot: the guest finished and powered off within $t s"
cpus=$(awk '$1 == "cpus" { print $2 }' "$res/stress-env.txt")
[ "${cpus:-0}" = "$ncpus" ]
check $? "smp: ${cpus:-0} CPUs online (wanted $ncpus)"

# --- SMP stress ---
r=$res/stress.txt
ops=$(val "$r" ops)
kinds=$(awk '$1 == "stress" && $2 == "kind" { print $3 }' "$r")
[ -n "$kinds" ] || check FAIL "stress: no results from devlist_stress (see $log)"
for k in $kinds; do
	line=$(awk -v k="$k" '$2 == "kind" && $3 == k' "$r")
	set -- $line
	# stress kind NAME calls N ok N ebusy N errors N
	[ "$7" -gt 0 ] 2>/dev/null && [ "${11}" = 0 ]
	check $? \
		"stress $k: $5 calls, $7 granted, $9 -EBUSY, ${11} other errors"
done
overlaps=$(val "$r" overlaps)
dups=$(awk '$2 == "dupprobes" { print $3 " repeated requests, " $5 " granted twice" }' "$r")
[ "${overlaps:-x}" = 0 ]
check $? "stress overlaps: ${overlaps:-?} (held ranges checked at every grant; $dups)"
bad=$(val "$r" baddynamic)
[ "${bad:-x}" = 0 ]
check $? "stress dynamic majors outside their windows: ${bad:-?}"
malformed=0 missing=0
for rd in whole small; do
	line=$(grep "^stressread $rd listings" "$r")
	set -- $line x x x x x x x x x x x x x x x x x x x x x x x x x x
	# stressread LABEL listings N lines N malformed N missing N maxbytes N sentinels N
	#   structure N format N char-order N block-order N sentinel-absent N sentinel-repeated N
	[ "$4" -gt 0 ] 2>/dev/null && [ "$8" = 0 ]
	check $? \
		"/proc/devices reader '$rd': $4 listings, $6 lines, $8 malformed (char order ${20}, block order ${22}, format ${18}, structure ${16}; largest ${12} bytes)"
	[ "$4" -gt 0 ] 2>/dev/null && [ "${14}" -gt 0 ] && [ "${10}" = 0 ]
	check $? \
		"/proc/devices reader '$rd': ${14} sentinels, each on one line of every listing: ${10} misses (absent ${24}, repeated ${26})"
	case $8 in *[!0-9]*|'') malformed=$((malformed + 1)) ;; *) malformed=$((malformed + $8)) ;; esac
	case ${10} in *[!0-9]*|'') missing=$((missing + 1)) ;; *) missing=$((missing + ${10})) ;; esac
done
grep '^stressread .* bad' "$r" | head -10
ll=$(val "$r" leftover-lines) lm=$(val "$r" leftover-majors)
[ "${ll:-x}" = 0 ] && [ "${lm:-x}" = 0 ]
check $? \
	"stress leftovers after release: ${ll:-?} /proc/devices lines, ${lm:-?} majors not free as before"
leftover=$(( ${ll:-1} + ${lm:-1} ))
if [ -s "$res/proc-devices.txt" ] && cmp -s "$res/proc-devices.txt" "$res/proc-after.txt"; then
	check ok "/proc/devices after the module is gone: identical to the boot listing"
else
	check FAIL "/proc/devices after the module is gone differs from the boot listing:"
	diff "$res/proc-devices.txt" "$res/proc-after.txt" | head -10
	leftover=$((leftover + 1))
fi

# --- fail-nth ---
f=$res/failslab.txt
paths=$(awk '$1 == "failnth" && $3 == "points" { print $2 }' "$f")
[ -n "$paths" ] || check FAIL "failslab: no results (see $log)"
for p in $paths; do
	line=$(awk -v p="$p" '$1 == "failnth" && $2 == p && $3 == "points"' "$f")
	set -- $line
	# failnth P points N failed N tolerated N errnos E leftovers N final OK
	sites=$(awk -v p="$p" '$1 == "failnth" && $2 == p && $5 == "rc" && $6 != 0 { print $8 }' "$f" |
		sort -u | paste -sd' ')
	[ "$6" -gt 0 ] 2>/dev/null && [ "${12}" = 0 ] && [ "${14}" = OK ]
	check $? \
		"failslab $p: $6 allocations failed (errno ${10}), $8 tolerated, leftovers ${12}, final ${14}; sites: ${sites:-?}"
	case ${12} in *[!0-9]*|'') leftover=$((leftover + 1)) ;; *) leftover=$((leftover + ${12})) ;; esac
done
grep '^failnth .*LEFTOVER\|^failnth .* bad' "$f" | head -10

# --- kmemleak ---
k=$res/kmemleak.txt
if grep -qx 'kmemleak yes' "$res/stress-env.txt"; then
	REGPATHS='__register_chrdev_region|__register_chrdev|cdev_alloc|kobj_map|__register_blkdev|register_chrdev_region|alloc_chrdev_region|devlist|\[devlist_stress\]'
	leaks=$(grep -c '^unreferenced object' "$k")
	ours=$(awk -v re="$REGPATHS" '
		/^unreferenced object/ { if (hit) n++; hit = 0 }
		$0 ~ re { hit = 1 }
		END { if (hit) n++; print n + 0 }' "$k")
	[ "$ours" = 0 ]
	check $? \
		"kmemleak: $ours leaks from the registration paths ($leaks suspects in all, after 'clear' at the start)"
	[ "$ours" = 0 ] || head -40 "$k"
else
	echo "skip kmemleak: not in this kernel"
	skip=$((skip + 1))
	ours=0
fi

# --- kernel reports ---
src=$res/dmesg.txt
[ -s "$src" ] || src=$log
SPLAT='BUG: |WARNING: |UBSAN: |ODEBUG: |list_(add|del) corruption|Oops|Kernel panic|INFO: task .* blocked|rcu: INFO|soft lockup|INFO: possible|INFO: trying to register'
splats=$(grep -Ec "$SPLAT" "$src")
if [ "$splats" = 0 ]; then
	check ok "kernel log: no lockdep/WARN/BUG/list-corruption report"
else
	check FAIL "kernel log: $splats report lines ($src):"
	grep -E "$SPLAT" "$src" | head -20
fi

echo "stress: ${ops:-0} ops, ${overlaps:-?} overlaps, $malformed malformed, $leftover leftover, $splats splats ($missing sentinel misses, $ours kmemleak leaks)"
say "stress: $pass checks passed, $fail failed, $skip skipped in $(( $(date +%s) - started )) s (logs: $res)"
echo "$pass $fail $skip" > "$counts"
[ "$fail" = 0 ]
