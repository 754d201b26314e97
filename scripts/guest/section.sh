#!/bin/sh
# Print the lines between "@@@ BEGIN NAME" and "@@@ END NAME" of a boot log.
# A section whose END never came (the guest died in it) is printed to the
# end of the log, its last line included: the reader sees where it stopped.
name=${1:?name} log=${2:?log}
tr -d '\r' < "$log" | awk -v b="@@@ BEGIN $name" -v e="@@@ END $name" \
	'$0 == e { on = 0; next } on { print } $0 == b { on = 1 }'
