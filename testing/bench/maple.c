// SPDX-License-Identifier: GPL-2.0
/*
 * make bench-native's fifth side, "maple": a prototype of the char and
 * block registries kept in maple trees (lib/maple_tree.c, built in
 * userspace with the shims of the kernel's tools/testing/shared, as
 * tools/testing/radix-tree builds it), to answer "why not the maple
 * tree" with the benchmark's own workloads.  It is not in the series and
 * not a proposal: it is stock's char_dev.c and genhd.c with each hash
 * table replaced the way a maple tree is used in the kernel today.
 *
 * - chrdevs: one entry per reservation over its dev_t range, the tree's
 *   lock external (chrdevs_lock).  A registration looks for any entry in
 *   its range (mas_find()) and stores with GFP_KERNEL under the mutex
 *   (mas_store_gfp(), which may allocate nodes there).  A dynamic major
 *   is the highest gap of one major's size (mas_empty_area_rev(), the
 *   tree kept with MT_FLAGS_ALLOC_RANGE), checked for being a whole major.
 *   A range of 0 minors cannot be stored (stock keeps such records, from
 *   alloc_chrdev_region() or __register_chrdev() with a count of 0; the
 *   prototype refuses them, and the workloads make none).
 * - major_names: one entry per block major, its lock external
 *   (major_names_lock).  Readers (/proc/devices) take
 *   major_names_spinlock, as stock's do, so a writer preallocates its
 *   nodes under the mutex (mas_preallocate(), GFP_KERNEL; __GFP_NOFAIL for
 *   an erase, as mas_erase() does) and stores under the spinlock
 *   (mas_store_prealloc()): a tree under an external spinlock cannot
 *   allocate in it.  (A tree with its internal lock drops it to allocate,
 *   and its readers could take that lock or RCU instead: not measured.)
 *
 * Each call is timed through the same fz_ops table as the other sides;
 * maple_nodes() gives the nodes the two trees hold (256 bytes each).  The
 * tree's own functions and the shims' allocator (malloc() behind a
 * pthread mutex, about 18% of the registrations' instructions under
 * callgrind) are in the timings; frees are not deferred (see kfree_rcu()
 * below).
 */
/* tools/testing/shared/maple-shared.h, without CONFIG_DEBUG_MAPLE_TREE */
#include "shared.h"
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "linux/init.h"

/*
 * Nodes are freed at once, not after a grace period: the benchmark has no
 * lockless reader, and liburcu's call_rcu() thread would run in the other
 * sides' timings (it widened the A/A band of boot order from 0.96-1.02 to
 * 0.71-1.16).  The kernel's kfree_rcu() cost is left out: in its favour.
 */
#define kfree_rcu(_struct, _memb) kmem_cache_free(maple_node_cache, (_struct))

#include "maple_tree.c"
#include "fz.h"

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)
#define MKDEV(ma, mi)	(((ma) << MINORBITS) | (mi))
#define MAJOR(dev)	((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int)((dev) & MINORMASK))
#define CHRDEV_MAJOR_MAX	512
#define BLKDEV_MAJOR_MAX	512

void fz_lock(int *locked, const char *name);
void fz_unlock(int *locked, const char *name);
void *fz_alloc(size_t size, int zero);
void fz_free(const void *p);

struct char_device_struct {
	unsigned int major, baseminor;
	int minorct;
	char name[64];
	void *cdev;
};

struct blk_major_name {
	int major;
	char name[16];
	void (*probe)(unsigned int devt);
};

static int chrdevs_lock, major_names_lock, major_names_spinlock;
static struct maple_tree chrdevs = MTREE_INIT(chrdevs, MT_FLAGS_ALLOC_RANGE | MT_FLAGS_LOCK_EXTERN);
static struct maple_tree major_names = MTREE_INIT(major_names,
						  MT_FLAGS_ALLOC_RANGE | MT_FLAGS_LOCK_EXTERN);

/* maple_tree_init() and liburcu, once in each process that uses the side */
static void mp_init(void)
{
	static int done;

	if (done)
		return;
	done = 1;
	rcu_register_thread();
	maple_tree_init();
	/* the shim fails every GFP_NOWAIT allocation unless told otherwise */
	kmem_cache_set_non_kernel(maple_node_cache, UINT_MAX);
}

