// SPDX-License-Identifier: GPL-2.0
/*
 * Differential fuzzer for fs/devlist.c: run the same random operations on
 * the real list (compiled unmodified from the kernel tree) and on the array
 * model in model.c, and stop at the first step where they disagree.
 *
 *   devlist-fuzz [-s SEED] [-n OPS]	deterministic run of one seed
 *					(default: seed 1, 100000 operations)
 *
 * Built with -DFUZZ_LIBFUZZER, the same steps are driven by libFuzzer's
 * input bytes instead of a seeded generator.
 */
#include <linux/devlist.h>	/* first: it defines the kernel's dev_t */
#include <linux/errno.h>
#include <linux/seq_file.h>

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model.h"

_Static_assert(sizeof(dev_t) == 4, "dev_t must be the kernel's 32 bits");

#define PRINT_SIZE	(1 << 17)	/* (4096 majors + MODEL_MAX) lines */

/* Where the random numbers come from: a seeded generator or input bytes. */
struct src {
	const uint8_t *data;
	size_t len, pos;
	uint64_t state;
};

static uint32_t src_u32(struct src *s)
{
	uint32_t v = 0;
	uint64_t z;

	if (s->data) {
		for (int i = 0; i < 4 && s->pos < s->len; i++)
			v |= (uint32_t)s->data[s->pos++] << (8 * i);
		return v;
	}
	z = (s->state += 0x9e3779b97f4a7c15ULL);	/* splitmix64 */
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31)) >> 32;
}

/* A number in [0, n). */
static uint32_t pick(struct src *s, uint32_t n)
{
	return src_u32(s) % n;
}

static struct devlist dl;
static struct devlist_range pool[MODEL_MAX];
static char names[MODEL_MAX][MODEL_NAME_LEN];
static bool held[MODEL_MAX];
static struct model model;
static char list_text[PRINT_SIZE], model_text[PRINT_SIZE];
static unsigned long step;
static char origin[32] = "input";	/* "seed N" in the deterministic mode */
static char what[96];			/* the current operation */

static struct {
	unsigned long ops, held, insert[3], remove, find[2], major[3], print, lines, seq;
} st;

static const unsigned int hot_majors[] = {
	0, 1, 2, 233, 234, 235, 253, 254, 255, 256, 383, 384, 385,
	510, 511, 512, 4094, 4095,
};

static unsigned int gen_major(struct src *s)
{
	if (!pick(s, 4))
		return pick(s, 4096);
	return hot_majors[pick(s, ARRAY_SIZE(hot_majors))];
}

static unsigned int gen_minor(struct src *s)
{
	switch (pick(s, 6)) {
	case 0:
		return 0;
	case 1:
		return MINORMASK - pick(s, 2);
	case 2:
		return pick(s, 4);
	case 3:
		return 255 + pick(s, 3);
	default:
		return pick(s, MINORMASK + 1);
	}
}

static dev_t gen_first(struct src *s)
{
	const struct model_range *r;

	switch (pick(s, 8)) {
	case 0:
		return 0;
	case 1:
		return 0xffffffff - pick(s, 2);
	case 2:
		return src_u32(s);
	case 3:			/* next to a range held now */
		if (!model.n)
			return 0;
		r = &model.r[pick(s, model.n)];
		return (pick(s, 2) ? r->first : r->first + r->count) +
		       pick(s, 3) - 1;
	default:
		return MKDEV(gen_major(s), gen_minor(s));
	}
}

static u32 gen_count(struct src *s, dev_t first)
{
	switch (pick(s, 10)) {
	case 0:
	case 1:
		return 0;
	case 2:
		return 1 + pick(s, 4);
	case 3:
		return 256;
	case 4:			/* whole majors, give or take one */
		return ((1 + pick(s, 3)) << MINORBITS) + pick(s, 3) - 1;
	case 5:			/* to the next major boundary, +-1 */
		return MKDEV(MAJOR(first) + 1, 0) - first + pick(s, 3) - 1;
	case 6:			/* to the last dev_t, +-1: may wrap */
		return -first + pick(s, 3) - 1;
	case 7:
		return 0xffffffff - pick(s, 2);
	default:
		return src_u32(s) >> pick(s, 32);
	}
}

