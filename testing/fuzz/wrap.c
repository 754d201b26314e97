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
 * of docs/design.md say so, listed in testing/differences.  A model (below)
 * computes, from the state before the call, what stock does and what the
 * series must do; the fixes it applies for the series are the differences,
 * by their IDs (-F, default all):
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
 */
#include "fz.h"

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)
#define MAJOR(d)	((unsigned int)((d) >> MINORBITS))
#define MINOR(d)	((unsigned int)((d) & MINORMASK))
#define MKDEV(ma, mi)	(((unsigned int)(ma) << MINORBITS) | (unsigned int)(mi))
#define CHR_MAX		512
#define BLK_MAX		512
#define MAXC		1400		/* char reservations at most */
#define MAXB		512
#define LOGSZ		(1 << 16)
#define PROCSZ		(1 << 18)
#define SENTINEL	0xdeadbeefU
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * The differences, from testing/differences: build.sh writes differences.h,
 * one DIFF(ID, "Id", "what") line each.  The model below knows six; a
 * table with another count does not build until the model follows it.
 */
enum {
#define DIFF(id, name, what) B_##id,
#include "differences.h"
#undef DIFF
	NDIFF
};
enum {
#define DIFF(id, name, what) F_##id = 1 << B_##id,
#include "differences.h"
#undef DIFF
	F_ALL = (1 << NDIFF) - 1,
};
_Static_assert(NDIFF == 6, "testing/differences changed: teach wrap.c's model the change");
static const char *const fix_names[NDIFF] = {
#define DIFF(id, name, what) name,
#include "differences.h"
#undef DIFF
};
static const char *const rule_names[NDIFF] = {
#define DIFF(id, name, what) what,
#include "differences.h"
#undef DIFF
};

/* ---------------------------------------------------------------- state */

struct state {
	int nc, nb;
	struct fz_piece c[MAXC];
	struct fz_bmaj b[MAXB];
};

struct outcome {
	int ret;
	unsigned int dev;	/* *dev of alloc_chrdev_region, the major of a region */
	bool hang;		/* the model: this call never returns */
	int warns;
	size_t loglen;
	char log[LOGSZ];
	struct state st;
	size_t proclen;
	char proc[PROCSZ];
	char locks[256];	/* the locks /proc/devices took */
	unsigned int nlocks;	/* how many times */
};

static void st_copy(struct state *d, const struct state *s)
{
	d->nc = s->nc;
	d->nb = s->nb;
	memcpy(d->c, s->c, s->nc * sizeof(s->c[0]));
	memcpy(d->b, s->b, s->nb * sizeof(s->b[0]));
}

static bool piece_eq(const struct fz_piece *x, const struct fz_piece *y)
{
	return x->major == y->major && x->baseminor == y->baseminor &&
	       x->count == y->count && !strcmp(x->name, y->name) &&
	       x->has_cdev == y->has_cdev &&
	       (!x->has_cdev || (x->cdev_dev == y->cdev_dev &&
				 x->cdev_count == y->cdev_count));
}

static bool bmaj_eq(const struct fz_bmaj *x, const struct fz_bmaj *y)
{
	return x->major == y->major && x->minor == y->minor &&
	       x->count == y->count && !strcmp(x->name, y->name) &&
	       x->has_probe == y->has_probe;
}

/* -1 if the same, else the index of the first difference. */
static int char_diff(const struct state *x, const struct state *y)
{
	int i;

	for (i = 0; i < x->nc && i < y->nc; i++)
		if (!piece_eq(&x->c[i], &y->c[i]))
			return i;
	return x->nc == y->nc ? -1 : i;
}

static int block_diff(const struct state *x, const struct state *y)
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
static size_t render(const struct state *s, char *buf, size_t size)
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
static unsigned long seed, step;
static unsigned int fixes = F_ALL;
static bool model_check = true, verbose, faults = true;
static char what[512];			/* the call being made */
static const char *side = "-";		/* which side is running */
static struct outcome *cur;		/* where printk and events go */
static int fail_nth, nalloc, cdev_err;
static int locks_held;
/*
 * Locks one call has taken: a walk of every major (4096) takes fewer than
 * CALL_LOCKS_MAX, so a call that takes more goes round for ever.
 */
static unsigned long call_locks;
#define CALL_LOCKS_MAX	(3UL << 12)
static const char *held_names[8];	/* the locks held now, in order */
static bool in_proc;
static struct outcome scratch;

static void repro_line(void)
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

static void log_append(struct outcome *o, const char *s)
{
	size_t n = strlen(s);

	if (o->loglen + n >= LOGSZ)
		n = LOGSZ - 1 - o->loglen;
	memcpy(o->log + o->loglen, s, n);
	o->loglen += n;
	o->log[o->loglen] = '\0';
}

/* A message as "<L>text", L its KERN_ level or d for the default. */
static void log_msg(struct outcome *o, const char *buf)
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

enum kind {
	K_REG_REGION, K_ALLOC, K_UNREG_REGION, K_REGION, K_UNREGION,
	K_REG_CHRDEV, K_UNREG_CHRDEV, K_REG_BLK, K_UNREG_BLK, K_PROBE, NKINDS
};
static const char *const kind_names[] = {
	"register_chrdev_region", "alloc_chrdev_region", "unregister_chrdev_region",
	"__register_chrdev_region", "__unregister_chrdev_region",
	"__register_chrdev", "__unregister_chrdev", "__register_blkdev",
	"unregister_blkdev", "blk_probe_dev",
};

