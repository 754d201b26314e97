#!/bin/sh
# Print git range-diff between v1 of the series (6.12, patches/ at commit
# V1 of this repository) and the series in build/linux, for the cover
# letter.  The two bases differ, so a scratch repository in
# build/range-diff gets, for each version, a base commit holding just the
# files that version's patches touch (v1's from Debian's linux-source-6.12,
# kept in ~/.cache/devlist; v2's from build/base), and the patches on top.
. "$(dirname "$0")/lib.sh"
set -e
V1=${V1:-b84c737}
V1_PKG=linux-source-6.12
V1_VERSION=6.12.118-1~deb12u1
dir=$BUILD/range-diff
rm -rf "$dir"
mkdir -p "$dir/v1" "$dir/v2" "$CACHE"
"$TOP/scripts/tree.sh" >&2

git -C "$TOP" show "$V1:patches/series" | grep -v '^#' | while read -r p; do
	git -C "$TOP" show "$V1:patches/$p" > "$dir/v1/$p"
done
format_series "$dir/v2"
# the files a version's patches touch that exist before them
touched() {
	cat "$1"/*.patch | awk '
		/^--- \/dev\/null/ { getline; sub(/^\+\+\+ b\//, ""); new[$0] = 1; next }
		/^--- a\// { sub(/^--- a\//, ""); old[$0] = 1 }
		END { for (f in old) if (!(f in new)) print f }' | sort
}

deb=$CACHE/${V1_PKG}_${V1_VERSION}_all.deb
if [ ! -f "$deb" ]; then
	say "range-diff: downloading $V1_PKG=$V1_VERSION, v1's base (about 140 MB)" >&2
	(cd "$dir" && apt-get -q download "$V1_PKG=$V1_VERSION") >"$dir/download.log" 2>&1 ||
		die "apt-get download $V1_PKG=$V1_VERSION failed (log: $dir/download.log)"
	mv "$dir"/*.deb "$deb"
fi
mkdir -p "$dir/base1"
dpkg-deb --fsys-tarfile "$deb" | tar -xO --wildcards './usr/src/linux-source-*.tar.xz' |
	tar -xJ -C "$dir/base1" --strip-components=1 $(touched "$dir/v1" | sed 's|^|linux-source-6.12/|')

g() { git -C "$dir/repo" -c user.name=devlist -c user.email=devlist@invalid "$@"; }
git init -q "$dir/repo"
for v in 1 2; do
	g checkout -q --orphan "base$v"
	g rm -rq --cached . 2>/dev/null || true
	find "$dir/repo" -mindepth 1 -maxdepth 1 ! -name .git -exec rm -rf {} +
	if [ $v = 1 ]; then
		(cd "$dir/base1" && tar cf - .) | tar -C "$dir/repo" -xf -
	else
		for f in $(touched "$dir/v2"); do
			mkdir -p "$dir/repo/$(dirname "$f")"
			cp "$BASE/$f" "$dir/repo/$f"
		done
	fi
	g add -A
	g commit -q -m "base of v$v (the files its patches touch)"
	g checkout -q -b "v$v"
	g am -q "$dir/v$v"/*.patch
done
g range-diff --no-color base1..v1 base2..v2
