#!/bin/sh
# Build a kernel from a commit of build/linux.
# usage: kernel.sh NAME REV [FRAGMENT...]
#
# The source is build/k/NAME: a copy of build/base made of hard links
# (seconds, no disk), with "git diff base REV" applied (git apply replaces
# the files it changes, so base is never written).  Objects go to
# build/k/NAME/obj (ARCH=x86_64: tinyconfig + the fragments).  Every tree has
# its object dir at the same place inside it, so ccache (paths relative to
# build/) hits across trees, and a tree made again from the same commit is
# not rebuilt.  Stamps (lib/stamps.sh): k-NAME.tree (the commit's tree),
# k-NAME.config (fragments, Kconfig files, ARCH) and k-NAME.build (all
# of it and the targets, for a default build).
#   FROM=NAME2  start from build/k/NAME2, source and objects, and apply only
#               the difference between its commit and REV: an incremental
#               build, as for the prefixes of the series.  FROM=NAME
#               itself: the tree moves to REV in place, keeping every
#               object dir in it (obj*, as kunit.py's obj-ARCH).
#   TARGETS     what to make (default: bzImage, and modules if enabled);
#               "none": only make the tree (its source), no config.
#   KMAKE       more make arguments (KCFLAGS=-g, say); the make output is
#               in build/k/NAME.log.
. "$(dirname "$0")/../lib/lib.sh"
# All in a function: the shell reads it whole before running it, so
# editing this file during a build cannot derail the build.
main() {
set -e
name=${1:?name} rev=${2:?rev}
shift 2
dir=$KDIR/$name
obj=$dir/obj
log=$KDIR/$name.log
tree=$(git -C "$KSRC" rev-parse "$rev^{tree}")
mkdir -p "$KDIR"
# One build at a time: they share build/k/cur (below) and the two cores.
exec 9>"$KDIR/.lock"
flock 9

# Build at one fixed path, build/k/cur: objtool and other host tools record
# absolute paths, and a tree built under another path would make them, and
# with them every object, look out of date.  The tree moves back when done.
cur=$KDIR/cur
if [ -d "$cur" ]; then	# left by a build that was killed
	was=$(cat "$cur/.devlist-name" 2>/dev/null || echo stale)
	rm -rf "${KDIR:?}/$was"
	mv "$cur" "$KDIR/$was"
fi

if ! stamp_is "k-$name.tree" "$tree" || [ ! -d "$dir" ]; then
	from_dir=$BASE from_tree=$(git -C "$KSRC" rev-parse "base^{tree}")
	if [ -n "${FROM:-}" ] && [ -d "$KDIR/$FROM" ] && [ -n "$(stamp_get "k-$FROM.tree")" ]; then
		from_dir=$KDIR/$FROM from_tree=$(stamp_get "k-$FROM.tree")
	fi
	rm -rf "$dir.tmp"
	stamp_drop "k-$name.tree" "k-$name.build"
	cp -al "$from_dir" "$dir.tmp"
	if [ "$from_dir" != "$dir" ]; then
		# hard links to another tree's objects: they would be written
		# through; that tree's object dir is copied instead
		rm -rf "$dir.tmp"/obj*
		stamp_drop "k-$name.config"
		if [ "$from_dir" != "$BASE" ] && [ -d "$from_dir/obj" ]; then
			cp -a "$from_dir/obj" "$dir.tmp/obj"
			stamp_set "k-$name.config" "$(stamp_get "k-$FROM.config")"
		fi
	fi
	git -C "$KSRC" diff --binary "$from_tree" "$tree" > "$dir.tmp.diff"
	if [ -s "$dir.tmp.diff" ]; then
		# The ceiling keeps git from taking the repository around
		# build/ for this tree's (it would skip every path silently).
		(cd "$dir.tmp" && GIT_CEILING_DIRECTORIES=$KDIR \
			git apply --whitespace=nowarn "$dir.tmp.diff") ||
			die "$name: git diff $from_tree $tree does not apply to $from_dir"
	fi
	# Every file the diff touches must now read as in the commit.
	git -C "$KSRC" diff --name-only --diff-filter=d "$from_tree" "$tree" | while read -r f; do
		git -C "$KSRC" show "$tree:$f" | cmp -s - "$dir.tmp/$f" ||
			die "$name: $f is not as in $rev after applying the diff"
	done
	rm -f "$dir.tmp.diff"
	rm -rf "$dir"
	mv "$dir.tmp" "$dir"
	stamp_set "k-$name.tree" "$tree"
fi
[ "${TARGETS:-}" = none ] && exit 0

rm -f "$dir/.devlist-name"
echo "$name" > "$dir/.devlist-name"
mv "$dir" "$cur"
trap 'mv "$cur" "$dir"' EXIT
trap 'exit 1' INT TERM HUP
obj=$cur/obj
arch=${ARCH:-x86_64}
kmake() { kbuild "$cur" obj "$arch" "$@"; }
frags=
for f in "$@"; do frags="$frags $(cd "$(dirname "$f")" && pwd)/$(basename "$f")"; done
# Configure again when the fragments or a Kconfig file changed (a patch may
# add the symbol a fragment asks for); other patches keep the .config.
kconf=$(git -C "$KSRC" ls-tree -r "$tree" | grep -E 'Kconfig|configs/' | sha256sum | cut -c1-16)
cfg="$(cat $frags /dev/null | sha256sum | cut -c1-16) $kconf $arch"
: > "$log"
if ! stamp_is "k-$name.config" "$cfg" || [ ! -f "$obj/.config" ]; then
	stamp_drop "k-$name.config" "k-$name.build"
	say "$name: configuring (tinyconfig +$(for f in $frags; do printf ' %s' "$(basename "$f")"; done))"
	mkdir -p "$obj"
	if ! { kmake tinyconfig &&
	       if [ -n "$frags" ]; then "$cur/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" $frags; fi &&
	       kmake olddefconfig; } >>"$log" 2>&1; then
		tail -20 "$log"
		die "$name: configuration failed (log: $log)"
	fi
	# Say which requested options Kconfig dropped (a missing dependency);
	# a KUnit suite's option among them is fatal (lib/build.sh's
	# kunit_lost).  (a later fragment's value of an option wins, as
	# merge_config's does)
	dropped=$(cat $frags /dev/null | grep '^CONFIG_.*=' | awk -F= '{ v[$1] = $0 } END { for (k in v) print v[k] }' |
		sort | while IFS= read -r opt; do
		grep -qxF "$opt" "$obj/.config" || echo "$opt"
	done)
	for opt in $dropped; do
		echo "  note: $opt not set (a dependency is missing, or no such option here)"
	done
	# shellcheck disable=SC2086 # a list of options
	lost=$(kunit_lost "$obj/.config" "$KSRC" "$rev" $dropped | tr '\n' ' ')
	if [ -n "$lost" ]; then
		stamp_drop "k-$name.config"
		die "$name: Kconfig dropped KUnit option(s) this tree has: $lost"
	fi
	stamp_set "k-$name.config" "$cfg"
fi
targets=${TARGETS:-bzImage}
# (and how it compiles: a new scripts/build/cc.sh, another compiler or other
# KCFLAGS build again)
cc_id=$("${CROSS_COMPILE:-}gcc" --version 2>/dev/null | head -n 1)
stamp="$cfg $tree $targets $(printf '%s\n' "$cc_id" "${KCFLAGS:-}" | cat - "$TOP/scripts/build/cc.sh" | cksum | cut -d' ' -f1)"
if [ -z "${TARGETS:-}${KMAKE:-}" ] && stamp_is "k-$name.build" "$stamp"; then
	say "$name: up to date (built from the same commit and config)"
	exit 0
fi
# A build of some targets with the build's own flags leaves the stamp of
# the whole build; other make arguments (C=2 W=1, say) compile objects
# with other command lines, which the next plain build must make again.
if [ -z "${TARGETS:-}" ] || [ -n "${KMAKE:-}" ]; then
	stamp_drop "k-$name.build"
fi
[ -z "${TARGETS:-}" ] && grep -q '^CONFIG_MODULES=y' "$obj/.config" && targets="$targets modules"
t0=$(date +%s)
say "$name: building $targets (log: $log)"
# shellcheck disable=SC2086
kmake -j"$JOBS" $targets ${KMAKE:-} >>"$log" 2>&1 &
if ! progress $! "$name" "echo \$(grep -c '^  CC' '$log') files compiled"; then
	grep -E -A3 'error:|Error [0-9]' "$log" | head -30
	die "$name: build failed (log: $log); fix the error above and rerun"
fi
case " $targets " in
*" bzImage "*) bzimage_holds "$obj" ||
	die "$name: arch/x86/boot/bzImage does not hold this build's vmlinux (a stale object?): rm -rf $dir and rerun" ;;
esac
[ -z "${TARGETS:-}${KMAKE:-}" ] && stamp_set "k-$name.build" "$stamp"
say "$name: built in $(elapsed "$t0") s ($(grep -c '^  CC' "$log") files compiled)"
}
main "$@"; exit $?
