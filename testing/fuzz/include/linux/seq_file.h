/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for include/linux/seq_file.h: seq_printf() into a
 * fixed buffer.  The buffer is sized by the caller to hold any listing, so
 * running out of room is a bug in the test and aborts.
 */
#ifndef _FUZZ_LINUX_SEQ_FILE_H
#define _FUZZ_LINUX_SEQ_FILE_H

#include <linux/compiler.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

struct seq_file {
	char *buf;
	size_t size;
	size_t count;
};

static inline __printf(2, 3)
void seq_printf(struct seq_file *m, const char *fmt, ...)
{
	va_list args;
	int len;

	va_start(args, fmt);
	len = vsnprintf(m->buf + m->count, m->size - m->count, fmt, args);
	va_end(args);
	if (len < 0 || (size_t)len >= m->size - m->count)
		abort();
	m->count += len;
}

#endif /* _FUZZ_LINUX_SEQ_FILE_H */
