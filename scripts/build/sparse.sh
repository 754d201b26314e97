#!/bin/sh
# Print the path of a sparse that the kernel accepts (scripts/checker-valid.sh).
# Debian 12's sparse 0.6.4 predates __typeof_unqual__, which 7.3 uses, and
# kbuild quietly skips C=1/C=2 with it.  So, unless the sparse in PATH is
# good enough, build Debian's newer one from its source package (fetched
# with apt-get source --download-only through a private apt configuration,
# sha256 pinned) into ~/.cache/devlist, once.
. "$(dirname "$0")/../lib/lib.sh"
set -e
SPARSE_VERSION=0.6.5~rc1-2
SPARSE_SUITE=unstable
SPARSE_SHA256=3ac8855ec7f3ab92f325be0f64347ccc2b10f8b4d7c2906783ee8e2bdab3f0de
valid() { [ "$(sh "$BASE/scripts/checker-valid.sh" "$1" --arch=x86_64 -m64 2>/dev/null)" = 1 ]; }

"$TOP/scripts/build/base.sh" >&2
if command -v sparse >/dev/null && valid "$(command -v sparse)"; then
	command -v sparse
	exit 0
fi
up=${SPARSE_VERSION%-*}
bin=$CACHE/sparse-$up/sparse
if [ -x "$bin" ] && valid "$bin"; then
	echo "$bin"
	exit 0
fi
say "sparse: the system's sparse is too old for 7.3; building Debian's $SPARSE_VERSION" >&2
dir=$BUILD/apt-sparse
private_apt "$dir" "deb-src $SPARSE_SUITE main" >&2
rm -rf "$dir/src"
mkdir -p "$dir/src" "$CACHE"
# shellcheck disable=SC2086
(cd "$dir/src" && apt-get $APT_OPTS source --download-only "sparse=$SPARSE_VERSION") >"$dir/source.log" 2>&1 || {
	tail -5 "$dir/source.log" >&2
	die "apt-get source sparse=$SPARSE_VERSION failed: $SPARSE_SUITE no longer has it?  Update SPARSE_VERSION and SPARSE_SHA256 in scripts/build/sparse.sh, or install a sparse that runs scripts/checker-valid.sh"
}
tarball=$(ls "$dir"/src/sparse_*.orig.tar.*)
[ "$(sha256sum < "$tarball" | cut -d' ' -f1)" = "$SPARSE_SHA256" ] ||
	die "$tarball does not have the pinned sha256 $SPARSE_SHA256"
tar -C "$dir/src" -xf "$tarball"
src=$(ls -d "$dir"/src/sparse-*/)
make -C "$src" -j"$JOBS" HAVE_LIBXML=no HAVE_GTK=no HAVE_LLVM=no HAVE_SQLITE=no sparse \
	>"$dir/build.log" 2>&1 || { tail -10 "$dir/build.log" >&2; die "sparse did not build (log: $dir/build.log)"; }
mkdir -p "$CACHE/sparse-$up"
cp "$src/sparse" "$bin"
valid "$bin" || die "the sparse built from $tarball is not accepted by the kernel either"
say "sparse: $bin" >&2
echo "$bin"
