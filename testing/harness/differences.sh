#!/bin/sh
# Test of the one table of intentional differences, testing/differences,
# and its readers (seconds, no kernel):
#   1. differences.awk makes a DIFF() line of each row and refuses a
#      malformed row;
#   2. wrap.c and its parts (wrap-*.c) build against the header made from
#      the table (the model, wrap-model.c, knows exactly these differences);
#   3. rules.py loads it: a conformance rule for each row marked "rule",
#      none for the others.
# usage: differences.sh [TABLE]   (default testing/differences; the harness
# stage also runs it on a changed copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
table=${1:-$top/testing/differences}
. "$top/testing/harness/lib.sh"
fz=$top/testing/fuzz

header() { awk -F'|' -f "$fz/differences.awk" "$1" > "$2"; }
rows_made() { header "$table" "$tmp/d.h" && [ "$(grep -c '^DIFF(' "$tmp/d.h")" = "$(grep -c '^D[0-9]' "$table")" ]; }
t "differences.awk: a DIFF() line for each row of the table" rows_made
printf 'D1c|rule|a\nD9|sometimes|b\n' > "$tmp/bad"
bad_refused() { ! header "$tmp/bad" "$tmp/bad.h"; }
t "differences.awk: a malformed row is an error" bad_refused
mkdir -p "$tmp/inc"
header "$table" "$tmp/inc/differences.h"
t "wrap.c builds against the table's header" \
	${CC:-gcc} -std=gnu11 -fsyntax-only -I"$fz" -I"$tmp/inc" "$fz/wrap.c" "$fz"/wrap-*.c
t "rules.py: a rule for each difference of the table marked rule" \
	env DEVLIST_DIFFERENCES="$table" PYTHONPATH="$top/testing/conformance" python3 -c 'import rules'
[ "$fails" = 0 ]