struct call {
	enum kind k;
	unsigned int a, b, c;
	char name[96];
	int probe;
	int fail_nth, cdev_err;
	unsigned int restart;
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

static void dump_side(const struct fz_ops *ops, struct outcome *o)
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
	o->ret = 0;
	o->dev = SENTINEL;
	o->hang = false;
	o->warns = 0;
	o->loglen = 0;
	o->log[0] = '\0';
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

/* ------------------------------------------------------------ the model */

/*
 * Stock 7.3's registration code, rewritten in plain terms over struct
 * state (reservations in /proc/devices order), with each intentional
 * difference of the series behind its own bit of x->fixes.  Messages are
 * stock's, word for word.
 */
struct mctx {
	unsigned int fixes;
	int nalloc;
	const struct call *c;
	struct outcome *o;
	bool cused[CHR_MAX], bused[BLK_MAX];
};

static __attribute__((format(printf, 3, 4)))
void m_log(struct mctx *x, char level, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	buf[0] = '\001';
	buf[1] = level;
	va_start(ap, fmt);
	vsnprintf(buf + 2, sizeof(buf) - 2, fmt, ap);
	va_end(ap);
	log_msg(x->o, level == 'd' ? buf + 2 : buf);
}

static __attribute__((format(printf, 2, 3)))
void m_event(struct mctx *x, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	buf[0] = '@';
	va_start(ap, fmt);
	vsnprintf(buf + 1, sizeof(buf) - 2, fmt, ap);
	va_end(ap);
	strcat(buf, "\n");
	log_append(x->o, buf);
}

static bool m_alloc(struct mctx *x)
{
	return !(x->c->fail_nth && ++x->nalloc == x->c->fail_nth);
}

static void m_used(struct mctx *x)
{
	const struct state *s = &x->o->st;
	int i;

	memset(x->cused, 0, sizeof(x->cused));
	memset(x->bused, 0, sizeof(x->bused));
	for (i = 0; i < s->nc; i++)
		if (s->c[i].major < CHR_MAX)
			x->cused[s->c[i].major] = true;
	for (i = 0; i < s->nb; i++)
		if (s->b[i].major < BLK_MAX)
			x->bused[s->b[i].major] = true;
}

/* stock: 254..234 by hash slot (majors i and i + 255), then 511..384 by
 * major; D1c: both by major */
static int m_dyn_char(struct mctx *x)
{
	int i;

	m_used(x);
	for (i = 254; i >= 234; i--)
		if (!x->cused[i] && ((x->fixes & F_D1C) || !x->cused[i + 255]))
			return i;
	for (i = 511; i >= 384; i--)
		if (!x->cused[i])
			return i;
	return -EBUSY;
}

/* stock: 254..1 by hash slot (majors i, i + 255, i + 510); D1b: by major */
static int m_dyn_block(struct mctx *x)
{
	int i;

	m_used(x);
	for (i = 254; i > 0; i--)
		if (!x->bused[i] && ((x->fixes & F_D1B) ||
				     (!x->bused[i + 255] && (i + 510 >= BLK_MAX || !x->bused[i + 510]))))
			return i;
	return -EBUSY;
}

/* __register_chrdev_region(): 0 and the major in *got and the index of
 * the new piece in *idx, or -errno. */
static int m_region(struct mctx *x, unsigned int major, unsigned int baseminor,
		    int minorct, const char *name, unsigned int *got, int *idx)
{
	struct state *s = &x->o->st;
	struct fz_piece *p;
	int i, d;

	if (major >= CHR_MAX) {
		m_log(x, '3', "CHRDEV \"%s\" major requested (%u) is greater than the maximum (%u)\n",
		      name, major, CHR_MAX - 1);
		return -EINVAL;
	}
	if (((x->fixes & F_D2M) && baseminor > MINORMASK) ||
	    (unsigned int)minorct > MINORMASK + 1 - baseminor) {
		m_log(x, '3', "CHRDEV \"%s\" minor range requested (%u-%u) is out of range of maximum range (%u-%u) for a single major\n",
		      name, baseminor, baseminor + minorct - 1, 0, MINORMASK);
		return -EINVAL;
	}
	if (!m_alloc(x))
		return -ENOMEM;
	if (major == 0) {
		d = m_dyn_char(x);
		if (d < 0) {
			m_log(x, '3', "CHRDEV \"%s\" dynamic allocation region is full\n", name);
			return d;
		}
		major = d;
	}
	/* stock's walk of the major's pieces, in unsigned arithmetic */
	for (i = 0; i < s->nc; i++) {
		p = &s->c[i];
		if (p->major < major)
			continue;
		if (p->major > major)
			break;
		if (p->baseminor + p->count <= baseminor)
			continue;
		if (p->baseminor >= baseminor + (unsigned int)minorct)
			break;
		return -EBUSY;
	}
	if (s->nc == MAXC) {
		fprintf(stderr, "model: more than %d reservations\n", MAXC);
		exit(2);
	}
	memmove(&s->c[i + 1], &s->c[i], (s->nc - i) * sizeof(s->c[0]));
	s->nc++;
	p = &s->c[i];
	memset(p, 0, sizeof(*p));
	p->major = major;
	p->baseminor = baseminor;
	p->count = minorct;
	snprintf(p->name, sizeof(p->name), "%s", name);
	*got = major;
	*idx = i;
	return 0;
}

/* __unregister_chrdev_region(): the first piece that is exactly this. */
static bool m_unregion(struct mctx *x, unsigned int major, unsigned int baseminor,
		       int minorct, struct fz_piece *out)
{
	struct state *s = &x->o->st;
	int i;

	for (i = 0; i < s->nc; i++) {
		struct fz_piece *p = &s->c[i];

		if (p->major == major && p->baseminor == baseminor &&
		    p->count == (unsigned int)minorct) {
			if (out)
				*out = *p;
			memmove(p, p + 1, (s->nc - i - 1) * sizeof(*p));
			s->nc--;
			return true;
		}
	}
	return false;
}

static uint64_t next_major(uint64_t n, bool wide)
{
	return wide ? (uint64_t)(MAJOR(n) + 1) << MINORBITS
		    : (uint32_t)((MAJOR(n) + 1) << MINORBITS);
}

static int m_register_chrdev_region(struct mctx *x, uint32_t from, uint32_t count,
				    const char *name)
{
	uint32_t to = from + count;
	unsigned int got;
	uint32_t n, next;
	int ret = 0, idx;

	if ((x->fixes & F_D4) && !MAJOR(from))
		return -EINVAL;
	if ((x->fixes & F_D2T) && (uint64_t)from + count > UINT32_MAX)
		return -EINVAL;
	for (n = from; n < to; n = next) {
		next = next_major(n, false);
		if (next > to)
			next = to;
		ret = m_region(x, MAJOR(n), MINOR(n), (int)(next - n), name, &got, &idx);
		if (ret < 0)
			goto fail;
	}
	return 0;
fail:
	to = n;
	for (n = from; n < to; n = next) {
		next = next_major(n, false);
		m_unregion(x, MAJOR(n), MINOR(n), (int)(next - n), NULL);
	}
	return ret;
}

static void m_unregister_chrdev_region(struct mctx *x, uint32_t from, uint32_t count)
{
	uint32_t n, next, to = from + count;

	for (n = from; n < to; n = next) {
		next = next_major(n, false);
		if (!next) {			/* MKDEV(4096, 0) is 0 */
			if (!(x->fixes & F_D3)) {
				x->o->hang = true;	/* stock goes round for ever */
				return;
			}
			next = to;
		}
		if (next > to)
			next = to;
		m_unregion(x, MAJOR(n), MINOR(n), (int)(next - n), NULL);
	}
}

static int m_register_chrdev(struct mctx *x, unsigned int major, unsigned int baseminor,
			     unsigned int count, const char *name)
{
	unsigned int got, dev;
	int ret, idx, err;

	ret = m_region(x, major, baseminor, (int)count, name, &got, &idx);
	if (ret < 0)
		return ret;
	if (!m_alloc(x)) {		/* cdev_alloc() */
		err = -ENOMEM;
		goto out2;
	}
	dev = MKDEV(got, baseminor);
	m_event(x, "cdev_add %#x %u", dev, count);
	if (x->c->cdev_err) {
		m_event(x, "cdev_put %#x %u", dev, count);
		err = x->c->cdev_err;
		goto out2;
	}
	x->o->st.c[idx].has_cdev = 1;
	x->o->st.c[idx].cdev_dev = dev;
	x->o->st.c[idx].cdev_count = count;
	return major ? 0 : (int)got;
out2:
	m_unregion(x, got, baseminor, (int)count, NULL);
	return err;
}

static void m_unregister_chrdev(struct mctx *x, unsigned int major, unsigned int baseminor,
				unsigned int count)
{
	struct fz_piece p;

	if (m_unregion(x, major, baseminor, (int)count, &p) && p.has_cdev)
		m_event(x, "cdev_del %#x %u", p.cdev_dev, p.cdev_count);
}

static int m_bfind(const struct state *s, unsigned int major)
{
	for (int i = 0; i < s->nb; i++)
		if (s->b[i].major == major)
			return i;
	return -1;
}

static int m_register_blkdev(struct mctx *x, unsigned int major, const char *name, int probe)
{
	struct state *s = &x->o->st;
	struct fz_bmaj *b;
	int ret = 0, i;

	if (major == 0) {
		ret = m_dyn_block(x);
		if (ret < 0) {
			m_log(x, 'd', "%s: failed to get major for %s\n", "__register_blkdev", name);
			return -EBUSY;
		}
		major = ret;
	}
	if (major >= BLK_MAX) {
		m_log(x, '3', "%s: major requested (%u) is greater than the maximum (%u) for %s\n",
		      "__register_blkdev", major, BLK_MAX - 1, name);
		return -EINVAL;
	}
	if (!m_alloc(x))
		return -ENOMEM;
	if (m_bfind(s, major) >= 0) {
		m_log(x, 'd', "register_blkdev: cannot get major %u for %s\n", major, name);
		return -EBUSY;
	}
	for (i = 0; i < s->nb && s->b[i].major < major; i++)
		;
	memmove(&s->b[i + 1], &s->b[i], (s->nb - i) * sizeof(s->b[0]));
	s->nb++;
	b = &s->b[i];
	memset(b, 0, sizeof(*b));
	b->major = major;
	b->count = MINORMASK + 1;
	snprintf(b->name, sizeof(b->name), "%s", name);
	b->has_probe = probe;
	return ret;
}

static void m_unregister_blkdev(struct mctx *x, unsigned int major, const char *name)
{
	struct state *s = &x->o->st;
	int i = m_bfind(s, major);

	if (i < 0 || strcmp(s->b[i].name, name)) {
		x->o->warns++;
		return;
	}
	memmove(&s->b[i], &s->b[i + 1], (s->nb - i - 1) * sizeof(s->b[0]));
	s->nb--;
}

static int m_probe(struct mctx *x, unsigned int devt)
{
	int i = m_bfind(&x->o->st, MAJOR(devt));

	if (i < 0 || !x->o->st.b[i].has_probe)
		return 0;
	m_event(x, "probe %#x under major_names_lock", devt);
	return 1;
}

/* What @c does from @pre under @fixes, into @o (state, return, messages). */
static void run_model(const struct state *pre, const struct call *c, unsigned int fx,
		      struct outcome *o)
{
	struct mctx x = { .fixes = fx, .c = c, .o = o };
	unsigned int got = SENTINEL;
	int idx;

