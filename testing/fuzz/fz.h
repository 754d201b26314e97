/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the harness (wrap.c) and the glue compiled into each side (glue_*.h,
 * appended to the code extract.py takes from a tree) share: one table of
 * entry points per side, and the plain records a side's state is dumped to.
 */
#ifndef _FZ_H
#define _FZ_H

/* A char reservation, as /proc/devices lists them (one per major). */
struct fz_piece {
	unsigned int major, baseminor, count;
	char name[64];
	int has_cdev;
	unsigned int cdev_dev, cdev_count;
};

/* A block major. */
struct fz_bmaj {
	unsigned int major, minor, count;	/* the devlist range, or 0 and 1 << 20 */
	char name[16];
	int has_probe;
};

struct fz_ops {
	/* the API, called as a driver would */
	int (*register_chrdev_region)(unsigned int from, unsigned int count, const char *name);
	int (*alloc_chrdev_region)(unsigned int *dev, unsigned int baseminor,
				   unsigned int count, const char *name);
	void (*unregister_chrdev_region)(unsigned int from, unsigned int count);
	int (*register_chrdev)(unsigned int major, unsigned int baseminor,
			       unsigned int count, const char *name);
	void (*unregister_chrdev)(unsigned int major, unsigned int baseminor,
				  unsigned int count, const char *name);
	int (*register_blkdev)(unsigned int major, const char *name, int probe);
	void (*unregister_blkdev)(unsigned int major, const char *name);
	int (*probe_dev)(unsigned int devt);
	/* the region layer under __register_chrdev(): 0 and *got, or -errno */
	int (*region)(unsigned int major, unsigned int baseminor, int minorct,
		      const char *name, unsigned int *got);
	int (*unregion)(unsigned int major, unsigned int baseminor, int minorct);
	/* the state, and ways to edit it that the harness uses to resync */
	int (*char_dump)(struct fz_piece *p, int max);
	int (*block_dump)(struct fz_bmaj *b, int max);
	int (*char_add)(const struct fz_piece *p);
	int (*char_remove)(const struct fz_piece *p);
	int (*block_add)(const struct fz_bmaj *b);
	int (*block_remove)(const struct fz_bmaj *b);
	/* /proc/devices through fs/proc/devices.c's seq_operations */
	unsigned long (*proc)(char *buf, unsigned long size, unsigned int restart);
	/* the same, in read()s of at most @chunk bytes as seq_read_iter()
	 * makes them, calling @between with the bytes read so far after each */
	unsigned long (*proc_reads)(char *buf, unsigned long size, unsigned long chunk,
				    void (*between)(void *arg, unsigned long len), void *arg);
	/* how many of those read()s stopped on a record that did not fit
	 * in the seq_file's buffer */
	const unsigned long *full_stops;
	/*
	 * the longest hold of chrdevs_lock ([0]) and of the block spinlock
	 * ([1]) during one whole read of /proc/devices
	 */
	void (*holds)(unsigned long long max[2]);
};

extern const struct fz_ops fz_ops_stock, fz_ops_series;
void fz_probe_fn(unsigned int devt);	/* the probe the harness registers */
unsigned long long fz_now_ns(void);	/* a clock, for holds */
/* time every hold of the two locks /proc/devices takes (on), or stop and
 * give the longest of each since on (off: max[0] char, max[1] block) */
void fz_hold_watch(int on, unsigned long long max[2]);

#endif /* _FZ_H */
