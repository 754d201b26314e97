# Shared by the harness tests: a scratch directory $tmp (removed on exit),
# and t, one check.  Sourced, not run.
# shellcheck shell=sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
t() {	# t DESCRIPTION CMD...: one check, counted in $fails when it fails
	_d=$1
	shift
	if "$@" >/dev/null 2>&1; then echo "ok     $_d"; else echo "not ok $_d"; fails=$((fails + 1)); fi
}
# lib_with SERIES_SH BODY: a copy of scripts/lib under $tmp/top with
# SERIES_SH as its series.sh (a broken copy, for the harness's mutants),
# and $tmp/top/scripts/t/probe.sh, which sources it and runs BODY
# shellcheck disable=SC2154 # $top: set by the test that sources this
lib_with() {
	mkdir -p "$tmp/top/scripts/t"
	cp -r "$top/scripts/lib" "$tmp/top/scripts/"
	cp "$1" "$tmp/top/scripts/lib/series.sh"
	printf '. "$(dirname "$0")/../lib/lib.sh"\n%s\n' "$2" > "$tmp/top/scripts/t/probe.sh"
}