	st_copy(&o->st, pre);
	o->ret = 0;
	o->dev = SENTINEL;
	o->hang = false;
	o->warns = 0;
	o->loglen = 0;
	o->log[0] = '\0';
	switch (c->k) {
	case K_REG_REGION:
		o->ret = m_register_chrdev_region(&x, c->a, c->b, c->name);
		break;
	case K_ALLOC:
		o->ret = m_region(&x, 0, c->a, (int)c->b, c->name, &got, &idx);
		if (!o->ret)
			o->dev = MKDEV(got, c->a);
		break;
	case K_UNREG_REGION:
		m_unregister_chrdev_region(&x, c->a, c->b);
		break;
	case K_REGION:
		o->ret = m_region(&x, c->a, c->b, (int)c->c, c->name, &got, &idx);
		o->dev = got;
		break;
	case K_UNREGION:
		o->ret = m_unregion(&x, c->a, c->b, (int)c->c, NULL);
		break;
	case K_REG_CHRDEV:
		o->ret = m_register_chrdev(&x, c->a, c->b, c->c, c->name);
		break;
	case K_UNREG_CHRDEV:
		m_unregister_chrdev(&x, c->a, c->b, c->c);
		break;
	case K_REG_BLK:
		o->ret = m_register_blkdev(&x, c->a, c->name, c->probe);
		break;
	case K_UNREG_BLK:
		m_unregister_blkdev(&x, c->a, c->name);
		break;
	case K_PROBE:
		o->ret = m_probe(&x, c->a);
		break;
	default:
		abort();
	}
	o->proclen = 0;		/* a function of the state: not compared */
}

/* ------------------------------------------------------------ comparing */

/* NULL if @x and @y agree (on /proc/devices too if @proc), else what differs. */
static const char *outcome_diff(const struct outcome *x, const struct outcome *y, bool proc)
{
	if (x->hang != y->hang)
		return "whether the call returns";
	if (x->hang)
		return NULL;
	if (x->ret != y->ret)
		return "return value";
	if (x->dev != y->dev)
		return "dev_t (or major) handed out";
	if (x->loglen != y->loglen || memcmp(x->log, y->log, x->loglen))
		return "messages printed or cdev calls";
	if (x->warns != y->warns)
		return "WARN_ON()s hit";
	if (char_diff(&x->st, &y->st) >= 0)
		return "char reservations";
	if (block_diff(&x->st, &y->st) >= 0)
		return "block majors";
	if (proc && (x->proclen != y->proclen || memcmp(x->proc, y->proc, x->proclen)))
		return "/proc/devices";
	return NULL;
}

static void print_piece(const char *pfx, int i, const struct state *s)
{
	if (i >= s->nc) {
		fprintf(stderr, "    %s: (no reservation #%d; %d in all)\n", pfx, i, s->nc);
		return;
	}
	const struct fz_piece *p = &s->c[i];

	fprintf(stderr, "    %s: #%d major %u minors %#x+%#x \"%s\"", pfx, i, p->major,
		p->baseminor, p->count, p->name);
	if (p->has_cdev)
		fprintf(stderr, " cdev %#x+%u", p->cdev_dev, p->cdev_count);
	fprintf(stderr, "\n");
}

static void print_bmaj(const char *pfx, int i, const struct state *s)
{
	if (i >= s->nb) {
		fprintf(stderr, "    %s: (no block major #%d; %d in all)\n", pfx, i, s->nb);
		return;
	}
	fprintf(stderr, "    %s: #%d major %u (%#x+%#x) \"%s\"%s\n", pfx, i, s->b[i].major,
		s->b[i].minor, s->b[i].count, s->b[i].name, s->b[i].has_probe ? " probe" : "");
}

static void print_outcome(const char *label, const struct outcome *o)
{
	if (o->hang) {
		fprintf(stderr, "  %s: never returns\n", label);
		return;
	}
	fprintf(stderr, "  %s: returns %d", label, o->ret);
	if (o->dev != SENTINEL)
		fprintf(stderr, ", dev/major %#x", o->dev);
	fprintf(stderr, ", %d WARN, %d char and %d block reservations after\n",
		o->warns, o->st.nc, o->st.nb);
	if (o->loglen) {
		const char *l = o->log, *e;

		while (*l) {
			e = strchr(l, '\n');
			if (!e)
				e = l + strlen(l);
			fprintf(stderr, "    | %.*s\n", (int)(e - l), l);
			l = *e ? e + 1 : e;
		}
	}
}

/* Up to 60 bytes of @s, with newlines shown as \n, or (end). */
static const char *excerpt(const char *s, size_t len, char *buf)
{
	size_t i, n = 0;

	if (!len)
		return "(end)";
	buf[n++] = '"';
	for (i = 0; i < len && i < 60; i++) {
		if (s[i] == '\n') {
			buf[n++] = '\\';
			buf[n++] = 'n';
		} else {
			buf[n++] = s[i];
		}
	}
	buf[n++] = '"';
	buf[n] = '\0';
	return buf;
}

static void print_proc_diff(const struct outcome *x, const char *xl,
			    const struct outcome *y, const char *yl)
{
	size_t i, line = 1, at = 0, n = x->proclen < y->proclen ? x->proclen : y->proclen;
	char bx[160], by[160];

	for (i = 0; i < n && x->proc[i] == y->proc[i]; i++)
		if (x->proc[i] == '\n') {
			line++;
			at = i + 1;
		}
	fprintf(stderr, "    /proc/devices from line %zu: %s %s, %s %s\n", line,
		xl, excerpt(x->proc + at, x->proclen - at, bx),
		yl, excerpt(y->proc + at, y->proclen - at, by));
}

static void print_state_diff(const struct outcome *x, const char *xl,
			     const struct outcome *y, const char *yl)
{
	int i = char_diff(&x->st, &y->st);

	if (i >= 0) {
		print_piece(xl, i, &x->st);
		print_piece(yl, i, &y->st);
	}
	i = block_diff(&x->st, &y->st);
	if (i >= 0) {
		print_bmaj(xl, i, &x->st);
		print_bmaj(yl, i, &y->st);
	}
	if (x->proclen && y->proclen &&		/* the model's is not rendered */
	    (x->proclen != y->proclen || memcmp(x->proc, y->proc, x->proclen)))
		print_proc_diff(x, xl, y, yl);
}

static void names_of(unsigned int bits, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; i < NDIFF; i++)
		if (bits & 1 << i)
			n += snprintf(buf + n, size - n, "%s%s", n ? "; " : "", rule_names[i]);
	if (!n)
		snprintf(buf, size, "none");
}

