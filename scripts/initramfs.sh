#!/bin/sh
# Make an initramfs (newc cpio) with busybox and testing/qemu/init.
# usage: initramfs.sh OBJ OUT [EXTRA_FILE_LIST]
#   OBJ  a kernel object dir (for usr/gen_init_cpio)
#   EXTRA_FILE_LIST  more gen_init_cpio lines (test programs, modules)
. "$(dirname "$0")/lib.sh"
obj=${1:?obj} out=${2:?out} extra=${3:-}
gen=$obj/usr/gen_init_cpio
[ -x "$gen" ] || die "no $gen: build the kernel in $obj first"
bb=$(command -v busybox) || die "busybox missing: apt-get install busybox-static"
file "$bb" 2>/dev/null | grep -q 'dynamically' && die "$bb is not static: apt-get install busybox-static"
list=$out.list
cat > "$list" <<EOL
dir /dev 755 0 0
nod /dev/console 600 0 0 c 5 1
dir /proc 755 0 0
dir /sys 755 0 0
dir /bin 755 0 0
dir /tmp 1777 0 0
dir /init.d 755 0 0
file /bin/busybox $bb 755 0 0
file /init $TOP/testing/qemu/init 755 0 0
EOL
[ -n "$extra" ] && cat "$extra" >> "$list"
"$gen" "$list" > "$out" || die "gen_init_cpio failed on $list"
