#!/bin/sh
# Make build/stock: a checkout of the base commit of build/linux (the oracle).
. "$(dirname "$0")/common.sh"
set -e
STOCK=$BUILD/stock
[ -d "$KSRC/.git" ] || "$TOP/scripts/tree.sh"
if [ -e "$STOCK/.git" ]; then
	[ "$(git -C "$STOCK" rev-parse HEAD)" = "$(git -C "$KSRC" rev-parse base)" ] && exit 0
	git -C "$STOCK" checkout -q --detach base
	exit 0
fi
say "stock: checking out the base commit into $STOCK"
git -C "$KSRC" worktree prune
git -C "$KSRC" worktree add -q --detach "$STOCK" base
