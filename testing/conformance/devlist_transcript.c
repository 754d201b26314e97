// SPDX-License-Identifier: GPL-2.0
/*
 * Conformance transcript of the char and block registration API.
 *
 * Built out of tree against the stock and the patched kernel.  At load it
 * runs, for each seed in seeds=, calls= seeded pseudo-random calls of every
 * registration API (bad inputs, collisions with the boot population, the
 * ranges around both dynamic windows, and exhaustion of the windows), and
 * records per call: its arguments, its result, the kernel messages it
 * printed and the change it made to /proc/devices.  The record is in
 * /sys/kernel/debug/devlist_transcript; testing/conformance/compare.py
 * compares two of them.
 *
 * Lockstep: the calls must be the same on both kernels.  A choice depends
 * only on the seed and on results both kernels must agree on.  Where one of
 * the intentional differences can make the kernels differ, the module
 * predicts both outcomes from /proc/devices (identical on both kernels
 * before every call) and, where they differ, undoes the difference in a
 * follow-up call (flag 'f'), so that both are in the same state again
 * (the IDs are those of docs/design.md, "Intentional differences"):
 *  - D1c, D1b: a dynamic major that stock's hash-slot search and the
 *    patched search pick differently: the call is a probe (flag 'p'); the
 *    follow-up releases what it got, or is a "skip" record;
 *  - D2m: alloc_chrdev_region() / __register_chrdev() with a baseminor
 *    beyond MINORMASK, which stock registers: the follow-up releases
 *    stock's piece;
 *  - D4: register_chrdev_region(MKDEV(0, m), ...), which the patched
 *    kernel refuses and stock makes a dynamic first piece (kept even when
 *    a later piece fails): the follow-up releases stock's piece.
 * D2t, register_chrdev_region() of a range reaching the top of dev_t from
 * a fixed major, needs none: stock returns 0, the patched kernel -EINVAL,
 * and neither holds anything after it; no choice depends on its result.
 * D3, a release whose walk reaches major 4095 without passing the top of
 * dev_t, hangs stock; none is ever issued.  A release past the top of
 * dev_t releases nothing on either kernel.  Releases never touch a boot reservation:
 * they are exact releases of what the module holds, or lie above the
 * highest boot char major.
 *
 * emulate=1 fakes the patched kernel's intentional differences on stock, to
 * test the comparer and the lockstep without a patched kernel; its header
 * says EMULATED-PATCHED, so that it cannot pass for a real transcript.
 *
 * Transcript lines (one record per call, starting with its "C" line):
 *   T <header>        module version and parameters
 *   B <text>          the boot /proc/devices, one line each
 *   S <seed>          a seed starts (from the boot state)
 *   N <text>          a message printed between calls (attributed to none)
 *   C <n> <flag> <api> <args> [= <ret>] [dev=<major>:<minor>]
 *                     flag: '.' plain, 'p' probe, 'f' follow-up; api:
 *                     rcr M:m count name    register_chrdev_region()
 *                     acr base count name   alloc_chrdev_region()
 *                     rc M base count name  __register_chrdev()
 *                     rc0 M name            register_chrdev()
 *                     ucr M:m count         unregister_chrdev_region()
 *                     uc M base count name  __unregister_chrdev()
 *                     uc0 M name            unregister_chrdev()
 *                     rb M name             register_blkdev()
 *                     ub M name             unregister_blkdev()
 *                     skip                  a probe's follow-up with
 *                                           nothing to release
 *                     ("REFUSED" at the end: a call that would hang stock
 *                     was not made; it never happens)
 *   M <text>          a message this call printed (a WARN splat is one
 *                     line "WARN <function>")
 *   @<i>              /proc/devices changed: from line <i> (0-based),
 *   -<text>           these lines were removed
 *   +<text>           and these inserted
 *   E <seed> <ok|differs>  the seed released everything: /proc/devices is
 *                     (or is not) the boot listing again
 *   Z <calls> lost=<n> truncated=<0|1>
 */
#include <linux/blkdev.h>
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/kmsg_dump.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

static char *seeds = "1,2,3,4";
module_param(seeds, charp, 0444);
MODULE_PARM_DESC(seeds, "comma-separated seeds, one sequence each");
static unsigned int calls = 300;
module_param(calls, uint, 0444);
MODULE_PARM_DESC(calls, "random calls per seed (exhaustion and cleanup come on top)");
static bool exhaust = true;
module_param(exhaust, bool, 0444);
MODULE_PARM_DESC(exhaust, "exhaust both dynamic windows in every seed");
static bool emulate;
module_param(emulate, bool, 0444);
MODULE_PARM_DESC(emulate, "test the comparer: fake the patched kernel's differences on stock");

#define WHOLE		(1U << MINORBITS)
#define NMAJ		512
#define OUT_SIZE	(16 << 20)
#define PROC_SIZE	(128 << 10)
#define MAX_LINES	4096
#define MAX_H		2048
#define MAXP		5
#define NAMELEN		72

enum { K_REGION, K_CHRDEV, K_BLK };
enum { A_ACR, A_RC, A_RC0 };	/* the dynamic calls, for rnd(3) */

struct piece {
	u32 major, base, count;
};

/* What one successful registration holds, in the order of registration. */
struct hnd {
	u8 kind;
	u8 np;
	bool rc0;		/* register_chrdev() */
	bool ranged;		/* K_REGION: ucr(from, count) releases it all */
	u32 from, count;
	struct piece p[MAXP];
	char name[NAMELEN];
};

static struct hnd *H;
static int nh;

static char *out;
static size_t out_len;
static struct debugfs_blob_wrapper blob;
static struct dentry *dent;
static struct vfsmount *proc_mnt;
static u64 rng;
static unsigned int ncall;
static unsigned long lost;

/* /proc/devices: the boot text, the text before the next call, a scratch */
static char *boot_txt, *prev_txt, *cur_txt;
static size_t boot_len, prev_len;
/* majors with a line in the current /proc/devices, and at boot */
static bool chr_held[NMAJ], blk_held[NMAJ], chr_boot[NMAJ], blk_boot[NMAJ];
static int maxboot_chr;
static int boot_chr_majors[NMAJ], nboot_chr, boot_blk_majors[NMAJ], nboot_blk;

static struct kmsg_dump_iter kiter;
static char kline[1024];
static bool in_splat, splat_named;

static const struct file_operations dummy_fops = { .owner = THIS_MODULE };

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

/* ---- /proc/devices ---- */

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

