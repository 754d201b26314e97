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
	if (seq_has_overflowed(&m))
		fz_fatal("/proc/devices does not fit in the harness's buffer (%lu bytes)", size);
	buf[m.count] = '\0';
	return m.count;
}

static unsigned long fz_proc_reads(char *buf, unsigned long size, unsigned long chunk,
				   void (*between)(void *, unsigned long), void *arg)
{
	return fz_proc(buf, size, 0);
}
#else
/*
 * read()s of at most @chunk bytes, each as fs/seq_file.c's seq_read_iter()
 * (7.3) makes it: the bytes left from the last record first, then records
 * from ->start() at the kept position, empty ones skipped, and as many more
 * as fit the read, ->next() once after each record shown.  The seq_file's
 * buffer here never overflows (a record that would is fatal), as reads of
 * fewer bytes than a page never fill the kernel's.
 */
static unsigned long fz_proc_reads(char *out, unsigned long size, unsigned long chunk,
				   void (*between)(void *, unsigned long), void *arg)
{
	static char kbuf[1 << 16];
	struct seq_file m = { .buf = kbuf, .size = sizeof(kbuf), .op = &devinfo_ops };
	unsigned long len = 0, from = 0, want, copied, n;
	loff_t index = 0;
	void *p;

	while ((want = chunk < size - len ? chunk : size - len)) {
		copied = 0;
		if (m.count) {		/* what the last read left */
			n = m.count < want ? m.count : want;
			memcpy(out + len, kbuf + from, n);
			m.count -= n;
			from += n;
			copied = n;
			if (m.count)
				goto done;
		}
		from = 0;
		p = m.op->start(&m, &index);
		while (p && !m.count) {	/* a record with something in it */
			if (m.op->show(&m, p))
				fz_fatal("devinfo show returned an error");
			if (!m.count)
				p = m.op->next(&m, p, &index);
		}
		while (p) {		/* more records, while the read wants more */
			loff_t pos = index;

			p = m.op->next(&m, p, &index);
			if (pos == index)
				fz_fatal("devinfo next did not move the position");
			if (!p || m.count >= want - copied)
				break;
			if (m.op->show(&m, p))
				fz_fatal("devinfo show returned an error");
		}
		m.op->stop(&m, p);
		if (seq_has_overflowed(&m))
			fz_fatal("/proc/devices: a read overflowed the seq_file's buffer");
		n = m.count < want - copied ? m.count : want - copied;
		memcpy(out + len + copied, kbuf, n);
		copied += n;
		m.count -= n;
		from = n;
done:
		if (!copied)
			break;
		len += copied;
		if (between)
			between(arg, len);
	}
	return len;
}

/*
 * The whole file in one buffer (@size: the harness makes it big enough for
 * any listing; one that does not fit is fatal), through the seq_operations
 * as seq_read_iter() drives them on reads that never fill a buffer, with
 * ->stop() and ->start() again at m.index every @restart records (0: never),
 * as another read() would.
 */
static unsigned long fz_proc(char *buf, unsigned long size, unsigned int restart)
{
	struct seq_file m = { .buf = buf, .size = size, .op = &devinfo_ops };
	unsigned int k = 0, guard = 0;
	void *v;

	v = m.op->start(&m, &m.index);
	while (v) {
		if (m.op->show(&m, v))
			fz_fatal("devinfo show returned an error");
		v = m.op->next(&m, v, &m.index);
		if (++guard > 100000)
			fz_fatal("/proc/devices does not end");
		if (v && restart && ++k % restart == 0) {
			m.op->stop(&m, v);
			v = m.op->start(&m, &m.index);
		}
	}
	m.op->stop(&m, v);
	if (seq_has_overflowed(&m))
		fz_fatal("/proc/devices does not fit in the harness's buffer (%lu bytes)", size);
	buf[m.count] = '\0';
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
	.proc_reads = fz_proc_reads,
	.holds = fz_holds,
};