static __attribute__((noreturn)) void failure(const char *why, const char *rules,
		const char *xl, const struct outcome *x,
		const char *yl, const struct outcome *y)
{
	fprintf(stderr, "FAIL wrap seed %lu op %lu: %s\n  call: %s\n  rules: %s\n",
		seed, step, why, what, rules);
	print_outcome(xl, x);
	print_outcome(yl, y);
	print_state_diff(x, xl, y, yl);
	repro_line();
	exit(1);
}

/* ------------------------------------------------------------ statistics */

static struct {
	unsigned long ops, kind[NKINDS], kind_ok[NKINDS], rule[NDIFF], rule_ops, hang_skipped;
	unsigned long msgs, warns, injected, resyncs, seeds, max_c, max_b, proc_locks;
	unsigned long proc_reads, cdev_events, pieces, pieces_changed;
} st;

/* ------------------------------------------------------------ resync */

static const struct fz_ops *const stock = &fz_ops_stock, *const series = &fz_ops_series;
static struct outcome o_stock, o_series, p_stock, p_series, p_one;
static struct state now;	/* both sides' state after the last call */

/* Make stock hold what the series holds: release what it has on top,
 * reserve what it lacks, leave the rest alone. */
static void resync(void)
{
	static bool matched[MAXC], bmatched[MAXB];
	const struct state *s = &o_stock.st, *t = &o_series.st;
	int i, j, err;

	cur = &scratch;
	side = "stock (resync)";
	dump_side(stock, &o_stock);	/* not run at all if it would hang */
	memset(matched, 0, sizeof(matched));
	for (i = 0; i < s->nc; i++) {
		for (j = 0; j < t->nc; j++)
			if (!matched[j] && piece_eq(&s->c[i], &t->c[j]))
				break;
		if (j < t->nc)
			matched[j] = true;
		else if ((err = stock->char_remove(&s->c[i])))
			fz_fatal("resync: cannot release %u:%#x+%#x (%d)", s->c[i].major,
				 s->c[i].baseminor, s->c[i].count, err);
	}
	for (j = 0; j < t->nc; j++)
		if (!matched[j] && (err = stock->char_add(&t->c[j])))
			fz_fatal("resync: cannot reserve %u:%#x+%#x (%d)", t->c[j].major,
				 t->c[j].baseminor, t->c[j].count, err);
	memset(bmatched, 0, sizeof(bmatched));
	for (i = 0; i < s->nb; i++) {
		for (j = 0; j < t->nb; j++)
			if (!bmatched[j] && bmaj_eq(&s->b[i], &t->b[j]))
				break;
		if (j < t->nb)
			bmatched[j] = true;
		else
			stock->block_remove(&s->b[i]);
	}
	for (j = 0; j < t->nb; j++)
		if (!bmatched[j] && (err = stock->block_add(&t->b[j])))
			fz_fatal("resync: cannot register block major %u (%d)", t->b[j].major, err);
	dump_side(stock, &o_stock);
	if (char_diff(&o_stock.st, t) >= 0 || block_diff(&o_stock.st, t) >= 0) {
		fprintf(stderr, "resync left stock different from the series:\n");
		print_state_diff(&o_stock, "stock", &o_series, "series");
		fz_fatal("resync failed (a limitation of the harness)");
	}
	side = "-";
	st.resyncs++;
}

