// SPDX-License-Identifier: GPL-2.0
/*
 * The wrapper fuzzer's calls, generated from its seed: the random calls and
 * the runs of them (a boot, exhausting the dynamic windows, shadows, releasing
 * all), /proc/devices read in pieces, and run(), one seed (see wrap.c).
 */
#include "wrap.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ generating */

uint64_t rng;
#include "rng.h"

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
 * Reads of a page or more stop where the next major's lines do not fit in
 * the seq_file's buffer, stock's position at that major, past the free
 * ones before it: the change is then mostly a major among those, after
 * that read (page_gap(); fill_page() makes the listing long enough).
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

#define PAGE_SZ		4096	/* a seq_file's first buffer */

/* the length of a "%3d %s\n" line of /proc/devices */
static size_t line_len(unsigned int major, const char *name)
{
	size_t d = 1;

	while (major /= 10)
		d++;
	return (d < 3 ? 3 : d) + 1 + strlen(name) + 1;
}

/*
 * Where reads of a page or more stop, one of them: stock's non-empty
 * records are position 0 (the char header), each char major held, position
 * CHR_MAX (the block header) and each block major held (CHR_MAX + major).
 * Each read returns the records that fit in the seq_file's buffer (a page,
 * with a byte to spare) and stops before the next, its position left there:
 * the free majors between the last record it returned and that one are
 * passed, and one registered there after the read is not listed.  Picks
 * one read that passes some ([*lo, *hi): positions), with *at the bytes
 * read when it ends; false if none does.
 */
static bool page_gap(unsigned int *lo, unsigned int *hi, unsigned long *at)
{
	size_t n = sizeof("Character devices:\n") - 1, total = 0, rec;
	unsigned int last = 0, pos, found = 0;
	int i = 0, j = 0;

	for (; i < now.nc && !now.c[i].major; i++)
		n += line_len(0, now.c[i].name);
	for (;;) {
		if (i < now.nc && now.c[i].major < CHR_MAX) {
			pos = now.c[i].major;
			for (rec = 0; i < now.nc && now.c[i].major == pos; i++)
				rec += line_len(pos, now.c[i].name);
		} else if (last < CHR_MAX) {
			pos = CHR_MAX;
			rec = sizeof("\nBlock devices:\n") - 1;
			for (; j < now.nb && !now.b[j].major; j++)
				rec += line_len(0, now.b[j].name);
		} else if (j < now.nb && now.b[j].major < BLK_MAX) {
			pos = CHR_MAX + now.b[j].major;
			rec = line_len(now.b[j].major, now.b[j].name);
			j++;
		} else {
			return found;
		}
		if (n + rec >= PAGE_SZ) {	/* the read stops before @pos */
			total += n;
			n = 0;
			if (pos > last + 1 && !pick(++found)) {
				*lo = last + 1;
				*hi = pos;
				*at = total;
			}
			if (rec >= PAGE_SZ)	/* a bigger buffer: not followed */
				return found;
		}
		n += rec;
		last = pos;
	}
}

/*
 * Char reservations with long names, mostly at majors below the dynamic
 * windows (234..254, 384..511: held densely), until a read of a page stops
 * with free majors before the record it stops on (page_gap()), or 150 calls
 * are made, or the calls run out.
 */
static bool fill_page(unsigned int *lo, unsigned int *hi, unsigned long *at)
{
	struct call c;

	for (int n = 0; n < 150 && budget; n++) {
		if (page_gap(lo, hi, at))
			return true;
		memset(&c, 0, sizeof(c));
		c.k = K_REGION;
		c.a = 1 + (pick(4) ? pick(233) : pick(CHR_MAX - 1));
		c.b = pick(2) ? 0 : gen_minor();
		c.c = pick(3) ? 0 : 1 + pick(4);
		snprintf(c.name, sizeof(c.name),
			 "a_long_name_for_a_char_device_to_fill_a_page_of_proc_%lu", name_seq++);
		call(&c);
	}
	return page_gap(lo, hi, at);
}

static void piecewise(void)
{
	static char a[PROCSZ], b[PROCSZ];
	static const unsigned long chunks[] = {
		1, 2, 3, 7, 8, 16, 31, 64, 127, 500, PAGE_SZ, PAGE_SZ, 65536, 65536,
	};
	unsigned long chunk = chunks[pick(sizeof(chunks) / sizeof(chunks[0]))];
	struct piecewise w = { .blk = pick(2) };
	unsigned long la, lb, i, at, full = *stock->full_stops;
	unsigned int lo, hi;
	bool gap = false;

	if (chunk >= PAGE_SZ && pick(4))
		gap = page_gap(&lo, &hi, &at) || (pick(3) && fill_page(&lo, &hi, &at));

	w.at = pick(render(&now, a, PROCSZ) + 1);
	if (gap) {	/* after a read that passes majors, one of them */
		w.at = at;
		w.blk = lo > CHR_MAX;
	}
	if (w.blk) {
		w.badd.major = gap ? lo - CHR_MAX + pick(hi - lo) : 1 + pick(BLK_MAX - 1);
		w.badd.count = 1 << MINORBITS;
		snprintf(w.badd.name, sizeof(w.badd.name), "pw%lu", name_seq++);
		if ((w.has_del = now.nb > 0))
			w.bdel = now.b[pick(now.nb)];
	} else {
		w.add.major = gap ? lo + pick(hi - lo) : 1 + pick(511);
		w.add.baseminor = pick(4);
		w.add.count = 1 + pick(2);
		snprintf(w.add.name, sizeof(w.add.name), "pw%lu", name_seq++);
		if ((w.has_del = now.nc > 0))
			w.del = now.c[pick(now.nc)];
	}
	snprintf(what, sizeof(what), "/proc/devices in reads of %lu bytes, after byte %lu: %s %u added%s, %s released",
		 chunk, w.at, w.blk ? "block major" : "char number", w.blk ? w.badd.major : w.add.major,
		 gap ? " (among the majors a read of a page passed)" : "",
		 !w.has_del ? "nothing" : w.blk ? w.bdel.name : w.del.name);
	la = pw_read(stock, "stock", &w, chunk, a);
	i = w.add_err != 0;
	lb = pw_read(series, "series", &w, chunk, b);
	if (i != (w.add_err != 0))
		fz_fatal("the registration between two reads went otherwise on the two sides");
	st.pieces++;
	st.pieces_changed += w.done;
	st.pieces_full += *stock->full_stops - full;
	st.pieces_gap += gap;
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

void run(unsigned long ops)
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
