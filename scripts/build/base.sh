#!/bin/sh
# Make build/base: the pristine source of Debian's linux-source-7.3.
#
# Debian 12's apt does not list the trixie-backports suite that serves it,
# so the one package is fetched with "apt-get download" through a private
# apt configuration under build/apt (own sources list, lists and cache; the
# system's apt configuration is only read, never changed, and the package is
# never installed).  The sources line is built from the archive URI the
# system's own apt sources already use.  A verified .deb is kept in
# $CACHE (~/.cache/devlist) by version and sha256 and used first next time.
. "$(dirname "$0")/../lib/lib.sh"
set -e

want="$PIN_VERSION $PIN_SHA256"
have=$(stamp_get base)
if [ -d "$BASE" ] && [ -n "$have" ]; then
	[ "$have" = "$want" ] && exit 0
	case ${ALLOW_UNPINNED:-} in
	1) warn "build/base holds $have, not the pinned $want; keeping it (ALLOW_UNPINNED=1)"; exit 0 ;;
	esac
	say "base: build/base holds $have; the pin is now $want: making it again"
	stamp_drop base
	rm -rf "$BASE"
fi
mkdir -p "$BUILD" "$CACHE"

deb=$CACHE/${PIN_PKG}_${PIN_VERSION}_all.deb
sha=
if [ -f "$deb" ] && [ "$(sha256sum < "$deb" | cut -d' ' -f1)" = "$PIN_SHA256" ]; then
	say "base: using the cached $deb"
	sha=$PIN_SHA256 version=$PIN_VERSION
else
	say "base: reading $PIN_SUITE (private apt configuration in $BUILD/apt)"
	private_apt "$BUILD/apt" "deb $PIN_SUITE main"
	set -- $APT_OPTS
	apt=$BUILD/apt
	offered=$(apt-cache "$@" madison "$PIN_PKG" 2>/dev/null | awk -F'|' '{ gsub(/ /, "", $2); print $2 }')
	if echo "$offered" | grep -qxF "$PIN_VERSION"; then
		version=$PIN_VERSION
	else
		version=$(echo "$offered" | grep "^$PIN_SERIES\." | sort -V | tail -n 1)
		[ -n "$version" ] || die "$PIN_SUITE offers no $PIN_PKG (offered: ${offered:-nothing}).  Put ${PIN_PKG}_${PIN_VERSION}_all.deb (sha256 $PIN_SHA256) in $CACHE, or apply the series to your own 7.3 tree ('make apply KSRC=...')"
		warn "$PIN_PKG $PIN_VERSION is gone from $PIN_SUITE; taking $version instead."
		warn "The series was tested on $PIN_VERSION; 'make tree' stops if it does not apply."
	fi
	say "base: downloading $PIN_PKG=$version (about 170 MB)"
	(cd "$apt" && rm -f ./*.deb && apt-get "$@" download "$PIN_PKG=$version" >"$apt/download.log" 2>&1) || {
		tail -5 "$apt/download.log"
		die "apt-get download $PIN_PKG=$version failed (log: $apt/download.log)"
	}
	got=$(ls "$apt"/*.deb)
	sha=$(sha256sum < "$got" | cut -d' ' -f1)
	if [ "$version" = "$PIN_VERSION" ] && [ "$sha" != "$PIN_SHA256" ]; then
		die "$got has sha256 $sha, not the pinned $PIN_SHA256: not using it"
	fi
	deb=$CACHE/${PIN_PKG}_${version}_all.deb
	mv "$got" "$deb"
	say "base: kept $deb (sha256 $sha)"
fi

say "base: extracting the kernel source into $BASE (about 1 min)"
rm -rf "$BASE.tmp"
mkdir -p "$BASE.tmp/deb"
dpkg-deb --fsys-tarfile "$deb" | tar -C "$BASE.tmp/deb" -x --wildcards './usr/src/linux-source-*.tar.xz'
tarball=$(ls "$BASE.tmp"/deb/usr/src/linux-source-*.tar.xz)
mkdir "$BASE.tmp/src"
tar -C "$BASE.tmp/src" --strip-components=1 -xJf "$tarball"
v=$(sed -n 's/^VERSION = //p;s/^PATCHLEVEL = //p;s/^SUBLEVEL = //p' "$BASE.tmp/src/Makefile" | paste -sd.)
case $v in
"$PIN_SERIES".*) ;;
*) die "$tarball holds Linux $v, not $PIN_SERIES.y" ;;
esac
# Debian's tarball ends .gitignore with a stanza that ignores everything at
# the top level ("/*"), which would hide new files from git: drop it, so
# the tree behaves as an upstream one.
sed -i '/^# Debian packaging/,$d' "$BASE.tmp/src/.gitignore"
sed -i '${/^#$/d}' "$BASE.tmp/src/.gitignore"
rm -rf "$BASE"
mv "$BASE.tmp/src" "$BASE"
stamp_set base "$version $sha"
rm -rf "$BASE.tmp"
say "base: Linux $v ($PIN_PKG $version) in $BASE"
