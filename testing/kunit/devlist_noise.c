// SPDX-License-Identifier: GPL-2.0
/*
 * Registrations by someone else, for make kunit-ci and make stress: while
 * loaded, @threads kthreads register and release char and block device
 * numbers in a loop, fixed and dynamic, through every API, as drivers
 * probing beside a test would.  The KUnit suites must pass beside it,
 * every case, with no skip.
 *
 * Every grant is checked to be exclusive: a fixed range or a dynamic major
 * that one thread holds must not be granted to another before it is
 * released; a dynamic major must lie in its API's dynamic ranges.  The
 * count of bad grants is printed at unload ("devlist-noise: N rounds, M
 * bad grants").
 *
 * Its fixed majors are found free at load among a few that the suites do
 * not use; its names start with "noise", never with "kunit".
 */
#include <linux/bitmap.h>
#include <linux/blkdev.h>
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/sched.h>

static unsigned int threads = 1;
module_param(threads, uint, 0444);
MODULE_PARM_DESC(threads, "registering threads (1-8)");

#define NOISE_MAX_THREADS	8
static struct task_struct *noise_task[NOISE_MAX_THREADS];
static unsigned int chr_major, blk_major;
static atomic_long_t rounds, bad;
static atomic_t chr_fixed_held, blk_fixed_held;
static DECLARE_BITMAP(chr_dyn_held, CHRDEV_MAJOR_MAX);
static DECLARE_BITMAP(blk_dyn_held, BLKDEV_MAJOR_MAX);

static void noise_bad(const char *what, unsigned int major)
{
	atomic_long_inc(&bad);
	pr_err("devlist-noise: bad grant: %s, major %u\n", what, major);
}

/* A grant of @major in @held: nobody else may hold it. */
static void noise_take(unsigned long *held, unsigned int major, const char *what)
{
	if (test_and_set_bit(major, held))
		noise_bad(what, major);
}

static void noise_give(unsigned long *held, unsigned int major)
{
	clear_bit(major, held);
}

/*
 * One round: take a dynamic and a fixed char range and a dynamic and a fixed
 * block major, then release them in reverse order.  Each is marked held
 * from its grant until just before its release, so that a second grant of
 * it meanwhile, to this thread or another, is seen.
 */
static void noise_round(void)
{
	bool chr_dyn, chr_fix, blk_fix;
	unsigned int m = 0;
	dev_t dev;
	int blk_dyn;

	chr_dyn = !alloc_chrdev_region(&dev, 0, 4, "noise-dyn");
	if (chr_dyn) {
		m = MAJOR(dev);
		if (!(m >= 234 && m <= 254) && !(m >= 384 && m < CHRDEV_MAJOR_MAX))
			noise_bad("dynamic char major out of its ranges", m);
		if (m < CHRDEV_MAJOR_MAX)
			noise_take(chr_dyn_held, m, "dynamic char major held twice");
	}
	chr_fix = !register_chrdev_region(MKDEV(chr_major, 16), 16, "noise-fix");
	if (chr_fix && atomic_inc_return(&chr_fixed_held) != 1)
		noise_bad("fixed char range held twice", chr_major);
	blk_dyn = register_blkdev(0, "noise-blkdyn");
	if (blk_dyn > 0) {
		if (blk_dyn >= BLKDEV_MAJOR_MAX)
			noise_bad("dynamic block major out of range", blk_dyn);
		else
			noise_take(blk_dyn_held, blk_dyn, "dynamic block major held twice");
	}
	blk_fix = !register_blkdev(blk_major, "noise-blkfix");
	if (blk_fix && atomic_inc_return(&blk_fixed_held) != 1)
		noise_bad("fixed block major held twice", blk_major);

	if (blk_fix) {
		atomic_dec(&blk_fixed_held);
		unregister_blkdev(blk_major, "noise-blkfix");
	}
	if (blk_dyn > 0) {
		if (blk_dyn < BLKDEV_MAJOR_MAX)
			noise_give(blk_dyn_held, blk_dyn);
		unregister_blkdev(blk_dyn, "noise-blkdyn");
	}
	if (chr_fix) {
		atomic_dec(&chr_fixed_held);
		unregister_chrdev_region(MKDEV(chr_major, 16), 16);
	}
	if (chr_dyn) {
		if (m < CHRDEV_MAJOR_MAX)
			noise_give(chr_dyn_held, m);
		unregister_chrdev_region(dev, 4);
	}
}

static int noise_fn(void *unused)
{
	while (!kthread_should_stop()) {
		noise_round();
		atomic_long_inc(&rounds);
		cond_resched();
	}
	return 0;
}

/* The first of @majors that @reg can take, released again; 0 if none. */
static unsigned int noise_free_major(const unsigned int *majors, int n, bool blk)
{
	int i;

	for (i = 0; i < n; i++) {
		if (blk ? !register_blkdev(majors[i], "noise-probe") :
		    !register_chrdev_region(MKDEV(majors[i], 0), 1, "noise-probe")) {
			if (blk)
				unregister_blkdev(majors[i], "noise-probe");
			else
				unregister_chrdev_region(MKDEV(majors[i], 0), 1);
			return majors[i];
		}
	}
	return 0;
}

static void noise_stop(void)
{
	unsigned int i;

	for (i = 0; i < NOISE_MAX_THREADS; i++)
		if (noise_task[i])
			kthread_stop(noise_task[i]);
}

static int __init noise_init(void)
{
	/* local/experimental majors the suites leave alone (they use 60-63, 120-127) */
	static const unsigned int majors[] = { 240, 241, 242, 243, 244 };
	unsigned int i;

	if (!threads || threads > NOISE_MAX_THREADS)
		return -EINVAL;
	chr_major = noise_free_major(majors, ARRAY_SIZE(majors), false);
	blk_major = noise_free_major(majors, ARRAY_SIZE(majors), true);
	if (!chr_major || !blk_major)
		return -EBUSY;
	for (i = 0; i < threads; i++) {
		struct task_struct *t = kthread_run(noise_fn, NULL, "devlist-noise/%u", i);

		if (IS_ERR(t)) {
			noise_stop();
			return PTR_ERR(t);
		}
		noise_task[i] = t;
	}
	pr_info("devlist-noise: %u threads registering in char %u, block %u and dynamic majors\n",
		threads, chr_major, blk_major);
	return 0;
}
module_init(noise_init);

static void __exit noise_exit(void)
{
	noise_stop();
	pr_info("devlist-noise: %ld rounds, %ld bad grants\n",
		atomic_long_read(&rounds), atomic_long_read(&bad));
}
module_exit(noise_exit);

MODULE_DESCRIPTION("Registrations beside the KUnit suites and in make stress");
MODULE_LICENSE("GPL");
