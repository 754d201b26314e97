#!/bin/sh
# Print the lines between "@@@ BEGIN NAME" and "@@@ END NAME" of a boot log.
name=${1:?name} log=${2:?log}
tr -d '\r' < "$log" | sed -n "/^@@@ BEGIN $name\$/,/^@@@ END $name\$/p" | sed '1d;$d'
