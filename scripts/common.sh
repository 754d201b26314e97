# Common settings for the devlist scripts.  Sourced, not run.
# shellcheck shell=sh

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
KSRC=$BUILD/linux			# patched tree (git: base commit + series)
PATCHES=$TOP/patches

# The base this series was written and tested on.
PIN_PKG=linux-source-6.12
PIN_VERSION=6.12.118-1~deb12u1
PIN_KERNELVERSION=6.12.118
TARBALL=/usr/src/linux-source-6.12.tar.xz

# ccache keyed on paths relative to the repo, so clones at other paths hit.
export CCACHE_BASEDIR="$TOP"
export CCACHE_NOHASHDIR=1
JOBS=${JOBS:-$(nproc)}

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die()  { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# Run "$@" with a timeout, printing a hint when it fails.
# usage: run_timed SECONDS HINT cmd...
run_timed() {
	_t=$1 _hint=$2
	shift 2
	if ! timeout "$_t" "$@"; then
		_rc=$?
		[ "$_rc" = 124 ] && warn "timed out after ${_t}s: $*"
		die "failed: $* -- $_hint"
	fi
}

# format_series DIR: the series base..HEAD of build/linux, as files in DIR.
format_series() {
	git -C "$KSRC" format-patch -q -o "$1" --zero-commit --no-signature \
		--no-numbered --minimal base..HEAD >/dev/null
}
