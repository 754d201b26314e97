// SPDX-License-Identifier: GPL-2.0
/*
 * API transcript for the stock-vs-devlist comparison.
 *
 * Built out of tree against each kernel.  At load it runs seeded
 * pseudo-random sequences of every char and block registration call,
 * bad inputs included, and records each call with its result and the
 * change it made to /proc/devices, in /sys/kernel/debug/devlist_transcript.
 * The sequences depend only on the seed and on results that both kernels
 * must agree on; where a dynamic major differs, the comparer maps it.
 */
#include <linux/blkdev.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

static char *seeds = "1,2,3,4";
module_param(seeds, charp, 0444);
static unsigned int calls = 300;
module_param(calls, uint, 0444);

#define OUT_SIZE	(8 << 20)
#define PROC_SIZE	(64 << 10)
#define MAX_HELD	1024
#define WHOLE		(1U << MINORBITS)

static char *out;
static size_t out_len;
static struct debugfs_blob_wrapper blob;
static struct dentry *dent;
static char *prev, *cur;
static size_t prev_len;
static struct vfsmount *proc_mnt;
static u64 rng;
static int ncall;

enum kind { K_REGION, K_ALLOC, K_CHRDEV, K_BLK };

/*
 * Every registration call gets a handle, held or not, so that the choices
 * the sequence makes never depend on a result the two kernels may differ
 * in (a dynamic major, or success where stock skipped a hash slot).
 */
static struct handle {
	enum kind kind;
	bool ok;		/* the call succeeded: there is something to release */
	int id;			/* call number */
	unsigned int major, minor, count;
	char name[80];
} handles[MAX_HELD];
static int nhandles;

static void track(enum kind kind, bool ok, unsigned int major,
		  unsigned int minor, unsigned int count, const char *name)
{
	struct handle *h;

	if (nhandles == MAX_HELD)
		return;
	h = &handles[nhandles++];
	h->kind = kind;
	h->ok = ok;
	h->id = ncall;
	h->major = major;
	h->minor = minor;
	h->count = count;
	strscpy(h->name, name, sizeof(h->name));
}

static void untrack(int i)
{
	handles[i] = handles[--nhandles];
}

static __printf(1, 2) void emit(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (out_len < OUT_SIZE)
		out_len += vscnprintf(out + out_len, OUT_SIZE - out_len, fmt, ap);
	va_end(ap);
}

static u32 rnd(u32 n)
{
	/* xorshift64*: the same sequence on every kernel */
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return n ? (u32)((rng * 0x2545F4914F6CDD1DULL) >> 32) % n : 0;
}

static size_t read_proc_devices(char *buf)
{
	struct file *f = file_open_root_mnt(proc_mnt, "devices", O_RDONLY, 0);
	loff_t pos = 0;
	size_t len = 0;
	ssize_t n;

	if (IS_ERR(f))
		return 0;
	while (len < PROC_SIZE - 1 &&
	       (n = kernel_read(f, buf + len, PROC_SIZE - 1 - len, &pos)) > 0)
		len += n;
	fput(f);
	buf[len] = '\0';
	return len;
}

/* Section of the line at offset @off: 'c' before "Block devices:", else 'b'. */
static char section(const char *buf, size_t off)
{
	const char *blk = strstr(buf, "\nBlock devices:\n");

	return blk && buf + off > blk ? 'b' : 'c';
}

/* Print the lines of /proc/devices that changed since the last call. */
static void proc_delta(void)
{
	size_t len = read_proc_devices(cur), a = 0, ea, eb;
	char *p;

	/* common prefix and suffix, in whole lines */
	while (a < len && a < prev_len && cur[a] == prev[a])
		a++;
	while (a && cur[a - 1] != '\n')
		a--;
	ea = prev_len;
	eb = len;
	while (ea > a && eb > a && prev[ea - 1] == cur[eb - 1]) {
		ea--;
		eb--;
	}
	while (ea < prev_len && prev[ea - 1] != '\n') {
		ea++;
		eb++;
	}
	for (p = prev + a; p < prev + ea; p = strchr(p, '\n') + 1)
		emit("  -%c %.*s\n", section(prev, p - prev),
		     (int)(strchr(p, '\n') - p), p);
	for (p = cur + a; p < cur + eb; p = strchr(p, '\n') + 1)
		emit("  +%c %.*s\n", section(cur, p - cur),
		     (int)(strchr(p, '\n') - p), p);
	swap(prev, cur);
	prev_len = len;
}

/* The char major /proc/devices lists @name under, or 0. */
static unsigned int proc_major_of(const char *name)
{
	char want[80], *p;
	unsigned int major;

	read_proc_devices(cur);
	snprintf(want, sizeof(want), " %.63s\n", name);	/* as kept */
	for (p = cur; (p = strstr(p, want)); p++) {
		while (p > cur && p[-1] != '\n')
			p--;
		if (sscanf(p, "%u", &major) == 1)
			return major;
		p = strchr(p, '\n');
		if (!p)
			break;
	}
	return 0;
}

/* ---- input choices ---- */

