// SPDX-License-Identifier: GPL-2.0
/*
 * Wrapper fuzz: stock 7.3 against the series, on the real registration
 * code of fs/char_dev.c, block/genhd.c and fs/proc/devices.c, extracted
 * from both trees by extract.py and linked into this one program (each
 * side's symbols made local but for its table of entry points, fz.h).
 *
 *   devlist-wrap [-s SEED] [-n OPS] [-t SECONDS] [-F FIXES] [-f] [-m] [-v]
 *
 * One seed of OPS calls (default 3000); with -t, seeds SEED, SEED+1, ...
 * until SECONDS have passed.  -f: no allocation failures injected (by
 * default one call in 30 has its first or second allocation fail, on both
 * sides).  -m: do not check stock against the model where no rule
 * applies.  -v: print each call.  Exit 1 at the first failure.
 *
 * Every step makes the same call on both sides and compares: the return
 * value, the dev_t handed out, the messages printed (printk, with their
 * level), what was done to the cdev, the WARN_ON()s hit, every
 * reservation held (major, minors, name, cdev) and /proc/devices as
 * fs/proc/devices.c of each tree prints it (read through its
 * seq_operations, restarted every few records as read() does).
 *
 * Stock and the series may differ only where the intentional differences
 * of docs/design.md say so, listed in testing/differences.  A model
 * (wrap-model.c) computes, from the state before the call, what stock does
 * and what the series must do; the fixes it applies for the series are the
 * differences, by their IDs (-F, default all):
 *   D1c  the dynamic char major is the highest free major in 254..234
 *        then 511..384; stock skips a major in 234..254 whose hash slot is
 *        taken by the major 255 above it
 *   D1b  the dynamic block major is the highest free one in 254..1; stock
 *        skips N while N + 255 (or 510) is held
 *   D2t  register_chrdev_region() of a range that reaches 2^32 is refused
 *        with -EINVAL, no message, before anything is registered; stock
 *        wraps, holds nothing and returns 0
 *   D2m  __register_chrdev_region() refuses a baseminor > MINORMASK with
 *        the minor range message; stock passes it by unsigned wrap
 *   D4   register_chrdev_region(MKDEV(0, m), ...) is refused with -EINVAL,
 *        no message, before anything is registered; stock takes a dynamic
 *        major for the first piece (and keeps it when a later one fails)
 *   D3   a release whose walk reaches major 4095 ends there, at the end of
 *        its range; stock never returns (not run: the model says so
 *        first).  A range past 2^32 releases nothing on either side
 * When the model's stock and series outcomes are the same, the two sides
 * must agree exactly, whatever the model says (and stock must match the
 * model there too, unless -m).  When they differ, the series must produce
 * the model's series outcome and stock the model's stock outcome, exactly;
 * then stock's state is brought to the series' (extra pieces released,
 * missing ones reserved at the same place) so that the next call starts
 * from the same state on both sides.  Anything else is a failure, printed
 * with the seed, the step, both outcomes and a command that reproduces it.
 *
 * The parts: this file (the state, the run context the sides call back
 * into, the calls, one call and main), wrap-model.c (the model),
 * wrap-compare.c (comparing outcomes, statistics, resync) and wrap-gen.c
 * (generating the calls); wrap.h holds what they share.
 */
#include "wrap.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The differences' IDs (-F) and rule names, from testing/differences (wrap.h). */
static const char *const fix_names[NDIFF] = {
#define DIFF(id, name, what) name,
#include "differences.h"
#undef DIFF
};
const char *const rule_names[NDIFF] = {
#define DIFF(id, name, what) what,
#include "differences.h"
#undef DIFF
};

/* ---------------------------------------------------------------- state */

void st_copy(struct state *d, const struct state *s)
{
	d->nc = s->nc;
	d->nb = s->nb;
	memcpy(d->c, s->c, s->nc * sizeof(s->c[0]));
	memcpy(d->b, s->b, s->nb * sizeof(s->b[0]));
}

bool piece_eq(const struct fz_piece *x, const struct fz_piece *y)
{
	return x->major == y->major && x->baseminor == y->baseminor &&
	       x->count == y->count && !strcmp(x->name, y->name) &&
	       x->has_cdev == y->has_cdev &&
	       (!x->has_cdev || (x->cdev_dev == y->cdev_dev &&
				 x->cdev_count == y->cdev_count));
}