/* ------------------------------------------------------------ one call */

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

static void do_call(struct call *c)
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

			snprintf(why, sizeof(why), "stock and the model differ in the %s (a bug in the model: wrap.c)", d);
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

			snprintf(why, sizeof(why), "stock is not what the rule says of it: %s (a bug in the model: wrap.c)", d);
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

/* ------------------------------------------------------------ generating */

static uint64_t rng;

static uint32_t rnd(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31)) >> 32;
}

static uint32_t pick(uint32_t n)
{
	return rnd() % n;
}

/* what register_chrdev_region()/alloc_chrdev_region() calls got: to undo */
static struct { uint32_t from, count; } regions[64];
static unsigned int nregions;
static char bnames[BLK_MAX][96];	/* the name each block major was asked with */
static unsigned long name_seq;

static void gen_name(char *buf, size_t size)
{
	name_seq++;
	switch (pick(14)) {
	case 0:		/* longer than a block name (15) */
		snprintf(buf, size, "block_name_%08lu_x", name_seq);
		break;
	case 1:		/* longer than a char name (63) */
		snprintf(buf, size, "a_char_device_name_that_is_longer_than_sixty_three_bytes_%08lu_xyz", name_seq);
		break;
	case 2:		/* the same first 15 bytes every time */
		snprintf(buf, size, "samefifteenbyte%lu", name_seq % 7);
		break;
	case 3:
		snprintf(buf, size, "%s", "");
		break;
	default:
		snprintf(buf, size, "d%lu", name_seq);
	}
}

static const unsigned int hot_char[] = {
	1, 2, 3, 4, 5, 10, 13, 29, 89, 128, 136, 180, 189, 226, 232, 233, 234,
	235, 240, 250, 253, 254, 255, 256, 257, 260, 261, 383, 384, 385, 400,
	488, 489, 490, 495, 500, 505, 508, 509, 510, 511, 512, 513, 1000, 4094,
	4095,
};

static unsigned int gen_char_major(void)
{
	switch (pick(8)) {
	case 0:
		return pick(520);
	case 1:
		return 489 + pick(21);		/* hides 234..254 from stock */
	case 2:
		return 230 + pick(27);
	case 3:
		if (now.nc)
			return now.c[pick(now.nc)].major;
		/* fall through */
	default:
		return hot_char[pick(ARRAY_SIZE(hot_char))];
	}
}

static unsigned int gen_minor(void)
{
	switch (pick(9)) {
	case 0:
	case 1:
	case 2:
		return 0;
	case 3:
		return pick(8);
	case 4:
		return 254 + pick(4);
	case 5:
		return MINORMASK - pick(3);
	case 6:
		return pick(MINORMASK + 1);
	default:
		return 64 * pick(8);
	}
}

static unsigned int gen_baseminor(void)	/* also past MINORMASK */
{
	switch (pick(24)) {
	case 0:
		return MINORMASK + 1 + pick(3);
	case 1:
		return 0xfffff000 + pick(0x1000);
	case 2:
		return 0x80000000;
	case 3:
		return rnd();
	default:
		return gen_minor();
	}
}

static unsigned int gen_count(unsigned int baseminor)
{
	switch (pick(12)) {
	case 0:
	case 1:
		return 0;
	case 2:
		return 1 + pick(4);
	case 3:
	case 4:
		return 256;
	case 5:		/* to the end of the major, +-1 */
		return MINORMASK + 1 - baseminor + pick(3) - 1;
	case 6:
		return 0x80000000 + pick(2);
	case 7:
		return 0xffffffff - pick(2);
	case 8:
		return 64 * (1 + pick(4));
	default:
		return 1 + pick(1024);
	}
}

/* a piece held now, preferring empty ones, or -1 */
static int held_piece(bool prefer_empty, bool prefer_cdev)
{
	int i, tries;

	if (!now.nc)
		return -1;
	for (tries = 0; tries < 8; tries++) {
		i = pick(now.nc);
		if ((!prefer_empty || !now.c[i].count) && (!prefer_cdev || now.c[i].has_cdev))
			return i;
	}
	return pick(now.nc);
}

static void gen_reg_region(struct call *c)
{
	uint32_t from, count;
	int i;

	c->k = K_REG_REGION;
	switch (pick(12)) {
	case 0:
	case 1:		/* a dynamic first piece */
		from = MKDEV(0, gen_minor());
		break;
	case 2:		/* at the top of dev_t */
		from = pick(2) ? 0xffffffff - pick(4) : MKDEV(4095, gen_minor());
		break;
	case 3:
		from = MKDEV(511, gen_minor());
		break;
	case 4:		/* at or right after a piece held now */
		i = held_piece(false, false);
		from = i < 0 ? 0 : MKDEV(now.c[i].major, now.c[i].baseminor) +
				   (pick(2) ? now.c[i].count : 0) + pick(3) - 1;
		break;
	default:
		from = MKDEV(gen_char_major(), gen_minor());
	}
	switch (pick(12)) {
	case 0:
	case 1:
		count = 0;
		break;
	case 2:		/* reaching or passing the top of dev_t */
		count = -from + pick(3) + (pick(2) ? 0 : pick(1000));
		break;
	case 3:		/* up to just below the top */
		count = -from - 1 - pick(2);
		break;
	case 4:
	case 5:		/* across 1..3 majors, +-1 */
		count = MKDEV(MAJOR(from) + 1 + pick(3), 0) - from + pick(3) - 1;
		break;
	case 6:		/* to the end of the major */
		count = MKDEV(MAJOR(from) + 1, 0) - from;
		break;
	case 7:		/* many majors: past 511 */
		count = (pick(600) + 1) << MINORBITS;
		break;
	default:
		count = gen_count(MINOR(from)) & 0xfffff;
	}
	c->a = from;
	c->b = count;
	gen_name(c->name, sizeof(c->name));
}

static void gen_alloc(struct call *c)
{
	c->k = K_ALLOC;
	c->a = pick(3) ? gen_minor() : gen_baseminor();
	c->b = pick(3) ? (pick(4) ? 1 + pick(256) : 0) : gen_count(c->a);
	gen_name(c->name, sizeof(c->name));
}

