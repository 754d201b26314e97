#!/bin/sh
# The C compiler of every kernel build (lib/build.sh's kbuild, kunit.py's
# make options): cc.sh COMPILER ARGS... runs COMPILER through ccache, but
# straight when the source holds an .incbin.  In depend mode (lib.sh)
# ccache hashes a source's text and not the file an .incbin pulls in (its
# preprocessor mode sees the .incbin and does not cache), and x86's piggy.S
# pulls in the compressed kernel: when a change leaves the compressed size
# as it was, piggy.S reads the same and ccache hands back the object of the
# kernel built before, inside the new bzImage (as it once did for prefix 4).
for _a; do
	case $_a in
	*.c|*.S) if [ -f "$_a" ] && grep -q '\.incbin' "$_a"; then exec "$@"; fi ;;
	esac
done
exec ccache "$@"