/*
 * Fixed majors: local/experimental and busy real ones below the dynamic
 * window; in "full" mode also majors above 254, among them the hash-slot
 * partners (M + 255) of the first dynamic window, and bad ones.
 */
static unsigned int pick_major(bool full)
{
	static const unsigned int low[] = { 0, 0, 60, 61, 62, 63, 120, 121, 127,
					    1, 4, 10, 13, 200 };
	static const unsigned int high[] = { 255, 256, 300, 489, 490, 495, 499,
					     500, 505, 508, 509, 510, 511 };
	static const unsigned int bad[] = { 512, 513, 1000, 4095 };

	switch (rnd(20)) {
	case 0:
		return bad[rnd(ARRAY_SIZE(bad))];
	case 1 ... 7:
		if (full)
			return high[rnd(ARRAY_SIZE(high))];
		fallthrough;
	default:
		return low[rnd(ARRAY_SIZE(low))];
	}
}

static unsigned int pick_minor(void)
{
	switch (rnd(8)) {
	case 0:
		return WHOLE - 1 - rnd(4);
	case 1:
		return rnd(256);
	default:
		return rnd(4) * 64;
	}
}

static unsigned int pick_count(void)
{
	switch (rnd(12)) {
	case 0:
		return 0;
	case 1:
		return WHOLE;
	case 2:
		return WHOLE + rnd(3) * WHOLE + rnd(2) * 7;	/* spans majors */
	case 3:
		return 0xffffffff;
	case 4:
		return 256;
	default:
		return 1 + rnd(64);
	}
}

static void pick_name(char *name, size_t size)
{
	static const int lens[] = { 15, 16, 63, 64, 70 };
	int len, i;

	snprintf(name, size, "t%d", ncall);
	if (rnd(6))
		return;
	len = min_t(int, lens[rnd(ARRAY_SIZE(lens))], size - 1);
	for (i = strlen(name); i < len; i++)
		name[i] = 'a' + i % 26;
	name[len] = '\0';
}

/* ---- calls ---- */

static void do_region(bool full, const char *name)
{
	unsigned int major = pick_major(full), minor = pick_minor();
	unsigned int count = pick_count();
	int ret;

	/*
	 * With major 0 the first piece is dynamic and cannot be released
	 * through this API; keep it to one piece so that it never needs a
	 * rollback (whose stock leak is a KUnit case instead).
	 */
	if (!major && count > WHOLE - minor)
		count = WHOLE - minor;
	ret = register_chrdev_region(MKDEV(major, minor), count, name);
	emit("#%d register_chrdev_region(%u:%u, %u, \"%s\") = %d\n",
	     ncall, major, minor, count, name, ret);
	track(K_REGION, !ret && count && major, major, minor, count, name);
}

static void do_alloc(const char *name)
{
	unsigned int minor = pick_minor(), count = pick_count();
	dev_t dev = 0;
	int ret;

	/* Sometimes a baseminor just past MINORMASK with count 0. */
	if (rnd(16) == 0) {
		minor = WHOLE;
		count = 0;
	}
	ret = alloc_chrdev_region(&dev, minor, count, name);
	emit("#%d alloc_chrdev_region(%u, %u, \"%s\") = %d", ncall, minor, count, name, ret);
	if (!ret)
		emit(" dev=%u:%u", MAJOR(dev), MINOR(dev));
	emit("\n");
	if (minor > MINORMASK) {
		/* stock took it, with a garbled dev: give it back now */
		emit("#%d __unregister_chrdev(dyn, %u, %u) [undo]\n", ncall, minor, count);
		if (!ret)
			__unregister_chrdev(proc_major_of(name), minor, count, name);
		track(K_ALLOC, false, 0, 0, 0, name);
		return;
	}
	track(K_ALLOC, !ret, MAJOR(dev), MINOR(dev), count, name);
}

static const struct file_operations dummy_fops = { .owner = THIS_MODULE };

static void do_chrdev(bool full, const char *name)
{
	unsigned int major = rnd(2) ? 0 : pick_major(full);
	unsigned int minor = rnd(3) ? 0 : pick_minor();
	unsigned int count = rnd(3) ? 256 : pick_count();
	int ret;

	if (rnd(16) == 0)
		minor = WHOLE + rnd(1000);	/* baseminor past MINORMASK */
	if (count > WHOLE)
		count = rnd(2) ? 0 : WHOLE;
	ret = __register_chrdev(major, minor, count, name, &dummy_fops);
	emit("#%d __register_chrdev(%u, %u, %u, \"%s\") = %d\n",
	     ncall, major, minor, count, name, ret);
	if (minor > MINORMASK) {
		emit("#%d __unregister_chrdev(%s, %u, %u) [undo]\n", ncall,
		     major ? "fixed" : "dyn", minor, count);
		if (ret >= 0)
			__unregister_chrdev(major ? major : ret, minor, count, name);
		track(K_CHRDEV, false, 0, 0, 0, name);
		return;
	}
	track(K_CHRDEV, ret >= 0, major ? major : ret, minor, count, name);
}

