#!/bin/sh
# Stage "kunit-arm64": see stage-kunit-py.sh.
exec "$(dirname "$0")/stage-kunit-py.sh" arm64
