// SPDX-License-Identifier: GPL-2.0
/*
 * Reference model of fs/devlist.c: a sorted array of intervals, written
 * from the rules (DESIGN.md, the kernel-doc of devlist.c), not from the list
 * code.  Everything is done the slow, obvious way, in 64-bit arithmetic, so
 * nothing wraps.
 *
 * -DMODEL_BUG=n builds a deliberately wrong model, so that scripts/fuzz.sh
 * can check that the fuzzer still notices a difference:
 *   1  an empty range also conflicts at the edges of another range
 *   2  an empty range sorts after a non-empty one with the same start
 *   3  the last major is that of the exclusive end (the seed's bug)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#ifndef MODEL_BUG
#define MODEL_BUG 0
#endif

#define MINOR_BITS	20
#define LAST_MAJOR	4095
#define DEV_LIMIT	(1ULL << 32)	/* one past the last dev_t */

static uint64_t end_of(const struct model_range *r)
{
	return (uint64_t)r->first + r->count;
}

/* Does the non-empty range @r hold device numbers on both sides of @p? */
static bool strictly_inside(const struct model_range *r, uint64_t p)
{
	if (MODEL_BUG == 1)
		return r->count && r->first <= p && p <= end_of(r);
	return r->count && r->first < p && p < end_of(r);
}

static bool conflict(const struct model_range *a, const struct model_range *b)
{
	uint64_t lo = a->first > b->first ? a->first : b->first;
	uint64_t hi = end_of(a) < end_of(b) ? end_of(a) : end_of(b);

	if (!a->count && !b->count)
		return false;
	if (!a->count)
		return strictly_inside(b, a->first);
	if (!b->count)
		return strictly_inside(a, b->first);
	return lo < hi;		/* they share a device number */
}

/* List order: by start, empty before non-empty, then oldest first. */
static uint64_t sort_key(const struct model_range *r)
{
	if (MODEL_BUG == 2)
		return (uint64_t)r->first << 1 | (r->count == 0);
	return (uint64_t)r->first << 1 | (r->count != 0);
}

static unsigned int first_major(const struct model_range *r)
{
	return r->first >> MINOR_BITS;
}

/* The major of the last device number, or of the start if empty. */
static unsigned int last_major(const struct model_range *r)
{
	uint64_t last = r->count ? end_of(r) - 1 : r->first;

	if (MODEL_BUG == 3)
		last = end_of(r);
	return last >> MINOR_BITS;
}

int model_insert(struct model *m, uint32_t first, uint32_t count, int slot)
{
	struct model_range new = { first, count, slot };
	int i;

	if (end_of(&new) > DEV_LIMIT)
		return -EINVAL;
	for (i = 0; i < m->n; i++)
		if (conflict(&m->r[i], &new))
			return -EBUSY;
	if (m->n == MODEL_MAX)
		abort();
	/* after every range that sorts before it or equal to it */
	for (i = 0; i < m->n && sort_key(&m->r[i]) <= sort_key(&new); i++)
		;
	memmove(&m->r[i + 1], &m->r[i], (m->n - i) * sizeof(m->r[0]));
	m->r[i] = new;
	m->n++;
	return 0;
}

void model_remove(struct model *m, int idx)
{
	memmove(&m->r[idx], &m->r[idx + 1], (m->n - idx - 1) * sizeof(m->r[0]));
	m->n--;
}

/* Index of the first range that is exactly [first, first + count), or -1. */
int model_find(const struct model *m, uint32_t first, uint32_t count)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (m->r[i].first == first && m->r[i].count == count)
			return i;
	return -1;
}

static bool major_used(const struct model *m, unsigned int major)
{
	int i;

	for (i = 0; i < m->n; i++)
		if (first_major(&m->r[i]) <= major &&
		    major <= last_major(&m->r[i]))
			return true;
	return false;
}

int model_find_free_major(const struct model *m, unsigned int hi,
			  unsigned int lo)
{
	long major;

	if (hi > LAST_MAJOR || lo > hi)
		return -EINVAL;
	for (major = hi; major >= (long)lo; major--)
		if (!major_used(m, major))
			return major;
	return -EBUSY;
}

/* /proc/devices lines: one per major each range touches, in list order. */
size_t model_print(const struct model *m, char *buf, size_t size,
		   const char names[][MODEL_NAME_LEN])
{
	unsigned int major;
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < m->n; i++) {
		for (major = first_major(&m->r[i]);
		     major <= last_major(&m->r[i]); major++) {
			len += snprintf(buf + len, size - len, "%3u %s\n",
					major, names[m->r[i].slot]);
			if (len >= size)
				abort();
		}
	}
	return len;
}

/* What devlist's debugfs view prints: "major:minor count name" per range. */
size_t model_print_ranges(const struct model *m, char *buf, size_t size,
			  const char names[][MODEL_NAME_LEN])
{
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < m->n; i++) {
		len += snprintf(buf + len, size - len, "%u:%u %u %s\n",
				first_major(&m->r[i]),
				m->r[i].first & ((1U << MINOR_BITS) - 1),
				m->r[i].count, names[m->r[i].slot]);
		if (len >= size)
			abort();
	}
	return len;
}

/* NULL if @m is sorted, in bounds and (if @pairwise) conflict-free. */
const char *model_check(const struct model *m, bool pairwise)
{
	int i, j;

	for (i = 0; i < m->n; i++) {
		if (end_of(&m->r[i]) > DEV_LIMIT)
			return "range past the last dev_t";
		if (i && sort_key(&m->r[i - 1]) > sort_key(&m->r[i]))
			return "ranges out of order";
		for (j = 0; pairwise && j < i; j++)
			if (conflict(&m->r[j], &m->r[i]))
				return "conflicting ranges";
	}
	return NULL;
}