static void parse_held(const char *txt, bool *chr, bool *blk)
{
	bool block = false;
	const char *p = txt;
	int major;

	memset(chr, 0, NMAJ * sizeof(*chr));
	memset(blk, 0, NMAJ * sizeof(*blk));
	while (*p) {
		if (!strncmp(p, "Block devices:", 14))
			block = true;
		else if (sscanf(p, "%d", &major) == 1 && major >= 0 && major < NMAJ)
			(block ? blk : chr)[major] = true;
		p = strchrnul(p, '\n');
		if (*p)
			p++;
	}
}

/* Split @txt into lines (in place: each '\n' becomes '\0'). */
static int split_lines(char *txt, size_t len, char **lines)
{
	char *p = txt, *end = txt + len;
	int n = 0;

	while (p < end && n < MAX_LINES) {
		char *nl = memchr(p, '\n', end - p);

		lines[n++] = p;
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	return n;
}

static char **la, **lb;

/*
 * Record the change from prev_txt to the current /proc/devices as one
 * hunk (common leading and trailing lines left out), then make the current
 * text the previous one.
 */
static void proc_record(void)
{
	size_t len = read_proc_devices(cur_txt);
	char *a, *b;
	int na, nb, pre = 0, suf = 0, i;

	if (len == prev_len && !memcmp(cur_txt, prev_txt, len))
		return;
	a = kmemdup(prev_txt, prev_len + 1, GFP_KERNEL);
	b = kmemdup(cur_txt, len + 1, GFP_KERNEL);
	if (!a || !b) {
		emit("@ENOMEM\n");
		goto out;
	}
	na = split_lines(a, prev_len, la);
	nb = split_lines(b, len, lb);
	while (pre < na && pre < nb && !strcmp(la[pre], lb[pre]))
		pre++;
	while (suf < na - pre && suf < nb - pre &&
	       !strcmp(la[na - 1 - suf], lb[nb - 1 - suf]))
		suf++;
	emit("@%d\n", pre);
	for (i = pre; i < na - suf; i++)
		emit("-%s\n", la[i]);
	for (i = pre; i < nb - suf; i++)
		emit("+%s\n", lb[i]);
out:
	kfree(a);
	kfree(b);
	swap(prev_txt, cur_txt);
	prev_len = len;
	parse_held(prev_txt, chr_held, blk_held);
}

/* ---- predictions, from the /proc/devices before the call ---- */

static int pred_chr(bool stock)
{
	int i;

	for (i = 254; i >= 234; i--)
		if (!chr_held[i] && !(stock && chr_held[i + 255]))
			return i;
	for (i = 511; i >= 384; i--)
		if (!chr_held[i])
			return i;
	return -1;
}

static int pred_blk(bool stock)
{
	int i;

	for (i = 254; i >= 1; i--)
		if (!blk_held[i] &&
		    !(stock && (blk_held[i + 255] || (i + 510 < NMAJ && blk_held[i + 510]))))
			return i;
	return -1;
}

/* ---- kernel messages ---- */

static void msg_line(char tag, char *s)
{
	char *at, *end;

	if (s[0] == '[') {		/* printk time, if configured */
		char *q = strstr(s, "] ");

		if (q)
			s = q + 2;
	}
	if (strstr(s, "------------[ cut here ]------------")) {
		in_splat = true;
		splat_named = false;
		return;
	}
	if (!strncmp(s, "WARNING:", 8)) {
		if (!in_splat)
			splat_named = false;
		in_splat = true;
		if (splat_named)
			return;
		splat_named = true;
		at = strstr(s, " at ");
		if (!at) {
			emit("%c WARN ?\n", tag);
			return;
		}
		at += 4;
		end = at + strcspn(at, "+, ");
		emit("%c WARN %.*s\n", tag, (int)(end - at), at);
		return;
	}
	if (in_splat) {
		if (!strncmp(s, "---[ end trace", 14)) {
			if (!splat_named)
				emit("%c WARN ?\n", tag);
			in_splat = false;
		}
		return;
	}
	emit("%c %s\n", tag, s);
}

/* Record every message since the last drain, with tag @tag. */
static void drain(char tag)
{
	size_t len;

	for (;;) {
		u64 want = kiter.cur_seq;
		char *p, *nl;

		if (!kmsg_dump_get_line(&kiter, false, kline, sizeof(kline) - 1, &len))
			break;
		if (kiter.cur_seq - 1 > want) {
			lost += kiter.cur_seq - 1 - want;
			emit("%c LOST %llu\n", tag, kiter.cur_seq - 1 - want);
		}
		kline[min(len, sizeof(kline) - 1)] = '\0';
		for (p = kline; *p; p = nl) {
			nl = strchrnul(p, '\n');
			if (*nl)
				*nl++ = '\0';
			if (*p)
				msg_line(tag, p);
		}
	}
	if (in_splat && tag == 'M') {
		/* the splat must end within its call */
		if (!splat_named)
			emit("%c WARN ?\n", tag);
		emit("%c WARN-unterminated\n", tag);
		in_splat = false;
	}
}

static void pre_call(void)
{
	drain('N');
	ncall++;
}

static void post_call(void)
{
	drain('M');
	proc_record();
}

/*
 * emulate=1 (a test of the comparer and of the lockstep, never for a real
 * comparison: the header says so): the intentional differences of
 * docs/design.md ("Intentional differences": D1c, D1b, D2t, D2m, D4),
 * faked on a stock kernel in the wrappers below.
 */
static int em_pick_chr(void)
{
	int s = pred_chr(true), p = pred_chr(false);

	return emulate && s != p ? p : -1;
}

static int em_minor(u32 base, u32 count, const char *name)
{
	pr_err("CHRDEV \"%s\" minor range requested (%u-%u) is out of range of maximum range (%u-%u) for a single major\n",
	       name, base, base + count - 1, 0, MINORMASK);
	return -EINVAL;
}

static int k_rcr(u32 from, u32 count, const char *name)
{
	/* D4 and D2t: refused before anything is registered, no message */
	if (emulate && (!MAJOR(from) || (u64)from + count >= (1ULL << 32)))
		return -EINVAL;
	return register_chrdev_region(from, count, name);
}

static int k_acr(dev_t *dev, u32 base, u32 count, const char *name)
{
	int p = em_pick_chr(), ret;

	if (emulate && base > MINORMASK)
		return em_minor(base, count, name);
	if (p < 0 || base + count > WHOLE)
		return alloc_chrdev_region(dev, base, count, name);
	if (!count)	/* a zero-minor piece: only __register_chrdev() holds one */
		ret = __register_chrdev(p, base, 0, name, &dummy_fops);
	else
		ret = register_chrdev_region(MKDEV(p, base), count, name);
	if (!ret)
		*dev = MKDEV(p, base);
	return ret;
}

static int k_rc(u32 major, u32 base, u32 count, const char *name)
{
	int p = major ? -1 : em_pick_chr(), ret;

	if (emulate && base > MINORMASK && major < NMAJ)
		return em_minor(base, count, name);
	if (p < 0 || base + count > WHOLE)
		return __register_chrdev(major, base, count, name, &dummy_fops);
	ret = __register_chrdev(p, base, count, name, &dummy_fops);
	return ret ? ret : p;
}

static int k_rc0(u32 major, const char *name)
{
	int p = major ? -1 : em_pick_chr(), ret;

	if (p < 0)
		return register_chrdev(major, name, &dummy_fops);
	ret = register_chrdev(p, name, &dummy_fops);
	return ret ? ret : p;
}

static int k_rb(u32 major, const char *name)
{
	int s = pred_blk(true), p = pred_blk(false), ret;

	if (!emulate || major || s == p)
		return register_blkdev(major, name);
	ret = register_blkdev(p, name);
	return ret ? ret : p;
}

static void k_ucr(u32 from, u32 count)
{
	unregister_chrdev_region(from, count);
}

/* ---- the calls, each one record ---- */

static int c_rcr(char flag, u32 from, u32 count, const char *name)
{
	int ret;

	pre_call();
	ret = k_rcr(from, count, name);
	emit("C %u %c rcr %u:%u %u %s = %d\n", ncall, flag, MAJOR(from), MINOR(from),
	     count, name, ret);
	post_call();
	return ret;
}

static int c_acr(char flag, u32 base, u32 count, const char *name, dev_t *dev)
{
	int ret;

	*dev = 0;
	pre_call();
	ret = k_acr(dev, base, count, name);
	emit("C %u %c acr %u %u %s = %d", ncall, flag, base, count, name, ret);
	if (!ret)
		emit(" dev=%u:%u", MAJOR(*dev), MINOR(*dev));
	emit("\n");
	post_call();
	return ret;
}

static int c_rc(char flag, u32 major, u32 base, u32 count, const char *name)
{
	int ret;

	pre_call();
	ret = k_rc(major, base, count, name);
	emit("C %u %c rc %u %u %u %s = %d\n", ncall, flag, major, base, count, name, ret);
	post_call();
	return ret;
}

static int c_rc0(char flag, u32 major, const char *name)
{
	int ret;

	pre_call();
	ret = k_rc0(major, name);
	emit("C %u %c rc0 %u %s = %d\n", ncall, flag, major, name, ret);
	post_call();
	return ret;
}

/*
 * unregister_chrdev_region() in stock loops forever on a range that enters
 * major 4095 without reaching the top of dev_t: never issue one.
 */
static bool ucr_hangs_stock(u32 from, u32 count)
{
	u64 end = (u64)from + count;

	return count && end < (1ULL << 32) && end > MKDEV(4095, 0);
}

static void c_ucr(char flag, u32 from, u32 count)
{
	pre_call();
	if (ucr_hangs_stock(from, count)) {
		emit("C %u %c ucr %u:%u %u REFUSED\n", ncall, flag, MAJOR(from),
		     MINOR(from), count);
		return;
	}
	k_ucr(from, count);
	emit("C %u %c ucr %u:%u %u\n", ncall, flag, MAJOR(from), MINOR(from), count);
	post_call();
}

static void c_uc(char flag, u32 major, u32 base, u32 count, const char *name)
{
	pre_call();
	__unregister_chrdev(major, base, count, name);
	emit("C %u %c uc %u %u %u %s\n", ncall, flag, major, base, count, name);
	post_call();
}

static void c_uc0(char flag, u32 major, const char *name)
{
	pre_call();
	unregister_chrdev(major, name);
	emit("C %u %c uc0 %u %s\n", ncall, flag, major, name);
	post_call();
}

static int c_rb(char flag, u32 major, const char *name)
{
	int ret;

	pre_call();
	ret = k_rb(major, name);
	emit("C %u %c rb %u %s = %d\n", ncall, flag, major, name, ret);
	post_call();
	return ret;
}

static void c_ub(char flag, u32 major, const char *name)
{
	pre_call();
	unregister_blkdev(major, name);
	emit("C %u %c ub %u %s\n", ncall, flag, major, name);
	post_call();
}

/* The follow-up of a probe that got nothing on this kernel. */
static void c_skip(void)
{
	pre_call();
	emit("C %u f skip\n", ncall);
	post_call();
}

/* ---- tracking (stock's semantics; both kernels must agree) ---- */

static struct hnd *track(int kind, const char *name)
{
	struct hnd *h;

	if (nh == MAX_H)
		return NULL;
	h = &H[nh++];
	memset(h, 0, sizeof(*h));
	h->kind = kind;
	strscpy(h->name, name, sizeof(h->name));
	return h;
}

static void untrack(int i)
{
	memmove(&H[i], &H[i + 1], (nh - i - 1) * sizeof(*H));
	nh--;
}

/* Pieces of [from, from + count) per major, as stock walks them. */
static int decompose(u32 from, u32 count, struct piece *p, int max)
{
	u64 n = from, to = (u64)from + count;
	int np = 0;

	while (n < to && np < max) {
		u64 next = ((n >> MINORBITS) + 1) << MINORBITS;

		if (next > to)
			next = to;
		p[np].major = n >> MINORBITS;
		p[np].base = n & MINORMASK;
		p[np].count = next - n;
		np++;
		n = next;
	}
	return np;
}

static struct hnd *track_region(u32 from, u32 count, const char *name)
{
	struct hnd *h = track(K_REGION, name);

	if (!h)
		return NULL;
	h->ranged = true;
	h->from = from;
	h->count = count;
	h->np = decompose(from, count, h->p, MAXP);
	return h;
}

/* First tracked piece that is exactly (major, base, count): handle, piece. */
static int find_piece(u32 major, u32 base, u32 count, int *pi)
{
	int i, j;

	for (i = 0; i < nh; i++) {
		if (H[i].kind == K_BLK)
			continue;
		for (j = 0; j < H[i].np; j++)
			if (H[i].p[j].major == major && H[i].p[j].base == base &&
			    H[i].p[j].count == count) {
				*pi = j;
				return i;
			}
	}
	return -1;
}

static void drop_piece(int i, int j)
{
	struct hnd *h = &H[i];

	memmove(&h->p[j], &h->p[j + 1], (h->np - j - 1) * sizeof(h->p[0]));
	h->np--;
	h->ranged = false;
	if (!h->np)
		untrack(i);
}

/* The model of __unregister_chrdev_region(): the first exact piece goes. */
static void model_release(u32 major, u32 base, u32 count)
{
	int i, j;

	i = find_piece(major, base, count, &j);
	if (i >= 0)
		drop_piece(i, j);
}

/*
 * Is @p one of the per-major pieces that a release of [from, to) asks for
 * (to <= 2^32)?  Stock asks for them only if from + count does not wrap.
 */
static bool in_decomp(const struct piece *p, u64 from, u64 to)
{
	u64 first = ((u64)p->major << MINORBITS) + p->base;
	u64 next = ((u64)p->major + 1) << MINORBITS;

	if (!p->count || first < from || first >= to)
		return false;
	if (first != from && p->base)
		return false;		/* pieces after the first start a major */
	return p->count == min(to, next) - first;
}

/* Release every tracked piece of [from, to) (a zero-count one never is). */
static void model_range(u64 from, u64 to)
{
	int i, j;

	for (i = nh - 1; i >= 0; i--) {
		if (H[i].kind == K_BLK)
			continue;
		for (j = H[i].np - 1; j >= 0 && i < nh; j--)
			if (in_decomp(&H[i].p[j], from, to))
				drop_piece(i, j);
	}
}

static void model_ucr(u32 from, u32 count)
{
	if ((u64)from + count >= (1ULL << 32))
		return;		/* stock releases nothing */
	model_range(from, (u64)from + count);
}

/* Would a release of [from, to) free the region of a __register_chrdev()? */
static bool range_hits_cdev(u64 from, u64 to)
{
	int i;

	for (i = 0; i < nh; i++)
		if (H[i].kind == K_CHRDEV && in_decomp(&H[i].p[0], from, to))
			return true;
	return false;
}

/* ---- choices ---- */

static void mkname(char *name, char prefix)
{
	static const int lens[] = { 15, 16, 20, 63, 64, 70 };
	int len, i;

	snprintf(name, NAMELEN, "%c%u", prefix, ncall + 1);
	if (rnd(6))
		return;
	len = lens[rnd(ARRAY_SIZE(lens))];
	for (i = strlen(name); i < len; i++)
		name[i] = 'a' + i % 26;
	name[len] = '\0';
}

static u32 pick_chr_major(void)
{
	static const u32 bad[] = { 512, 513, 1000, 4094, 4095 };
	static const u32 local[] = { 60, 61, 62, 63, 120, 121, 126, 127 };

	switch (rnd(10)) {
	case 0 ... 2:
		return nboot_chr ? boot_chr_majors[rnd(nboot_chr)] : 1;
	case 3 ... 6:
		switch (rnd(3)) {
		case 0:
			return 230 + rnd(27);	/* 230..256 */
		case 1:
			return 380 + rnd(10);	/* 380..389 */
		default:
			return 486 + rnd(26);	/* 486..511: hash-slot partners */
		}
	case 7:
		return 1 + rnd(511);
	case 8:
		return local[rnd(ARRAY_SIZE(local))];
	default:
		return bad[rnd(ARRAY_SIZE(bad))];
	}
}

static u32 pick_blk_major(void)
{
	static const u32 bad[] = { 512, 1000, 4095 };

	switch (rnd(10)) {
	case 0 ... 2:
		return nboot_blk ? boot_blk_majors[rnd(nboot_blk)] : 1;
	case 3 ... 4:
		return 240 + rnd(20);		/* 240..259 */
	case 5:
		return 500 + rnd(12);		/* 500..511: hide 245..254, 1 */
	case 6:
		/* the partner of a boot major: hides or is hidden */
		if (nboot_blk) {
			u32 m = boot_blk_majors[rnd(nboot_blk)];

			return m < 255 ? m + 255 : m - 255;
		}
		fallthrough;
	case 7:
		return 1 + rnd(20);
	case 8:
		return 1 + rnd(511);
	default:
		return bad[rnd(ARRAY_SIZE(bad))];
	}
}

static u32 pick_minor(void)
{
	switch (rnd(8)) {
	case 0:
		return WHOLE - 1 - rnd(4);
	case 1:
		return rnd(256);
	case 2 ... 4:
		return 0;
	default:
		return rnd(4) * 64;
	}
}

/* A count for a piece starting at @base; past the major only if @past. */
static u32 pick_count(u32 base, bool past)
{
	u32 c;

	switch (rnd(12)) {
	case 0:
		c = 0;
		break;
	case 1:
		c = WHOLE - base;
		break;
	case 2:
		c = 256;
		break;
	case 3:
		c = 1;
		break;
	default:
		c = 1 + rnd(64);
		break;
	}
	if (past && rnd(8) == 0)
		return WHOLE - base + 1 + rnd(3);	/* minor range past the major */
	return min(c, WHOLE - base);
}

/* ---- operations ---- */

/* Release what a probe got (it is not tracked), or record a skip. */
static void undo_probe(int api, int got, u32 base, u32 count, const char *name)
{
	if (got < 0) {
		c_skip();
		return;
	}
	switch (api) {
	case A_ACR:
		if (count)
			c_ucr('f', MKDEV(got, base), count);
		else
			c_uc('f', got, base, 0, name);
		break;
	case A_RC:
		c_uc('f', got, base, count, name);
		break;
	case A_RC0:
		c_uc0('f', got, name);
		break;
	}
}

/*
 * A dynamic char call (base <= MINORMASK, one piece).  A probe where the
 * two kernels' predictions differ; tracked otherwise.
 */
static void dyn_chr(int api, u32 base, u32 count, const char *name)
{
	int s = pred_chr(true), p = pred_chr(false);
	char flag = s != p ? 'p' : '.';
	int ret, got = -1;
	struct hnd *h;
	dev_t dev;

	switch (api) {
	case A_ACR:
		ret = c_acr(flag, base, count, name, &dev);
		if (!ret)
			got = MAJOR(dev);
		break;
	case A_RC:
		ret = c_rc(flag, 0, base, count, name);
		if (ret > 0)
			got = ret;
		break;
	default:
		base = 0;
		count = 256;
		ret = c_rc0(flag, 0, name);
		if (ret > 0)
			got = ret;
		break;
	}
	if (flag == 'p') {
		undo_probe(api, got, base, count, name);
		return;
	}
	if (got < 0)
		return;
	if (api == A_ACR) {
		h = track_region(MKDEV(got, base), count, name);
		if (h && !count) {	/* a zero-minor piece: held all the same */
			h->np = 1;
			h->p[0].major = got;
			h->p[0].base = base;
			h->p[0].count = 0;
			h->ranged = false;
		}
	} else {
		h = track(K_CHRDEV, name);
		if (h) {
			h->np = 1;
			h->rc0 = api == A_RC0;
			h->p[0].major = got;
			h->p[0].base = base;
			h->p[0].count = count;
		}
	}
}

static void dyn_blk(const char *name)
{
	int s = pred_blk(true), p = pred_blk(false);
	char flag = s != p ? 'p' : '.', short_name[16];
	struct hnd *h;
	int ret;

	ret = c_rb(flag, 0, name);
	if (flag == 'p') {
		strscpy(short_name, name, sizeof(short_name));
		if (ret > 0)
			c_ub('f', ret, short_name);
		else
			c_skip();
		return;
	}
	if (ret > 0) {
		h = track(K_BLK, name);
		if (h) {
			h->np = 1;
			h->p[0].major = ret;
		}
	}
}

static void op_rcr_fixed(const char *name)
{
	u32 major = pick_chr_major(), base = pick_minor(), count;

	if (rnd(5) == 0)	/* spans majors */
		count = WHOLE - base + rnd(3) * WHOLE + (rnd(2) ? 0 : 1 + rnd(64));
	else
		count = pick_count(base, false);
	/* a range reaching the top of dev_t is op_rcr_top's */
	if ((u64)MKDEV(major, base) + count >= (1ULL << 32))
		count = (WHOLE - base) / 2;
	if (!c_rcr('.', MKDEV(major, base), count, name) && count)
		track_region(MKDEV(major, base), count, name);
}

/*
 * register_chrdev_region(MKDEV(0, m), ...) (D4): the patched kernel refuses
 * it.  Stock takes its dynamic pick for the first piece and keeps it, also
 * when the range runs on into major 1, which mem holds: a follow-up
 * releases that piece, exactly, on both kernels.
 */
static void op_rcr_dyn(const char *name)
{
	u32 base = pick_minor(), count;
	int s = pred_chr(true);

	if (rnd(3))
		count = pick_count(base, false);
	else
		count = WHOLE - base + 1 + rnd(WHOLE);
	c_rcr('.', MKDEV(0, base), count, name);
	if (count && s >= 0)
		c_ucr('f', MKDEV(s, base), min(count, WHOLE - base));
}

static void op_rcr_bad(const char *name)
{
	u32 major, base = pick_minor();

	switch (rnd(4)) {
	case 0:		/* beyond the last char major */
		major = 512 + (rnd(2) ? rnd(4) : rnd(3584));	/* < 4096 */
		c_rcr('.', MKDEV(major, base), 1 + rnd(16), name);
		break;
	case 1:		/* in the last major, short of the top */
		base = rnd(WHOLE - 8);
		c_rcr('.', MKDEV(4095, base), 1 + rnd(7), name);
		break;
	case 2:		/* count 0 holds nothing */
		c_rcr('.', MKDEV(pick_chr_major(), base), 0, name);
		break;
	default:	/* across major 511 into 512 */
		major = 509 + rnd(3);
		c_rcr('.', MKDEV(major, 0), (512 - major) * WHOLE + 1 + rnd(WHOLE), name);
		break;
	}
}

/*
 * register_chrdev_region() of a range reaching the top of dev_t (D2t):
 * stock returns 0 and holds nothing; the patched kernel refuses it with
 * -EINVAL before anything is registered, whatever lies on the way.  From
 * beyond 511, from free majors up to 511, from a boot major, from a free
 * major below one of our pieces, from around one of our pieces: the
 * places where a walk of the range would stop at different majors.
 */
static void op_rcr_top(const char *name)
{
	char name2[NAMELEN];
	u32 major, base = rnd(2) ? 0 : rnd(WHOLE), from, count, b, c;
	struct piece pc;
	int i = 0, j, k;

	switch (rnd(8)) {
	case 0 ... 1:	/* beyond the last char major: -EINVAL at once */
		major = 512 + rnd(3584);
		break;
	case 2 ... 3:	/* free majors up to 511, if any: -EINVAL at 512 */
		major = 500 + rnd(12);
		for (i = major; i < NMAJ; i++)
			if (chr_held[i])
				major = i + 1;
		break;
	case 4:		/* all of a boot major (mem's 1, misc's 10): -EBUSY */
		major = nboot_chr ? boot_chr_majors[rnd(nboot_chr)] : 1;
		break;
	case 5:		/* a free major, one of our pieces in the next one */
		major = 0;
		for (i = nh - 1; i >= 0 && !major; i--)
			for (j = 0; j < H[i].np && H[i].kind != K_BLK; j++)
				if (H[i].p[j].major > 1 && !chr_held[H[i].p[j].major - 1]) {
					major = H[i].p[j].major - 1;
					break;
				}
		if (major)
			break;
		/* none: make one, if two free majors come up (else any major) */
		major = 1 + rnd(NMAJ - 2);		/* 1..510 */
		if (chr_held[major] || chr_held[major + 1])
			break;
		mkname(name2, 't');
		b = pick_minor();
		c = pick_count(b, false) ?: 1;
		if (!c_rcr('.', MKDEV(major + 1, b), c, name2))
			track_region(MKDEV(major + 1, b), c, name2);
		break;
	default:	/* around one of our pieces outside the boot majors */
		major = 1 + rnd(NMAJ - 1);		/* (none: any major) */
		j = nh ? rnd(nh) : 0;
		for (k = 0; k < nh; k++) {
			i = (j + k) % nh;
			if (H[i].kind != K_BLK && H[i].p[0].major < NMAJ &&
			    !chr_boot[H[i].p[0].major])
				break;
		}
		if (k == nh)
			break;
		pc = H[i].p[0];
		major = pc.major;
		switch (rnd(3)) {
		case 0:		/* just past it */
			base = pc.base + pc.count;
			break;
		case 1:		/* at its last minor (at it, if empty) */
			base = pc.base + pc.count - (pc.count ? 1 : 0);
			break;
		default:	/* just before it */
			base = pc.base ? pc.base - 1 : 0;
			break;
		}
		if (base > MINORMASK)
			base = MINORMASK;
		break;
	}
	if (major < NMAJ && chr_boot[major])
		base = 0;	/* a boot reservation's minors are not known */
	from = MKDEV(major, base);
	count = 0 - from;
	if (rnd(2))
		count += rnd(from);	/* past the top */
	c_rcr('.', from, count, name);
}

static void op_acr(const char *name)
{
	u32 base = pick_minor(), count = pick_count(base, true);
	dev_t dev;
	int s = pred_chr(true), ret;

	if (rnd(14) == 0 && s >= 0) {
		/* baseminor beyond MINORMASK: stock registers it in major s */
		static const u32 bases[] = { WHOLE, WHOLE + 1, 0xfff00000, 0xffffffff };

		base = rnd(2) ? bases[rnd(ARRAY_SIZE(bases))] : WHOLE + rnd(0x7ff00000);
		count = rnd(4);
		if (rnd(8) == 0)
			count = 0x80000000;	/* fails stock's check too */
		ret = c_acr('.', base, count, name, &dev);
		/* stock's range check, by unsigned wrap */
		if (count <= (u32)(MINORMASK + 1 - base))
			c_uc('f', s, base, count, name);
		(void)ret;
		return;
	}
	if (base + count > WHOLE) {		/* past the major */
		c_acr('.', base, count, name, &dev);
		return;
	}
	dyn_chr(A_ACR, base, count, name);
}

static void op_rc(const char *name)
{
	u32 major = rnd(2) ? 0 : pick_chr_major();
	u32 base = rnd(3) ? 0 : pick_minor();
	u32 count = rnd(3) ? 256 : pick_count(base, true);
	int s = pred_chr(true), ret;
	struct hnd *h;

	if (count > 4096 && base + count <= WHOLE)
		count = 4096;	/* a cdev of a modest range */
	if (rnd(16) == 0 && (major ? major < NMAJ : s >= 0)) {
		/* baseminor beyond MINORMASK: stock registers it */
		base = WHOLE + rnd(256);
		count = rnd(4);
		ret = c_rc('.', major, base, count, name);
		c_uc('f', major ? major : s, base, count, name);
		(void)ret;
		return;
	}
	if (!major && base + count <= WHOLE) {
		dyn_chr(A_RC, base, count, name);
		return;
	}
	ret = c_rc('.', major, base, count, name);
	if (ret == 0 && major) {
		h = track(K_CHRDEV, name);
		if (h) {
			h->np = 1;
			h->p[0].major = major;
			h->p[0].base = base;
			h->p[0].count = count;
		}
	}
}

static void op_rc0(const char *name)
{
	u32 major = rnd(2) ? 0 : pick_chr_major();
	struct hnd *h;

	if (!major) {
		dyn_chr(A_RC0, 0, 256, name);
		return;
	}
	if (c_rc0('.', major, name) == 0) {
		h = track(K_CHRDEV, name);
		if (h) {
			h->np = 1;
			h->rc0 = true;
			h->p[0].major = major;
			h->p[0].count = 256;
		}
	}
}

static void op_rb(const char *name)
{
	u32 major = rnd(2) ? 0 : pick_blk_major();
	struct hnd *h;

	if (!major) {
		dyn_blk(name);
		return;
	}
	if (c_rb('.', major, name) == 0) {
		h = track(K_BLK, name);
		if (h) {
			h->np = 1;
			h->p[0].major = major;
		}
	}
}

/* Release handle @i exactly (@warn: a block name of 16+ chars as given). */
static void release_exact(int i, bool warn)
{
	struct hnd *h = &H[i];
	char short_name[16];
	struct piece pc = h->p[0];

	switch (h->kind) {
	case K_BLK:
		if (warn && strlen(h->name) >= 16) {
			c_ub('.', pc.major, h->name);	/* never matches: WARN */
			return;
		}
		strscpy(short_name, h->name, sizeof(short_name));
		c_ub('.', pc.major, short_name);
		untrack(i);
		return;
	case K_CHRDEV:
		/* the first exact piece goes: with zero-minor twins, maybe another */
		if (h->rc0 && rnd(2))
			c_uc0('.', pc.major, h->name);
		else
			c_uc('.', pc.major, pc.base, pc.count, h->name);
		model_release(pc.major, pc.base, pc.count);
		return;
	}
	if (h->ranged && h->count && rnd(4)) {
		u32 from = h->from, count = h->count;

		c_ucr('.', from, count);
		model_ucr(from, count);
	} else if (pc.count && rnd(2)) {
		c_ucr('.', MKDEV(pc.major, pc.base), pc.count);
		model_release(pc.major, pc.base, pc.count);
	} else {
		/* __unregister_chrdev() also releases a region */
		c_uc('.', pc.major, pc.base, pc.count, h->name);
		model_release(pc.major, pc.base, pc.count);
	}
}

/*
 * A release that matches nothing: wrong count, wrong first minor, wrong
 * name.  None can match another piece exactly (see the comments).
 */
static void release_wrong(int i)
{
	struct hnd *h = &H[i];
	struct piece pc = h->p[0];
	char nm[16];

	switch (h->kind) {
	case K_BLK:
		strscpy(nm, h->name, sizeof(nm));
		nm[0] = 'u';
		if (rnd(3) == 0)
			c_ub('.', pc.major + 255, nm);	/* the hash-slot partner */
		else
			c_ub('.', pc.major, nm);
		return;
	case K_CHRDEV:
		/* a piece (major, base, count + 1) would overlap this one */
		if (pc.count)
			c_uc('.', pc.major, pc.base, pc.count + 1, h->name);
		else
			c_ucr('.', MKDEV(pc.major, pc.base), 0);
		return;
	}
	if (!pc.count) {
		/* count 0 releases nothing, not even a zero-minor piece */
		c_ucr('.', MKDEV(pc.major, pc.base), 0);
	} else if (pc.base + pc.count < WHOLE && rnd(2)) {
		/* one more minor: overlaps this piece, so matches none */
		c_ucr('.', MKDEV(pc.major, pc.base), pc.count + 1);
	} else {
		/* one fewer (0: nothing) */
		c_ucr('.', MKDEV(pc.major, pc.base), pc.count - 1);
		model_ucr(MKDEV(pc.major, pc.base), pc.count - 1);
	}
}

/* A release of any range above the boot majors (no boot piece in it). */
static void op_ucr_random(void)
{
	u32 major = maxboot_chr + 1 + rnd(NMAJ - maxboot_chr - 1);
	u32 base = pick_minor(), count;

	if (nh && rnd(2)) {		/* near a piece we hold */
		struct hnd *h = &H[rnd(nh)];

		if (h->kind != K_BLK && (int)h->p[0].major > maxboot_chr) {
			major = h->p[0].major;
			base = h->p[0].base + rnd(3) - 1;
			if (base > MINORMASK)
				base = 0;
		}
	}
	count = rnd(4) ? pick_count(base, false) : WHOLE - base + rnd(2) * WHOLE;
	if (ucr_hangs_stock(MKDEV(major, base), count) ||
	    range_hits_cdev(MKDEV(major, base), (u64)MKDEV(major, base) + count))
		return;
	c_ucr('.', MKDEV(major, base), count);
	model_ucr(MKDEV(major, base), count);
}

/*
 * unregister_chrdev_region() of a range reaching the top of dev_t, or past
 * it, above the boot majors: it ends below its start and releases nothing,
 * on both kernels.  Mostly from a piece the module holds to the end of its
 * major, which a walk up to the top would release.
 */
static void op_release_top(void)
{
	u32 from, count, major, base;
	struct piece cand[16];
	int nc = 0, i, j;

	major = maxboot_chr + 1 + rnd(4096 - maxboot_chr - 1);
	base = rnd(2) ? 0 : rnd(WHOLE);
	for (i = 0; i < nh && nc < ARRAY_SIZE(cand); i++)
		for (j = 0; j < H[i].np && H[i].kind == K_REGION; j++)
			if ((int)H[i].p[j].major > maxboot_chr && H[i].p[j].count &&
			    H[i].p[j].base + H[i].p[j].count == WHOLE &&
			    nc < ARRAY_SIZE(cand))
				cand[nc++] = H[i].p[j];
	if (!nc && rnd(2)) {
		/* make one: up to the end of a free major above the boot ones */
		char name[NAMELEN];
		u32 m = maxboot_chr + 1 + rnd(NMAJ - maxboot_chr - 1);
		u32 b = rnd(2) ? 0 : rnd(WHOLE);

		mkname(name, 't');
		if (!chr_held[m] && !c_rcr('.', MKDEV(m, b), WHOLE - b, name) &&
		    track_region(MKDEV(m, b), WHOLE - b, name)) {
			cand[nc].major = m;
			cand[nc].base = b;
			cand[nc++].count = WHOLE - b;
		}
	}
	if (nc && rnd(4)) {
		i = rnd(nc);
		major = cand[i].major;
		base = cand[i].base;
	}
	from = MKDEV(major, base);
	if (range_hits_cdev(from, 1ULL << 32))
		return;
	count = 0 - from;
	if (rnd(3) == 0)
		count += rnd(from);
	c_ucr('.', from, count);
}

/* unregister_blkdev() of a major not held, or beyond the maximum: WARN */
static void op_ub_bad(const char *name)
{
	u32 major;
	int tries = 0;

	if (rnd(3) == 0) {
		c_ub('.', rnd(2) ? 512 : 4095, name);
		return;
	}
	do {
		major = 1 + rnd(NMAJ - 1);
	} while (blk_held[major] && ++tries < 100);
	if (!blk_held[major])
		c_ub('.', major, name);
}

/* __unregister_chrdev() / unregister_chrdev_region() of majors >= 512 */
static void op_uc_bad(void)
{
	u32 major = 512 + rnd(3583);		/* 512..4094 */

	if (rnd(2))
		c_uc('.', major, rnd(WHOLE), rnd(300), "t");
	else
		c_ucr('.', MKDEV(major, 0), rnd(2) ? 1 : WHOLE);
}

/*
 * Hold the hash-slot partner (M + 255) of the next dynamic major M, then
 * ask for a dynamic major: stock skips M, the patched kernel takes it.
 */
static void op_hide(const char *name)
{
	char name2[NAMELEN];
	int p;
	struct hnd *h;

	if (rnd(2)) {
		p = pred_chr(false);
		if (p < 234 || p > 254 || chr_held[p + 255])
			return;
		if (!c_rc0('.', p + 255, name)) {
			h = track(K_CHRDEV, name);
			if (h) {
				h->np = 1;
				h->rc0 = true;
				h->p[0].major = p + 255;
				h->p[0].count = 256;
			}
		}
		mkname(name2, 't');
		dyn_chr(rnd(3), 0, 1 + rnd(4), name2);
		return;
	}
	p = pred_blk(false);
	if (p < 1 || p + 255 >= NMAJ || blk_held[p + 255])
		return;
	if (!c_rb('.', p + 255, name)) {
		h = track(K_BLK, name);
		if (h) {
			h->np = 1;
			h->p[0].major = p + 255;
		}
	}
	mkname(name2, 't');
	dyn_blk(name2);
}

/*
 * Around a zero-minor piece (major, b, 0): a range strictly around minor b
 * is -EBUSY, one starting or ending at b is not.
 */
static void op_zero(const char *name)
{
	char name2[NAMELEN];
	struct piece pc;
	int i, ret;
	u32 cnt;

	for (i = nh - 1; i >= 0; i--)
		if (H[i].kind != K_BLK && H[i].np == 1 && !H[i].p[0].count &&
		    H[i].p[0].base > 0 && H[i].p[0].base < MINORMASK)
			break;
	if (i < 0)
		return;
	pc = H[i].p[0];
	switch (rnd(3)) {
	case 0:		/* strictly around b */
		ret = c_rcr('.', MKDEV(pc.major, pc.base - 1), 2, name);
		if (!ret)
			track_region(MKDEV(pc.major, pc.base - 1), 2, name);
		break;
	case 1:		/* from b */
		cnt = 1 + rnd(3);
		ret = c_rcr('.', MKDEV(pc.major, pc.base), cnt, name);
		if (!ret)
			track_region(MKDEV(pc.major, pc.base), cnt, name);
		break;
	default:	/* up to b, then another zero-minor piece at b */
		ret = c_rc('.', pc.major, pc.base - 1, 1, name);
		if (!ret) {
			struct hnd *h = track(K_CHRDEV, name);

			if (h) {
				h->np = 1;
				h->p[0].major = pc.major;
				h->p[0].base = pc.base - 1;
				h->p[0].count = 1;
			}
		}
		mkname(name2, 't');
		if (!c_rc('.', pc.major, pc.base, 0, name2)) {
			struct hnd *h = track(K_CHRDEV, name2);

			if (h) {
				h->np = 1;
				h->p[0].major = pc.major;
				h->p[0].base = pc.base;
			}
		}
		break;
	}
}

static void step(void)
{
	char name[NAMELEN];
	u32 r = rnd(100);

	mkname(name, 't');
	if (r < 9)
		op_rcr_fixed(name);
	else if (r < 13)
		op_rcr_dyn(name);
	else if (r < 15)
		op_rcr_bad(name);
	else if (r < 17)
		op_rcr_top(name);
	else if (r < 27)
		op_acr(name);
	else if (r < 34)
		op_rc(name);
	else if (r < 38)
		op_rc0(name);
	else if (r < 48)
		op_rb(name);
	else if (r < 72) {
		if (nh)
			release_exact(rnd(nh), rnd(4) == 0);
		else
			op_rb(name);
	} else if (r < 81) {
		if (nh)
			release_wrong(rnd(nh));
		else
			op_acr(name);
	} else if (r < 86)
		op_ucr_random();
	else if (r < 90)
		op_release_top();
	else if (r < 93)
		op_ub_bad(name);
	else if (r < 95)
		op_uc_bad();
	else if (r < 98)
		op_hide(name);
	else if (r < 100)
		op_zero(name);
	else
		op_rcr_fixed(name);
}

/*
 * Take dynamic char majors until both windows are full.  Where the two
 * kernels would pick differently, sometimes probe, then take the patched
 * kernel's pick (free on both) as a fixed major, so that they agree again.
 */
static void exhaust_chr(void)
{
	char name[NAMELEN];
	int guard, s, p;
	u32 cnt;
	dev_t dev;

	for (guard = 0; guard < 400; guard++) {
		s = pred_chr(true);
		p = pred_chr(false);
		mkname(name, 'x');
		if (s == p && s < 0)
			break;
		if (s != p) {
			if (rnd(2) == 0) {
				dyn_chr(rnd(3), 0, 1 + rnd(2), name);
				mkname(name, 'x');
			}
			cnt = 1 + rnd(4);
			if (!c_rcr('.', MKDEV(p, 0), cnt, name))
				track_region(MKDEV(p, 0), cnt, name);
			continue;
		}
		dyn_chr(rnd(3), rnd(4) ? 0 : rnd(256), 1 + rnd(8), name);
	}
	/*
	 * full: every dynamic call fails with the same message; the patched
	 * kernel refuses the last one earlier, with -EINVAL (D4)
	 */
	mkname(name, 'x');
	c_acr('.', 0, 1, name, &dev);
	mkname(name, 'x');
	c_rc('.', 0, 0, 1, name);
	mkname(name, 'x');
	c_rc0('.', 0, name);
	mkname(name, 'x');
	c_rcr('.', MKDEV(0, 5), 3, name);
}

static void exhaust_blk(void)
{
	char name[NAMELEN];
	int guard, s, p;

	for (guard = 0; guard < 600; guard++) {
		s = pred_blk(true);
		p = pred_blk(false);
		mkname(name, 'x');
		if (s == p && s < 0)
			break;
		if (s != p) {
			if (rnd(2) == 0) {
				dyn_blk(name);
				mkname(name, 'x');
			}
			if (!c_rb('.', p, name)) {
				struct hnd *h = track(K_BLK, name);

				if (h) {
					h->np = 1;
					h->p[0].major = p;
				}
			}
			continue;
		}
		dyn_blk(name);
	}
	mkname(name, 'x');
	c_rb('.', 0, name);
}

/* Release about half of the handles of one kind, at random. */
static void churn(int kind)
{
	int i;

	for (i = nh - 1; i >= 0; i--)
		if (i < nh && H[i].kind == kind && rnd(2))
			release_exact(i, false);
}

static int pieces(void)
{
	int i, n = 0;

	for (i = 0; i < nh; i++)
		n += H[i].np;
	return n;
}

static void run(u64 seed)
{
	unsigned int i;

	rng = seed * 0x9E3779B97F4A7C15ULL + 1;
	nh = 0;
	emit("S %llu\n", seed);
	for (i = 0; i < calls / 2; i++)
		step();
	if (exhaust) {
		exhaust_chr();
		churn(K_REGION);
		churn(K_CHRDEV);
	}
	for (i = 0; i < calls / 4; i++)
		step();
	if (exhaust) {
		exhaust_blk();
		churn(K_BLK);
	}
	for (i = 0; i < calls - calls / 2 - calls / 4; i++)
		step();
	/* release everything, newest first */
	while (nh) {
		int before = pieces();

		release_exact(nh - 1, false);
		if (nh && pieces() == before)	/* cannot happen */
			untrack(nh - 1);
	}
	drain('N');
	emit("E %llu %s\n", seed,
	     prev_len == boot_len && !memcmp(prev_txt, boot_txt, boot_len) ?
	     "ok" : "differs");
}

static void collect_boot(void)
{
	int i;

	parse_held(boot_txt, chr_boot, blk_boot);
	maxboot_chr = 0;
	nboot_chr = nboot_blk = 0;
	for (i = 0; i < NMAJ; i++) {
		if (chr_boot[i]) {
			boot_chr_majors[nboot_chr++] = i;
			maxboot_chr = i;
		}
		if (blk_boot[i])
			boot_blk_majors[nboot_blk++] = i;
	}
}

static int __init transcript_init(void)
{
	struct file_system_type *type = get_fs_type("proc");
	char *s, *p, *tok, *line;
	u64 seed;

	out = vzalloc(OUT_SIZE);
	boot_txt = vzalloc(PROC_SIZE);
	prev_txt = vzalloc(PROC_SIZE);
	cur_txt = vzalloc(PROC_SIZE);
	la = vzalloc(MAX_LINES * sizeof(*la));
	lb = vzalloc(MAX_LINES * sizeof(*lb));
	H = vzalloc(MAX_H * sizeof(*H));
	if (!out || !boot_txt || !prev_txt || !cur_txt || !la || !lb || !H || !type)
		goto nomem;
	proc_mnt = kern_mount(type);
	module_put(type->owner);
	if (IS_ERR(proc_mnt))
		goto nomem;

	kmsg_dump_rewind(&kiter);
	while (kmsg_dump_get_line(&kiter, false, kline, sizeof(kline), NULL))
		;		/* the boot log is not ours */

	boot_len = read_proc_devices(boot_txt);
	memcpy(prev_txt, boot_txt, boot_len + 1);
	prev_len = boot_len;
	parse_held(prev_txt, chr_held, blk_held);
	collect_boot();
	emit("T devlist_transcript 2 seeds=%s calls=%u exhaust=%d%s\n", seeds, calls, exhaust,
	     emulate ? " EMULATED-PATCHED" : "");
	s = kstrdup(boot_txt, GFP_KERNEL);
	for (p = s; s && (line = strsep(&p, "\n"));)
		if (p)		/* not the empty rest after the last newline */
			emit("B %s\n", line);
	kfree(s);

	s = kstrdup(seeds, GFP_KERNEL);
	for (p = s; s && (tok = strsep(&p, ","));) {
		if (kstrtoull(tok, 0, &seed))
			continue;
		run(seed);
	}
	kfree(s);
	emit("Z %u lost=%lu truncated=%d\n", ncall, lost, out_len >= OUT_SIZE - 1);
	kern_unmount(proc_mnt);

	blob.data = out;
	blob.size = out_len;
	dent = debugfs_create_blob("devlist_transcript", 0444, NULL, &blob);
	vfree(boot_txt);
	vfree(prev_txt);
	vfree(cur_txt);
	vfree(la);
	vfree(lb);
	vfree(H);
	boot_txt = prev_txt = cur_txt = NULL;
	la = lb = NULL;
	H = NULL;
	return 0;
nomem:
	vfree(out);
	vfree(boot_txt);
	vfree(prev_txt);
	vfree(cur_txt);
	vfree(la);
	vfree(lb);
	vfree(H);
	return -ENOMEM;
}
module_init(transcript_init);

static void __exit transcript_exit(void)
{
	debugfs_remove(dent);
	vfree(out);
}
module_exit(transcript_exit);

MODULE_DESCRIPTION("Transcript of the char and block registration API, for conformance");
MODULE_LICENSE("GPL");
