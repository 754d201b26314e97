# Kernel builds: make in a tree, the bzImage check, the architectures of
# the KUnit stages, the touched objects, the KUnit modules a build made.  Sourced by lib.sh, not run.
# shellcheck shell=sh
# shellcheck disable=SC2034 # settings for the scripts that source lib.sh

# kbuild SRC OBJ ARCH [ARGS...]: make in a kernel tree with its objects in
# OBJ, compiling through ccache (scripts/build/cc.sh; CROSS_COMPILE from the
# environment).
kbuild() {
	_src=$1 _obj=$2 _arch=$3
	shift 3
	make -C "$_src" O="$_obj" ARCH="$_arch" ${CROSS_COMPILE:+CROSS_COMPILE=$CROSS_COMPILE} \
		CC="$TOP/scripts/build/cc.sh ${CROSS_COMPILE:-}gcc" HOSTCC="ccache gcc" "$@"
}
# bzimage_holds OBJ: true unless OBJ has an x86 bzImage whose kernel is not
# OBJ's vmlinux, as a stale object would make it: what it unpacks to must
# be compressed/vmlinux.bin, and its relocations where the config has them
# (i386), as arch/x86/boot/compressed/Makefile packs them.
bzimage_holds() {
	_c=$1/arch/x86/boot/compressed
	[ -f "$1/arch/x86/boot/bzImage" ] || return 0
	_parts=$_c/vmlinux.bin
	grep -q '^CONFIG_X86_NEED_RELOCS=y' "$1/.config" && _parts="$_parts $_c/vmlinux.relocs"
	# shellcheck disable=SC2086 # two paths under build/
	[ "$(sh "$BASE/scripts/extract-vmlinux" "$1/arch/x86/boot/bzImage" 2>/dev/null | cksum)" = \
	  "$(cat $_parts | cksum)" ]
}
# The architectures of the KUnit stages (kunit.py run), one line each: the
# name kunit.py and make know it by, its cross compiler's prefix, the
# packages it needs beyond deps.sh's (comma-separated), and whether the
# touched files are then built again with W=1 -Werror; "-" for none.  um
# runs as a program, the others under QEMU as kunit.py's qemu_configs/
# describe them.
ARCHES='um - - no
i386 - - yes
arm64 aarch64-linux-gnu- gcc-aarch64-linux-gnu,qemu-system-arm yes'
# arch_field ARCH N: field N of ARCH's line (2 cross prefix, 3 packages,
# 4 W=1 -Werror); fails for an architecture not in ARCHES.
arch_field() {
	echo "$ARCHES" | awk -v a="$1" -v n="$2" \
		'$1 == a { f = 1; print ($n == "-" ? "" : $n) } END { exit !f }'
}

# touched_objects [--with-tests] [REV]: the objects of the kernel .c files
# the series (or commit REV of build/linux) changes, its KUnit suites only
# when asked (lint, size, W=1); fails, printing nothing, when git cannot
# say or names none.
touched_objects() {
	if [ "${1:-}" = --with-tests ]; then
		_files=$(git -C "$KSRC" diff --name-only base "${2:-HEAD}" -- '*.c') || return 1
	else
		_files=$(git -C "$KSRC" diff --name-only base "${1:-HEAD}" -- '*.c' ':!*/tests/*') || return 1
	fi
	[ -n "$_files" ] || return 1
	echo "$_files" | sed 's/\.c$/.o/' | tr '\n' ' '
}

# kunit_modules OBJ: the KUnit modules (*_kunit.ko) the build in OBJ made,
# as its modules.order lists them, one path a line, never a leftover .ko
# of an earlier build; fails, saying why, when it lists none or one of
# them was not built.
kunit_modules() {
	_mods=$(sed -n 's|\.o$|.ko|p' "$1/modules.order" 2>/dev/null | grep '_kunit\.ko$' | sed "s|^|$1/|")
	[ -n "$_mods" ] || { echo "$1 built no KUnit module (none in its modules.order)" >&2; return 1; }
	for _m in $_mods; do
		[ -f "$_m" ] || { echo "$_m is in modules.order but was not built" >&2; return 1; }
	done
	echo "$_mods"
}

# net_lines [REV]: the net kernel lines from stock to the series (or to
# commit REV), tests and Documentation left out: a line per file, then
# "total +A -D = net N"
net_lines() {
	git -C "$KSRC" diff --numstat base "${1:-HEAD}" -- . ':!Documentation' ':!lib/tests' \
		':!fs/tests' ':!*kunit*' |
		awk '{ a += $1; d += $2; print "  +" $1 " -" $2 "\t" $3 } END { print "  total +" a " -" d " = net " a - d }'
}

# kunit_lost CONFIG KSRC REV OPT...: of the options OPT... (NAME=VALUE) that
# the fragments asked for and CONFIG lacks, print the KUnit suites' ones
# that Kconfig dropped while KUnit is on and that KSRC defines at REV:
# their cases would just vanish.  With KUnit off, a fragment turned it
# off (make size's size.config): nothing is lost.
kunit_lost() {
	_cfg=$1 _src=$2 _rev=$3
	shift 3
	for _opt; do
		_sym=${_opt%%=*}
		case $_opt in
		*_KUNIT_TEST=[ym])
			grep -qE "^$_sym=[ym]\$" "$_cfg" ||
				! grep -qx 'CONFIG_KUNIT=y' "$_cfg" ||
				! git -C "$_src" grep -q "^config ${_sym#CONFIG_}\$" "$_rev" -- '*Kconfig*' ||
				echo "$_sym" ;;
		esac
	done
}

# header_entities HEADER: the entities HEADER declares, one line each as it
# starts: a struct, a macro, or a declaration of a function (any return
# type), the include guard aside (make size: "8 entities").
header_entities() {
	grep -E '^(struct [a-z_]+ \{|#define [A-Za-z_]+|[a-z][a-z_ ]*[ *][a-z_]+\()' "$1" |
		grep -v '^#define _[A-Z_]*_H$'
}