static void gen_window(struct src *s, unsigned int *hi, unsigned int *lo)
{
	static const unsigned int win[][2] = {
		{ 254, 234 }, { 511, 384 }, { 254, 1 }, { 255, 0 },
		{ 4095, 0 }, { 4095, 4095 }, { 0, 0 }, { 4095, 3968 },
	};
	unsigned int w;

	switch (pick(s, 6)) {
	case 0:
		*hi = gen_major(s);
		*lo = *hi - (*hi < 8 ? *hi : pick(s, 8));
		return;
	case 1:			/* often invalid */
		*hi = 4094 + pick(s, 4);
		*lo = gen_major(s);
		return;
	default:
		w = pick(s, ARRAY_SIZE(win));
		*hi = win[w][0];
		*lo = win[w][1];
	}
}

static void dump_state(void)
{
	struct devlist_range *r;
	int i;

	fprintf(stderr, "list:");
	devlist_for_each(r, &dl)
		fprintf(stderr, " [%#x+%#x %s]", r->first, r->count,
			names[r - pool]);
	fprintf(stderr, "\nmodel:");
	for (i = 0; i < model.n; i++)
		fprintf(stderr, " [%#x+%#x %s]", model.r[i].first,
			model.r[i].count, names[model.r[i].slot]);
	fprintf(stderr, "\n");
}

static __printf(1, 2) int mismatch(const char *fmt, ...)
{
	va_list args;

	fprintf(stderr, "MISMATCH %s step %lu: %s: ", origin, step, what);
	va_start(args, fmt);
	vfprintf(stderr, fmt, args);
	va_end(args);
	fprintf(stderr, "\n");
	dump_state();
	return -1;
}

/* The list must hold exactly the model's ranges, in the model's order. */
static int check_state(bool pairwise)
{
	const struct list_head *p;
	const char *err;
	int i = 0;

	for (p = dl.ranges.next; p != &dl.ranges; p = p->next, i++) {
		const struct devlist_range *r;

		if (p->next->prev != p || p->prev->next != p)
			return mismatch("list links broken at node %d", i);
		if (i == model.n)
			return mismatch("list has more than %d nodes", i);
		r = list_entry(p, struct devlist_range, node);
		if (r != &pool[model.r[i].slot] || r->first != model.r[i].first ||
		    r->count != model.r[i].count)
			return mismatch("node %d is %s [%#x+%#x], model has %s",
					i, names[r - pool], r->first, r->count,
					names[model.r[i].slot]);
	}
	if (i != model.n)
		return mismatch("list has %d nodes, model %d", i, model.n);
	err = model_check(&model, pairwise);
	return err ? mismatch("invariant: %s", err) : 0;
}

static int do_remove(int idx)
{
	int slot = model.r[idx].slot;

	snprintf(what, sizeof(what), "remove(%s)", names[slot]);
	devlist_remove(&dl, &pool[slot]);
	model_remove(&model, idx);
	held[slot] = false;
	st.remove++;
	return check_state(false);
}

static int do_insert(struct src *s)
{
	static const struct list_head poison = {
		(struct list_head *)0x100, (struct list_head *)0x122
	};
	dev_t first = gen_first(s);
	u32 count = gen_count(s, first);
	struct devlist_range *r;
	int slot, a, b;

	for (slot = 0; slot < MODEL_MAX && held[slot]; slot++)
		;
	if (slot == MODEL_MAX)		/* full: make room instead */
		return do_remove(pick(s, model.n));
	r = &pool[slot];
	r->node = poison;
	snprintf(what, sizeof(what), "insert(%#x, %#x) as %s", first, count,
		 names[slot]);

	a = devlist_insert(&dl, r, first, count);
	b = model_insert(&model, first, count, slot);
	st.insert[a == 0 ? 0 : a == -EBUSY ? 1 : 2]++;
	if (a != b)
		return mismatch("devlist %d, model %d", a, b);
	if (a && memcmp(&r->node, &poison, sizeof(poison)))
		return mismatch("failed insert touched the node");
	held[slot] = !a;
	return check_state(!a);
}

