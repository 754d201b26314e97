#!/bin/sh
# Stage "kunit-i386": see stage-kunit-py.sh.
exec "$(dirname "$0")/stage-kunit-py.sh" i386