static void gen_unreg_region(struct call *c)
{
	unsigned int r;
	int i;

	c->k = K_UNREG_REGION;
	switch (pick(16)) {
	case 0: case 1: case 2: case 3: case 4: case 5:	/* as registered */
		if (nregions) {
			r = pick(nregions < ARRAY_SIZE(regions) ? nregions : ARRAY_SIZE(regions));
			c->a = regions[r].from;
			c->b = regions[r].count;
			if (!pick(4))
				c->b += pick(3) - 1;
			else if (!pick(6))
				c->a += pick(3) - 1;
			break;
		}
		/* fall through */
	case 6: case 7: case 8:	/* one piece held now */
		i = held_piece(pick(2), false);
		if (i >= 0) {
			c->a = MKDEV(now.c[i].major, now.c[i].baseminor);
			c->b = now.c[i].count + (pick(5) ? 0 : pick(3) - 1);
			break;
		}
		/* fall through */
	case 9:		/* whole majors */
		c->a = MKDEV(gen_char_major() & 0xfff, 0);
		c->b = (1 + pick(4)) << MINORBITS;
		break;
	case 10:	/* reaching or passing the top of dev_t */
		c->a = pick(2) ? MKDEV(gen_char_major() & 0xfff, 0) : MKDEV(pick(512), gen_minor());
		c->b = -c->a + pick(3) + (pick(2) ? 0 : pick(99));
		break;
	case 11:	/* in the last major, or walking into it */
		c->a = pick(2) ? MKDEV(4095, gen_minor()) : MKDEV(4094, 0);
		c->b = pick(2) ? 1 + pick(300) : (1 << MINORBITS) + pick(300);
		if ((uint64_t)c->a + c->b > 0xffffffffULL)
			c->b = 1;
		break;
	default:
		c->a = MKDEV(gen_char_major() & 0xfff, gen_minor());
		c->b = gen_count(MINOR(c->a));
	}
}

static void gen_region(struct call *c, enum kind k)
{
	int i;

	c->k = k;
	switch (pick(8)) {
	case 0:
	case 1:		/* dynamic */
		c->a = 0;
		c->b = pick(4) ? gen_minor() : gen_baseminor();
		break;
	case 2:
	case 3:		/* at an edge of a piece held now: empties meet there */
		i = held_piece(pick(2), false);
		if (i >= 0) {
			c->a = now.c[i].major;
			c->b = now.c[i].baseminor + (pick(2) ? 0 : now.c[i].count);
			break;
		}
		/* fall through */
	default:
		c->a = gen_char_major();
		c->b = pick(8) ? gen_minor() : gen_baseminor();
	}
	c->c = pick(3) ? 0 : gen_count(c->b);
	if (k == K_REG_CHRDEV && !pick(8))
		c->cdev_err = pick(2) ? -EBUSY : -ENOMEM;
	gen_name(c->name, sizeof(c->name));
}

static void gen_unregion(struct call *c, enum kind k)
{
	int i = held_piece(k == K_UNREGION, k == K_UNREG_CHRDEV);

	c->k = k;
	if (i >= 0 && !pick(12)) {
		/* major 0 and a first minor past MINORMASK that MKDEV() would
		 * spill into the major of a piece held: nothing to release */
		c->a = 0;
		c->b = now.c[i].major << MINORBITS | now.c[i].baseminor;
		c->c = now.c[i].count;
	} else if (i >= 0 && pick(5)) {
		c->a = now.c[i].major;
		c->b = now.c[i].baseminor;
		c->c = now.c[i].count;
		if (!pick(5))
			c->c += pick(3) - 1;
	} else {
		c->a = gen_char_major();
		c->b = gen_baseminor();
		c->c = gen_count(c->b);
	}
	snprintf(c->name, sizeof(c->name), "%s", i >= 0 ? now.c[i].name : "x");
}

static unsigned int gen_block_major(void)
{
	switch (pick(10)) {
	case 0: case 1: case 2: case 3:
		return 0;
	case 4:		/* hides major - 255 from stock */
		return 256 + pick(256);
	case 5:
		return 1 + pick(254);
	case 6:
		return 510 + pick(4);
	case 7:
		return pick(2) ? 4095 + pick(3) : 0x80000000;
	default:
		return (unsigned int[]){ 1, 3, 4, 7, 8, 9, 11, 65, 128, 179, 252, 253,
					 254, 255, 259, 260, 509 }[pick(17)];
	}
}

static void gen_reg_blk(struct call *c)
{
	c->k = K_REG_BLK;
	c->a = gen_block_major();
	c->probe = pick(2);
	gen_name(c->name, sizeof(c->name));
}

static void gen_unreg_blk(struct call *c)
{
	int i = now.nb ? (int)pick(now.nb) : -1;

	c->k = K_UNREG_BLK;
	if (i < 0 || !pick(6)) {
		c->a = gen_block_major();
		snprintf(c->name, sizeof(c->name), "%s", i >= 0 ? now.b[i].name : "x");
		return;
	}
	c->a = now.b[i].major;
	if (!pick(12))		/* a major that MKDEV() would wrap to one held */
		c->a += 4096 << pick(3);
	switch (pick(6)) {
	case 0:		/* the name it was registered with: may be too long */
		snprintf(c->name, sizeof(c->name), "%s", bnames[now.b[i].major]);
		break;
	case 1:
		snprintf(c->name, sizeof(c->name), "%s_", now.b[i].name);
		break;
	case 2:
		snprintf(c->name, sizeof(c->name), "%.*s", (int)strlen(now.b[i].name) / 2,
			 now.b[i].name);
		break;
	default:
		snprintf(c->name, sizeof(c->name), "%s", now.b[i].name);
	}
}

static void gen_probe(struct call *c)
{
	c->k = K_PROBE;
	c->a = MKDEV(now.nb && pick(3) ? now.b[pick(now.nb)].major : pick(520), gen_minor());
}

/* After the call: remember what a later release should name. */
static void remember(const struct call *c)
{
	if (c->k == K_REG_REGION && !o_series.ret && c->b) {
		regions[nregions++ % ARRAY_SIZE(regions)].from = c->a;
		regions[(nregions - 1) % ARRAY_SIZE(regions)].count = c->b;
	} else if (c->k == K_ALLOC && !o_series.ret && c->b) {
		regions[nregions++ % ARRAY_SIZE(regions)].from = o_series.dev;
		regions[(nregions - 1) % ARRAY_SIZE(regions)].count = c->b;
	} else if (c->k == K_REG_BLK && o_series.ret >= 0) {
		unsigned int m = c->a ? c->a : (unsigned int)o_series.ret;

		if (m < BLK_MAX)
			snprintf(bnames[m], sizeof(bnames[m]), "%s", c->name);
	}
}

static unsigned long budget;	/* calls left in this seed */

static void call(struct call *c)
{
	if (!pick(30) && faults)
		c->fail_nth = 1 + pick(2);
	c->restart = pick(3) ? 0 : 1 + pick(4);
	do_call(c);
	remember(c);
	step++;
	budget--;
}

