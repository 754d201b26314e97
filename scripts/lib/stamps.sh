# Stamps: what each thing the scripts make was made from.  Sourced by
# lib.sh, not run.
# shellcheck shell=sh

# Freshness, one format for all that the scripts make: build/stamps/WHAT
# holds one line, the key WHAT was last made from (the pinned package,
# the series, a commit's tree, a config, the targets built).  What has no
# stamp counts as not made.  The names: base, linux (build/linux), k-NAME.tree,
# k-NAME.config and k-NAME.build (build/k/NAME), boot-pK (a prefix booted
# with its suites in this run).
STAMPS=$BUILD/stamps
stamp_get()  { cat "$STAMPS/$1" 2>/dev/null || true; }	# stamp_get WHAT
stamp_is()   { [ "$(stamp_get "$1")" = "$2" ]; }	# stamp_is WHAT KEY
stamp_set()  { mkdir -p "$STAMPS" && printf '%s\n' "$2" > "$STAMPS/$1"; }	# stamp_set WHAT KEY
stamp_drop() { for _w; do rm -f "$STAMPS/$_w"; done; }	# stamp_drop WHAT...
# stamp_linux: build/linux is made from patches/ as they are now, on the
# base, and ends at its HEAD (tree.sh reads it back)
stamp_linux() { stamp_set linux "$(series_hash) $(git -C "$KSRC" rev-parse HEAD) $(stamp_get base)"; }
