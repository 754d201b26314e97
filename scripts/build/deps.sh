#!/bin/sh
# Install what the project needs from Debian's archive (as root), once.
# The kernel source is not a package here: scripts/build/base.sh fetches it.
#   deps.sh [PACKAGE...]   also install these
. "$(dirname "$0")/../lib/lib.sh"

PKGS="build-essential flex bison bc libelf-dev libssl-dev cpio xz-utils kmod
rsync python3 python3-ply python3-git git ccache qemu-system-x86 busybox-static sparse
shellcheck python3-pyflakes liburcu-dev $*"

missing=
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing="$missing $p"
done
if [ -n "$missing" ]; then
	[ "$(id -u)" = 0 ] || die "missing packages:$missing -- run 'apt-get install$missing' as root"
	say "installing:$missing (apt-get, about 2 min)"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -q >/dev/null || warn "apt-get update failed; trying the cached lists"
	# shellcheck disable=SC2086
	apt-get install -y -q $missing >/dev/null ||
		die "could not install:$missing (is the Debian archive reachable?)"
fi
# The versions of the packages whose headers the host tools and UML's
# user-space files include, for ccache's hash (lib.sh): rewritten only
# when they change, which then makes every object again once.
mkdir -p "$CACHE"
dpkg-query -W -f '${Package} ${Version}\n' libc6-dev linux-libc-dev libelf-dev libssl-dev \
	zlib1g-dev > "$CACHE/host-headers.new" 2>/dev/null || true
if cmp -s "$CACHE/host-headers.new" "$CACHE/host-headers"; then
	rm -f "$CACHE/host-headers.new"
else
	mv "$CACHE/host-headers.new" "$CACHE/host-headers"
fi
