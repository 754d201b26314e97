# Debian's archive through an apt configuration of the project's own.
# Sourced by lib.sh, not run.
# shellcheck shell=sh

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