/* The highest major from @hi down to @lo that no reservation touches. */
static int mp_free_major(unsigned int lo, unsigned int hi)
{
	unsigned long max = MKDEV((unsigned long)hi, MINORMASK);
	MA_STATE(mas, &chrdevs, 0, 0);
	unsigned int m;

	for (;;) {
		mas_reset(&mas);
		if (mas_empty_area_rev(&mas, MKDEV((unsigned long)lo, 0), max, 1UL << MINORBITS))
			return -EBUSY;
		/* a gap of one major's size ending on a major's end is that major */
		if (MINOR(mas.last) == MINORMASK)
			return MAJOR(mas.last);
		/* else major MAJOR(last) is in use: is the one below it free? */
		m = MAJOR(mas.last) - 1;
		if (m < lo)
			return -EBUSY;
		mas_set(&mas, MKDEV((unsigned long)m, 0));
		if (!mas_find(&mas, MKDEV((unsigned long)m, MINORMASK)))
			return m;
		if (m == lo)
			return -EBUSY;
		max = MKDEV((unsigned long)m, 0) - 1;
	}
}

static struct char_device_struct *
mp_register_chrdev_region(unsigned int major, unsigned int baseminor, int minorct,
			  const char *name)
{
	struct char_device_struct *cd;
	bool dynamic = !major;
	unsigned long first;
	int ret;
	MA_STATE(mas, &chrdevs, 0, 0);

	if (major >= CHRDEV_MAJOR_MAX || baseminor > MINORMASK ||
	    minorct > (int)(MINORMASK + 1 - baseminor) || minorct <= 0)
		return ERR_PTR(-EINVAL);
	cd = fz_alloc(sizeof(*cd), 1);
	mp_init();
	fz_lock(&chrdevs_lock, "chrdevs_lock");
	if (dynamic) {
		ret = mp_free_major(234, 254);
		if (ret < 0)
			ret = mp_free_major(384, 511);
		if (ret < 0)
			goto out;
		major = ret;
	}
	first = MKDEV((unsigned long)major, baseminor);
	if (dynamic) {
		/* a free major: nothing to check */
		mas_set_range(&mas, first, first + minorct - 1);
	} else {
		/* one walk: the empty range around @first must hold it all */
		mas_set(&mas, first);
		ret = -EBUSY;
		if (mas_walk(&mas) || mas.last < first + minorct - 1)
			goto out;
		__mas_set_range(&mas, first, first + minorct - 1);
	}
	cd->major = major;
	cd->baseminor = baseminor;
	cd->minorct = minorct;
	strncpy(cd->name, name, sizeof(cd->name) - 1);
	ret = mas_store_gfp(&mas, cd, GFP_KERNEL);
out:
	fz_unlock(&chrdevs_lock, "chrdevs_lock");
	if (ret < 0) {
		fz_free(cd);
		return ERR_PTR(ret);
	}
	return cd;
}

static struct char_device_struct *
mp_unregister_chrdev_region(unsigned int major, unsigned int baseminor, int minorct)
{
	unsigned long first = MKDEV((unsigned long)major, baseminor);
	struct char_device_struct *cd;
	MA_STATE(mas, &chrdevs, first, first);

	if (major >= CHRDEV_MAJOR_MAX || baseminor > MINORMASK)
		return NULL;
	fz_lock(&chrdevs_lock, "chrdevs_lock");
	cd = mas_walk(&mas);
	if (cd && (mas.index != first || cd->minorct != minorct))
		cd = NULL;
	if (cd)
		mas_erase(&mas);	/* GFP_KERNEL | __GFP_NOFAIL inside */
	fz_unlock(&chrdevs_lock, "chrdevs_lock");
	return cd;
}

/* Calls that change a tree (registrations and releases), for maple_nodes() */
static unsigned long mp_calls;

