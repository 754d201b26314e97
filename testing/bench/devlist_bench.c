// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark of char and block device number registration.
 *
 * Built out of tree against the stock and the patched kernel (the same
 * kernels the conformance stage compares) and loaded once per boot.  For
 * each background population (pops=, extra reservations on top of the
 * kernel's own boot population) and each placement of the char background
 * ("in" the dynamic windows 234..254 and 384..511, or "out" of them), it
 * registers the background and then times what users do:
 *
 *   boot     the registrations of a real boot, in its order, as recorded
 *            from the conformance kernel (order= file: "c|b fix|dyn major
 *            baseminor count name" per line).  A fixed major M is replayed
 *            at M + 255, which keeps stock's hash slot (major % 255) and is
 *            free; dynamic ones stay dynamic.  Time per registration.
 *   churn    a seeded sequence of module loads and unloads at random
 *            positions: fixed char ranges in a pool of majors spread over
 *            0..511, dynamic char regions, fixed and dynamic block majors.
 *            The decisions depend only on the seed and on what the module
 *            holds, so both kernels make the same calls.  Time per call.
 *   dyn-chr  alloc_chrdev_region() 16 times in a row (each takes a whole
 *            free major in the windows), released in a random order.
 *   dyn-blk  register_blkdev(0) 8 times in a row, likewise.
 *   proc-cat /proc/devices read whole with 128 KiB reads (what cat does).
 *   proc-64  /proc/devices read whole with 64-byte reads.
 *   pieces   (not timed, the kernel only) /proc/devices read in 64-byte
 *            pieces from one open file while a region is registered in
 *            a free major just above the last one shown, between every
 *            two reads, and released some reads later: stock lists what
 *            it meets, and every side must print the same.
 *   cal      the speed reference: the same fixed work in every kernel (a
 *            data-dependent walk over a private 16 KiB table), timed
 *            beside the workloads.  Timed with the host's clock under
 *            TCG (make bench BENCH_CLOCK=host), one boot runs everything
 *            up to 1.6x faster or slower than the next; report.py divides
 *            each workload by its run's cal, which takes that out.  Under
 *            -icount (the default) it is constant.
 *
 * The block background is min(pop, 200) majors, spread over the free block
 * majors (inside and outside the dynamic window 1..254).
 *
 * Output (kernel log, read by scripts/targets/bench.sh):
 *   devbench: r pop=P place=in|out wl=W rep=R ns=T n=N   T ns for N calls
 *   devbench: bg pop=P place=X chr=C blk=B   background lines in /proc/devices
 *   devbench: listing boot|pieces bytes=N hash=H   /proc/devices at the
 *            start, and as read in pieces (FNV-1a of its bytes)
 *   devbench: ERROR ...                       the run must be rejected
 *
 * testing/bench/native.c compiles this file in userspace too, against the
 * registration code of each tree as the fuzz stage extracts it (make
 * bench-native): the same workloads, timed natively.
 */
#ifdef __KERNEL__
#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#endif	/* else native.c, which includes this file, stands in for them */

static char *pops = "0,64,512,4096";
module_param(pops, charp, 0444);
MODULE_PARM_DESC(pops, "background populations, comma-separated");
static unsigned int reps = 3;
module_param(reps, uint, 0444);
MODULE_PARM_DESC(reps, "repetitions of each workload");
static unsigned int churn_ops = 2000;
module_param(churn_ops, uint, 0444);
MODULE_PARM_DESC(churn_ops, "calls per churn sequence");
static unsigned long seed = 1;
module_param(seed, ulong, 0444);
MODULE_PARM_DESC(seed, "seed of the churn and release orders");
static char *order = "/lib/bench/boot-order";
module_param(order, charp, 0444);
MODULE_PARM_DESC(order, "the recorded boot registrations");

#define NMAJ		512		/* char majors 0..511, block 0..511 */
#define SLOT		16		/* minors per background or churn range */
#define MAX_ORDER	256
#define MAX_HELD	32
#define PROC_SIZE	(512 << 10)
#define BLK_BG_MAX	200

struct rec {
	bool blk, dyn;
	u32 major, base, count;
	char name[32];
	u32 got;			/* the major of this replay */
};

struct held {
	bool blk, dyn;
	u32 major, pool, slot;
};

static struct rec *recs;
static int nrecs;
static u64 rng;
static unsigned long errors;
static char *procbuf;
/* the warm-up round prints nothing */
static bool quiet;

/* majors by use: 0 free; boot, replay target, churn pool, background */
enum { FREE, BOOT, REPLAY, POOL, BG };
static u8 chr_use[NMAJ], blk_use[NMAJ];
static u32 chr_pool[32], blk_pool[16];
/* minor slots held by churn, per pool major */
static u32 bg_in[NMAJ], bg_out[NMAJ], bg_blk[NMAJ];
static int nbg_in, nbg_out, nbg_blk;
static bool pool_held[32][SLOT], bpool_held[16];

/* A number below @n from the xorshift generator whose state is @state. */
static u32 rnd_from(u64 *state, u32 n)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return n ? (u32)((*state * 0x2545F4914F6CDD1DULL) >> 32) % n : 0;
}

static u32 rnd(u32 n)
{
	return rnd_from(&rng, n);
}

static bool in_window(u32 major)
{
	return (major >= 234 && major <= 254) || (major >= 384 && major < NMAJ);
}

static void fail(const char *what, u32 major, u32 minor, int ret)
{
	errors++;
	pr_err("devbench: ERROR %s %u:%u = %d\n", what, major, minor, ret);
}

/* ---- /proc/devices ---- */

#ifdef __KERNEL__
static ssize_t read_whole(const char *path, char *buf, size_t size, size_t chunk)
{
	struct file *f = filp_open(path, O_RDONLY, 0);
	loff_t pos = 0;
	size_t len = 0;
	ssize_t n;

	if (IS_ERR(f))
		return PTR_ERR(f);
	while (len + chunk < size &&
	       (n = kernel_read(f, buf + len, chunk, &pos)) > 0)
		len += n;
	fput(f);
	buf[len] = '\0';
	return len;
}
#endif

/* FNV-1a of @len bytes at @p */
static u32 hash_of(const char *p, size_t len)
{
	u32 h = 2166136261u;

	while (len--)
		h = (h ^ (u8)*p++) * 16777619u;
	return h;
}

/* The boot population, from /proc/devices before anything else runs. */
static int mark_boot(void)
{
	ssize_t len = read_whole("/proc/devices", procbuf, PROC_SIZE, 4096);
	bool blk = false;
	char *p, *line;
	u32 m;

	if (len <= 0)
		return len ? len : -EIO;
	pr_info("devbench: listing boot bytes=%zd hash=%08x\n", len, hash_of(procbuf, len));
	for (p = procbuf; (line = strsep(&p, "\n"));) {
		if (!strcmp(line, "Block devices:"))
			blk = true;
		if (sscanf(line, "%u", &m) == 1 && m < NMAJ)
			(blk ? blk_use : chr_use)[m] = BOOT;
	}
	return 0;
}

static void count_bg(int pop, const char *place)
{
	ssize_t len = read_whole("/proc/devices", procbuf, PROC_SIZE, 4096);
	unsigned int chr = 0, blk = 0;
	char *p;

	for (p = procbuf; len > 0 && (p = strstr(p, " bg")); p += 3) {
		if (!strncmp(p, " bgc\n", 5))
			chr++;
		else if (!strncmp(p, " bgb\n", 5))
			blk++;
	}
	pr_info("devbench: bg pop=%d place=%s chr=%u blk=%u\n", pop, place, chr, blk);
}

/* ---- the recorded boot order ---- */

static int load_order(void)
{
	char *p, *line;
	ssize_t len;

	len = read_whole(order, procbuf, PROC_SIZE, 4096);
	if (len < 0)
		return len;
	for (p = procbuf; (line = strsep(&p, "\n")) && nrecs < MAX_ORDER;) {
		struct rec *r = &recs[nrecs];
		char t, d[4];

		if (sscanf(line, "%c %3s %u %u %u %31s", &t, d, &r->major,
			   &r->base, &r->count, r->name) != 6)
			continue;
		r->blk = t == 'b';
		r->dyn = !strcmp(d, "dyn");
		if (!r->dyn) {
			u32 to = r->major + 255 < NMAJ ? r->major + 255 : r->major - 255;
			u8 *use = r->blk ? blk_use : chr_use;

			if (to == 0 || to >= NMAJ || (use[to] != FREE && use[to] != REPLAY)) {
				pr_err("devbench: ERROR replay target %u of %c %u is taken\n",
				       to, t, r->major);
				return -EBUSY;
			}
			use[to] = REPLAY;
			r->major = to;
		}
		nrecs++;
	}
	return nrecs ? 0 : -ENOENT;
}

static int reg(bool blk, bool dyn, u32 major, u32 base, u32 count,
	       const char *name, u32 *got)
{
	dev_t dev;
	int ret;

	if (blk) {
		ret = register_blkdev(dyn ? 0 : major, name);
		if (ret < 0)
			return ret;
		*got = dyn ? ret : major;
		return 0;
	}
	if (dyn) {
		ret = alloc_chrdev_region(&dev, base, count, name);
		*got = MAJOR(dev);
	} else {
		ret = register_chrdev_region(MKDEV(major, base), count, name);
		*got = major;
	}
	return ret;
}

static void unreg(bool blk, u32 major, u32 base, u32 count, const char *name)
{
	if (blk)
		unregister_blkdev(major, name);
	else
		unregister_chrdev_region(MKDEV(major, base), count);
}

static void replay(int pop, const char *place, unsigned int rep)
{
	u64 t0, t;
	int i, ret, n;

	t0 = ktime_get_ns();
	for (i = 0; i < nrecs; i++) {
		struct rec *r = &recs[i];

		ret = reg(r->blk, r->dyn, r->major, r->base, r->count, r->name, &r->got);
		if (ret) {
			fail(r->name, r->major, r->base, ret);
			break;
		}
	}
	t = ktime_get_ns() - t0;
	n = i;
	while (--i >= 0)
		unreg(recs[i].blk, recs[i].got, recs[i].base, recs[i].count, recs[i].name);
	if (!quiet)
		pr_info("devbench: r pop=%d place=%s wl=boot rep=%u ns=%llu n=%d\n",
			pop, place, rep, t, n);
}

/* ---- module churn ---- */

static void churn_release(struct held *x)
{
	if (x->blk) {
		unregister_blkdev(x->major, "churnb");
		if (!x->dyn)
			bpool_held[x->pool] = false;
	} else {
		unregister_chrdev_region(MKDEV(x->major, x->slot * SLOT), SLOT);
		if (!x->dyn)
			pool_held[x->pool][x->slot] = false;
	}
}

static void churn(int pop, const char *place, unsigned int rep)
{
	struct held h[MAX_HELD];
	unsigned int op, nh = 0, calls = 0;
	u64 t0, t;

	rng = seed * 0x9E3779B97F4A7C15ULL + rep + 1;
	t0 = ktime_get_ns();
	for (op = 0; op < churn_ops; op++) {
		unsigned int kind = rnd(10), i = rnd(32), s = rnd(SLOT);
		struct held *x;
		int ret;

		if (nh == MAX_HELD || (nh && rnd(2))) {
			/* a random module is unloaded */
			x = &h[rnd(nh)];
			churn_release(x);
			*x = h[--nh];
			calls++;
			continue;
		}
		/* a module is loaded */
		x = &h[nh];
		memset(x, 0, sizeof(*x));
		x->blk = kind >= 8;
		x->dyn = kind == 6 || kind == 7 || kind == 9;
		if (kind < 6) {
			if (pool_held[i][s])
				continue;
			x->pool = i;
			x->slot = s;
			ret = reg(false, false, chr_pool[i], s * SLOT, SLOT, "churn", &x->major);
		} else if (kind < 8) {
			ret = reg(false, true, 0, 0, SLOT, "churn", &x->major);
		} else {
			x->pool = i % ARRAY_SIZE(blk_pool);
			if (kind == 8 && bpool_held[x->pool])
				continue;
			ret = reg(true, x->dyn, blk_pool[x->pool], 0, 0, "churnb", &x->major);
		}
		calls++;
		if (ret) {
			fail("churn", kind, s, ret);
			continue;
		}
		if (!x->dyn)
			*(x->blk ? &bpool_held[x->pool] : &pool_held[x->pool][x->slot]) = true;
		nh++;
	}
	t = ktime_get_ns() - t0;
	while (nh)
		churn_release(&h[--nh]);
	if (!quiet)
		pr_info("devbench: r pop=%d place=%s wl=churn rep=%u ns=%llu n=%u\n",
			pop, place, rep, t, calls);
}

/* ---- dynamic allocation ---- */

static void dynamic(int pop, const char *place, unsigned int rep, bool blk)
{
	unsigned int n = blk ? 8 : 16, i, done;
	u32 got[16];
	u64 t0, t;
	int ret = 0;

	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		ret = reg(blk, true, 0, 0, SLOT, blk ? "dynb" : "dync", &got[i]);
		if (ret)
			break;
	}
	t = ktime_get_ns() - t0;
	if (ret)
		fail(blk ? "register_blkdev(0)" : "alloc_chrdev_region", 0, 0, ret);
	/* released in a random order, untimed */
	rng = seed + rep;
	for (done = i; done; done--) {
		u32 k = rnd(done);

		unreg(blk, got[k], 0, SLOT, blk ? "dynb" : "dync");
		got[k] = got[done - 1];
	}
	if (!quiet)
		pr_info("devbench: r pop=%d place=%s wl=%s rep=%u ns=%llu n=%u\n",
			pop, place, blk ? "dyn-blk" : "dyn-chr", rep, t, i);
}