/* Dynamic calls until the windows are full (and a few more). */
static void exhaust(void)
{
	unsigned int kind = pick(4), n, limit = kind == 3 ? 270 : 160;
	struct call c;

	for (n = 0; n < limit && budget; n++) {
		memset(&c, 0, sizeof(c));
		switch (kind) {
		case 0:
			c.k = K_ALLOC;
			c.a = pick(2) ? 0 : gen_minor();
			c.b = pick(4) ? 1 + pick(16) : 0;
			break;
		case 1:
			c.k = K_REGION;
			c.b = gen_minor();
			c.c = pick(3) ? 1 : 0;
			break;
		case 2:
			c.k = K_REG_REGION;
			c.a = MKDEV(0, pick(2) ? 0 : gen_minor());
			c.b = pick(4) ? 1 : MKDEV(1 + pick(2), 0) - c.a;
			break;
		default:
			c.k = K_REG_BLK;
			c.probe = pick(2);
		}
		snprintf(c.name, sizeof(c.name), "dyn%lu", name_seq++);
		call(&c);
		if (o_series.ret >= 0)
			continue;
		/* full (or failed): and if memory runs out as well? */
		if (faults && budget && !pick(2)) {
			c.fail_nth = 1;
			call(&c);
		}
		if (!pick(4) || n > limit - 20)
			break;
	}
}

/* Reserve fixed majors that hide others from stock's hash-slot search. */
static void shadows(void)
{
	unsigned int n = 1 + pick(12);
	struct call c;

	for (; n && budget; n--) {
		memset(&c, 0, sizeof(c));
		if (pick(2)) {
			c.k = K_REGION;
			c.a = 489 + pick(21);
			c.b = pick(2) ? 0 : gen_minor();
			c.c = pick(3) ? 0 : 1;
		} else {
			c.k = K_REG_BLK;
			c.a = 256 + pick(256);
		}
		snprintf(c.name, sizeof(c.name), "shadow%lu", name_seq++);
		call(&c);
	}
}

/* Release everything, through the API, on both sides. */
static void release_all(void)
{
	struct call c;

	while (budget && (now.nc || now.nb)) {
		memset(&c, 0, sizeof(c));
		if (now.nc) {
			int i = pick(now.nc);

			c.k = now.c[i].has_cdev ? K_UNREG_CHRDEV : K_UNREGION;
			c.a = now.c[i].major;
			c.b = now.c[i].baseminor;
			c.c = now.c[i].count;
			snprintf(c.name, sizeof(c.name), "%s", now.c[i].name);
		} else {
			c.k = K_UNREG_BLK;
			c.a = now.b[0].major;
			snprintf(c.name, sizeof(c.name), "%s", now.b[0].name);
		}
		call(&c);
	}
}

/* Something like a booted system: major 4 holds three ranges, blkext 259
 * hides block major 4 from stock. */
static void boot(void)
{
	static const struct { int blk; unsigned int major, minor, count; const char *name; } pop[] = {
		{ 0, 1, 0, 256, "mem" }, { 0, 4, 0, 1, "/dev/vc/0" },
		{ 0, 4, 1, 63, "tty" }, { 0, 4, 64, 32, "ttyS" },
		{ 0, 5, 0, 1, "/dev/tty" }, { 0, 5, 1, 1, "/dev/console" },
		{ 0, 5, 2, 1, "/dev/ptmx" }, { 0, 10, 0, 256, "misc" },
		{ 0, 13, 0, 256, "input" }, { 0, 29, 0, 256, "fb" },
		{ 0, 128, 0, 1 << 20, "ptm" }, { 0, 136, 0, 1 << 20, "pts" },
		{ 0, 180, 0, 256, "usb" }, { 0, 189, 0, 256, "usb_device" },
		{ 0, 0, 0, 1, "hidraw" }, { 0, 0, 0, 256, "watchdog" },
		{ 0, 0, 0, 1, "rtc" }, { 0, 0, 0, 0, "empty" },
		{ 1, 7, 0, 0, "loop" }, { 1, 8, 0, 0, "sd" }, { 1, 9, 0, 0, "md" },
		{ 1, 11, 0, 0, "sr" }, { 1, 65, 0, 0, "sd" }, { 1, 259, 0, 0, "blkext" },
		{ 1, 0, 0, 0, "device-mapper" }, { 1, 0, 0, 0, "zram" },
	};
	struct call c;

	for (unsigned int i = 0; i < ARRAY_SIZE(pop) && budget; i++) {
		memset(&c, 0, sizeof(c));
		if (pop[i].blk) {
			c.k = K_REG_BLK;
			c.a = pop[i].major;
		} else if (pop[i].major) {
			c.k = K_REG_REGION;
			c.a = MKDEV(pop[i].major, pop[i].minor);
			c.b = pop[i].count;
		} else {
			c.k = K_ALLOC;
			c.b = pop[i].count;
		}
		snprintf(c.name, sizeof(c.name), "%s", pop[i].name);
		call(&c);
	}
}

/* A fresh start for a seed: nothing held on either side. */
static void reset(void)
{
	const struct fz_ops *sides[] = { stock, series };

	cur = &scratch;
	for (int k = 0; k < 2; k++) {
		side = k ? "series (reset)" : "stock (reset)";
		dump_side(sides[k], &scratch);
		for (int i = scratch.st.nc - 1; i >= 0; i--)
			if (sides[k]->char_remove(&scratch.st.c[i]))
				fz_fatal("reset: cannot release a reservation");
		for (int i = 0; i < scratch.st.nb; i++)
			sides[k]->block_remove(&scratch.st.b[i]);
		dump_side(sides[k], &scratch);
		if (scratch.st.nc || scratch.st.nb)
			fz_fatal("reset: reservations left");
	}
	side = "-";
	now.nc = now.nb = 0;
	nregions = 0;
	name_seq = 0;
	memset(bnames, 0, sizeof(bnames));
}

/*
 * /proc/devices read in pieces, with a change between two of them: after
 * the read that passes byte @at, one number of a major is registered (char
 * or block, fixed: the same on both sides) and one reservation held is
 * released.  Stock's seq_file position moves one major at a time, so
 * whether either shows depends only on where the reads stand; the series
 * must read exactly stock's text.  The change is undone afterwards.
 */
struct piecewise {
	const struct fz_ops *ops;
	unsigned long at;
	bool blk, done;
	struct fz_piece add, del;
	struct fz_bmaj badd, bdel;
	int add_err, del_err, has_del;
};

