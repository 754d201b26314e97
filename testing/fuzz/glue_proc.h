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
static unsigned long fz_full_stops;
#else
/* the biggest seq_file buffer a read here may double up to */
#define FZ_SEQ_BUF_MAX	(1UL << 20)
static unsigned long fz_full_stops;	/* reads a full buffer stopped */
/*
 * read()s of at most @chunk bytes into @out (@size at most in all), each as
 * fs/seq_file.c's seq_read_iter() (7.3) makes it on one open file: the
 * bytes the last read left in the buffer first (from m.from), then, from
 * ->start() at m.index, the first record with something in it (empty ones
 * passed with ->next(); one that overflows the buffer retried from ->start()
 * in a buffer twice the size, which starts at a page), then more records as
 * long as the read wants more and they fit: the record that overflows the
 * buffer is dropped and the read stops, the position left where ->next()
 * (or ->show()) put it.  The position is the seq_file's own m.index, which
 * ->start() and ->next() get a pointer to and ->show() may set.  @between
 * is called after each read with the bytes read so far.
 */
static unsigned long fz_proc_reads(char *out, unsigned long size, unsigned long chunk,
				   void (*between)(void *, unsigned long), void *arg)
{
	static char kbuf[FZ_SEQ_BUF_MAX];
	struct seq_file m = { .buf = kbuf, .size = PAGE_SIZE, .op = &devinfo_ops };
	unsigned long len = 0, want, copied, n;
	void *p;
	int err;

	while ((want = chunk < size - len ? chunk : size - len)) {
		copied = 0;
		if (m.count) {		/* what the last read left */
			n = m.count < want ? m.count : want;
			memcpy(out + len, m.buf + m.from, n);
			m.count -= n;
			m.from += n;
			copied = n;
			if (m.count)
				goto done;
		}
		/* get a non-empty record in the buffer */
		m.from = 0;
		p = m.op->start(&m, &m.index);
		while (1) {
			if (!p || IS_ERR(p))
				break;
			err = m.op->show(&m, p);
			if (err < 0)
				fz_fatal("devinfo show returned %d", err);
			if (err)	/* "skip it" */
				m.count = 0;
			if (!m.count) {	/* empty record */
				p = m.op->next(&m, p, &m.index);
				continue;
			}
			if (!seq_has_overflowed(&m))
				goto fill;
			/* need a bigger buffer */
			m.op->stop(&m, p);
			m.count = 0;
			if (m.size >= FZ_SEQ_BUF_MAX)
				fz_fatal("a /proc/devices record does not fit in %lu bytes",
					 FZ_SEQ_BUF_MAX);
			m.size <<= 1;
			p = m.op->start(&m, &m.index);
		}
		/* EOF */
		m.op->stop(&m, p);
		m.count = 0;
		goto done;
fill:
		/* one non-empty record in the buffer: more while the read wants
		 * more, ->next() once for every record shown */
		while (1) {
			size_t offs = m.count;
			loff_t pos = m.index;

			p = m.op->next(&m, p, &m.index);
			if (pos == m.index)	/* the kernel logs a buggy ->next() */
				fz_fatal("devinfo next did not update the position");
			if (!p || IS_ERR(p))
				break;
			if (m.count >= want - copied)
				break;
			err = m.op->show(&m, p);
			if (err > 0) {
				m.count = offs;
			} else if (err || seq_has_overflowed(&m)) {
				if (err)
					fz_fatal("devinfo show returned %d", err);
				fz_full_stops++;
				m.count = offs;
				break;
			}
		}
		m.op->stop(&m, p);
		n = m.count < want - copied ? m.count : want - copied;
		memcpy(out + len + copied, m.buf, n);
		copied += n;
		m.count -= n;
		m.from = n;
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
	.full_stops = &fz_full_stops,
	.holds = fz_holds,
};