bool bmaj_eq(const struct fz_bmaj *x, const struct fz_bmaj *y)
{
	return x->major == y->major && x->minor == y->minor &&
	       x->count == y->count && !strcmp(x->name, y->name) &&
	       x->has_probe == y->has_probe;
}

/* -1 if the same, else the index of the first difference. */
int char_diff(const struct state *x, const struct state *y)
{
	int i;

	for (i = 0; i < x->nc && i < y->nc; i++)
		if (!piece_eq(&x->c[i], &y->c[i]))
			return i;
	return x->nc == y->nc ? -1 : i;
}

int block_diff(const struct state *x, const struct state *y)
{
	int i;

	for (i = 0; i < x->nb && i < y->nb; i++)
		if (!bmaj_eq(&x->b[i], &y->b[i]))
			return i;
	return x->nb == y->nb ? -1 : i;
}

/* Append "%3d %s\n" of @major and @name to @buf (by hand: snprintf under
 * ASan costs more than the rest of a call). */
static size_t put_line(char *buf, size_t n, size_t size, unsigned int major, const char *name)
{
	char num[12];
	int len = 0, i;
	size_t nl = strlen(name);

	do
		num[len++] = '0' + major % 10;
	while (major /= 10);
	if (n + 4 + len + nl + 1 >= size) {
		fprintf(stderr, "render: buffer too small\n");
		exit(2);
	}
	for (i = len; i < 3; i++)
		buf[n++] = ' ';
	while (len)
		buf[n++] = num[--len];
	buf[n++] = ' ';
	memcpy(buf + n, name, nl);
	n += nl;
	buf[n++] = '\n';
	buf[n] = '\0';
	return n;
}

/* /proc/devices as it must read for @s (docs/design.md). */
size_t render(const struct state *s, char *buf, size_t size)
{
	static const char ch[] = "Character devices:\n", bl[] = "\nBlock devices:\n";
	size_t n = 0;
	int i;

	memcpy(buf, ch, sizeof(ch));
	n = sizeof(ch) - 1;
	for (i = 0; i < s->nc; i++)
		n = put_line(buf, n, size, s->c[i].major, s->c[i].name);
	memcpy(buf + n, bl, sizeof(bl));
	n += sizeof(bl) - 1;
	for (i = 0; i < s->nb; i++)
		n = put_line(buf, n, size, s->b[i].major, s->b[i].name);
	return n;
}

/* ------------------------------------------------------- run context */

static const char *argv0;
unsigned long seed, step;
static unsigned int fixes = F_ALL;
static bool model_check = true, verbose;
bool faults = true;
char what[512];			/* the call being made */
const char *side = "-";		/* which side is running */
struct outcome *cur;		/* where printk and events go */
static int fail_nth, nalloc, cdev_err;
int locks_held;
/*
 * Locks one call has taken: a walk of every major (4096) takes fewer than
 * CALL_LOCKS_MAX, so a call that takes more goes round for ever.
 */
static unsigned long call_locks;
#define CALL_LOCKS_MAX	(3UL << 12)
static const char *held_names[8];	/* the locks held now, in order */
bool in_proc;
struct outcome scratch;

void repro_line(void)
{
	char f[64] = "";

	if (fixes != F_ALL) {
		size_t n = 0;

		for (int i = 0; i < NDIFF; i++)
			if (fixes & 1 << i)
				n += snprintf(f + n, sizeof(f) - n, "%s%s", n ? "," : " -F ",
					      fix_names[i]);
		if (!n)
			snprintf(f, sizeof(f), " -F none");
	}
	fprintf(stderr, "reproduce: %s -s %lu -n %lu%s%s%s -v\n", argv0, seed, step + 1, f,
		faults ? "" : " -f", model_check ? "" : " -m");
}

void fz_fatal(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "FAIL wrap seed %lu op %lu (%s side): %s: ", seed, step, side, what);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	repro_line();
	exit(1);
}

void log_append(struct outcome *o, const char *s)
{
	size_t n = strlen(s);

	if (o->loglen + n >= LOGSZ)
		n = LOGSZ - 1 - o->loglen;
	memcpy(o->log + o->loglen, s, n);
	o->loglen += n;
	o->log[o->loglen] = '\0';
}

