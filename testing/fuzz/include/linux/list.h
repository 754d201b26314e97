/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tools/include/linux/list.h, and what the kernel's list.h has beyond it.
 */
#ifndef _FUZZ_LINUX_LIST_H
#define _FUZZ_LINUX_LIST_H
#include_next <linux/list.h>

#ifndef list_entry_is_head
#define list_entry_is_head(pos, head, member) (&(pos)->member == (head))
#endif
#ifndef list_for_each_entry_from_reverse
#define list_for_each_entry_from_reverse(pos, head, member)		\
	for (; !list_entry_is_head(pos, head, member);			\
	     pos = list_prev_entry(pos, member))
#endif

/*
 * -DFZ_COUNT_VISITS (the native benchmark's devlist-visits): every step of
 * a list_for_each_entry*() walk counts one visit in fz_visits.
 */
#ifdef FZ_COUNT_VISITS
extern unsigned long fz_visits;
#define __fz_visit(pos, head, member) \
	(!list_entry_is_head(pos, head, member) && (fz_visits++, 1))
#undef list_for_each_entry
#define list_for_each_entry(pos, head, member)				\
	for (pos = list_first_entry(head, typeof(*pos), member);	\
	     __fz_visit(pos, head, member);				\
	     pos = list_next_entry(pos, member))
#undef list_for_each_entry_reverse
#define list_for_each_entry_reverse(pos, head, member)			\
	for (pos = list_last_entry(head, typeof(*pos), member);		\
	     __fz_visit(pos, head, member);				\
	     pos = list_prev_entry(pos, member))
#undef list_for_each_entry_from
#define list_for_each_entry_from(pos, head, member)			\
	for (; __fz_visit(pos, head, member); pos = list_next_entry(pos, member))
#undef list_for_each_entry_from_reverse
#define list_for_each_entry_from_reverse(pos, head, member)		\
	for (; __fz_visit(pos, head, member); pos = list_prev_entry(pos, member))
#undef list_for_each_entry_continue
#define list_for_each_entry_continue(pos, head, member)			\
	for (pos = list_next_entry(pos, member);			\
	     __fz_visit(pos, head, member);				\
	     pos = list_next_entry(pos, member))
#undef list_for_each_entry_continue_reverse
#define list_for_each_entry_continue_reverse(pos, head, member)		\
	for (pos = list_prev_entry(pos, member);			\
	     __fz_visit(pos, head, member);				\
	     pos = list_prev_entry(pos, member))
#endif
#endif
