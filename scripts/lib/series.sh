# The series: the sets of patches/, build/linux's commits, what stock is,
# the expected failures.  Sourced by lib.sh, not run.
# shellcheck shell=sh
# shellcheck disable=SC2034 # settings for the scripts that source lib.sh

# The series, in the order build/linux applies them and as they are
# posted: the char fixes (patches/fixes/, for the char/VFS maintainers)
# and the block fix (patches/fixes-block/, for the block maintainer), each
# set applying to stock alone, then the RFC on top of all of them
# (patches/rfc/, the last set).  Each directory holds its patches, a
# series file naming them in order, and the text of its cover letter
# (cover-letter: subject line, blank line, body; none for a set of one).
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
# patch_subject PATCH: the subject of a patch or mail, its folded header
# lines joined, without its [PATCH ...] tag (what names it in lint and the
# series stage, and what testing/lint/checkpatch-allow matches)
patch_subject() {
	awk '/^Subject:/ { s = $0; while ((getline l) > 0 && l ~ /^[ \t]/) s = s l; print s; exit }' "$1" |
		sed 's/^Subject: \[[^]]*\] //; s/^Subject: //'
}
# set_prefix SET: its subject prefix.  No set has been posted yet, so each
# is v1 and carries no version; the internal versions are in this
# repository's history (make range-diff), never in the mails.
set_prefix() { if [ "$1" = rfc ]; then echo "RFC PATCH"; else echo PATCH; fi; }
# fixes_count: how many patches come before the RFC (all the fixes).
fixes_count() {
	_n=0
	for _s in $SERIES_DIRS; do
		[ "$_s" = rfc ] || _n=$((_n + $(set_size "$_s")))
	done
	echo "$_n"
}

# series_hash: a hash of patches/ as tree.sh applies it, messages and all
# (the stamp of what build/linux was made from; a reword remakes it).
series_hash() {
	{ series; series | sed "s|^|$PATCHES/|" | xargs -r cat; } | sha256sum | cut -c1-16
}

# code_hash [DIR]: the one hash of the code of the series, which the
# results name (KTAP headers, results.json, docs/results.md): the diffs of
# its patches, set by set in order (DIR/SET/*.patch, in the order of the
# set's series file when there is one; DIR defaults to patches/), without
# the messages, the diffstats and the index lines' blob ids, so that a
# reword, or another export of the same commits, keeps it.
code_hash() {
	_dir=${1:-$PATCHES}
	for _s in $SERIES_DIRS; do
		echo "set $_s"
		if [ -f "$_dir/$_s/series" ]; then
			grep -v '^#' "$_dir/$_s/series" | grep .
		else
			(cd "$_dir/$_s" 2>/dev/null && ls -- *.patch 2>/dev/null)
		fi | while read -r _p; do
			awk '/^diff --git / { d = 1 } /^-- $/ { d = 0 } d && !/^index /' "$_dir/$_s/$_p"
		done
	done | sha256sum | cut -c1-16
}

# tested_code_hash: code_hash of the commits build/linux holds (what make
# check and the targets test), or of patches/ when there is no build/linux
tested_code_hash() {
	if [ -d "$KSRC/.git" ] && git -C "$KSRC" rev-parse -q --verify base >/dev/null; then
		_tc=$(mktemp -d)
		format_series "$_tc" && code_hash "$_tc"
		_rc=$?
		rm -rf "$_tc"
		return $_rc
	fi
	code_hash
}

# run_identity: export the identity every result of this run carries (the
# stages' KTAP headers, check.ktap, results.json, docs/results.md):
# DEVLIST_REPO, the repository's commit ("-dirty" when its work tree has
# changes), DEVLIST_CODE, tested_code_hash, and DEVLIST_BASE, the base's
# package and version (build/base's stamp, else the pin).
run_identity() {
	DEVLIST_REPO=$(git -C "$TOP" rev-parse --short=12 HEAD 2>/dev/null) || DEVLIST_REPO=unknown
	[ -z "$(git -C "$TOP" status --porcelain 2>/dev/null)" ] || DEVLIST_REPO=$DEVLIST_REPO-dirty
	DEVLIST_CODE=$(tested_code_hash 2>/dev/null) || DEVLIST_CODE=unknown
	_v=$(stamp_get base | cut -d' ' -f1)
	DEVLIST_BASE="$PIN_PKG ${_v:-$PIN_VERSION}"
	export DEVLIST_REPO DEVLIST_CODE DEVLIST_BASE
}