/* ---- /proc/devices ---- */

static void proc(int pop, const char *place, unsigned int rep, size_t chunk)
{
	ssize_t len = 0;
	u64 t0, t;
	int i;

	t0 = ktime_get_ns();
	for (i = 0; i < 10; i++)
		len = read_whole("/proc/devices", procbuf, PROC_SIZE, chunk);
	t = ktime_get_ns() - t0;
	if (len <= 0)
		fail("read /proc/devices", 0, 0, len);
	if (!quiet)
		pr_info("devbench: r pop=%d place=%s wl=%s rep=%u ns=%llu n=10 bytes=%zd\n",
			pop, place, chunk > 64 ? "proc-cat" : "proc-64", rep, t, len);
}

#ifdef __KERNEL__
/* The first free major above @after that the module may take, or 0. */
static u32 free_above(bool blk, u32 after)
{
	const u8 *use = blk ? blk_use : chr_use;
	u32 m;

	for (m = after + 1; m < NMAJ; m++)
		if (use[m] == FREE && (blk || !in_window(m)))
			return m;
	return 0;
}

/*
 * /proc/devices in 64-byte pieces from one open file: after every read, a
 * region in the first free major above the last one shown (char, then
 * block once the block section shows), released four reads later.  Stock
 * moves one major at a time, so it lists each major registered above the
 * last one shown that the reader still reaches, one released before the
 * reader gets there not at all, and nothing registered after the read
 * that reached the end; the text must be the same everywhere.
 */