/* A message as "<L>text", L its KERN_ level or d for the default. */
void log_msg(struct outcome *o, const char *buf)
{
	char head[4] = "<d>";

	if (buf[0] == '\001' && buf[1]) {
		head[1] = buf[1];
		buf += 2;
	}
	log_append(o, head);
	log_append(o, buf);
}

void fz_printk(const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	log_msg(cur, buf);
}

void fz_event(const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	buf[0] = '@';
	vsnprintf(buf + 1, sizeof(buf) - 2, fmt, ap);
	va_end(ap);
	strcat(buf, "\n");
	log_append(cur, buf);
}

void fz_warn(const char *file, int line)
{
	cur->warns++;
}

void *fz_alloc(size_t size, int zero)
{
	void *p;

	if (fail_nth && ++nalloc == fail_nth)
		return NULL;
	p = malloc(size);
	if (!p)
		abort();
	memset(p, zero ? 0 : 0xa5, size);	/* kmalloc(): garbage */
	return p;
}

void fz_free(const void *p)
{
	free((void *)p);
}

/* make bench's maple alternative: its tree's own lock is the spinlock's */
static const char *lock_name(const char *name)
{
	return strcmp(name, "&major_names") ? name : "major_names_spinlock";
}

void fz_lock(int *locked, const char *name)
{
	name = lock_name(name);
	if (*locked)
		fz_fatal("%s taken while held (a deadlock in the kernel)", name);
	*locked = 1;
	if (++call_locks > CALL_LOCKS_MAX)
		fz_fatal("%s taken %lu times in one call: it never returns", name, call_locks);
	if (locks_held < (int)ARRAY_SIZE(held_names))
		held_names[locks_held] = name;
	locks_held++;
	if (in_proc) {
		static const char *last;

		cur->nlocks++;
		if (cur->nlocks > 1 && name == last)
			return;
		last = name;
		if (!strstr(cur->locks, name) && strlen(cur->locks) + strlen(name) + 2 < sizeof(cur->locks)) {
			strcat(cur->locks, name);
			strcat(cur->locks, " ");
		}
	}
}

void fz_unlock(int *locked, const char *name)
{
	name = lock_name(name);
	if (!*locked)
		fz_fatal("%s released while not held", name);
	*locked = 0;
	locks_held--;
	for (int i = 0; i < locks_held && i + 1 < (int)ARRAY_SIZE(held_names); i++)
		if (held_names[i] == name)
			held_names[i] = held_names[i + 1], held_names[i + 1] = name;
}

/* The lock holds are the native benchmark's; nothing here watches them. */
void fz_hold_watch(int on, unsigned long long max[2])
{
	if (!on)
		max[0] = max[1] = 0;
}

unsigned long long fz_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int fz_cdev_add_result(void)
{
	return cdev_err;
}

/* Live cdevs, so that one leaked by a caller (as in the kernel) is still
 * reachable and LeakSanitizer reports only what the code under test loses. */
static void **cdevs;
static size_t ncdevs, cdevs_size;

void fz_cdev_track(void *cdev, int live)
{
	size_t i;

	if (live) {
		if (ncdevs == cdevs_size) {
			cdevs_size = cdevs_size ? 2 * cdevs_size : 256;
			cdevs = realloc(cdevs, cdevs_size * sizeof(*cdevs));
		}
		cdevs[ncdevs++] = cdev;
		return;
	}
	for (i = 0; i < ncdevs; i++)
		if (cdevs[i] == cdev) {
			cdevs[i] = cdevs[--ncdevs];
			return;
		}
	fz_fatal("cdev %p freed twice or never allocated", cdev);
}

/* The probe: says which locks it was called under (stock: the mutex). */
void fz_probe_fn(unsigned int devt)
{
	char held[128] = "";

	for (int i = 0; i < locks_held && i < (int)ARRAY_SIZE(held_names); i++)
		snprintf(held + strlen(held), sizeof(held) - strlen(held), " %s", held_names[i]);
	fz_event("probe %#x under%s", devt, locks_held ? held : " no lock");
}

/* ------------------------------------------------------------ the calls */

static const char *const kind_names[] = {
	"register_chrdev_region", "alloc_chrdev_region", "unregister_chrdev_region",
	"__register_chrdev_region", "__unregister_chrdev_region",
	"__register_chrdev", "__unregister_chrdev", "__register_blkdev",
	"unregister_blkdev", "blk_probe_dev",
};

