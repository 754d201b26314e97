// SPDX-License-Identifier: GPL-2.0
/*
 * Core fuzz: fs/devlist.c, compiled unmodified from a kernel tree, against
 * a brute-force reference model written from the rules of docs/design.md (not
 * from the list code).  Every operation's result and the whole list are
 * compared with the model after each step.
 *
 *   devlist-core [-s SEED] [-n OPS] [-t SECONDS]
 *
 * One seed of OPS operations (default 20000); with -t, seeds SEED,
 * SEED+1, ... until SECONDS have passed.  Exit 1 on the first difference,
 * with the seed, the step and a command that reproduces it.
 *
 * The model's rules (docs/design.md, "The core"):
 *  - two ranges overlap when each starts before the other ends, so an
 *    empty range at n conflicts only with a range holding n - 1 and n;
 *  - insert: -EINVAL and one warning if the range runs past the last
 *    dev_t (first + count > 2^32; checked first), -EBUSY on overlap,
 *    else 0;
 *  - order: by first number; at the same first, empty ranges before the
 *    non-empty one, equal empty ranges in insertion order;
 *  - free major: the highest major in [lo, hi] that no range touches (a
 *    range touches the majors of its first and last numbers and all in
 *    between; an empty range touches its own major), -EBUSY if none;
 *  - seek: the first range in list order that starts at or after a
 *    number, or the list head;
 *  - no warning from any other call;
 *  - the index (include/linux/devlist.h): for each group of 512 / n majors
 *    (n entries; the last group takes every major above), the first range
 *    that starts in it or a later group, or the list head; checked after
 *    each step as the list is.
 */
#include <linux/devlist.h>
#include <linux/errno.h>
#include <linux/kdev_t.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NREC		64		/* records held at most */
#define DEV_LIMIT	(1ULL << 32)	/* one past the last dev_t */
#define LAST_MAJOR	4095U

/* A caller's record, with the range not at offset 0 (container_of). */
struct rec {
	unsigned long magic;
	struct devlist_range range;
	char name[12];
	bool held;
};

/* The model: the held records in list order, with their own copies. */
struct mrange {
	uint64_t first, count;
	struct rec *rec;
};

static DEFINE_DEVLIST(dl);
static struct rec recs[NREC];
static struct mrange model[NREC];
static int nmodel;

static uint64_t rng;
#include "rng.h"

static unsigned long warned;		/* WARN_ON_ONCE()s since the last call */
static unsigned long seed, step;
static const char *argv0;
static char what[160];

static struct {
	unsigned long ops, insert[3], fm[2], seek[2], remove, reset, held;
} st;

void fz_warn(const char *file, int line)
{
	warned++;
}

/* ---- the reference model ---- */

static uint64_t m_end(const struct mrange *r)
{
	return r->first + r->count;
}

/* Each one starts before the other ends. */
static bool m_overlap(uint64_t f1, uint64_t c1, uint64_t f2, uint64_t c2)
{
	return f1 < f2 + c2 && f2 < f1 + c1;
}

static bool m_touches(const struct mrange *r, unsigned int major)
{
	uint64_t last = r->count ? m_end(r) - 1 : r->first;

	return r->first >> MINORBITS <= major && major <= last >> MINORBITS;
}

/* Insertion index: after every range that starts before, or at the same
 * first and is empty (an empty new range) or any (a non-empty one). */
static int m_place(uint64_t first, uint64_t count)
{
	int i;

	for (i = 0; i < nmodel; i++) {
		if (model[i].first > first)
			break;
		if (model[i].first == first && count == 0 && model[i].count)
			break;
	}
	return i;
}

static void m_add(int i, uint64_t first, uint64_t count, struct rec *rec)
{
	memmove(&model[i + 1], &model[i], (nmodel - i) * sizeof(model[0]));
	model[i] = (struct mrange){ first, count, rec };
	nmodel++;
}

static int m_insert(uint64_t first, uint64_t count, struct rec *rec)
{
	int i;

	if (first + count > DEV_LIMIT)
		return -EINVAL;
	for (i = 0; i < nmodel; i++)
		if (m_overlap(first, count, model[i].first, model[i].count))
			return -EBUSY;
	m_add(m_place(first, count), first, count, rec);
	return 0;
}

