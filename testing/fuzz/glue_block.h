/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Appended to the code extract.py takes from block/genhd.c: entry points
 * for the harness and a dump of major_names by major.  FZ_BLOCK_HASH
 * (stock: chains in major_names[]), FZ_BLOCK_DEVLIST (the series,
 * FZ_BLOCK_MEMBER the devlist_range member) or FZ_BLOCK_MAPLE (make
 * bench's maple alternative: a maple tree by major), as extract.py found.
 */
#include "fz.h"

int fz_register_blkdev(unsigned int major, const char *name, int probe)
{
	return __register_blkdev(major, name, probe ? fz_probe_fn : NULL);
}

void fz_unregister_blkdev(unsigned int major, const char *name)
{
	unregister_blkdev(major, name);
}

int fz_probe_dev(unsigned int devt)
{
	return blk_probe_dev(devt);
}

static void fz_fill_bmaj(struct fz_bmaj *b, struct blk_major_name *p)
{
	memset(b, 0, sizeof(*b));
#ifndef FZ_BLOCK_DEVLIST
	b->major = p->major;
	b->minor = 0;
	b->count = MINORMASK + 1;
#else
	b->major = MAJOR(p->FZ_BLOCK_MEMBER.first);
	b->minor = MINOR(p->FZ_BLOCK_MEMBER.first);
	b->count = p->FZ_BLOCK_MEMBER.count;
#endif
	memcpy(b->name, p->name, sizeof(b->name));
	b->name[sizeof(b->name) - 1] = '\0';
	b->has_probe = p->probe != NULL;
}

int fz_block_dump(struct fz_bmaj *b, int max)
{
	struct blk_major_name *p;
	int n = 0;

#ifdef FZ_BLOCK_MAPLE
	MA_STATE(mas, &major_names, 0, 0);

	if (major_names_lock.locked)
		fz_fatal("major_names_lock left held");
	mas_for_each(&mas, p, ULONG_MAX) {
		if (n == max)
			fz_fatal("more than %d block records", max);
		fz_fill_bmaj(&b[n++], p);
	}
#elif defined(FZ_BLOCK_HASH)
	if (major_names_lock.locked || major_names_spinlock.locked)
		fz_fatal("major_names_lock or major_names_spinlock left held");
	unsigned int m, i, total = 0;

	for (i = 0; i < ARRAY_SIZE(major_names); i++)
		for (p = major_names[i]; p; p = p->next)
			if (++total > 100000)
				fz_fatal("major_names[%u] loops", i);
	for (m = 0; m < BLKDEV_MAJOR_MAX; m++)
		for (p = major_names[m % ARRAY_SIZE(major_names)]; p; p = p->next)
			if ((unsigned int)p->major == m) {
				if (n == max)
					fz_fatal("more than %d block records", max);
				fz_fill_bmaj(&b[n++], p);
			}
	if (total != (unsigned int)n)
		fz_fatal("major_names holds a record of a major >= %d", BLKDEV_MAJOR_MAX);
#else
	if (major_names_lock.locked || major_names_spinlock.locked)
		fz_fatal("major_names_lock or major_names_spinlock left held");
	p = list_entry(devlist_seek(&major_names, 0), typeof(*p), FZ_BLOCK_MEMBER.node);
	list_for_each_entry_from(p, &major_names.ranges, FZ_BLOCK_MEMBER.node) {
		if (n == max)
			fz_fatal("more than %d block records (or a loop)", max);
		fz_fill_bmaj(&b[n++], p);
	}
#endif
	return n;
}

int fz_block_add(const struct fz_bmaj *b)
{
	int ret = __register_blkdev(b->major, b->name,
				    b->has_probe ? fz_probe_fn : NULL);

	return ret < 0 ? ret : 0;
}

int fz_block_remove(const struct fz_bmaj *b)
{
	unregister_blkdev(b->major, b->name);
	return 0;
}
