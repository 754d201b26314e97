# Shared settings and helpers of the devlist scripts.  Sourced, not run.
# shellcheck shell=sh

TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
BASE=$BUILD/base		# pristine kernel source, never edited
KSRC=$BUILD/linux		# git: commit "base" + the series (branch devlist)
KDIR=$BUILD/k			# kernel trees made from commits of $KSRC
RESULTS=$BUILD/results
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
JOBS=${JOBS:-$(nproc)}

say()  { printf '==> %s\n' "$*"; }
warn() { printf 'WARNING: %s\n' "$*" >&2; }
die()  { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

# elapsed START: seconds since START (from date +%s)
elapsed() { echo $(( $(date +%s) - $1 )); }

# progress PID LABEL CMD: while PID runs, print LABEL and the output of
# CMD every 30 s; returns PID's exit status.
progress() {
	_pid=$1 _label=$2 _cmd=$3 _t0=$(date +%s)
	while kill -0 "$_pid" 2>/dev/null; do
		sleep 5
		_n=$(( $(date +%s) - _t0 ))
		[ $((_n % 30)) -lt 5 ] && kill -0 "$_pid" 2>/dev/null &&
			echo "  $_label: $(eval "$_cmd"), ${_n} s"
	done
	wait "$_pid"
}

# The series as a list of file names, in order.
series() { grep -v '^#' "$PATCHES/series" 2>/dev/null | grep .; }

# Hash of the series in patches/ (names and contents, in order).
series_hash() {
	{ series; series | sed "s|^|$PATCHES/|" | xargs -r cat; } | sha256sum | cut -c1-16
}

# format_series DIR: the commits base..HEAD of build/linux as files in DIR.
format_series() {
	git -C "$KSRC" format-patch -q -o "$1" --zero-commit --no-signature \
		--minimal --subject-prefix="${SUBJECT_PREFIX:-PATCH}" base..HEAD >/dev/null
}

# The commits of build/linux that the comparisons name: stock (the pristine
# base), fixes (stock with the fixes alone: patches 2-6 of v2, the series
# of patches/fixes/ once the series is two) and series (all of it).
stock_rev() { git -C "$KSRC" rev-parse base; }
fixes_count() { echo 6; }
fixes_rev() { commit_of "$(fixes_count)"; }
series_rev() { git -C "$KSRC" rev-parse HEAD; }

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