static void describe(const struct call *c)
{
	size_t n = 0;

	switch (c->k) {
	case K_REG_REGION:
		n = snprintf(what, sizeof(what), "register_chrdev_region(%#x, %#x, \"%s\")", c->a, c->b, c->name);
		break;
	case K_ALLOC:
		n = snprintf(what, sizeof(what), "alloc_chrdev_region(&dev, %#x, %#x, \"%s\")", c->a, c->b, c->name);
		break;
	case K_UNREG_REGION:
		n = snprintf(what, sizeof(what), "unregister_chrdev_region(%#x, %#x)", c->a, c->b);
		break;
	case K_REGION:
		n = snprintf(what, sizeof(what), "__register_chrdev_region(%u, %#x, %d, \"%s\")", c->a, c->b, (int)c->c, c->name);
		break;
	case K_UNREGION:
		n = snprintf(what, sizeof(what), "kfree(__unregister_chrdev_region(%u, %#x, %d))", c->a, c->b, (int)c->c);
		break;
	case K_REG_CHRDEV:
		n = snprintf(what, sizeof(what), "__register_chrdev(%u, %#x, %#x, \"%s\", &fops)", c->a, c->b, c->c, c->name);
		break;
	case K_UNREG_CHRDEV:
		n = snprintf(what, sizeof(what), "__unregister_chrdev(%u, %#x, %#x, \"%s\")", c->a, c->b, c->c, c->name);
		break;
	case K_REG_BLK:
		n = snprintf(what, sizeof(what), "__register_blkdev(%u, \"%s\", %s)", c->a, c->name, c->probe ? "probe" : "NULL");
		break;
	case K_UNREG_BLK:
		n = snprintf(what, sizeof(what), "unregister_blkdev(%u, \"%s\")", c->a, c->name);
		break;
	case K_PROBE:
		n = snprintf(what, sizeof(what), "blk_probe_dev(%#x)", c->a);
		break;
	default:
		break;
	}
	if (c->fail_nth && n < sizeof(what))
		n += snprintf(what + n, sizeof(what) - n, " [allocation %d fails]", c->fail_nth);
	if (c->cdev_err && n < sizeof(what))
		snprintf(what + n, sizeof(what) - n, " [cdev_add() returns %d]", c->cdev_err);
}

/* an outcome before its call: nothing returned, logged or warned */
void outcome_clear(struct outcome *o)
{
	o->ret = 0;
	o->dev = SENTINEL;
	o->hang = false;
	o->warns = 0;
	o->loglen = 0;
	o->log[0] = '\0';
}

void dump_side(const struct fz_ops *ops, struct outcome *o)
{
	o->st.nc = ops->char_dump(o->st.c, MAXC);
	o->st.nb = ops->block_dump(o->st.b, MAXB);
}

static void proc_side(const struct fz_ops *ops, struct outcome *o, unsigned int restart)
{
	o->locks[0] = '\0';
	o->nlocks = 0;
	in_proc = true;
	o->proclen = ops->proc(o->proc, PROCSZ, restart);
	in_proc = false;
	if (locks_held)
		fz_fatal("/proc/devices left a lock held");
}

static void run_side(const struct fz_ops *ops, const char *name,
		     const struct call *c, struct outcome *o)
{
	unsigned int dev = SENTINEL;

	side = name;
	cur = o;
	outcome_clear(o);
	fail_nth = c->fail_nth;
	nalloc = 0;
	cdev_err = c->cdev_err;
	call_locks = 0;
	switch (c->k) {
	case K_REG_REGION:
		o->ret = ops->register_chrdev_region(c->a, c->b, c->name);
		break;
	case K_ALLOC:
		o->ret = ops->alloc_chrdev_region(&dev, c->a, c->b, c->name);
		o->dev = dev;
		break;
	case K_UNREG_REGION:
		ops->unregister_chrdev_region(c->a, c->b);
		break;
	case K_REGION:
		o->ret = ops->region(c->a, c->b, (int)c->c, c->name, &dev);
		o->dev = dev;
		break;
	case K_UNREGION:
		o->ret = ops->unregion(c->a, c->b, (int)c->c);
		break;
	case K_REG_CHRDEV:
		o->ret = ops->register_chrdev(c->a, c->b, c->c, c->name);
		break;
	case K_UNREG_CHRDEV:
		ops->unregister_chrdev(c->a, c->b, c->c, c->name);
		break;
	case K_REG_BLK:
		o->ret = ops->register_blkdev(c->a, c->name, c->probe);
		break;
	case K_UNREG_BLK:
		ops->unregister_blkdev(c->a, c->name);
		break;
	case K_PROBE:
		o->ret = ops->probe_dev(c->a);
		break;
	default:
		abort();
	}
	fail_nth = 0;
	cdev_err = 0;
	if (locks_held)
		fz_fatal("the call returned with a lock held");
	dump_side(ops, o);
	proc_side(ops, o, c->restart);
	side = "-";
}

