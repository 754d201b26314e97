#!/bin/sh
# Stage "lint": what a maintainer runs before reading a series.
#  - checkpatch.pl --strict on every patch of every series as git
#    format-patch writes it (scripts/build/checkpatch.sh: the repository's copy
#    carries no Signed-off-by, which only a human may add; findings
#    explained in their commit messages are listed in
#    testing/lint/checkpatch-allow; Fixes: ids are checked against
#    testing/lint/known-commits, as the tree has no history for
#    checkpatch to look them up in);
#  - kernel-doc -Wall on the new files: no warning;
#  - the project's own scripts: shellcheck (severity warning) on every
#    shell script, pyflakes on every Python one, clean;
#  - sparse (C=2) and W=1 on every kernel file the series touches, built in
#    the tree of the whole series, against the same files in the stock
#    tree (the pristine base): no new warning.  In trees of its own,
#    build/k/l0 and lN, copies of p0 and pN: W=1 changes the objects'
#    command lines, and the kernels the other stages boot stay as built.
# Works on its own: it builds what it needs (build/k/p0 ... pN).
. "$(dirname "$0")/../lib/lib.sh"
. "$TOP/scripts/lib/report.sh"
stage_begin lint
out=$RESULTS/lint
rm -rf "$out"
mkdir -p "$out/patches"
"$TOP/scripts/build/tree.sh" || stage_abort "build/linux could not be made"
n=$(patch_count)

format_series "$out/patches" || stage_abort "git format-patch of the series failed"
# each patch's check named by its subject, the same wherever it moves;
# a checkpatch.sh that fails fails it, even without a word
linted=0
for p in $(for s in $SERIES_DIRS; do ls "$out/patches/$s"/*.patch 2>/dev/null; done); do
	b=$(basename "$(dirname "$p")")/$(basename "$p")
	subj=$(patch_subject "$p")
	linted=$((linted + 1))
	if "$TOP/scripts/build/checkpatch.sh" "$p" > "$out/$(basename "$p").checkpatch" 2>&1 &&
	   [ ! -s "$out/$(basename "$p").checkpatch" ]; then
		ok "checkpatch --strict: $subj -- $b"
	else
		sed 's/^/    /' "$out/$(basename "$p").checkpatch"
		notok "checkpatch --strict: $subj -- $b"
	fi
done
if [ "$linted" = "$n" ]; then
	ok "checkpatch: every patch of the series linted -- $n"
else
	notok "checkpatch: every patch of the series linted -- $linted of $n"
fi

# What checkpatch does not check in a set of mails (scripts/build/mailcheck.py):
# one version number across the set, prose and trailers only above "---"
# (no version history, range-diff or stable prose), and on every fix a
# "Cc: <stable+noautosel@kernel.org> # reason" trailer.
for s in $SERIES_DIRS; do
	f=--fixes
	[ "$s" = rfc ] && f=
	# shellcheck disable=SC2086 # $f: an option or nothing
	if python3 "$TOP/scripts/build/mailcheck.py" $f "$out/patches/$s" "$PATCHES/$s/cover-letter" \
		> "$out/mailcheck-$s.txt" 2>&1; then
		ok "mail rules: $s -- one version, prose and trailers above ---${f:+, a stable opt-out on every fix}"
	else
		sed 's/^/    /' "$out/mailcheck-$s.txt" | head -20
		notok "mail rules: $s -- $out/mailcheck-$s.txt"
	fi
done

# The harness lints itself: its shell scripts (POSIX sh, and the guest's
# busybox sh) and its Python.
sh_files=$(cd "$TOP" && ls scripts/*/*.sh testing/*/*.sh testing/qemu/init testing/qemu/kunit.init \
	testing/kunit/ci.init testing/stress/*.init testing/bench/*.init testing/conformance/*.init)
py_files=$(cd "$TOP" && ls scripts/*/*.py testing/*/*.py)
# shellcheck disable=SC2086 # lists of file names
if (cd "$TOP" && shellcheck -S warning -s sh $sh_files) > "$out/shellcheck.txt" 2>&1; then
	ok "shellcheck -S warning: the project's shell scripts, clean -- $(echo "$sh_files" | wc -w) scripts"
else
	grep -E '^In |SC[0-9]+' "$out/shellcheck.txt" | head -20
	notok "shellcheck -S warning: the project's shell scripts, clean -- findings; $out/shellcheck.txt"
fi
# shellcheck disable=SC2086 # lists of file names
if (cd "$TOP" && pyflakes3 $py_files) > "$out/pyflakes.txt" 2>&1; then
	ok "pyflakes: the project's Python, clean -- $(echo "$py_files" | wc -w) files"
else
	head -20 "$out/pyflakes.txt"
	notok "pyflakes: the project's Python, clean -- findings; $out/pyflakes.txt"
fi

# The fix sets as posted: no test hunk in a fix, and each set applies to
# the pristine base on its own, in order (lib/series.sh's applies_alone).
for s in $SERIES_DIRS; do
	[ "$s" = rfc ] && continue
	if why=$(applies_alone "$out/patches/$s" "$out/apply-$s.txt"); then
		ok "$s: no test hunk, applies to stock alone -- $(ls "$out/patches/$s"/*.patch | wc -l) fixes"
	else
		notok "$s: no test hunk, applies to stock alone -- $why"
	fi
done

# Fixes: tags name commits of public history (checkpatch cannot look them
# up in a tree without history): each must be in testing/lint/known-commits.
fixes=$(grep -h '^Fixes: ' "$out"/patches/*/*.patch | sort -u)
unknown=$(echo "$fixes" | sed 's/^Fixes: //' | grep -v '^$' | grep -vxF -f "$TOP/testing/lint/known-commits" || true)
if [ -z "$unknown" ]; then
	ok "Fixes: tags name known commits -- $(echo "$fixes" | grep -c .) distinct"
