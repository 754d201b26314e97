#!/bin/sh
# Test of lib/build.sh's header_entities, make size's count of what
# include/linux/devlist.h declares: a struct, a macro with or without
# arguments, and functions of any return type (a pointer to a struct
# too) are entities; the include guard, #include, continuation lines,
# comments and a struct's members are not.
# usage: entities.sh [BUILD_SH]   (default scripts/lib/build.sh; the
# harness stage also runs it on a broken copy, which must fail)
top=$(cd "$(dirname "$0")/../.." && pwd)
build=${1:-$top/scripts/lib/build.sh}
. "$top/testing/harness/lib.sh"
# shellcheck source=scripts/lib/build.sh
. "$build"
cat > "$tmp/h.h" <<'H'
/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LINUX_DEMO_H
#define _LINUX_DEMO_H
#include <linux/list.h>
/**
 * demo_find() - not a declaration
 */
struct demo {
	struct list_head *index[32];
	int (*fn)(int x);
};
#define DEFINE_DEMO(name) \
	struct demo name = { }
#define DEMO_MAX 4
int demo_insert(struct demo *d, int x);
void demo_remove(struct demo *d,
		 int x);
struct list_head *demo_seek(struct demo *d, int from);
unsigned int demo_count(const struct demo *d);
#endif /* _LINUX_DEMO_H */
H
t "a struct, two macros, four functions (a struct pointer's too), nothing else" \
	test "$(header_entities "$tmp/h.h" | wc -l)" = 7
t "the function returning a struct pointer is one" \
	sh -c "printf '%s\n' \"\$1\" | grep -q '^struct list_head \*demo_seek('" - "$(header_entities "$tmp/h.h")"
t "the include guard is not one" \
	sh -c "! printf '%s\n' \"\$1\" | grep -q _LINUX_DEMO_H" - "$(header_entities "$tmp/h.h")"
exit $fails
