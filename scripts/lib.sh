# Shared settings and helpers of the devlist scripts.  Sourced, not run.
# shellcheck shell=sh
# shellcheck disable=SC2034 # settings for the scripts that source this

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
BASE=$BUILD/base		# pristine kernel source, never edited
KSRC=$BUILD/linux		# git: commit "base" + the series (branch devlist)
KDIR=$BUILD/k			# kernel trees made from commits of $KSRC
# The results of a run (a make check, or one target) go under
# build/results/RUN, and build/results/latest points at the last run's.
if [ -z "${DEVLIST_RUN:-}" ]; then
	DEVLIST_RUN=$(date +%Y%m%d-%H%M%S)-$$
	export DEVLIST_RUN
fi
RESULTS=$BUILD/results/$DEVLIST_RUN
PATCHES=${PATCHES:-$TOP/patches}
CACHE=${DEVLIST_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/devlist}

# The base the series is written against: Debian's linux-source-7.3 from
# the trixie-backports suite, fetched with a private apt configuration.
PIN_PKG=linux-source-7.3
PIN_VERSION=7.3.4-1~bpo13+1
PIN_SHA256=703e369ddd4cce971452f5a593ee55df3a5c10c83caf0fa0df039633ed181ee3
PIN_SUITE=trixie-backports
PIN_SERIES=7.3			# any 7.3.y will do if the series applies

# ccache: paths are made relative to $BUILD, so that every kernel tree in
# $KDIR (each with its object dir at the same place inside it) shares hits.
export CCACHE_BASEDIR="$BUILD"
export CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS=time_macros
# Depend mode: a miss compiles once, without a second preprocessor run
# for the hash (kernel files: 92 s -> 71 s for fs/ and kernel/ on an
# empty cache); hits are as fast.  Its hash leaves out system headers
# (kbuild's -MMD), which the host tools and UML's user-space files
# include: the versions of the packages that hold them (written by
# deps.sh) go into every hash, and without that file no depend mode.
if [ -f "$CACHE/host-headers" ]; then
	export CCACHE_DEPEND=1 CCACHE_EXTRAFILES="$CACHE/host-headers"
fi
JOBS=${JOBS:-$(nproc)}