/* The highest major of [lo, hi] that no range touches, or -EBUSY. */
static int m_free_major(unsigned int lo, unsigned int hi)
{
	unsigned int major;
	bool used;
	int i;

	for (major = hi + 1; major-- > lo; ) {
		used = false;
		for (i = 0; i < nmodel && !used; i++)
			used = m_touches(&model[i], major);
		if (!used)
			return major;
	}
	return -EBUSY;
}

/* The first range that starts at @from or later; nmodel if none. */
static int m_seek(uint64_t from)
{
	int i;

	for (i = 0; i < nmodel; i++)
		if (model[i].first >= from)
			break;
	return i;
}

static void m_remove(int i)
{
	memmove(&model[i], &model[i + 1], (nmodel - i - 1) * sizeof(model[0]));
	nmodel--;
}

/* ---- reporting ---- */

static void dump(void)
{
	struct rec *pos;
	int i = 0;

	fprintf(stderr, "  list: ");
	list_for_each_entry(pos, &dl.ranges, range.node) {
		fprintf(stderr, " %s[%#x+%#x]", pos->name, pos->range.first,
			pos->range.count);
		if (++i > NREC + 1) {
			fprintf(stderr, " ...(loops)");
			break;
		}
	}
	fprintf(stderr, "\n  model:");
	for (i = 0; i < nmodel; i++)
		fprintf(stderr, " %s[%#llx+%#llx]", model[i].rec->name,
			(unsigned long long)model[i].first,
			(unsigned long long)model[i].count);
	fprintf(stderr, "\n");
}

static __attribute__((format(printf, 1, 2))) void fail(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "FAIL core seed %lu op %lu: %s: ", seed, step, what);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	dump();
	fprintf(stderr, "reproduce: %s -s %lu -n %lu\n", argv0, seed, step + 1);
	exit(1);
}

/*
 * The index (include/linux/devlist.h): entry g is the first range, in list
 * order, whose major / (512 / n) is g or more (the last group takes every
 * major above it), or the list head if there is none.
 */
static void check_index(void)
{
	unsigned int n = sizeof(dl.index) / sizeof(dl.index[0]), g;
	unsigned int per = 512 / n;	/* majors a group */
	int i = 0;

	for (g = 0; g < n; g++) {
		struct list_head *want;

		/* (g < n, so a range of the last group is never passed) */
		while (i < nmodel && (model[i].first >> MINORBITS) / per < g)
			i++;
		want = i < nmodel ? &model[i].rec->range.node : &dl.ranges;
		if (dl.index[g] != want)
			fail("index entry %u is %s, should be %s", g,
			     dl.index[g] == &dl.ranges ? "the head" :
			     container_of(dl.index[g], struct rec, range.node)->name,
			     want == &dl.ranges ? "the head" : model[i].rec->name);
	}
}

/* The list is the model. */
static void check_list(void)
{
	struct list_head *p;
	struct rec *pos;
	int i = 0;

	for (p = dl.ranges.next; p != &dl.ranges; p = p->next)
		if (p->next->prev != p || p->prev->next != p || ++i > NREC)
			fail("list links broken at node %d", i);
	i = 0;
	list_for_each_entry(pos, &dl.ranges, range.node) {
		if (i == nmodel)
			fail("list has more than the model's %d ranges", nmodel);
		if (pos != model[i].rec || pos->magic != 0xfeedf00d ||
		    pos->range.first != model[i].first ||
		    pos->range.count != model[i].count)
			fail("range %d is %s [%#x+%#x], model %s [%#llx+%#llx]",
			     i, pos->name, pos->range.first, pos->range.count,
			     model[i].rec->name,
			     (unsigned long long)model[i].first,
			     (unsigned long long)model[i].count);
		i++;
	}
	if (i != nmodel)
		fail("list has %d ranges, model %d", i, nmodel);
	check_index();
}

/* ---- generators: biased to the edges ---- */

static const unsigned int hot_majors[] = {
	0, 1, 2, 3, 4, 10, 233, 234, 235, 253, 254, 255, 256, 259, 383, 384,
	385, 488, 489, 509, 510, 511, 512, 513, 4094, 4095,
};