else
	notok "Fixes: tags name known commits -- not in testing/lint/known-commits: $unknown"
fi

# The cover letters go out as they are: no text left to fill in.
left=$(grep -n -E 'PLACEHOLDER|TODO|FIXME|\*\*\* [A-Z ]+ HERE \*\*\*' "$PATCHES"/*/cover-letter || true)
if [ -z "$left" ]; then
	ok "cover letters: no placeholder left"
else
	echo "$left" | sed 's/^/    /'
	notok "cover letters: no placeholder left -- text left to fill in"
fi

# kernel-doc on the files the series adds
new=$(git -C "$KSRC" diff --name-only --diff-filter=A base HEAD -- '*.c' '*.h' | grep -v '/tests/' || true)
for f in $new; do
	if (cd "$KSRC" && scripts/kernel-doc -none -Wall "$f") > "$out/kdoc.txt" 2>&1 &&
	   [ ! -s "$out/kdoc.txt" ]; then
		ok "kernel-doc -Wall: $f"
	else
		sed 's/^/    /' "$out/kdoc.txt"
		notok "kernel-doc -Wall: $f"
	fi
done

# sparse and W=1 on the touched objects, stock (prefix 0, the pristine
# base) against the whole series; warnings compared without line numbers.
touched=$(touched_objects --with-tests) || touched=
sparse=$("$TOP/scripts/build/sparse.sh") || stage_abort "no sparse that 7.3 accepts (see above)"
warnings() {	# warnings K OBJS: the warnings of objects in build/k/lK
	objs=
	for o in $2; do [ -f "$KDIR/p$1/${o%.o}.c" ] && objs="$objs $o"; done
	# the tree (made from pK's objects when its commit changed), then
	# each object compiled again, as the warnings show only then
	FROM=p$1 TARGETS=none "$TOP/scripts/build/kernel.sh" "l$1" "$(commit_of "$1")" >/dev/null 2>&1 &&
	for o in $objs; do rm -f "$KDIR/l$1/obj/$o"; done &&
	TARGETS="$objs" KMAKE="C=2 CHECK=$sparse W=1" "$TOP/scripts/build/kernel.sh" "l$1" "$(commit_of "$1")" \
		"$TOP/testing/qemu/devlist.config" >/dev/null 2>&1 || echo "BUILD FAILED"
	# sparse must really have run on each (kbuild skips a sparse it rejects)
	for o in $objs; do
		grep -q "CHECK   ${o%.o}.c\$" "$KDIR/l$1.log" || echo "SPARSE DID NOT RUN on ${o%.o}.c"
	done
	grep -E 'warning:|error:|BUILD FAILED' "$KDIR/l$1.log" | sed 's/:[0-9]*:[0-9]*:/:/' | sort -u
}
# Every prefix, each from the one before (the series stage needs them all):
# the whole series built from the base alone would compile again every
# file that includes a header the series changes.
say "lint: building every prefix of the series (from cold, most of make check's build time; logs in build/k/pK.log)"
if ! "$TOP/scripts/build/kernels.sh" >/dev/null 2>&1; then
	notok "sparse (C=2) and W=1 on the touched files: no new warning -- the kernels did not build (run make check-series)"
else
	warnings 0 "$touched" > "$out/sparse.stock"
	warnings "$n" "$touched" > "$out/sparse.series"
	newwarn=$(comm -13 "$out/sparse.stock" "$out/sparse.series"; grep -h 'SPARSE DID NOT RUN' "$out/sparse.stock" || true)
	if [ -z "$touched" ]; then
		notok "sparse (C=2) and W=1 on the touched files: no new warning -- no touched file: git diff base HEAD failed or names none"
	elif [ -z "$newwarn" ]; then
		ok "sparse (C=2) and W=1 on the touched files: no new warning -- $touched; ($(wc -l < "$out/sparse.stock") in stock, $(wc -l < "$out/sparse.series") with the series)"
	else
		echo "$newwarn" | sed 's/^/    /'
		notok "sparse (C=2) and W=1 on the touched files: no new warning -- new warnings"
	fi
fi
stage_end