# format_series DIR: the commits of build/linux as DIR/SET/*.patch for each
# set (set_range, numbered within the set: "[PATCH n/m]", the RFC's
# "[RFC PATCH n/m]"); stable bytes for the same commits.  Fails when a
# set cannot be formatted.
format_series() {
	for _set in $SERIES_DIRS; do
		mkdir -p "$1/$_set" && _range=$(set_range "$_set") &&
		git -C "$KSRC" format-patch -q -o "$1/$_set" --zero-commit --no-signature \
			--minimal --subject-prefix="$(set_prefix "$_set")" "$_range" >/dev/null || return 1
	done
}

# The commits of build/linux that the comparisons name: stock (the pristine
# base), fixes (stock with the fixes series alone) and series (all of it).
# "Stock" is always the base, never a prefix of the series.
stock_rev() { git -C "$KSRC" rev-parse base; }
fixes_rev() { commit_of "$(fixes_count)"; }
series_rev() { git -C "$KSRC" rev-parse HEAD; }
# patch_count: how many patches build/linux holds on the base (both series).
patch_count() { git -C "$KSRC" rev-list --count base..HEAD; }

# expected_failures K|REV FILE: write to FILE, for ktap.py --expected, what
# the API suite must fail or skip on the kernel of the first K patches (or
# of commit REV of build/linux): the cases of
# testing/kunit/expected-failures whose fix is not among them.
expected_failures() {
	case $1 in
	*[!0-9]*) _rev=$1 ;;
	*) _rev=$(commit_of "$1") ;;
	esac
	_applied=$(git -C "$KSRC" log --format=%s base.."$_rev")
	grep -v '^#' "$TOP/testing/kunit/expected-failures" | grep . |
	while IFS='|' read -r _id _subj _case _skip; do
		printf '%s\n' "$_applied" | grep -qxF "$_subj" && continue
		case $_skip in
		skip:*) echo "xskip|$_case|${_skip#skip:}" ;;
		*) echo "xfail|$_case|$_id, without \"$_subj\"" ;;
		esac
	done > "$2"
}

# unrunnable_cases K|REV: the cases of testing/kunit/expected-failures
# marked "skip:TEXT" whose fix the first K patches (or commit REV) lack, as
# "CASE|TEXT" lines: they would never return there, so they are not run
# (guest-kunit.sh).
unrunnable_cases() {
	expected_failures "$1" /dev/stdout | sed -n 's/^xskip|//p'
}

