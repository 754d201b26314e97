# SPDX-License-Identifier: GPL-2.0
# awk -F'|' -f differences.awk testing/differences > differences.h: the
# intentional differences as DIFF(ID, "Id", "what") lines, for the wrapper
# fuzzer to expand (wrap.h: its -F bits; wrap.c: fix_names[], rule_names[]).
# A malformed line is an error, not a line left out.
/^#/ || NF == 0 { next }
NF != 3 || $1 !~ /^D[0-9][a-z]?$/ || ($2 != "rule" && $2 != "none") || $3 == "" {
	printf "%s:%d: not ID|rule or none|what: %s\n", FILENAME, FNR, $0 > "/dev/stderr"
	bad = 1
	exit 1
}
{ printf "DIFF(%s, \"%s\", \"%s\")\n", toupper($1), $1, $3 }
END {
	if (bad)
		exit 1
}