static int mp_register_chrdev_region_api(unsigned int from, unsigned int count, const char *name)
{
	unsigned int to = from + count, n, next;
	struct char_device_struct *cd;

	mp_calls++;

	if (!MAJOR(from) || to < from)
		return -EINVAL;
	for (n = from; n < to; n = next) {
		next = MKDEV(MAJOR(n) + 1, 0);
		if (next > to || !next)
			next = to;
		cd = mp_register_chrdev_region(MAJOR(n), MINOR(n), next - n, name);
		if (IS_ERR(cd))
			goto fail;
	}
	return 0;
fail:
	to = n;
	for (n = from; n < to; n = next) {
		next = MKDEV(MAJOR(n) + 1, 0);
		fz_free(mp_unregister_chrdev_region(MAJOR(n), MINOR(n), next - n));
	}
	return PTR_ERR(cd);
}

static int mp_alloc_chrdev_region(unsigned int *dev, unsigned int baseminor,
				  unsigned int count, const char *name)
{
	struct char_device_struct *cd;

	mp_calls++;

	cd = mp_register_chrdev_region(0, baseminor, count, name);
	if (IS_ERR(cd))
		return PTR_ERR(cd);
	*dev = MKDEV(cd->major, cd->baseminor);
	return 0;
}

static void mp_unregister_chrdev_region_api(unsigned int from, unsigned int count)
{
	unsigned int to, n, next;

	mp_calls++;

	if (MAJOR(from) >= CHRDEV_MAJOR_MAX)
		return;
	to = from + (count < MKDEV(CHRDEV_MAJOR_MAX, 0) - from ?
		     count : MKDEV(CHRDEV_MAJOR_MAX, 0) - from);
	for (n = from; n < to; n = next) {
		next = MKDEV(MAJOR(n) + 1, 0);
		if (next > to)
			next = to;
		fz_free(mp_unregister_chrdev_region(MAJOR(n), MINOR(n), next - n));
	}
}

static int mp_register_blkdev(unsigned int major, const char *name, int probe)
{
	struct blk_major_name *p;
	int ret = 0;
	MA_STATE(mas, &major_names, 0, 0);

	mp_calls++;

	mp_init();
	fz_lock(&major_names_lock, "major_names_lock");
	if (major == 0) {
		/* the highest free index: mas is at it, [major, major] */
		if (mas_empty_area_rev(&mas, 1, 254, 1)) {
			ret = -EBUSY;
			goto out;
		}
		major = ret = mas.last;
	} else if (major >= BLKDEV_MAJOR_MAX) {
		ret = -EINVAL;
		goto out;
	} else {
		mas_set(&mas, major);
		if (mas_walk(&mas)) {
			ret = -EBUSY;
			goto out;
		}
		__mas_set_range(&mas, major, major);
	}
	p = fz_alloc(sizeof(*p), 0);
	p->major = major;
	p->probe = probe ? fz_probe_fn : NULL;
	strncpy(p->name, name, sizeof(p->name) - 1);
	p->name[sizeof(p->name) - 1] = '\0';
	if (mas_preallocate(&mas, p, GFP_KERNEL)) {
		fz_free(p);
		ret = -ENOMEM;
		goto out;
	}
	fz_lock(&major_names_spinlock, "major_names_spinlock");
	mas_store_prealloc(&mas, p);
	fz_unlock(&major_names_spinlock, "major_names_spinlock");
out:
	fz_unlock(&major_names_lock, "major_names_lock");
	return ret;
}

static void mp_unregister_blkdev(unsigned int major, const char *name)
{
	struct blk_major_name *p;
	MA_STATE(mas, &major_names, major, major);

	mp_calls++;

	fz_lock(&major_names_lock, "major_names_lock");
	p = mas_walk(&mas);
	if (!p || strcmp(p->name, name)) {
		fz_unlock(&major_names_lock, "major_names_lock");
		return;		/* stock warns here */
	}
	/*
	 * an erase may need nodes too: taken before the spinlock, and with
	 * __GFP_NOFAIL, as mas_erase() takes them, so a release cannot fail
	 */
	mas_preallocate(&mas, NULL, GFP_KERNEL | __GFP_NOFAIL);
	fz_lock(&major_names_spinlock, "major_names_spinlock");
	mas_store_prealloc(&mas, NULL);
	fz_unlock(&major_names_spinlock, "major_names_spinlock");
	fz_unlock(&major_names_lock, "major_names_lock");
	fz_free(p);
}