static int do_find(struct src *s)
{
	struct devlist_range *found, *want = NULL;
	dev_t first;
	u32 count;
	int i;

	if (model.n && pick(s, 4)) {	/* mostly a range held now */
		i = pick(s, model.n);
		first = model.r[i].first;
		count = model.r[i].count + (pick(s, 4) ? 0 : pick(s, 3) - 1);
	} else {
		first = gen_first(s);
		count = gen_count(s, first);
	}
	snprintf(what, sizeof(what), "find(%#x, %#x)", first, count);
	found = devlist_find(&dl, first, count);
	i = model_find(&model, first, count);
	if (i >= 0)
		want = &pool[model.r[i].slot];
	st.find[!found]++;
	if (found != want)
		return mismatch("devlist %s, model %s",
				found ? names[found - pool] : "NULL",
				want ? names[want - pool] : "NULL");
	return check_state(false);
}

static int do_free_major(struct src *s)
{
	unsigned int hi, lo;
	int a, b;

	gen_window(s, &hi, &lo);
	snprintf(what, sizeof(what), "find_free_major(%u, %u)", hi, lo);
	a = devlist_find_free_major(&dl, hi, lo);
	b = model_find_free_major(&model, hi, lo);
	st.major[a >= 0 ? 0 : a == -EBUSY ? 1 : 2]++;
	if (a != b)
		return mismatch("devlist %d, model %d", a, b);
	return check_state(false);
}

/*
 * What /proc/devices would print (or, one time in four, the debugfs view
 * of every range): a seq_file walk over the whole list, restarted every
 * few ranges as seq_file does at each read().
 */
static int do_print(struct src *s)
{
	struct seq_file m = { .buf = list_text, .size = sizeof(list_text) };
	unsigned int chunk = 1 + pick(s, 8), k = 0;
	bool exact = pick(s, 4) == 0;
	struct devlist_range *r;
	size_t n, i, line = 0, at = 0;
	struct list_head *v;
	loff_t pos = 0;

	snprintf(what, sizeof(what), "print%s (a read() every %u records)",
		 exact ? " ranges" : "", chunk);
	list_text[0] = '\0';
	for (v = devlist_seq_start(&dl, 0); v; ) {
		if (v != &dl.ranges) {
			r = list_entry(v, struct devlist_range, node);
			for (; r; r = devlist_next_in_record(&dl, r)) {
				if (exact)
					devlist_seq_show_range(&m, r, names[r - pool]);
				else
					devlist_seq_show(&m, r, names[r - pool]);
			}
		}
		v = devlist_seq_next(&dl, v);
		if (v)
			pos = devlist_seq_pos(v);
		if (v && ++k % chunk == 0)
			v = devlist_seq_start(&dl, pos);
	}
	if (exact)
		n = model_print_ranges(&model, model_text, sizeof(model_text), names);
	else
		n = model_print(&model, model_text, sizeof(model_text), names);
	st.print++;
	for (i = 0; i < n && list_text[i] == model_text[i]; i++) {
		if (model_text[i] == '\n') {
			line++;
			at = i + 1;
		}
	}
	st.lines += line;
	if (m.count != n || i != n)
		return mismatch("line %zu: devlist \"%.*s\", model \"%.*s\" (%zu and %zu bytes)",
				line + 1,
				(int)strcspn(list_text + at, "\n"), list_text + at,
				(int)strcspn(model_text + at, "\n"), model_text + at,
				m.count, n);
	return check_state(false);
}

/*
 * The record a seq_file walk must find at @pos: the head at 0, else the
 * first range that starts in major @pos - 1 or above (at position major +
 * 1, into *@at), or NULL.
 */
static struct list_head *want_record(long long pos, long long *at)
{
	int i;

	*at = pos;
	if (!pos)
		return &dl.ranges;
	for (i = 0; i < model.n; i++) {
		if ((long long)(model.r[i].first >> 20) + 1 >= pos) {
			*at = (model.r[i].first >> 20) + 1;
			return &pool[model.r[i].slot].node;
		}
	}
	return NULL;
}

