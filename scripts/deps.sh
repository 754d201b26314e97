#!/bin/sh
# Install what the project needs from Debian's archive (as root), once.
. "$(dirname "$0")/common.sh"

PKGS="build-essential flex bison bc libelf-dev libssl-dev cpio xz-utils kmod
rsync python3 git ccache qemu-system-x86 busybox-static sparse $*"

missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
[ -f "$TARBALL" ] || missing="$missing $PIN_PKG"

[ -z "$missing" ] && exit 0
[ "$(id -u)" = 0 ] || die "missing packages:$missing -- run 'apt-get install$missing' as root"

say "installing:$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null || warn "apt-get update failed; trying the cached lists"
pkgs=$(echo "$missing" | sed "s/ $PIN_PKG\$/ $PIN_PKG=$PIN_VERSION/; s/ $PIN_PKG / $PIN_PKG=$PIN_VERSION /")
if ! apt-get install -y -q $pkgs >/dev/null; then
	case $missing in
	*"$PIN_PKG"*)
		warn "$PIN_PKG=$PIN_VERSION is not available; trying any $PIN_PKG"
		apt-get install -y -q $missing >/dev/null ||
			die "could not install:$missing (is a Debian 12 archive with $PIN_PKG reachable?)"
		;;
	*)	die "could not install:$missing" ;;
	esac
fi