/*
 * "%3d %s\n", printed without vsnprintf() as the series prints it
 * (seq_put_decimal_ull_width(), seq_puts()), so that the holds and the
 * reads compare the structures, not the printing
 */
static unsigned long mp_line(char *buf, unsigned long len, unsigned long size,
			     unsigned int major, const char *name)
{
	size_t n = strlen(name);
	char d[12];
	int k = 0;

	do
		d[k++] = '0' + major % 10;
	while ((major /= 10));
	if (len + 3 + k + n + 2 >= size)
		return size;
	while (k < 3)
		d[k++] = ' ';
	while (k)
		buf[len++] = d[--k];
	buf[len++] = ' ';
	memcpy(buf + len, name, n);
	len += n;
	buf[len++] = '\n';
	return len;
}

/*
 * /proc/devices, one major in use at a time as the series prints it: each
 * hold prints one major and finds the next one in use.
 */
static unsigned long mp_proc(char *buf, unsigned long size, unsigned int restart)
{
	struct char_device_struct *cd;
	struct blk_major_name *p;
	unsigned long len, idx;
	unsigned int major = 0, next;

	len = snprintf(buf, size, "Character devices:\n");
	while (major < CHRDEV_MAJOR_MAX) {
		MA_STATE(mas, &chrdevs, MKDEV((unsigned long)major, 0),
			 MKDEV((unsigned long)major, 0));

		next = CHRDEV_MAJOR_MAX;
		fz_lock(&chrdevs_lock, "chrdevs_lock");
		mas_for_each(&mas, cd, ULONG_MAX) {
			if (cd->major != major) {
				next = cd->major;
				break;
			}
			len = mp_line(buf, len, size, major, cd->name);
		}
		fz_unlock(&chrdevs_lock, "chrdevs_lock");
		major = next;
	}
	len += snprintf(buf + len, size - len, "\nBlock devices:\n");
	for (idx = 0; idx < BLKDEV_MAJOR_MAX; idx = next) {
		MA_STATE(mas, &major_names, idx, idx);

		next = BLKDEV_MAJOR_MAX;
		fz_lock(&major_names_spinlock, "major_names_spinlock");
		p = mas_find(&mas, BLKDEV_MAJOR_MAX - 1);
		if (p && (unsigned long)p->major == idx) {
			len = mp_line(buf, len, size, p->major, p->name);
			p = mas_find(&mas, BLKDEV_MAJOR_MAX - 1);
		}
		if (p)
			next = p->major;
		fz_unlock(&major_names_spinlock, "major_names_spinlock");
	}
	return len;
}

static void mp_holds(unsigned long long max[2])
{
	static char buf[1 << 21];

	fz_hold_watch(1, NULL);
	mp_proc(buf, sizeof(buf), 0);
	fz_hold_watch(0, max);
}

/*
 * The maple nodes both trees hold now; in @taken, the nodes taken from the allocator (preallocations included)
 * per 1,000 calls that changed a tree since the last call.
 */
unsigned long maple_nodes(unsigned long *taken)
{
	static unsigned long calls, allocs;
	unsigned long a;

	*taken = 0;
	if (!maple_node_cache)
		return 0;
	a = kmem_cache_nr_tallocated(maple_node_cache);
	if (mp_calls > calls)
		*taken = (a - allocs) * 1000 / (mp_calls - calls);
	calls = mp_calls;
	allocs = a;
	return kmem_cache_nr_allocated(maple_node_cache);
}

const struct fz_ops fz_ops_maple = {
	.register_chrdev_region = mp_register_chrdev_region_api,
	.alloc_chrdev_region = mp_alloc_chrdev_region,
	.unregister_chrdev_region = mp_unregister_chrdev_region_api,
	.register_blkdev = mp_register_blkdev,
	.unregister_blkdev = mp_unregister_blkdev,
	.proc = mp_proc,
	.holds = mp_holds,
};
