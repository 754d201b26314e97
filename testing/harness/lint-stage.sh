#!/bin/sh
# Test of the lint stage (scripts/stages/lint.sh) on a tiny series of
# three patches (a char fix, a block fix, an RFC) in a scratch copy of
# scripts/, with fake checkpatch.pl, mail rules, kernel builds, sparse, a
# fake shellcheck and pyflakes, and a git that fails on demand (seconds):
#   1. all clean: green, each patch's check named by its subject, and
#      every patch linted;
#   2. a checkpatch.sh that fails without a word: that patch is red;
#   3. git format-patch failing for one set: red;
#   4. a patch format-patch did not write: "every patch linted" is red;
#   5. git diff failing, so no touched file is known: the sparse check
#      is red, not green on an empty list; lib/build.sh's touched_objects
#      fails then too.
# usage: lint-stage.sh [SCRIPTS_DIR]   (default scripts/; the harness stage
# also runs it on broken copies, which must fail)
# LINT_STAGE_CASES: the cases to run (clean, dies, format-patch, drop, diff; default all)
top=$(cd "$(dirname "$0")/../.." && pwd)
scripts=${1:-$top/scripts}
BASE=${BUILD:-$top/build}/base
unset BUILD PATCHES SET_SIZES DEVLIST_RUN
. "$top/testing/harness/lib.sh"
[ -f "$BASE/tools/testing/kunit/kunit_parser.py" ] || {
	echo "not ok no kunit_parser.py in $BASE (run make tree)"; exit 1; }
T=$tmp/top
K=$T/build/linux
mkdir -p "$T/build/k/p0" "$T/build/k/p3" "$T/testing/lint" "$T/testing/qemu" "$tmp/bin"
cp -r "$scripts" "$T/scripts"
ln -s "$BASE" "$T/build/base"
: > "$T/testing/lint/known-commits"
: > "$T/testing/lint/checkpatch-allow"
: > "$T/testing/qemu/devlist.config"
# the fakes: no kernel is built; kernel.sh logs a sparse CHECK of each target
printf '#!/bin/sh\nexit 0\n' > "$T/scripts/build/tree.sh"
printf '#!/bin/sh\nexit 0\n' > "$T/scripts/build/kernels.sh"
printf '#!/bin/sh\necho /bin/true\n' > "$T/scripts/build/sparse.sh"
printf 'import sys\nsys.exit(0)\n' > "$T/scripts/build/mailcheck.py"	# the mail rules: their own test
cat > "$T/scripts/build/kernel.sh" <<'EOS'
#!/bin/sh
. "$(dirname "$0")/../lib/lib.sh"
[ "$TARGETS" = none ] && exit 0
for o in $TARGETS; do echo "  CHECK   ${o%.o}.c"; done > "$KDIR/$1.log"
EOS
# checkpatch.sh: FAKE_CP=dies fails on the RFC's patch without a word
cat > "$T/scripts/build/checkpatch.sh" <<'EOS'
#!/bin/sh
case $FAKE_CP:$1 in dies:*/rfc/*) exit 1 ;; esac
exit 0
EOS
printf '#!/bin/sh\nexit 0\n' > "$tmp/bin/shellcheck"
printf '#!/bin/sh\nexit 0\n' > "$tmp/bin/pyflakes3"
# git: FAKE_GIT=format-patch fails it for the char fixes, =drop loses the
# RFC's patch after writing it, =diff fails git diff --name-only
real_git=$(command -v git)
cat > "$tmp/bin/git" <<EOS
#!/bin/sh
case "\$FAKE_GIT: \$* " in
"format-patch: "*" format-patch "*" -o "*/fixes" "*) exit 128 ;;
"diff: "*" diff --name-only "*) exit 128 ;;
esac
"$real_git" "\$@" || exit
case "\$FAKE_GIT: \$* " in
"drop: "*" format-patch "*" -o "*/rfc" "*) rm -f "\$(echo "\$*" | sed 's|.* -o \\([^ ]*/rfc\\) .*|\\1|')"/*.patch ;;
esac
EOS
chmod +x "$tmp/bin/"* "$T/scripts/build/"*.sh

# the series: a char fix, a block fix, an RFC, each on a file of its own
g() { git -C "$K" -c user.name=t -c user.email=t@t "$@"; }
mkdir -p "$K"
git -C "$K" init -q
for f in char block new; do printf 'int %s;\n' "$f" > "$K/$f.c"; done
g add -A && g commit -q -m base && g tag base
c() { echo "int $1_fix;" >> "$K/$1.c" && g commit -q -a -m "$2"; }
c char "char: a fix"
c block "block: a fix"
c new "rfc: the change"
cp "$K/char.c" "$K/block.c" "$K/new.c" "$T/build/k/p3/"
cp "$K/char.c" "$K/block.c" "$K/new.c" "$T/build/k/p0/"
for s in fixes fixes-block rfc; do mkdir -p "$T/patches/$s"; echo "x.patch" > "$T/patches/$s/series"; done

run() {	# run: the stage; its KTAP in $k, its status in $tmp/rc
	PATH=$tmp/bin:$PATH sh "$T/scripts/stages/run.sh" lint > "$tmp/out" 2>&1
	echo $? > "$tmp/rc"
	k=$T/build/results/latest/lint.ktap
}
green() { [ "$(cat "$tmp/rc")" = 0 ] && ! grep -q '^not ok' "$k"; }
red() { [ "$(cat "$tmp/rc")" != 0 ] && grep -q "^not ok [0-9]* $1" "$k"; }

# on CASE: CASE is to be run (LINT_STAGE_CASES, default all: the harness
# runs a mutant only on the case it breaks)
on() { case " ${LINT_STAGE_CASES:-clean dies format-patch drop diff} " in *" $1 "*) ;; *) return 1 ;; esac; }

if on clean; then
	run
	t "a clean series: lint is green" green
	t "... each patch's check named by its subject" \
		sh -c "grep -q '^ok [0-9]* checkpatch --strict: char: a fix$' '$k' && grep -q '^ok [0-9]* checkpatch --strict: rfc: the change$' '$k'"
	t "... every patch linted" grep -q '^ok [0-9]* checkpatch: every patch of the series linted$' "$k"
	t "... the sparse check made on the touched files" \
		sh -c "grep -A1 '^ok [0-9]* sparse (C=2) and W=1 on the touched files: no new warning$' '$k' | grep -q 'block.o char.o new.o'"
fi
if on dies; then
	FAKE_CP=dies run
	t "a checkpatch.sh that fails without a word: its patch is red" red "checkpatch --strict: rfc: the change$"
fi
if on format-patch; then
	FAKE_GIT=format-patch run
	t "git format-patch failing for one set: red" red "git format-patch of the series failed"
fi
if on drop; then
	FAKE_GIT=drop run
	t "a patch format-patch did not write: every patch linted is red" red "checkpatch: every patch of the series linted$"
fi
touched() {	# touched: lib/build.sh's touched_objects in the tiny tree
	PATH=$tmp/bin:$PATH sh -c '. "$0"; touched_objects --with-tests' "$T/scripts/lib/lib.sh" 2>/dev/null
}
untouched() { (export FAKE_GIT=diff; ! touched > /dev/null); }
if on diff; then
	FAKE_GIT="diff" run
	t "no touched file known: the sparse check is red" red "sparse (C=2) and W=1 on the touched files: no new warning$"
	t "touched_objects names the touched files" test "$(touched)" = "block.o char.o new.o "
	t "... and fails when git diff does" untouched
fi
exit $fails