/* ------------------------------------------------------------ one call */

static struct outcome p_stock, p_series, p_one;	/* the model's */

/* /proc/devices of @o must list @o's reservations in the format of docs/design.md. */
static void check_proc(const struct outcome *o, const char *why, const char *rules,
		       const char *label)
{
	static struct outcome exp;

	exp.proclen = render(&o->st, exp.proc, PROCSZ);
	if (exp.proclen == o->proclen && !memcmp(exp.proc, o->proc, o->proclen))
		return;
	exp.ret = o->ret;		/* all else as @o: only /proc/devices differs */
	exp.dev = o->dev;
	exp.hang = false;
	exp.warns = o->warns;
	exp.loglen = o->loglen;
	memcpy(exp.log, o->log, o->loglen + 1);
	st_copy(&exp.st, &o->st);
	failure(why, rules, label, o, "expected", &exp);
}

void do_call(struct call *c)
{
	const char *d;
	char rules[512];
	unsigned int diffbits = 0;
	bool rule;

	describe(c);
	if (verbose)
		fprintf(stderr, "op %lu: %s\n", step, what);
	run_model(&now, c, 0, &p_stock);
	run_model(&now, c, fixes, &p_series);
	if (p_series.hang) {		/* only without D3 */
		st.hang_skipped++;
		return;
	}
	rule = outcome_diff(&p_stock, &p_series, false) != NULL;
	if (rule) {
		for (int i = 0; i < NDIFF; i++) {
			if (!(fixes & 1 << i))
				continue;
			run_model(&now, c, 1 << i, &p_one);
			if (outcome_diff(&p_stock, &p_one, false))
				diffbits |= 1 << i;
		}
		names_of(diffbits, rules, sizeof(rules));
		if (!diffbits)
			snprintf(rules, sizeof(rules), "several together");
	} else {
		snprintf(rules, sizeof(rules), "none: stock and the series must agree");
	}

	run_side(series, "series", c, &o_series);
	if (!p_stock.hang)
		run_side(stock, "stock", c, &o_stock);

	st.ops++;
	st.kind[c->k]++;
	if (o_series.ret >= 0 && !(c->k == K_UNREGION && !o_series.ret))
		st.kind_ok[c->k]++;
	st.msgs += !!o_series.loglen;
	st.warns += o_series.warns;
	st.injected += c->fail_nth || c->cdev_err;
	st.cdev_events += !!strchr(o_series.log, '@');
	st.proc_reads++;
	st.proc_locks += o_series.nlocks;

	/* each side's /proc/devices is its own state, as docs/design.md words it */
	if (!p_stock.hang)
		check_proc(&o_stock, "stock's /proc/devices does not list its reservations (harness bug?)",
			   rules, "stock");
	check_proc(&o_series, "the series' /proc/devices does not list its reservations as stock's would",
		   rules, "series");

	if (!rule) {
		d = outcome_diff(&o_stock, &o_series, true);
		if (d) {
			char why[128];

			snprintf(why, sizeof(why), "stock and the series differ in the %s", d);
			failure(why, rules, "stock", &o_stock, "series", &o_series);
		}
		if (strcmp(o_stock.locks, o_series.locks))
			failure("/proc/devices takes other locks than stock's", rules,
				"stock", &o_stock, "series", &o_series);
		if (model_check && (d = outcome_diff(&o_stock, &p_stock, false))) {
			char why[160];

			snprintf(why, sizeof(why), "stock and the model differ in the %s (a bug in the model: wrap-model.c)", d);
			failure(why, rules, "stock", &o_stock, "model", &p_stock);
		}
	} else {
		for (int i = 0; i < NDIFF; i++)
			if (diffbits & 1 << i)
				st.rule[i]++;
		st.rule_ops++;
		d = outcome_diff(&o_series, &p_series, false);
		if (d) {
			char why[160];

			snprintf(why, sizeof(why), "the series is not what the rule allows: %s", d);
			failure(why, rules, "series", &o_series, "rule says", &p_series);
		}
		if (!p_stock.hang && (d = outcome_diff(&o_stock, &p_stock, false))) {
			char why[160];

			snprintf(why, sizeof(why), "stock is not what the rule says of it: %s (a bug in the model: wrap-model.c)", d);
			failure(why, rules, "stock", &o_stock, "rule says", &p_stock);
		}
		if (verbose)
			fprintf(stderr, "  rule: %s\n", rules);
		resync();
	}
	/* lockstep */
	if (!rule && (char_diff(&o_stock.st, &o_series.st) >= 0 ||
		      block_diff(&o_stock.st, &o_series.st) >= 0))
		failure("the two sides' states differ", rules, "stock", &o_stock, "series", &o_series);
	st_copy(&now, &o_series.st);
	if ((unsigned long)now.nc > st.max_c)
		st.max_c = now.nc;
	if ((unsigned long)now.nb > st.max_b)
		st.max_b = now.nb;
}

