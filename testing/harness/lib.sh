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