static void do_blk(bool full, const char *name)
{
	unsigned int major = rnd(2) ? 0 : pick_major(full);
	int ret;

	ret = register_blkdev(major, name);
	emit("#%d register_blkdev(%u, \"%s\") = %d\n", ncall, major, name, ret);
	track(K_BLK, ret >= 0, major ? major : ret, 0, 0, name);
}

/*
 * Release handle @i: exactly, or with a wrong count / name (which must
 * change nothing).  The line names the handle, not the major, which is
 * what may differ between kernels.
 */
static void release(int i, bool exact)
{
	struct handle *h = &handles[i];
	unsigned int count = h->count + !exact;
	char name[16];

	emit("#%d release h%d %s%s\n", ncall, h->id,
	     exact ? "exact" : "wrong", h->ok ? "" : " [not held]");
	if (h->ok) {
		switch (h->kind) {
		case K_REGION:
		case K_ALLOC:
			unregister_chrdev_region(MKDEV(h->major, h->minor), count);
			break;
		case K_CHRDEV:
			__unregister_chrdev(h->major, h->minor, count, h->name);
			break;
		case K_BLK:
			strscpy(name, h->name, sizeof(name));
			if (!exact)
				name[0] = 'x';
			unregister_blkdev(h->major, name);
			break;
		}
	}
	if (exact)
		untrack(i);
}

/*
 * Take dynamic majors until the windows are full (a fixed number of
 * calls, more than there are dynamic majors), then give back about half.
 */
static void exhaust(bool blk)
{
	int i, ret;
	char name[16];
	dev_t dev;

	emit("# exhaust %s\n", blk ? "block" : "char");
	for (i = 0; i < (blk ? 260 : 160); i++) {
		ncall++;
		snprintf(name, sizeof(name), "x%d", ncall);
		if (blk) {
			ret = register_blkdev(0, name);
			emit("#%d register_blkdev(0, \"%s\") = %d\n", ncall, name, ret);
			track(K_BLK, ret > 0, ret, 0, 0, name);
		} else {
			ret = alloc_chrdev_region(&dev, 0, 1, name);
			emit("#%d alloc_chrdev_region(0, 1, \"%s\") = %d", ncall, name, ret);
			if (!ret)
				emit(" dev=%u:%u", MAJOR(dev), MINOR(dev));
			emit("\n");
			track(K_ALLOC, !ret, MAJOR(dev), 0, 1, name);
		}
		proc_delta();
	}
	/* churn: free about half of all handles, at random */
	for (i = nhandles - 1; i >= 0; i--) {
		if (rnd(2))
			continue;
		ncall++;
		release(i, true);
		proc_delta();
	}
}

static void run(u64 seed, bool full)
{
	char name[80];
	int i;

	rng = seed * 0x9E3779B97F4A7C15ULL + full + 1;
	emit("### seed %llu mode %s\n", seed, full ? "full" : "low");
	for (i = 0; i < calls; i++) {
		if (i == calls / 3 || i == 2 * calls / 3) {
			exhaust(i != calls / 3);
			continue;
		}
		ncall++;
		pick_name(name, sizeof(name));
		switch (rnd(16)) {
		case 0 ... 3:
			do_region(full, name);
			break;
		case 4 ... 6:
			do_alloc(name);
			break;
		case 7 ... 8:
			do_chrdev(full, name);
			break;
		case 9 ... 10:
			do_blk(full, name);
			break;
		default:
			if (nhandles)
				release(rnd(nhandles), rnd(5) != 0);
			else
				emit("#%d nothing held\n", ncall);
			break;
		}
		proc_delta();
	}
	/* leave nothing behind for the next run */
	while (nhandles) {
		ncall++;
		release(nhandles - 1, true);
		proc_delta();
	}
}

static int __init transcript_init(void)
{
	struct file_system_type *type = get_fs_type("proc");
	char *s, *p, *tok;
	u64 seed;

	out = vzalloc(OUT_SIZE);
	prev = vzalloc(PROC_SIZE);
	cur = vzalloc(PROC_SIZE);
	if (!out || !prev || !cur || !type)
		goto nomem;
	proc_mnt = kern_mount(type);
	module_put(type->owner);
	if (IS_ERR(proc_mnt))
		goto nomem;
	prev_len = read_proc_devices(prev);
	emit("### initial /proc/devices\n");
	emit("%s", prev);

	s = kstrdup(seeds, GFP_KERNEL);
	for (p = s; s && (tok = strsep(&p, ","));) {
		if (kstrtoull(tok, 0, &seed))
			continue;
		run(seed, false);
		run(seed, true);
	}
	kfree(s);
	emit("### final /proc/devices\n");
	read_proc_devices(cur);
	emit("%s", cur);
	emit("### end: %d calls%s\n", ncall, out_len >= OUT_SIZE - 1 ? " (TRUNCATED)" : "");
	kern_unmount(proc_mnt);

	blob.data = out;
	blob.size = out_len;
	dent = debugfs_create_blob("devlist_transcript", 0444, NULL, &blob);
	return 0;
nomem:
	vfree(out);
	vfree(prev);
	vfree(cur);
	return -ENOMEM;
}
module_init(transcript_init);

MODULE_DESCRIPTION("Transcript of device-number registration calls");
MODULE_LICENSE("GPL");