# old_tree COMMIT NAME: build/NAME, a clone of build/linux whose branch
# NAME holds the series as patches/ had it at this repository's COMMIT
# (one flat patches/series, as v2 had, or the sets of SERIES_DIRS), on the
# same base; prints its path.
old_tree() {
	_d=$BUILD/$2
	if [ "$(git -C "$_d" rev-parse -q --verify base 2>/dev/null)" != "$(stock_rev)" ] ||
	   [ "$(git -C "$_d" config devlist.from 2>/dev/null)" != "$1" ] ||
	   ! git -C "$_d" rev-parse -q --verify "$2" >/dev/null 2>&1; then
		rm -rf "$_d" "$_d.patches"
		mkdir -p "$_d.patches"
		git clone -q --local "$KSRC" "$_d"
		git -C "$_d" config devlist.from "$1"
		if git -C "$TOP" cat-file -e "$1:patches/series" 2>/dev/null; then
			_list=$(git -C "$TOP" show "$1:patches/series" | grep -v '^#' | grep .)
		else
			_list=$(for _s in $SERIES_DIRS; do
				git -C "$TOP" show "$1:patches/$_s/series" 2>/dev/null |
					grep -v '^#' | grep . | sed "s|^|$_s/|"
			done)
		fi
		_i=0
		for _p in $_list; do
			_i=$((_i + 1))
			git -C "$TOP" show "$1:patches/$_p" > "$_d.patches/$(printf %04d "$_i")-$(basename "$_p")"
		done
		git -C "$_d" -c user.name=devlist -c user.email=devlist@invalid checkout -q -b "$2" base
		git -C "$_d" -c user.name=devlist -c user.email=devlist@invalid am -q "$_d.patches"/*.patch ||
			die "the patches of $1 do not apply to the base"
	fi
	echo "$_d"
}
# v2_tree: build/v2, the last version of the series before the fix sets
# were split off (11 patches, patches/ of commit V2 of this repository).
V2=4d4ea5d
v2_tree() { old_tree "$V2" v2; }

# The alternatives make bench and make bench-native measure beside the
# series (testing/bench/alt/NAME: format-patch files and a series file):
# minimal (stock, the fixes and a cheaper /proc/devices on the hash
# tables) and maple (minimal's /proc/devices, the registries in maple
# trees).  Each applies on its base: minimal on the fixes, maple on
# minimal, so that maple and minimal differ only in the registries.
ALTS="minimal maple"
# alt_on NAME: what alternative NAME applies on: fixes, or another one
alt_on() {
	case $1 in
	minimal) echo fixes ;;
	maple) echo minimal ;;
	*) return 1 ;;
	esac
}
# alt_rev NAME: the commit of build/linux that holds alternative NAME:
# its patches applied on its base in a scratch index (nothing checked
# out) and committed with a fixed identity and date, so that the same
# patches on the same base are always the same commit (refs/alt/NAME
# keeps it); fails, saying which patch does not apply.
alt_rev() {
	_dir=$TOP/testing/bench/alt/$1
	[ -f "$_dir/series" ] || { echo "no alternative $1 ($_dir/series)" >&2; return 1; }
	case $(alt_on "$1") in
	fixes) _c=$(fixes_rev) ;;
	*) _c=$(alt_rev "$(alt_on "$1")") || return 1 ;;
	esac
	_idx=$(mktemp -u)
	for _p in $(grep -v '^#' "$_dir/series"); do
		if ! GIT_INDEX_FILE=$_idx git -C "$KSRC" read-tree "$_c" ||
		   ! GIT_INDEX_FILE=$_idx git -C "$KSRC" apply --cached "$_dir/$_p"; then
			rm -f "$_idx"
			echo "testing/bench/alt/$1/$_p does not apply to $(git -C "$KSRC" log -1 --format='%h ("%s")' "$_c")" >&2
			return 1
		fi
		_c=$(git -C "$KSRC" mailinfo /dev/null /dev/null < "$_dir/$_p" | sed -n 's/^Subject: //p' |
			GIT_AUTHOR_NAME=devlist GIT_AUTHOR_EMAIL=devlist@invalid GIT_AUTHOR_DATE=2026-01-01T00:00:00Z \
			GIT_COMMITTER_NAME=devlist GIT_COMMITTER_EMAIL=devlist@invalid \
			GIT_COMMITTER_DATE=2026-01-01T00:00:00Z \
			git -C "$KSRC" commit-tree "$(GIT_INDEX_FILE=$_idx git -C "$KSRC" write-tree)" -p "$_c" -F -)
	done
	rm -f "$_idx"
	git -C "$KSRC" update-ref "refs/alt/$1" "$_c"
	echo "$_c"
}

# The commit of build/linux that holds the first N patches (0: base).
commit_of() {
	if [ "$1" = 0 ]; then git -C "$KSRC" rev-parse base
	else git -C "$KSRC" rev-list --reverse base..HEAD | sed -n "${1}p"
	fi
}