/*
 * Start a seq_file walk, often where the last one stopped (whatever the
 * list went through since) or near a range, and take a few steps; each
 * record and position must be the one the model names.
 */
static int do_seq(struct src *s)
{
	static long long last;
	unsigned int steps = pick(s, 4);
	struct list_head *v, *want;
	long long at;
	loff_t pos;

	if (pick(s, 2))
		pos = last;
	else if (model.n && pick(s, 2))
		pos = (model.r[pick(s, model.n)].first >> 20) + pick(s, 3);
	else
		pos = pick(s, 4098);
	snprintf(what, sizeof(what), "seq_start(%lld) + %u steps", (long long)pos, steps);
	st.seq++;
	want = want_record(pos, &at);
	v = devlist_seq_start(&dl, pos);
	if (v && pos)
		pos = devlist_seq_pos(v);
	for (;;) {
		if (v != want || pos != at)
			return mismatch("devlist %p at %lld, model %p at %lld",
					(void *)v, (long long)pos, (void *)want, at);
		if (!v || !steps--)
			break;
		want = want_record(pos + 1, &at);
		v = devlist_seq_next(&dl, v);
		pos = v ? devlist_seq_pos(v) : pos + 1;
	}
	last = pos;
	return check_state(false);
}

static void reset(void)
{
	devlist_init(&dl);
	model.n = 0;
	memset(held, 0, sizeof(held));
}

/* Run @ops steps (or until the input bytes run out); 0 if all agreed. */
static int fuzz_run(struct src *s, unsigned long ops)
{
	int i, err = 0;

	reset();
	for (step = 0; step < ops && !err; step++) {
		if (s->data && s->pos >= s->len)
			break;
		st.ops++;
		st.held += model.n;
		switch (pick(s, 100)) {
		case 0 ... 49:
			err = do_insert(s);
			break;
		case 50 ... 64:
			err = model.n ? do_remove(pick(s, model.n)) : 0;
			break;
		case 65 ... 79:
			err = do_find(s);
			break;
		case 80 ... 91:
			err = do_free_major(s);
			break;
		case 92 ... 95:
			err = do_print(s);
			break;
		case 96 ... 98:
			err = do_seq(s);
			break;
		default:		/* now and then, start again from empty */
			if (pick(s, 8))
				break;
			for (i = model.n - 1; i >= 0 && !err; i--)
				err = do_remove(i);
		}
	}
	return err;
}

static void init_names(void)
{
	for (unsigned int i = 0; i < MODEL_MAX; i++)
		snprintf(names[i], MODEL_NAME_LEN, "r%u", i);
}

#ifdef FUZZ_LIBFUZZER
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct src s = { .data = data, .len = size };

	init_names();
	if (fuzz_run(&s, ~0UL))
		abort();
	return 0;
}
#else
int main(int argc, char **argv)
{
	unsigned long seed = 1, ops = 100000;
	struct src s = { };
	int c, err;

	while ((c = getopt(argc, argv, "s:n:")) != -1) {
		switch (c) {
		case 's':
			seed = strtoul(optarg, NULL, 0);
			break;
		case 'n':
			ops = strtoul(optarg, NULL, 0);
			break;
		default:
			fprintf(stderr, "usage: %s [-s SEED] [-n OPS]\n", argv[0]);
			return 2;
		}
	}
	s.state = seed;
	snprintf(origin, sizeof(origin), "seed %lu", seed);
	init_names();
	err = fuzz_run(&s, ops);
	printf("seed %lu: %lu ops, %s; insert %lu ok %lu busy %lu inval, remove %lu, find %lu hit %lu miss, free_major %lu ok %lu busy %lu inval, print %lu (%lu lines), seq %lu; %.1f ranges held on average\n",
	       seed, st.ops, err ? "MISMATCH" : "ok",
	       st.insert[0], st.insert[1], st.insert[2], st.remove,
	       st.find[0], st.find[1], st.major[0], st.major[1], st.major[2],
	       st.print, st.lines, st.seq, (double)st.held / (st.ops ? st.ops : 1));
	return err ? 1 : 0;
}
#endif
