/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for include/linux/seq_file.h: the output calls devlist
 * uses, into a fixed buffer.  The buffer is sized by the caller to hold
 * any listing, so running out of room is a bug in the test and aborts.
 */
#ifndef _FUZZ_LINUX_SEQ_FILE_H
#define _FUZZ_LINUX_SEQ_FILE_H

#include <linux/compiler.h>
#include <linux/list.h>
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

static inline void seq_puts(struct seq_file *m, const char *s)
{
	seq_printf(m, "%s", s);
}

static inline void seq_putc(struct seq_file *m, char c)
{
	seq_printf(m, "%c", c);
}

static inline void seq_put_decimal_ull_width(struct seq_file *m,
					     const char *delimiter,
					     unsigned long long num,
					     unsigned int width)
{
	seq_printf(m, "%s%*llu", delimiter, (int)width, num);
}

#endif /* _FUZZ_LINUX_SEQ_FILE_H */
