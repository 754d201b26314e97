// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark of device-number registration, built out of tree against the
 * stock and the patched kernel alike.
 *
 * Load with pop=N: registers N background char reservations (a few minors
 * each, spread over many majors) and min(N, 200) block majors, times each
 * operation REPS times (ITERS calls each) and prints
 *   bench <op> pop <N> ns <per call> ...
 * one line per rep.  The background stays registered until the module is
 * removed, so that userspace can time /proc/devices reads in between.
 */
#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/slab.h>

static unsigned int pop;
module_param(pop, uint, 0444);
static unsigned int reps = 7;
module_param(reps, uint, 0444);
static unsigned int iters = 200;
module_param(iters, uint, 0444);

static dev_t *bg;
static unsigned int nbg;
static int *bgblk;
static unsigned int nbgblk;

/* Majors for the background: outside both dynamic windows. */
static unsigned int bg_major(unsigned int i)
{
	static const unsigned int span = 233 - 1 + 383 - 255 + 1;
	unsigned int m = 1 + i % span;

	return m <= 233 ? m : m - 233 + 255 - 1;
}

static void fill(void)
{
	unsigned int i, tries;
	char name[16];

	bg = kcalloc(pop ?: 1, sizeof(*bg), GFP_KERNEL);
	bgblk = kcalloc(min(pop, 200U) ?: 1, sizeof(*bgblk), GFP_KERNEL);
	if (!bg || !bgblk)
		return;
	for (i = 0, tries = 0; nbg < pop && tries < 16 * pop; tries++, i++) {
		dev_t dev = MKDEV(bg_major(i), 512 + (i / 256) * 8);

		snprintf(name, sizeof(name), "bg%u", nbg);
		if (!register_chrdev_region(dev, 4, name))
			bg[nbg++] = dev;
	}
	for (i = 0; nbgblk < min(pop, 200U) && i < 500; i++) {
		int ret = register_blkdev(0, "bgblk");

		if (ret <= 0)
			break;
		bgblk[nbgblk++] = ret;
	}
}

static void report(const char *op, s64 ns[], unsigned int n, unsigned int per)
{
	unsigned int r;

	for (r = 0; r < n; r++)
		pr_info("bench %s pop %u ns %lld\n", op, pop, div_s64(ns[r], per));
}

static int __init bench_init(void)
{
	s64 *ns = kcalloc(reps, sizeof(*ns), GFP_KERNEL);
	unsigned int r, i;
	ktime_t t0;
	dev_t dev;
	int ret;

	if (!ns)
		return -ENOMEM;
	fill();
	pr_info("bench background pop %u char %u block %u\n", pop, nbg, nbgblk);

	/* register_chrdev_region + unregister_chrdev_region of a fixed range */
	for (r = 0; r < reps; r++) {
		t0 = ktime_get();
		for (i = 0; i < iters; i++) {
			ret = register_chrdev_region(MKDEV(120, 2048), 8, "bench");
			unregister_chrdev_region(MKDEV(120, 2048), 8);
		}
		ns[r] = ktime_to_ns(ktime_sub(ktime_get(), t0));
		if (ret)
			pr_info("bench fixed: error %d\n", ret);
	}
	report("region", ns, reps, iters);

	/* alloc_chrdev_region + release */
	for (r = 0; r < reps; r++) {
		t0 = ktime_get();
		for (i = 0; i < iters; i++) {
			ret = alloc_chrdev_region(&dev, 0, 1, "bench");
			if (!ret)
				unregister_chrdev_region(dev, 1);
		}
		ns[r] = ktime_to_ns(ktime_sub(ktime_get(), t0));
		if (ret)
			pr_info("bench alloc: error %d\n", ret);
	}
	report("alloc", ns, reps, iters);

	/* register_blkdev(0) + unregister_blkdev */
	for (r = 0; r < reps; r++) {
		t0 = ktime_get();
		for (i = 0; i < iters; i++) {
			ret = register_blkdev(0, "bench");
			if (ret > 0)
				unregister_blkdev(ret, "bench");
		}
		ns[r] = ktime_to_ns(ktime_sub(ktime_get(), t0));
		if (ret <= 0)
			pr_info("bench blkdev: error %d\n", ret);
	}
	report("blkdev", ns, reps, iters);
	kfree(ns);
	return 0;
}

static void __exit bench_exit(void)
{
	unsigned int i;

	for (i = 0; i < nbg; i++)
		unregister_chrdev_region(bg[i], 4);
	for (i = 0; i < nbgblk; i++)
		unregister_blkdev(bgblk[i], "bgblk");
	kfree(bg);
	kfree(bgblk);
}

module_init(bench_init);
module_exit(bench_exit);
MODULE_DESCRIPTION("Benchmark of device-number registration");
MODULE_LICENSE("GPL");