static void pw_between(void *arg, unsigned long len)
{
	struct piecewise *w = arg;

	if (w->done || len < w->at)
		return;
	w->done = true;
	in_proc = false;
	if (w->blk) {
		w->add_err = w->ops->block_add(&w->badd);
		if (w->has_del)
			w->del_err = w->ops->block_remove(&w->bdel);
	} else {
		w->add_err = w->ops->char_add(&w->add);
		if (w->has_del)
			w->del_err = w->ops->char_remove(&w->del);
	}
	in_proc = true;
}

static unsigned long pw_read(const struct fz_ops *ops, const char *name,
			     struct piecewise *w, unsigned long chunk, char *buf)
{
	unsigned long len;

	side = name;
	cur = &scratch;
	w->ops = ops;
	w->done = false;
	w->add_err = w->del_err = 0;
	in_proc = true;
	len = ops->proc_reads(buf, PROCSZ, chunk, pw_between, w);
	in_proc = false;
	if (locks_held)
		fz_fatal("/proc/devices left a lock held");
	/* undo the change */
	if (w->done && w->blk) {
		if (!w->add_err)
			ops->block_remove(&w->badd);
		if (w->has_del && !w->del_err && ops->block_add(&w->bdel))
			fz_fatal("piecewise: cannot register block major %u again", w->bdel.major);
	} else if (w->done) {
		if (!w->add_err && ops->char_remove(&w->add))
			fz_fatal("piecewise: cannot release %u:%u again", w->add.major, w->add.baseminor);
		if (w->has_del && !w->del_err && ops->char_add(&w->del))
			fz_fatal("piecewise: cannot reserve %u:%#x+%#x again", w->del.major,
				 w->del.baseminor, w->del.count);
	}
	side = "-";
	return len;
}

static void piecewise(void)
{
	static char a[PROCSZ], b[PROCSZ];
	static const unsigned long chunks[] = { 1, 2, 3, 7, 8, 16, 31, 64, 127, 500 };
	unsigned long chunk = chunks[pick(sizeof(chunks) / sizeof(chunks[0]))];
	struct piecewise w = { .blk = pick(2) };
	unsigned long la, lb, i;

	w.at = pick(render(&now, a, PROCSZ) + 1);
	if (w.blk) {
		w.badd.major = 1 + pick(BLK_MAX - 1);
		w.badd.count = 1 << MINORBITS;
		snprintf(w.badd.name, sizeof(w.badd.name), "pw%lu", name_seq++);
		if ((w.has_del = now.nb > 0))
			w.bdel = now.b[pick(now.nb)];
	} else {
		w.add.major = 1 + pick(511);
		w.add.baseminor = pick(4);
		w.add.count = 1 + pick(2);
		snprintf(w.add.name, sizeof(w.add.name), "pw%lu", name_seq++);
		if ((w.has_del = now.nc > 0))
			w.del = now.c[pick(now.nc)];
	}
	snprintf(what, sizeof(what), "/proc/devices in reads of %lu bytes, after byte %lu: %s %u added, %s released",
		 chunk, w.at, w.blk ? "block major" : "char number", w.blk ? w.badd.major : w.add.major,
		 !w.has_del ? "nothing" : w.blk ? w.bdel.name : w.del.name);
	la = pw_read(stock, "stock", &w, chunk, a);
	i = w.add_err != 0;
	lb = pw_read(series, "series", &w, chunk, b);
	if (i != (w.add_err != 0))
		fz_fatal("the registration between two reads went otherwise on the two sides");
	st.pieces++;
	st.pieces_changed += w.done;
	for (i = 0; i < la && i < lb && a[i] == b[i]; i++)
		;
	if (i < la || i < lb)
		fz_fatal("/proc/devices read in pieces differs from stock's at byte %lu of %lu/%lu: "
			 "stock \"%.40s\", series \"%.40s\"", i, la, lb, a + i, b + i);
	/* an empty piece released and reserved again goes after the others
	 * at its number: the same state but for that order, on both sides */
	dump_side(stock, &o_stock);
	dump_side(series, &o_series);
	if (char_diff(&o_stock.st, &o_series.st) >= 0 || block_diff(&o_stock.st, &o_series.st) >= 0)
		failure("the two sides' states differ after a read in pieces", "none",
			"stock", &o_stock, "series", &o_series);
	if (o_series.st.nc != now.nc || o_series.st.nb != now.nb)
		fz_fatal("piecewise: the change between the reads was not undone");
	st_copy(&now, &o_series.st);
}

static void run(unsigned long ops)
{
	struct call c;

	reset();
	budget = ops;
	if (pick(2))
		boot();
	while (budget) {
		unsigned int op = pick(1000);

		memset(&c, 0, sizeof(c));
		if (op < 150)
			gen_reg_region(&c);
		else if (op < 260)
			gen_alloc(&c);
		else if (op < 400)
			gen_unreg_region(&c);
		else if (op < 480)
			gen_region(&c, K_REGION);
		else if (op < 560)
			gen_unregion(&c, K_UNREGION);
		else if (op < 630)
			gen_region(&c, K_REG_CHRDEV);
		else if (op < 690)
			gen_unregion(&c, K_UNREG_CHRDEV);
		else if (op < 800)
			gen_reg_blk(&c);
		else if (op < 900)
			gen_unreg_blk(&c);
		else if (op < 940)
			gen_probe(&c);
		else if (op < 960) {
			shadows();
			continue;
		} else if (op < 975) {
			exhaust();
			continue;
		} else if (op < 980 || now.nc > 900 || now.nb > 400) {
			release_all();
			continue;
		} else if (op < 995) {
			piecewise();
			continue;
		} else {
			continue;
		}
		call(&c);
	}
}

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
	printf("wrap: ok: %lu calls, %lu seeds (%lu..%lu) of %lu, %.0f calls/s; rules fired on %lu calls (%s), %lu resyncs%s; %lu calls printed, %lu WARNs, %lu faults injected, %lu cdev calls; up to %lu char and %lu block reservations; %.1f lock takings per /proc/devices read in the series; %lu reads in pieces, %lu with a change between two\n",
	       st.ops, st.seeds, first_seed, seed - 1, ops, st.ops / (t > 0 ? t : 1),
	       st.rule_ops, n ? rules : "no rules", st.resyncs,
	       st.hang_skipped ? " (calls that would hang skipped)" : "",
	       st.msgs, st.warns, st.injected, st.cdev_events, st.max_c, st.max_b,
	       (double)st.proc_locks / (st.proc_reads ? st.proc_reads : 1), st.pieces,
	       st.pieces_changed);
	printf("wrap: calls (succeeded): ");
	for (int i = 0; i < NKINDS; i++)
		printf("%s%s %lu (%lu)", i ? ", " : "", kind_names[i], st.kind[i], st.kind_ok[i]);
	printf("\n");
	return 0;
}