static unsigned int gen_major(void)
{
	switch (pick(6)) {
	case 0:
		return pick(LAST_MAJOR + 1);
	case 1:
		return 230 + pick(30);
	default:
		return hot_majors[pick(sizeof(hot_majors) / sizeof(hot_majors[0]))];
	}
}

static unsigned int gen_minor(void)
{
	switch (pick(7)) {
	case 0:
	case 1:
		return 0;
	case 2:
		return MINORMASK - pick(3);
	case 3:
		return pick(8);
	case 4:
		return 254 + pick(4);
	default:
		return pick(MINORMASK + 1);
	}
}

static uint32_t gen_first(void)
{
	const struct mrange *r;

	switch (pick(10)) {
	case 0:
		return 0xffffffff - pick(3);
	case 1:
		return rnd();
	case 2:
	case 3:
	case 4:		/* at or next to a range held now */
		if (!nmodel)
			return 0;
		r = &model[pick(nmodel)];
		return (uint32_t)((pick(2) ? r->first : m_end(r)) + pick(3) - 1);
	default:
		return MKDEV(gen_major(), gen_minor());
	}
}

static uint32_t gen_count(uint32_t first)
{
	switch (pick(12)) {
	case 0:
	case 1:
	case 2:
		return 0;
	case 3:
		return 1 + pick(4);
	case 4:
		return 256;
	case 5:		/* whole majors, give or take one */
		return ((1 + pick(3)) << MINORBITS) + pick(3) - 1;
	case 6:		/* to the next major boundary, +-1 */
		return MKDEV(MAJOR(first) + 1, 0) - first + pick(3) - 1;
	case 7:		/* to the top of dev_t, +-1 */
		return -first + pick(3) - 1;
	case 8:
		return 0xffffffff - pick(2);
	case 9:		/* up to the start of a held range, +-1 */
		if (nmodel) {
			const struct mrange *r = &model[pick(nmodel)];

			return (uint32_t)(r->first - first + pick(3) - 1);
		}
		return 1;
	default:
		return rnd() >> pick(32);
	}
}

static void gen_window(unsigned int *lo, unsigned int *hi)
{
	static const unsigned int win[][2] = {
		{ 234, 254 }, { 384, 511 }, { 1, 254 }, { 0, 0 },
		{ 0, LAST_MAJOR }, { LAST_MAJOR, LAST_MAJOR }, { 230, 260 },
		{ 4000, LAST_MAJOR }, { 254, 254 }, { 1, 1 },
	};
	unsigned int w, a, b;

	if (pick(3)) {
		w = pick(sizeof(win) / sizeof(win[0]));
		*lo = win[w][0];
		*hi = win[w][1];
		return;
	}
	a = gen_major();
	b = gen_major();
	*lo = a < b ? a : b;
	*hi = a < b ? b : a;
}

/* ---- operations ---- */

static struct rec *free_rec(void)
{
	for (int i = 0; i < NREC; i++)
		if (!recs[i].held)
			return &recs[i];
	return NULL;
}

static void poison(struct rec *r)
{
	r->range.node.next = (struct list_head *)0x100;
	r->range.node.prev = (struct list_head *)0x122;
}

static bool poisoned(const struct rec *r)
{
	return r->range.node.next == (struct list_head *)0x100 &&
	       r->range.node.prev == (struct list_head *)0x122;
}

static void do_remove(int i)
{
	struct rec *r = model[i].rec;

	snprintf(what, sizeof(what), "devlist_remove(%s [%#llx+%#llx])",
		 r->name, (unsigned long long)model[i].first,
		 (unsigned long long)model[i].count);
	devlist_remove(&dl, &r->range);
	m_remove(i);
	r->held = false;
	st.remove++;
}

static void do_insert(void)
{
	struct rec *r = free_rec();
	uint32_t first, count;
	int a, b;

	if (!r)
		return do_remove(pick(nmodel));
	first = gen_first();
	count = gen_count(first);
	snprintf(what, sizeof(what), "devlist_insert(%s [%#x+%#x])", r->name,
		 first, count);
	poison(r);
	r->range.first = first;
	r->range.count = count;
	warned = 0;
	a = devlist_insert(&dl, &r->range);
	b = m_insert(first, count, r);
	st.insert[!a ? 0 : a == -EBUSY ? 1 : 2]++;
	if (a != b)
		fail("devlist %d, model %d", a, b);
	if (warned != (b == -EINVAL))
		fail("%lu warnings, the model expects %d", warned, b == -EINVAL);
	if (a && (!poisoned(r) || r->range.first != first ||
		  r->range.count != count))
		fail("a failed insert changed the range or its node");
	r->held = !a;
}

