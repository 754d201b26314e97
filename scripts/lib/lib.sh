# Shared settings and helpers of the devlist scripts.  Sourced, not run.
# shellcheck shell=sh
# shellcheck disable=SC2034 # settings for the scripts that source this

TOP=$(cd "$(dirname "$0")/../.." && pwd)
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

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die()  { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# elapsed START: seconds since START (from date +%s)
elapsed() { echo $(( $(date +%s) - $1 )); }

# progress PID LABEL CMD: while PID runs, print LABEL and the output of
# CMD every 30 s; returns PID's exit status.
progress() {
	_pid=$1 _label=$2 _cmd=$3 _t0=$(date +%s) _next=30
	# Polled five times a second: a make that finds nothing to do, or the
	# harness's fake kunit.py, costs a fifth of a second, not a second.
	while kill -0 "$_pid" 2>/dev/null; do
		sleep 0.2
		_n=$(( $(date +%s) - _t0 ))
		if [ "$_n" -ge "$_next" ] && kill -0 "$_pid" 2>/dev/null; then
			echo "  $_label: $(eval "$_cmd"), ${_n} s"
			_next=$((_next + 30))
		fi
	done
	wait "$_pid"
}

# The parts, by role (each sourced, not run).
. "$TOP/scripts/lib/stamps.sh"
. "$TOP/scripts/lib/series.sh"
. "$TOP/scripts/lib/build.sh"
. "$TOP/scripts/lib/apt.sh"
