#!/bin/sh
# Test of testing/qemu/kunit.init, the guest's KUnit runner, on a fake
# root with fake insmod, rmmod and dmesg (seconds):
#   1. a module that loads and unloads, leaving /proc/devices as it was,
#      is "@@@ unload-NAME clean";
#   2. one whose rmmod fails is "@@@ FAIL rmmod NAME", never clean, even
#      though /proc/devices did not change;
#   3. one that leaves a line in /proc/devices is not clean either.
# usage: kunit-init.sh [KUNIT_INIT]   (default testing/qemu/kunit.init; the
# harness stage also runs it on a broken copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
init=${1:-$top/testing/qemu/kunit.init}
. "$top/testing/harness/lib.sh"
r=$tmp/root
mkdir -p "$r/lib/kunit" "$r/proc/sys/kernel" "$r/tmp" "$tmp/bin"
for n in good stuck leaky; do : > "$r/lib/kunit/$n.ko"; done
printf 'Character devices:\n  1 mem\n' > "$r/proc/devices"
cp "$r/proc/devices" "$tmp/devices.boot"
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
KUNIT_ROOT=$r PATH=$tmp/bin:$PATH sh "$init" > "$tmp/out" 2>&1
t "a module that unloads and leaves nothing is clean" grep -qx '@@@ unload-good clean' "$tmp/out"
t "a failed rmmod is reported" grep -qx '@@@ FAIL rmmod stuck' "$tmp/out"
t "a failed rmmod is never clean" sh -c '! grep -q "^@@@ unload-stuck clean" "$1"' - "$tmp/out"
t "a module that leaves a line is not clean" sh -c \
	'grep -q "^@@@ FAIL unload-leaky" "$1" && ! grep -q "^@@@ unload-leaky clean" "$1"' - "$tmp/out"
exit $fails