static void do_free_major(void)
{
	unsigned int lo, hi;
	int a, b;

	gen_window(&lo, &hi);
	snprintf(what, sizeof(what), "devlist_free_major(%u, %u)", lo, hi);
	warned = 0;
	a = devlist_free_major(&dl, lo, hi);
	b = m_free_major(lo, hi);
	st.fm[a < 0]++;
	if (a != b)
		fail("devlist %d, model %d", a, b);
	if (warned)
		fail("a warning");
}

static void do_seek(void)
{
	struct list_head *got, *want;
	uint32_t from;
	int i;

	if (nmodel && pick(4)) {	/* mostly at a range held now, or close */
		i = pick(nmodel);
		from = model[i].first + (pick(3) ? 0 : pick(3) - 1);
	} else {
		from = pick(2) ? gen_first() : MKDEV(gen_major(), 0);
	}
	snprintf(what, sizeof(what), "devlist_seek(%#x)", from);
	warned = 0;
	got = devlist_seek(&dl, from);
	i = m_seek(from);
	want = i < nmodel ? &model[i].rec->range.node : &dl.ranges;
	st.seek[i == nmodel]++;
	if (got != want)
		fail("devlist %s, model %s",
		     got == &dl.ranges ? "the head" :
		     container_of(got, struct rec, range.node)->name,
		     i < nmodel ? model[i].rec->name : "the head");
	if (warned)
		fail("a warning");
}

static void reset(void)
{
	INIT_LIST_HEAD(&dl.ranges);
	for (int g = 0; g < (int)(sizeof(dl.index) / sizeof(dl.index[0])); g++)
		dl.index[g] = &dl.ranges;
	nmodel = 0;
	for (int i = 0; i < NREC; i++) {
		recs[i].magic = 0xfeedf00d;
		recs[i].held = false;
		snprintf(recs[i].name, sizeof(recs[i].name), "r%d", i);
	}
}

static void run(unsigned long ops)
{
	reset();
	for (step = 0; step < ops; step++) {
		unsigned int op = pick(100);

		st.ops++;
		st.held += nmodel;
		if (op < 45)
			do_insert();
		else if (op < 58)
			do_free_major();
		else if (op < 72)
			do_seek();
		else if (op < 99) {
			if (nmodel)
				do_remove(pick(nmodel));
		} else if (!pick(4)) {	/* now and then, empty it */
			snprintf(what, sizeof(what), "remove all");
			while (nmodel)
				do_remove(pick(nmodel));
			st.reset++;
		}
		check_list();
	}
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	unsigned long first_seed = 1, ops = 20000, seeds = 0;
	double secs = 0, t0;
	int c;

	argv0 = argv[0];
	while ((c = getopt(argc, argv, "s:n:t:")) != -1) {
		switch (c) {
		case 's':
			first_seed = strtoul(optarg, NULL, 0);
			break;
		case 'n':
			ops = strtoul(optarg, NULL, 0);
			break;
		case 't':
			secs = strtod(optarg, NULL);
			break;
		default:
			fprintf(stderr, "usage: %s [-s SEED] [-n OPS] [-t SECONDS]\n",
				argv0);
			return 2;
		}
	}
	t0 = now();
	seed = first_seed;
	do {
		rng = seed;
		run(ops);
		seeds++;
		seed++;
	} while (secs > 0 && now() - t0 < secs);
	t0 = now() - t0;
	printf("core: ok: %lu ops, %lu seeds (%lu..%lu) of %lu ops, %.0f ops/s; insert %lu ok %lu busy %lu inval, free major %lu found %lu busy, seek %lu hit %lu end, remove %lu, %.1f ranges held on average\n",
	       st.ops, seeds, first_seed, seed - 1, ops, st.ops / (t0 > 0 ? t0 : 1),
	       st.insert[0], st.insert[1], st.insert[2], st.fm[0], st.fm[1],
	       st.seek[0], st.seek[1], st.remove,
	       (double)st.held / (st.ops ? st.ops : 1));
	return 0;
}