static void proc_pieces(void)
{
	struct file *f = filp_open("/proc/devices", O_RDONLY, 0);
	struct { bool blk, held; u32 major; int at; } r[64];
	int nr = 0, k = 0, i;
	loff_t pos = 0;
	size_t len = 0;
	ssize_t n;

	if (IS_ERR(f)) {
		fail("open /proc/devices", 0, 0, PTR_ERR(f));
		return;
	}
	while (len + 64 < PROC_SIZE && (n = kernel_read(f, procbuf + len, 64, &pos)) > 0) {
		bool blk;
		char *end, *line;
		u32 last = 0, m;

		len += n;
		procbuf[len] = '\0';
		k++;
		for (i = 0; i < nr; i++)
			if (r[i].held && r[i].at + 4 == k) {
				unreg(r[i].blk, r[i].major, 0, 1, "pieces");
				r[i].held = false;
			}
		end = strrchr(procbuf, '\n');
		if (nr == ARRAY_SIZE(r) || !end)
			continue;
		/* the major of the last whole line read, in its section */
		for (line = end; line > procbuf && line[-1] != '\n'; line--)
			;
		if (line == end || sscanf(line, "%u", &last) != 1)
			last = 0;
		blk = strstr(procbuf, "Block devices:");
		m = free_above(blk, last);
		if (!m || reg(blk, false, m, 0, 1, "pieces", &m))
			continue;
		(blk ? blk_use : chr_use)[m] = BG;
		r[nr++] = (typeof(r[0])){ .blk = blk, .held = true, .major = m, .at = k };
	}
	fput(f);
	for (i = 0; i < nr; i++) {
		if (r[i].held)
			unreg(r[i].blk, r[i].major, 0, 1, "pieces");
		(r[i].blk ? blk_use : chr_use)[r[i].major] = FREE;
	}
	pr_info("devbench: listing pieces bytes=%zu hash=%08x\n", len, hash_of(procbuf, len));
}
#else
static void proc_pieces(void)
{
}
#endif