/* ------------------------------------------------------------ main */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static unsigned int parse_fixes(const char *s)
{
	unsigned int f = 0;
	char buf[128], *tok, *save;

	if (!strcmp(s, "all"))
		return F_ALL;
	if (!strcmp(s, "none"))
		return 0;
	snprintf(buf, sizeof(buf), "%s", s);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int i;

		for (i = 0; i < NDIFF && strcmp(tok, fix_names[i]); i++)
			;
		if (i == NDIFF) {
			fprintf(stderr, "unknown fix %s (", tok);
			for (i = 0; i < NDIFF; i++)
				fprintf(stderr, "%s ", fix_names[i]);
			fprintf(stderr, "all none)\n");
			exit(2);
		}
		f |= 1 << i;
	}
	return f;
}

int main(int argc, char **argv)
{
	unsigned long first_seed = 1, ops = 3000;
	double secs = 0, t0, t;
	char rules[600];
	size_t n = 0;
	int c;

	argv0 = argv[0];
	while ((c = getopt(argc, argv, "s:n:t:F:fmv")) != -1) {
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
		case 'F':
			fixes = parse_fixes(optarg);
			break;
		case 'f':
			faults = false;
			break;
		case 'm':
			model_check = false;
			break;
		case 'v':
			verbose = true;
			break;
		default:
			fprintf(stderr, "usage: %s [-s SEED] [-n OPS] [-t SECONDS] [-F FIXES] [-f] [-m] [-v]\n", argv0);
			return 2;
		}
	}
	t0 = now_s();
	seed = first_seed;
	do {
		rng = seed * 0x2545f4914f6cdd1dULL + 1;
		step = 0;
		run(ops);
		st.seeds++;
		seed++;
	} while (secs > 0 && now_s() - t0 < secs);
	t = now_s() - t0;
	for (int i = 0; i < NDIFF; i++)
		if (fixes & 1 << i)
			n += snprintf(rules + n, sizeof(rules) - n, "%s%s %lu", n ? ", " : "",
				      fix_names[i], st.rule[i]);
	printf("wrap: ok: %lu calls, %lu seeds (%lu..%lu) of %lu, %.0f calls/s; rules fired on %lu calls (%s), %lu resyncs%s; %lu calls printed, %lu WARNs, %lu faults injected, %lu cdev calls; up to %lu char and %lu block reservations; %.1f lock takings per /proc/devices read in the series; %lu reads in pieces, %lu with a change between two, %lu in the majors a read of a page passed; %lu reads stopped on a full buffer\n",
	       st.ops, st.seeds, first_seed, seed - 1, ops, st.ops / (t > 0 ? t : 1),
	       st.rule_ops, n ? rules : "no rules", st.resyncs,
	       st.hang_skipped ? " (calls that would hang skipped)" : "",
	       st.msgs, st.warns, st.injected, st.cdev_events, st.max_c, st.max_b,
	       (double)st.proc_locks / (st.proc_reads ? st.proc_reads : 1), st.pieces,
	       st.pieces_changed, st.pieces_gap, st.pieces_full);
	printf("wrap: calls (succeeded): ");
	for (int i = 0; i < NKINDS; i++)
		printf("%s%s %lu (%lu)", i ? ", " : "", kind_names[i], st.kind[i], st.kind_ok[i]);
	printf("\n");
	return 0;
}
