#!/bin/sh
# Test of testing/qemu/kunit-lib.sh, the guests' one way to load a KUnit
# module, read its KTAP and unload it, through testing/qemu/kunit.init
# (the series' runner), on a fake root with fake insmod, rmmod and dmesg
# (seconds):
#   1. a module that loads and unloads, leaving /proc/devices as it was,
#      is "@@@ unload-NAME clean", its KTAP between markers;
#   2. one whose rmmod fails is "@@@ FAIL rmmod NAME", never clean, even
#      though /proc/devices did not change;
#   3. one that leaves a line in /proc/devices is not clean either;
#   4. with KUNIT_KTAP=debugfs (make stress) each suite's debugfs results
#      are its KTAP, one section per suite.
# usage: kunit-init.sh [KUNIT_LIB]   (default testing/qemu/kunit-lib.sh;
# the harness stage also runs it on a broken copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
klib=${1:-$top/testing/qemu/kunit-lib.sh}
. "$top/testing/harness/lib.sh"
r=$tmp/root
mkdir -p "$r/lib/kunit" "$r/proc/sys/kernel" "$r/tmp" "$tmp/bin" "$r/sys/kernel/debug/kunit/s1" \
	"$r/sys/kernel/debug/kunit/s2"
cp "$klib" "$r/lib/kunit-lib.sh"
for n in good stuck leaky; do : > "$r/lib/kunit/$n.ko"; done
printf 'Character devices:\n  1 mem\n' > "$r/proc/devices"
printf 'KTAP version 1\n# s1\n' > "$r/sys/kernel/debug/kunit/s1/results"
printf 'KTAP version 1\n# s2\n' > "$r/sys/kernel/debug/kunit/s2/results"
cat > "$tmp/bin/insmod" <<EOS
#!/bin/sh
case \$1 in *leaky.ko) echo ' 60 leaky' >> "$r/proc/devices" ;; esac
EOS
cat > "$tmp/bin/rmmod" <<EOS
#!/bin/sh
[ "\$1" != stuck ]
EOS
printf '#!/bin/sh\n[ "$1" = -c ] && echo "KTAP version 1"\nexit 0\n' > "$tmp/bin/dmesg"
chmod +x "$tmp/bin/"*
KUNIT_ROOT=$r PATH=$tmp/bin:$PATH sh "$top/testing/qemu/kunit.init" > "$tmp/out" 2>&1
t "a module that unloads and leaves nothing is clean" grep -qx '@@@ unload-good clean' "$tmp/out"
t "... its KTAP between markers" sh -c 'grep -A1 "^@@@ BEGIN ktap-good$" "$1" | grep -q "^KTAP version 1$"' - "$tmp/out"
t "a failed rmmod is reported" grep -qx '@@@ FAIL rmmod stuck' "$tmp/out"
t "a failed rmmod is never clean" sh -c '! grep -q "^@@@ unload-stuck clean" "$1"' - "$tmp/out"
t "a module that leaves a line is not clean" sh -c \
	'grep -q "^@@@ FAIL unload-leaky" "$1" && ! grep -q "^@@@ unload-leaky clean" "$1"' - "$tmp/out"
KUNIT_ROOT=$r PATH=$tmp/bin:$PATH sh -c '. "$KUNIT_ROOT/lib/kunit-lib.sh"; KUNIT_KTAP=debugfs kunit_load "$KUNIT_ROOT/lib/kunit/good.ko" 1-good' \
	> "$tmp/debugfs" 2>&1
t "KUNIT_KTAP=debugfs: each suite's results between markers of its own" \
	sh -c 'grep -A1 "^@@@ BEGIN ktap-1-good-s1$" "$1" | grep -q "^KTAP" && grep -A2 "^@@@ BEGIN ktap-1-good-s2$" "$1" | grep -q "^# s2$"' - "$tmp/debugfs"
exit $fails
