/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tools/include/linux/list.h, plus the iterators fs/devlist.c uses that
 * the tools copy lacks (same definitions as include/linux/list.h).
 */
#ifndef _FUZZ_LINUX_LIST_H
#define _FUZZ_LINUX_LIST_H

#include_next <linux/list.h>

#ifndef list_for_each_entry_from_reverse
#define list_for_each_entry_from_reverse(pos, head, member)		\
	for (; &pos->member != (head);					\
	     pos = list_prev_entry(pos, member))
#endif

#endif /* _FUZZ_LINUX_LIST_H */