#define CAL_WORDS	4096
#define CAL_STEPS	65536
static u32 *cal_buf;

static void calibrate(int pop, const char *place, unsigned int rep)
{
	u32 i, x = 1;
	u64 t0, t;

	t0 = ktime_get_ns();
	for (i = 0; i < CAL_STEPS; i++) {
		x = cal_buf[x % CAL_WORDS] + i;
		cal_buf[i % CAL_WORDS] ^= x;
	}
	t = ktime_get_ns() - t0;
	if (!quiet)
		pr_info("devbench: r pop=%d place=%s wl=cal rep=%u ns=%llu n=%u\n",
			pop, place, rep, t, CAL_STEPS);
}

/* ---- background ---- */

/* Reservation k of pop: majors spread evenly, further slots when full. */
static u32 bg_major(const u32 *set, int nset, int k, int pop, u32 *slot)
{
	int first = min(pop, nset);

	*slot = 1 + k / nset;		/* slot 0 stays free */
	return set[(k % nset) * nset / first];
}

static void background_release(int pop, bool in, int nchr, int nblk)
{
	const u32 *set = in ? bg_in : bg_out;
	int nset = in ? nbg_in : nbg_out, k;
	u32 slot, m;

	for (k = 0; k < nchr; k++) {
		m = bg_major(set, nset, k, pop, &slot);
		unregister_chrdev_region(MKDEV(m, slot * SLOT), SLOT);
	}
	for (k = 0; k < nblk; k++)
		unregister_blkdev(bg_major(bg_blk, nbg_blk, k, min(pop, BLK_BG_MAX), &slot), "bgb");
}