# Freshness, one format for all that the scripts make: build/stamps/WHAT
# holds one line, the key WHAT was last made from (the pinned package,
# the series, a commit's tree, a config, the targets built).  What has no
# stamp counts as not made.  The names: base, linux (build/linux), k-NAME.tree,
# k-NAME.config and k-NAME.build (build/k/NAME), boot-pK (a prefix booted
# with its suites in this run).
STAMPS=$BUILD/stamps
stamp_get()  { cat "$STAMPS/$1" 2>/dev/null || true; }	# stamp_get WHAT
stamp_is()   { [ "$(stamp_get "$1")" = "$2" ]; }	# stamp_is WHAT KEY
stamp_set()  { mkdir -p "$STAMPS" && printf '%s\n' "$2" > "$STAMPS/$1"; }	# stamp_set WHAT KEY
stamp_drop() { for _w; do rm -f "$STAMPS/$_w"; done; }	# stamp_drop WHAT...
# stamp_linux: build/linux is made from patches/ as they are now, on the
# base, and ends at its HEAD (tree.sh reads it back)
stamp_linux() { stamp_set linux "$(series_hash) $(git -C "$KSRC" rev-parse HEAD) $(stamp_get base)"; }

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die()  { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# elapsed START: seconds since START (from date +%s)
elapsed() { echo $(( $(date +%s) - $1 )); }

# progress PID LABEL CMD: while PID runs, print LABEL and the output of
# CMD every 30 s; returns PID's exit status.
progress() {
	_pid=$1 _label=$2 _cmd=$3 _t0=$(date +%s) _next=30
	# Polled every second: a make that finds nothing to do costs a second.
	while kill -0 "$_pid" 2>/dev/null; do
		sleep 1
		_n=$(( $(date +%s) - _t0 ))
		if [ "$_n" -ge "$_next" ] && kill -0 "$_pid" 2>/dev/null; then
			echo "  $_label: $(eval "$_cmd"), ${_n} s"
			_next=$((_next + 30))
		fi
	done
	wait "$_pid"
}

# The series, in the order build/linux applies them and as they are
# posted: the char fixes (patches/fixes/, for the char/VFS maintainers)
# and the block fix (patches/fixes-block/, for the block maintainer), each
# set applying to stock alone, then the RFC on top of all of them
# (patches/rfc/, the last set).  Each directory holds its patches, a
# series file naming them in order, and the text of its cover letter
# (cover-letter: subject line, blank line, body; none for a set of one).
RFC_VERSION=3
SERIES_DIRS="fixes fixes-block rfc"

# series: the patches of both series in order, as paths under patches/.
series() {
	for _s in $SERIES_DIRS; do
		grep -v '^#' "$PATCHES/$_s/series" 2>/dev/null | grep . | sed "s|^|$_s/|"
	done
}

# set_size SET: how many patches set SET (a directory of SERIES_DIRS) has:
# its series file, or, after adding or dropping a fix in build/linux, the
# sizes make export is told (SET_SIZES="5 1": the sets before the RFC, in
# order).
set_size() {
	_i=0
	for _s in $SERIES_DIRS; do
		_i=$((_i + 1))
		[ "$_s" = "$1" ] && break
	done
	_sz=$(echo "${SET_SIZES:-}" | awk -v i="$_i" '{ print $i }')
	[ -n "$_sz" ] || _sz=$(grep -v '^#' "$PATCHES/$1/series" 2>/dev/null | grep -c .) || true
	echo "${_sz:-0}"
}
# set_range SET: the commits of SET in build/linux, FROM..TO: the fix sets
# one after the other from the base, the RFC (the last set) the rest
set_range() {
	_k=0
	for _s in $SERIES_DIRS; do
		_from=$(commit_of "$_k")
		if [ "$_s" = rfc ]; then
			_to=$(git -C "$KSRC" rev-parse HEAD)
		else
			_k=$((_k + $(set_size "$_s")))
			_to=$(commit_of "$_k")
		fi
		[ "$_s" = "$1" ] && { echo "$_from..$_to"; return 0; }
	done
	return 1
}
# applies_alone DIR LOG: the patches DIR/*.patch carry no test hunk and
# apply, in order, to build/linux's base alone (git apply in a scratch
# index: nothing checked out); otherwise says what is wrong (git's words
# in LOG) and fails.
applies_alone() {
	_hunks=$(grep -l '^+++ b/.*\(/tests/\|kunit\)' "$1"/*.patch 2>/dev/null || true)
	if [ -n "$_hunks" ]; then
		echo "a fix carries a test hunk: $_hunks"
		return 1
	fi
	_idx=$(mktemp -u)
	if GIT_INDEX_FILE=$_idx git -C "$KSRC" read-tree base 2>"$2" &&
	   GIT_INDEX_FILE=$_idx git -C "$KSRC" apply --cached "$1"/*.patch 2>>"$2"; then
		rm -f "$_idx"
		return 0
	fi
	rm -f "$_idx"
	echo "it does not apply to stock alone; $2"
	return 1
}
# stock_is_pristine: prefix 0 of build/linux is the root commit tree.sh
# made of the pinned package, and build/k/p0 was built from its tree.
stock_is_pristine() {
	[ -z "$(git -C "$KSRC" rev-list --parents -n 1 "$(commit_of 0)" | cut -s -d' ' -f2)" ] &&
	git -C "$KSRC" log -1 --format=%s "$(commit_of 0)" | grep -qF "$PIN_VERSION" &&
	stamp_is k-p0.tree "$(git -C "$KSRC" rev-parse "$(commit_of 0)^{tree}")"
}
# set_prefix SET: its subject prefix
set_prefix() { if [ "$1" = rfc ]; then echo "RFC PATCH v$RFC_VERSION"; else echo PATCH; fi; }
# fixes_count: how many patches come before the RFC (all the fixes).
fixes_count() {
	_n=0
	for _s in $SERIES_DIRS; do
		[ "$_s" = rfc ] || _n=$((_n + $(set_size "$_s")))
	done
	echo "$_n"
}

# Hash of the series in patches/ (names and contents, in order).
series_hash() {
	{ series; series | sed "s|^|$PATCHES/|" | xargs -r cat; } | sha256sum | cut -c1-16
}

# format_series DIR: the commits of build/linux as DIR/SET/*.patch for each
# set (set_range, numbered within the set: "[PATCH n/m]", the RFC's
# "[RFC PATCH vN n/m]"); stable bytes for the same commits.
format_series() {
	for _set in $SERIES_DIRS; do
		mkdir -p "$1/$_set"
		git -C "$KSRC" format-patch -q -o "$1/$_set" --zero-commit --no-signature \
			--minimal --subject-prefix="$(set_prefix "$_set")" "$(set_range "$_set")" >/dev/null
	done
}

# The commits of build/linux that the comparisons name: stock (the pristine
# base), fixes (stock with the fixes series alone) and series (all of it).
# "Stock" is always the base, never a prefix of the series.
stock_rev() { git -C "$KSRC" rev-parse base; }
fixes_rev() { commit_of "$(fixes_count)"; }
series_rev() { git -C "$KSRC" rev-parse HEAD; }
# kbuild SRC OBJ ARCH [ARGS...]: make in a kernel tree with its objects in
# OBJ, compiling through ccache (scripts/cc.sh; CROSS_COMPILE from the
# environment).
kbuild() {
	_src=$1 _obj=$2 _arch=$3
	shift 3
	make -C "$_src" O="$_obj" ARCH="$_arch" ${CROSS_COMPILE:+CROSS_COMPILE=$CROSS_COMPILE} \
		CC="$TOP/scripts/cc.sh ${CROSS_COMPILE:-}gcc" HOSTCC="ccache gcc" "$@"
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
# patch_count: how many patches build/linux holds on the base (both series).
patch_count() { git -C "$KSRC" rev-list --count base..HEAD; }

# expected_failures K FILE: write to FILE, for ktap.py --expected, what the
# API suite must fail or skip on the kernel of the first K patches: the
# cases of testing/kunit/expected-failures whose fix is not among them.
expected_failures() {
	_applied=$(git -C "$KSRC" log --format=%s base.."$(commit_of "$1")")
	grep -v '^#' "$TOP/testing/kunit/expected-failures" | grep . |
	while IFS='|' read -r _id _subj _case _skip; do
		printf '%s\n' "$_applied" | grep -qxF "$_subj" && continue
		case $_skip in
		skip:*) echo "xskip|$_case|${_skip#skip:}" ;;
		*) echo "xfail|$_case|$_id, without \"$_subj\"" ;;
		esac
	done > "$2"
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

# touched_objects [--with-tests]: the objects of the kernel .c files the
# series changes, its KUnit suites only when asked (lint, size, W=1).
touched_objects() {
	if [ "${1:-}" = --with-tests ]; then
		git -C "$KSRC" diff --name-only base HEAD -- '*.c'
	else
		git -C "$KSRC" diff --name-only base HEAD -- '*.c' ':!*/tests/*'
	fi | sed 's/\.c$/.o/' | tr '\n' ' '
}

# v2_tree: build/v2, a clone of build/linux whose branch v2 holds the last
# version of the series (11 patches, patches/ of commit V2 of this
# repository) on the same base; prints its path.
V2=4d4ea5d
v2_tree() {
	_d=$BUILD/v2
	if [ "$(git -C "$_d" rev-parse -q --verify base 2>/dev/null)" != "$(stock_rev)" ] ||
	   ! git -C "$_d" rev-parse -q --verify v2 >/dev/null 2>&1; then
		rm -rf "$_d" "$_d.patches"
		mkdir -p "$_d.patches"
		git clone -q --local "$KSRC" "$_d"
		git -C "$TOP" show "$V2:patches/series" | grep -v '^#' | while read -r _p; do
			git -C "$TOP" show "$V2:patches/$_p" > "$_d.patches/$_p"
		done
		git -C "$_d" -c user.name=devlist -c user.email=devlist@invalid checkout -q -b v2 base
		git -C "$_d" -c user.name=devlist -c user.email=devlist@invalid am -q "$_d.patches"/*.patch ||
			die "v2's patches do not apply to the base"
	fi
	echo "$_d"
}

# The commit of build/linux that holds the first N patches (0: base).
commit_of() {
	if [ "$1" = 0 ]; then git -C "$KSRC" rev-parse base
	else git -C "$KSRC" rev-list --reverse base..HEAD | sed -n "${1}p"
	fi
}

# The archive URI of the system's own Debian sources (deb822 or one-line
# format), to build private apt configurations on: no host name is written
# into the repository.
archive_uri() {
	_codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
	for _f in /etc/apt/sources.list.d/*.sources; do
		[ -f "$_f" ] || continue
		awk -v c="$_codename" '
			/^$/ { if (ok && uri) { print uri; exit } ok = 0; uri = "" }
			/^URIs:/ { uri = $2 }
			/^Suites:/ { for (i = 2; i <= NF; i++) if ($i == c) ok = 1 }
			/^Types:/ { if ($0 !~ / deb( |$)/) uri = "-" }
			END { if (ok && uri) print uri }' "$_f" | grep -v '^-$' || true
	done
	cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
		sed 's/\[[^]]*\]//' |
		awk -v c="$_codename" '$1 == "deb" && $3 == c { print $2 }' || true
}

# private_apt DIR LINE...: an apt configuration of its own in DIR, with the
# sources lines LINE ("deb SUITE COMPONENT", "deb-src ...") on the system's
# archive URI, and its package lists read; sets APT_OPTS for apt-get and
# apt-cache.  The system's apt configuration is only read, never changed.
private_apt() {
	_dir=$1
	shift
	_uri=$(archive_uri | head -n 1)
	[ -n "$_uri" ] || die "no Debian archive URI in /etc/apt/sources.list{,.d}"
	mkdir -p "$_dir/lists/partial" "$_dir/cache/archives/partial"
	: > "$_dir/sources.list"
	for _l in "$@"; do
		echo "${_l%% *} $_uri ${_l#* }" >> "$_dir/sources.list"
	done
	APT_OPTS="-o Dir::Etc::sourcelist=$_dir/sources.list -o Dir::Etc::sourceparts=-
		-o Dir::State::Lists=$_dir/lists -o Dir::Cache=$_dir/cache
		-o APT::Get::List-Cleanup=0 -o APT::Sandbox::User=root -q"
	# shellcheck disable=SC2086
	apt-get $APT_OPTS update >"$_dir/update.log" 2>&1 || {
		tail -5 "$_dir/update.log"
		die "apt-get update with $_dir/sources.list failed (log: $_dir/update.log); is $_uri reachable?"
	}
}
