#!/bin/sh
# Stage "kunit-um": see stage-kunit-py.sh.
exec "$(dirname "$0")/stage-kunit-py.sh" um