static int background(int pop, bool in)
{
	const u32 *set = in ? bg_in : bg_out;
	int nset = in ? nbg_in : nbg_out, k, n, ret;
	u32 slot, m, got;

	for (k = 0; k < pop; k++) {
		m = bg_major(set, nset, k, pop, &slot);
		ret = reg(false, false, m, slot * SLOT, SLOT, "bgc", &got);
		if (ret) {
			fail("background bgc", m, slot * SLOT, ret);
			background_release(pop, in, k, 0);
			return ret;
		}
		if (!(k % 256))
			cond_resched();
	}
	for (n = 0; n < min(pop, BLK_BG_MAX); n++) {
		m = bg_major(bg_blk, nbg_blk, n, min(pop, BLK_BG_MAX), &slot);
		ret = reg(true, false, m, 0, 0, "bgb", &got);
		if (ret) {
			fail("background bgb", m, 0, ret);
			background_release(pop, in, pop, n);
			return ret;
		}
	}
	return 0;
}

/* Majors for the churn pools and both backgrounds, after boot and replay. */
static int plan(void)
{
	int np = 0, nb = 0, m;

	/* the churn pools: free char majors spread over 1..511 outside the
	 * dynamic windows, block ones above 254 (see below) */
	for (m = 2; m < NMAJ && np < ARRAY_SIZE(chr_pool); m += 7)
		if (chr_use[m] == FREE && !in_window(m)) {
			chr_use[m] = POOL;
			chr_pool[np++] = m;
		}
	/* above 254, where register_blkdev(0) never takes one */
	for (m = 258; m < NMAJ && nb < ARRAY_SIZE(blk_pool); m += 13)
		if (blk_use[m] == FREE) {
			blk_use[m] = POOL;
			blk_pool[nb++] = m;
		}
	if (np < ARRAY_SIZE(chr_pool) || nb < ARRAY_SIZE(blk_pool))
		return -ENOSPC;
	/* in: every other free window major, so that half stay free */
	for (m = 1; m < NMAJ; m++) {
		if (chr_use[m] != FREE)
			continue;
		if (!in_window(m))
			bg_out[nbg_out++] = m;
		else if (m % 2)
			bg_in[nbg_in++] = m;
	}
	for (m = 1; m < NMAJ; m++)
		if (blk_use[m] == FREE)
			bg_blk[nbg_blk++] = m;
	return 0;
}

