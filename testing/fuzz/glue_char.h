/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Appended to the code extract.py takes from fs/char_dev.c: entry points
 * for the harness, and a dump of chrdevs in /proc/devices order.  The
 * shapes the tree may have are told apart by extract.py: FZ_CHAR_HASH
 * (stock: chains of char_device_struct in chrdevs[]), FZ_CHAR_DEVLIST
 * (the series: a devlist, FZ_CHAR_MEMBER the devlist_range member) or
 * FZ_CHAR_MAPLE (make bench's maple alternative: a maple tree of records
 * whose ->next chains those of no minors at one number).
 */
#include "fz.h"

#ifndef FZ_CHAR_DEVLIST
#define FZ_CD_MAJOR(cd)	((cd)->major)
#define FZ_CD_MINOR(cd)	((cd)->baseminor)
#define FZ_CD_COUNT(cd)	((unsigned int)(cd)->minorct)
#else
#define FZ_CD_MAJOR(cd)	MAJOR((cd)->FZ_CHAR_MEMBER.first)
#define FZ_CD_MINOR(cd)	MINOR((cd)->FZ_CHAR_MEMBER.first)
#define FZ_CD_COUNT(cd)	((unsigned int)(cd)->FZ_CHAR_MEMBER.count)
#endif

int fz_register_chrdev_region(unsigned int from, unsigned int count, const char *name)
{
	return register_chrdev_region(from, count, name);
}

int fz_alloc_chrdev_region(unsigned int *dev, unsigned int baseminor,
			   unsigned int count, const char *name)
{
	dev_t d = *dev;
	int ret = alloc_chrdev_region(&d, baseminor, count, name);

	*dev = d;
	return ret;
}

void fz_unregister_chrdev_region(unsigned int from, unsigned int count)
{
	unregister_chrdev_region(from, count);
}

int fz_register_chrdev(unsigned int major, unsigned int baseminor,
		       unsigned int count, const char *name)
{
	static const struct file_operations fops;

	return __register_chrdev(major, baseminor, count, name, &fops);
}

void fz_unregister_chrdev(unsigned int major, unsigned int baseminor,
			  unsigned int count, const char *name)
{
	__unregister_chrdev(major, baseminor, count, name);
}

int fz_region(unsigned int major, unsigned int baseminor, int minorct,
	      const char *name, unsigned int *got)
{
	struct char_device_struct *cd;

	cd = __register_chrdev_region(major, baseminor, minorct, name);
	if (IS_ERR(cd))
		return PTR_ERR(cd);
	*got = FZ_CD_MAJOR(cd);
	return 0;
}

/* What unregister_chrdev_region() does with each piece. */
int fz_unregion(unsigned int major, unsigned int baseminor, int minorct)
{
	struct char_device_struct *cd;

	cd = __unregister_chrdev_region(major, baseminor, minorct);
	kfree(cd);
	return cd != NULL;
}

static void fz_fill_piece(struct fz_piece *p, struct char_device_struct *cd)
{
	memset(p, 0, sizeof(*p));
	p->major = FZ_CD_MAJOR(cd);
	p->baseminor = FZ_CD_MINOR(cd);
	p->count = FZ_CD_COUNT(cd);
	memcpy(p->name, cd->name, sizeof(p->name));
	p->name[sizeof(p->name) - 1] = '\0';
	if (cd->cdev) {
		p->has_cdev = 1;
		p->cdev_dev = cd->cdev->dev;
		p->cdev_count = cd->cdev->count;
	}
}

int fz_char_dump(struct fz_piece *p, int max)
{
	struct char_device_struct *cd;
	int n = 0;

	if (chrdevs_lock.locked)
		fz_fatal("chrdevs_lock left held");
#if defined(FZ_CHAR_MAPLE)
	struct char_device_struct *e;
	MA_STATE(mas, &chrdevs, 0, 0);

	mas_for_each(&mas, cd, ULONG_MAX) {
		for (e = cd; e; e = e->next) {
			if (n == max)
				fz_fatal("more than %d char records (or a loop)", max);
			fz_fill_piece(&p[n++], e);
		}
	}
#elif defined(FZ_CHAR_HASH)
	unsigned int m, i, total = 0;

	for (i = 0; i < ARRAY_SIZE(chrdevs); i++)
		for (cd = chrdevs[i]; cd; cd = cd->next)
			if (++total > 100000)
				fz_fatal("chrdevs[%u] loops", i);
	for (m = 0; m < CHRDEV_MAJOR_MAX; m++)
		for (cd = chrdevs[m % ARRAY_SIZE(chrdevs)]; cd; cd = cd->next)
			if (cd->major == m) {
				if (n == max)
					fz_fatal("more than %d char records", max);
				fz_fill_piece(&p[n++], cd);
			}
	if (total != (unsigned int)n)
		fz_fatal("chrdevs holds a record of a major >= %d", CHRDEV_MAJOR_MAX);
#else
	cd = list_entry(devlist_seek(&chrdevs, 0), typeof(*cd), FZ_CHAR_MEMBER.node);
	list_for_each_entry_from(cd, &chrdevs.ranges, FZ_CHAR_MEMBER.node) {
		if (n == max)
			fz_fatal("more than %d char records (or a loop)", max);
		fz_fill_piece(&p[n++], cd);
	}
#endif
	return n;
}

/* Resync: hold @p as a fixed reservation, with a cdev if it has one. */
int fz_char_add(const struct fz_piece *p)
{
	struct char_device_struct *cd;

	cd = __register_chrdev_region(p->major, p->baseminor, p->count, p->name);
	if (IS_ERR(cd))
		return PTR_ERR(cd);
	if (p->has_cdev) {
		cd->cdev = cdev_alloc();
		if (!cd->cdev)
			return -ENOMEM;
		cd->cdev->dev = p->cdev_dev;
		cd->cdev->count = p->cdev_count;
	}
	return 0;
}

/* Resync: release the first reservation that is exactly @p. */
int fz_char_remove(const struct fz_piece *p)
{
	struct char_device_struct *cd;

	cd = __unregister_chrdev_region(p->major, p->baseminor, p->count);
	if (!cd)
		return -ENOENT;
	if (cd->cdev) {
		fz_cdev_track(cd->cdev, 0);
		fz_free(cd->cdev);
	}
	kfree(cd);
	return 0;
}
