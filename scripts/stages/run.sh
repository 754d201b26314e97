#!/bin/sh
# Run one stage of make check by the name scripts/stages/list gives it:
# scripts/stages/NAME.sh, or, for kunit-ARCH (um, i386, arm64), the one
# script of the kunit.py stages, kunit-arch.sh, with ARCH.
#   run.sh STAGE
s=${1:?usage: run.sh STAGE}
d=$(dirname "$0")
case $s in
kunit-stock | kunit-x86_64) exec sh "$d/$s.sh" ;;
kunit-*) exec sh "$d/kunit-arch.sh" "${s#kunit-}" ;;
esac
[ -f "$d/$s.sh" ] && [ "$s" != run ] && [ "$s" != kunit-arch ] ||
	{ echo "ERROR: no stage $s (scripts/stages/list)" >&2; exit 2; }
exec sh "$d/$s.sh"