/* What only the native build can time (testing/bench/native.c). */
#ifndef bench_native_extra
#define bench_native_extra(pop, place, rep) do { } while (0)
#endif

/*
 * @stmt once on each side under test, in an order drawn anew each time: a
 * kernel is one side; the native build runs the trees it links one after
 * the other within each repetition, so that a slow spell of the machine
 * falls on all of them alike.
 */
#ifndef bench_sides
#define bench_sides(stmt) do { stmt; } while (0)
#endif

static void run_all(int pop, const char *place, unsigned int rep)
{
	calibrate(pop, place, rep);
	replay(pop, place, rep);
	cond_resched();
	churn(pop, place, rep);
	cond_resched();
	dynamic(pop, place, rep, false);
	dynamic(pop, place, rep, true);
	proc(pop, place, rep, 128 << 10);
	proc(pop, place, rep, 64);
	bench_native_extra(pop, place, rep);
	calibrate(pop, place, rep);
	cond_resched();
}

/* The whole benchmark, on what this kernel (or side) holds now. */
static int __init bench_init(void)
{
	char *p, *s, *list;
	int ret = -ENOMEM;
	unsigned int rep;

	recs = kcalloc(MAX_ORDER, sizeof(*recs), GFP_KERNEL);
	procbuf = vmalloc(PROC_SIZE);
	list = kstrdup(pops, GFP_KERNEL);
	cal_buf = kcalloc(CAL_WORDS, sizeof(*cal_buf), GFP_KERNEL);
	if (!recs || !procbuf || !list || !cal_buf)
		goto out;
	for (rep = 0; rep < CAL_WORDS; rep++)
		cal_buf[rep] = rep * 2654435761u;
	ret = mark_boot();
	if (!ret)
		ret = load_order();
	if (ret) {
		pr_err("devbench: ERROR reading /proc/devices or %s: %d\n", order, ret);
		goto out;
	}
	ret = plan();
	if (ret) {
		pr_err("devbench: ERROR not enough free majors for the churn pools\n");
		goto out;
	}
	pr_info("devbench: start replay=%d pools=%zu+%zu in=%d out=%d blk=%d\n",
		nrecs, ARRAY_SIZE(chr_pool), ARRAY_SIZE(blk_pool), nbg_in, nbg_out, nbg_blk);
	proc_pieces();

	/*
	 * Warm-up: under TCG the first run of any code also translates it.
	 * One untimed round, so that no kernel pays for that in its results.
	 */
	quiet = true;
	bench_sides(run_all(0, "warm-up", 0));
	quiet = false;

	for (s = list; (p = strsep(&s, ","));) {
		int pop, place;

		if (kstrtoint(p, 10, &pop) || pop < 0)
			continue;
		for (place = 0; place < (pop ? 2 : 1); place++) {
			const char *pl = place ? "out" : "in";

			bench_sides(ret = ret ?: background(pop, !place));
			if (ret)
				goto out;
			bench_sides(count_bg(pop, pl));
			for (rep = 0; rep < reps; rep++)
				bench_sides(run_all(pop, pl, rep));
			bench_sides(background_release(pop, !place, pop,
						       min(pop, BLK_BG_MAX)));
		}
	}
	bench_sides(count_bg(-1, "after"));
	bench_sides(pr_info("devbench: done errors=%lu\n", errors));
	ret = 0;
out:
	kfree(cal_buf);
	kfree(list);
	vfree(procbuf);
	kfree(recs);
	return ret;
}

#ifdef __KERNEL__
module_init(bench_init);

/* The work is done at insmod; the module is removed right after. */
static void __exit bench_exit(void)
{
}
module_exit(bench_exit);

MODULE_DESCRIPTION("Benchmark of char and block device number registration");
MODULE_LICENSE("GPL");
#endif
