// SPDX-License-Identifier: GPL-2.0
/*
 * Registrations by someone else, for make kunit-ci: while loaded, a
 * kthread registers and releases char and block device numbers in a loop,
 * fixed and dynamic, through every API, as drivers probing beside a test
 * would.  The KUnit suites must pass beside it (or skip a case that has to
 * prove one exact dynamic choice, saying "concurrent registration seen").
 *
 * Its fixed majors are found free at load among a few that the suites do
 * not use; its names start with "noise", never with "kunit".
 */
#include <linux/blkdev.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/kthread.h>
#include <linux/module.h>

static struct task_struct *noise_task;
static unsigned int chr_major, blk_major;
static unsigned long rounds;

static int noise_fn(void *unused)
{
	while (!kthread_should_stop()) {
		dev_t dev;
		int ret;

		if (!alloc_chrdev_region(&dev, 0, 4, "noise-dyn"))
			unregister_chrdev_region(dev, 4);
		if (!register_chrdev_region(MKDEV(chr_major, 16), 16, "noise-fix"))
			unregister_chrdev_region(MKDEV(chr_major, 16), 16);
		ret = register_blkdev(0, "noise-blkdyn");
		if (ret > 0)
			unregister_blkdev(ret, "noise-blkdyn");
		if (!register_blkdev(blk_major, "noise-blkfix"))
			unregister_blkdev(blk_major, "noise-blkfix");
		rounds++;
		usleep_range(50, 100);
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

static int __init noise_init(void)
{
	/* local/experimental majors the suites leave alone (they use 60-63, 120-127) */
	static const unsigned int majors[] = { 240, 241, 242, 243, 244 };

	chr_major = noise_free_major(majors, ARRAY_SIZE(majors), false);
	blk_major = noise_free_major(majors, ARRAY_SIZE(majors), true);
	if (!chr_major || !blk_major)
		return -EBUSY;
	noise_task = kthread_run(noise_fn, NULL, "devlist-noise");
	if (IS_ERR(noise_task))
		return PTR_ERR(noise_task);
	pr_info("devlist-noise: registering in char %u, block %u and dynamic majors\n",
		chr_major, blk_major);
	return 0;
}
module_init(noise_init);

static void __exit noise_exit(void)
{
	kthread_stop(noise_task);
	pr_info("devlist-noise: %lu rounds\n", rounds);
}
module_exit(noise_exit);

MODULE_DESCRIPTION("Registrations beside the KUnit suites, for make kunit-ci");
MODULE_LICENSE("GPL");
