/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Appended to the code extract.py takes from fs/proc/devices.c: read
 * /proc/devices through its seq_operations, as seq_read() does, starting
 * a new read every @restart records (0: one read), or through its one
 * show if it is a single_open() file (FZ_PROC_SINGLE), and this side's table
 * of entry points (FZ_OPS is fz_ops_stock or fz_ops_series, from -D).
 */
#include "fz.h"

#ifdef FZ_PROC_SINGLE
/* One single_open() record: the whole file from one call of its show. */
static unsigned long fz_proc(char *buf, unsigned long size, unsigned int restart)
{
	struct seq_file m = { .buf = buf, .size = size };

	if (devinfo_show(&m, NULL))
		fz_fatal("devinfo show returned an error");
	return m.count;
}
#else
static unsigned long fz_proc(char *buf, unsigned long size, unsigned int restart)
{
	struct seq_file m = { .buf = buf, .size = size, .op = &devinfo_ops };
	unsigned int k = 0, guard = 0;
	loff_t pos = 0;
	void *v;

	v = m.op->start(&m, &pos);
	while (v) {
		if (m.op->show(&m, v))
			fz_fatal("devinfo show returned an error");
		v = m.op->next(&m, v, &pos);
		if (++guard > 100000)
			fz_fatal("/proc/devices does not end");
		if (v && restart && ++k % restart == 0) {
			m.op->stop(&m, v);
			v = m.op->start(&m, &pos);
		}
	}
	m.op->stop(&m, v);
	return m.count;
}
#endif

/*
 * How long a /proc/devices reader holds chrdevs_lock and the block
 * spinlock at most: every hold during one whole read, as this tree's
 * devices.c takes them (per major, or once for a whole section), timed
 * from the lock to the unlock by the program's fz_lock() and fz_unlock().
 */
static void fz_holds(unsigned long long max[2])
{
	static char buf[1 << 21];

	fz_hold_watch(1, NULL);
	fz_proc(buf, sizeof(buf), 0);
	fz_hold_watch(0, max);
}

int fz_register_chrdev_region(unsigned int, unsigned int, const char *);
int fz_alloc_chrdev_region(unsigned int *, unsigned int, unsigned int, const char *);
void fz_unregister_chrdev_region(unsigned int, unsigned int);
int fz_register_chrdev(unsigned int, unsigned int, unsigned int, const char *);
void fz_unregister_chrdev(unsigned int, unsigned int, unsigned int, const char *);
int fz_register_blkdev(unsigned int, const char *, int);
void fz_unregister_blkdev(unsigned int, const char *);
int fz_probe_dev(unsigned int);
int fz_region(unsigned int, unsigned int, int, const char *, unsigned int *);
int fz_unregion(unsigned int, unsigned int, int);
int fz_char_dump(struct fz_piece *, int);
int fz_block_dump(struct fz_bmaj *, int);
int fz_char_add(const struct fz_piece *);
int fz_char_remove(const struct fz_piece *);
int fz_block_add(const struct fz_bmaj *);
int fz_block_remove(const struct fz_bmaj *);

const struct fz_ops FZ_OPS = {
	.register_chrdev_region = fz_register_chrdev_region,
	.alloc_chrdev_region = fz_alloc_chrdev_region,
	.unregister_chrdev_region = fz_unregister_chrdev_region,
	.register_chrdev = fz_register_chrdev,
	.unregister_chrdev = fz_unregister_chrdev,
	.register_blkdev = fz_register_blkdev,
	.unregister_blkdev = fz_unregister_blkdev,
	.probe_dev = fz_probe_dev,
	.region = fz_region,
	.unregion = fz_unregion,
	.char_dump = fz_char_dump,
	.block_dump = fz_block_dump,
	.char_add = fz_char_add,
	.char_remove = fz_char_remove,
	.block_add = fz_block_add,
	.block_remove = fz_block_remove,
	.proc = fz_proc,
	.holds = fz_holds,
};
