// SPDX-License-Identifier: GPL-2.0
/*
 * SMP stress and fault-injection helper for device-number registration,
 * built out of tree by scripts/stress.sh (make stress).
 *
 * On load it notes which char and block majors are wholly free, registers a
 * few "sentinel" reservations that stay until the end (userspace readers of
 * /proc/devices must see each of them in every listing), and starts
 * @threads kthreads that for @duration seconds register and release random
 * ranges through every registration API: register_chrdev_region() with
 * fixed majors (some ranges spanning two majors), alloc_chrdev_region(),
 * register_chrdev(0), __register_chrdev() with a fixed major,
 * register_blkdev() fixed and 0.  Fixed majors are drawn from windows that
 * overlap the dynamic ones, so fixed and dynamic requests collide.
 *
 * Each thread owns @slots entries of a shared table of what it holds.  At
 * every successful registration the table is searched, under its own lock,
 * for a range held by anyone that overlaps the new one: the kernel handed
 * out a conflicting range.  A quarter of the successes are followed by the
 * same request again, which must fail with -EBUSY.  Release takes the entry
 * out of the table before calling the kernel, so a later, legitimate
 * registration of the same numbers never meets a stale entry.
 *
 * debugfs, devlist_stress/:
 *   state      "running" while threads work, then "done", then "finished"
 *   sentinels  the sentinel lines: "c|b <major> <name>"
 *   finish     write anything: stop the threads, release everything, check
 *              that nothing of ours is left (/proc/devices; every major that
 *              was wholly free at load is wholly free again), fill results
 *   results    the counts (after finish)
 *   call       write "<op> <a> <b> <c>": one registration in the writer's
 *              context (for fail-nth), released at once if it succeeded;
 *              the write fails with the registration's error.  Reading it
 *              gives "rc <rc> dev <major> <minor>" of the last call.
 *                region MAJOR BASEMINOR COUNT   register_chrdev_region()
 *                alloc BASEMINOR COUNT          alloc_chrdev_region()
 *                chrdev MAJOR BASEMINOR COUNT   __register_chrdev(), MAJOR 0: dynamic
 *                blkdev MAJOR                   register_blkdev(), MAJOR 0: dynamic
 *
 * inject= (to show that the harness notices; comma-separated): "leak"
 * keeps one sentinel registered after finish; "warn" calls
 * unregister_blkdev() with a wrong name once (a kernel WARN).
 */
#include <linux/bitmap.h>
#include <linux/blkdev.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/sched/task.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

static unsigned int duration = 25;
module_param(duration, uint, 0444);
MODULE_PARM_DESC(duration, "seconds of stress");
static unsigned int threads = 6;
module_param(threads, uint, 0444);
static unsigned int slots = 6;
module_param(slots, uint, 0444);
MODULE_PARM_DESC(slots, "ranges each thread holds at most");
static unsigned int seed;
module_param(seed, uint, 0444);
MODULE_PARM_DESC(seed, "seed of the request streams (0: random)");
static char *inject = "";
module_param(inject, charp, 0444);
MODULE_PARM_DESC(inject, "leak,warn: deliberate faults, to see the harness fail");

enum kind { K_REGION, K_ALLOC, K_CHRDEV0, K_CHRDEV, K_BLKDEV, K_BLKDEV0, NKINDS };
static const char *const kind_name[NKINDS] = {
	"region", "alloc", "chrdev0", "chrdev", "blkdev", "blkdev0",
};

/* Windows the fixed requests are drawn from (they overlap the dynamic ones). */
#define CHR_FIX_LO	230
#define CHR_FIX_HI	259
#define CHR_FIX2_LO	380
#define CHR_FIX2_HI	389
#define BLK_FIX_LO	236
#define BLK_FIX_HI	259
#define BLK_DYN_HI	254

struct held {
	bool used;		/* written by the owner under tab_lock */
	bool blk;
	u8 kind;
	unsigned int major, baseminor, count;
	u64 lo, hi;		/* [lo, hi): dev_t range, or block major */
};

struct stats {
	u64 calls[NKINDS], ok[NKINDS], ebusy[NKINDS], errors[NKINDS];
	u64 releases, dupprobes, dups, baddyn, multi;
};

struct worker {
	struct task_struct *task;
	unsigned int id;
	struct rnd_state rnd;
	struct held *held;	/* slots entries of tab */
	char cname[16], bname[16];
	struct stats st;
	bool done;
};

static const struct file_operations stress_fops = { .owner = THIS_MODULE };

static struct held *tab;
static unsigned int ntab;
static DEFINE_SPINLOCK(tab_lock);
static u64 overlaps;		/* under tab_lock */
static struct worker *workers;
static unsigned int nworkers;
static unsigned long deadline;

static DEFINE_MUTEX(ctl_lock);	/* finish() */
static bool finished;
static char *results;
static size_t results_len;

static unsigned long *chr_free0, *blk_free0;	/* wholly free at load */

struct sentinel {
	bool blk;
	unsigned int major, baseminor, count;
	const char *name;
	bool held;
};
static struct sentinel sentinels[] = {
	{ false, 60, 0, 4, "dlst_keep_c60" },
	{ false, 123, 5, 1, "dlst_keep_c123" },
	{ false, 300, 0, 1, "dlst_keep_c300" },
	{ true, 60, 0, 0, "dlst_keep_b60" },
	{ true, 300, 0, 0, "dlst_keep_b300" },
};

static u32 rnd(struct worker *w, u32 n)
{
	return prandom_u32_state(&w->rnd) % n;
}

static bool chr_dynamic(unsigned int major)
{
	return (major >= CHRDEV_MAJOR_DYN_END && major <= CHRDEV_MAJOR_DYN_START) ||
	       (major >= CHRDEV_MAJOR_DYN_EXT_END && major <= CHRDEV_MAJOR_DYN_EXT_START);
}

/* Record a registration the kernel granted; count overlaps with others. */
static void tab_add(struct worker *w, struct held *h)
{
	unsigned int i;

	spin_lock(&tab_lock);
	for (i = 0; i < ntab; i++) {
		struct held *o = &tab[i];

		if (!o->used || o == h || o->blk != h->blk)
			continue;
		if (o->lo < h->hi && h->lo < o->hi) {
			overlaps++;
			if (overlaps <= 10)
				pr_err("devlist_stress: OVERLAP: thread %u got %s %u:%u+%u while %s %u:%u+%u is held\n",
				       w->id, kind_name[h->kind], h->major, h->baseminor, h->count,
				       kind_name[o->kind], o->major, o->baseminor, o->count);
		}
	}
	h->used = true;
	spin_unlock(&tab_lock);
}

static void tab_del(struct held *h)
{
	spin_lock(&tab_lock);
	h->used = false;
	spin_unlock(&tab_lock);
}

static void set_chr(struct held *h, unsigned int major, unsigned int baseminor,
		    unsigned int count)
{
	h->blk = false;
	h->major = major;
	h->baseminor = baseminor;
	h->count = count;
	h->lo = MKDEV(major, baseminor);
	h->hi = h->lo + count;
}

static void set_blk(struct held *h, unsigned int major)
{
	h->blk = true;
	h->major = major;
	h->baseminor = 0;
	h->count = 0;
	h->lo = major;
	h->hi = major + 1;
}

static unsigned int fixed_chr_major(struct worker *w)
{
	if (rnd(w, 8))
		return CHR_FIX_LO + rnd(w, CHR_FIX_HI - CHR_FIX_LO + 1);
	return CHR_FIX2_LO + rnd(w, CHR_FIX2_HI - CHR_FIX2_LO + 1);
}

static void pick_minors(struct worker *w, unsigned int *base, unsigned int *count)
{
	static const unsigned int bases[] = { 0, 1, 2, 8, 64, 255, 256, 1000,
					      MINORMASK - 7, MINORMASK - 1 };
	static const unsigned int counts[] = { 1, 2, 3, 4, 8, 16, 256 };

	*base = bases[rnd(w, ARRAY_SIZE(bases))];
	*count = counts[rnd(w, ARRAY_SIZE(counts))];
	*count = min(*count, MINORMASK + 1 - *base);
}

/* The same request again: it must fail with -EBUSY. */
static void dup_probe(struct worker *w, struct held *h)
{
	int ret;

	w->st.dupprobes++;
	if (h->blk) {
		ret = register_blkdev(h->major, "dlst_dup");
		if (!ret) {
			unregister_blkdev(h->major, "dlst_dup");
			goto dup;
		}
	} else {
		ret = register_chrdev_region(h->lo, h->count, "dlst_dup");
		if (!ret) {
			unregister_chrdev_region(h->lo, h->count);
			goto dup;
		}
	}
	if (ret != -EBUSY) {
		w->st.errors[h->kind]++;
		pr_err("devlist_stress: thread %u: repeating %s %u:%u+%u gave %d, not -EBUSY\n",
		       w->id, kind_name[h->kind], h->major, h->baseminor, h->count, ret);
	}
	return;
dup:
	w->st.dups++;
	spin_lock(&tab_lock);
	overlaps++;
	spin_unlock(&tab_lock);
	pr_err("devlist_stress: OVERLAP: thread %u: %s %u:%u+%u granted twice\n",
	       w->id, kind_name[h->kind], h->major, h->baseminor, h->count);
}

static void acquire(struct worker *w, struct held *h)
{
	enum kind k = rnd(w, NKINDS);
	unsigned int major = 0, base = 0, count = 0;
	dev_t dev;
	int ret;

	h->kind = k;
	w->st.calls[k]++;
	switch (k) {
	case K_REGION:
		major = fixed_chr_major(w);
		if (rnd(w, 4)) {
			pick_minors(w, &base, &count);
		} else {	/* across the end of the major */
			base = MINORMASK + 1 - 1 - rnd(w, 4);
			count = 2 + rnd(w, 8);
		}
		ret = register_chrdev_region(MKDEV(major, base), count, w->cname);
		if (!ret)
			set_chr(h, major, base, count);
		break;
	case K_ALLOC:
		base = rnd(w, 2) ? 0 : rnd(w, 1000);
		count = 1 + rnd(w, 16);
		ret = alloc_chrdev_region(&dev, base, count, w->cname);
		if (!ret) {
			set_chr(h, MAJOR(dev), MINOR(dev), count);
			if (!chr_dynamic(MAJOR(dev)) || MINOR(dev) != base)
				w->st.baddyn++;
		}
		break;
	case K_CHRDEV0:
		ret = register_chrdev(0, w->cname, &stress_fops);
		if (ret > 0) {
			if (!chr_dynamic(ret))
				w->st.baddyn++;
			set_chr(h, ret, 0, 256);
			ret = 0;
		} else if (!ret) {
			w->st.baddyn++;
			ret = -EIO;
		}
		break;
	case K_CHRDEV:
		major = fixed_chr_major(w);
		pick_minors(w, &base, &count);
		ret = __register_chrdev(major, base, count, w->cname, &stress_fops);
		if (!ret)
			set_chr(h, major, base, count);
		break;
	case K_BLKDEV:
		major = BLK_FIX_LO + rnd(w, BLK_FIX_HI - BLK_FIX_LO + 1);
		ret = register_blkdev(major, w->bname);
		if (!ret)
			set_blk(h, major);
		break;
	case K_BLKDEV0:
	default:
		ret = register_blkdev(0, w->bname);
		if (ret > 0) {
			if (ret > BLK_DYN_HI)
				w->st.baddyn++;
			set_blk(h, ret);
			ret = 0;
		} else if (!ret) {
			w->st.baddyn++;
			ret = -EIO;
		}
		break;
	}
	if (ret == -EBUSY) {
		w->st.ebusy[k]++;
		return;
	}
	if (ret) {
		w->st.errors[k]++;
		pr_err("devlist_stress: thread %u: %s %u:%u+%u failed: %d\n",
		       w->id, kind_name[k], major, base, count, ret);
		return;
	}
	w->st.ok[k]++;
	if (!h->blk && MAJOR(h->lo) != MAJOR(h->hi - 1))
		w->st.multi++;
	tab_add(w, h);
	if (!rnd(w, 4))
		dup_probe(w, h);
}

static void release(struct worker *w, struct held *h)
{
	tab_del(h);
	w->st.releases++;
	switch (h->kind) {
	case K_REGION:
	case K_ALLOC:
		unregister_chrdev_region(h->lo, h->count);
		break;
	case K_CHRDEV0:
	case K_CHRDEV:
		__unregister_chrdev(h->major, h->baseminor, h->count, w->cname);
		break;
	default:
		unregister_blkdev(h->major, w->bname);
		break;
	}
}

static int worker_fn(void *arg)
{
	struct worker *w = arg;
	unsigned long n = 0;
	unsigned int i;

	while (!kthread_should_stop() && time_before(jiffies, deadline)) {
		struct held *h = &w->held[rnd(w, slots)];

		if (h->used)
			release(w, h);
		else
			acquire(w, h);
		if (!(++n % 8))
			cond_resched();
	}
	for (i = 0; i < slots; i++)
		if (w->held[i].used)
			release(w, &w->held[i]);
	smp_store_release(&w->done, true);
	while (!kthread_should_stop())
		schedule_timeout_interruptible(HZ / 10);
	return 0;
}

/* Which majors are wholly free: register each one whole, then release it. */
static void probe_free(unsigned long *chr, unsigned long *blk)
{
	unsigned int m;

	for (m = 1; m < CHRDEV_MAJOR_MAX; m++) {
		if (!register_chrdev_region(MKDEV(m, 0), MINORMASK + 1, "dlst_probe")) {
			__set_bit(m, chr);
			unregister_chrdev_region(MKDEV(m, 0), MINORMASK + 1);
		}
	}
	for (m = 1; m < BLKDEV_MAJOR_MAX; m++) {
		if (!register_blkdev(m, "dlst_probe")) {
			__set_bit(m, blk);
			unregister_blkdev(m, "dlst_probe");
		}
	}
}

static int sentinel_get(struct sentinel *s)
{
	int ret;

	if (s->blk)
		ret = register_blkdev(s->major, s->name);
	else
		ret = register_chrdev_region(MKDEV(s->major, s->baseminor), s->count, s->name);
	s->held = !ret;
	return ret;
}

static void sentinel_put(struct sentinel *s)
{
	if (!s->held)
		return;
	if (s->blk)
		unregister_blkdev(s->major, s->name);
	else
		unregister_chrdev_region(MKDEV(s->major, s->baseminor), s->count);
	s->held = false;
}

/* Lines of /proc/devices naming one of ours ("dlst..."). */
static int proc_lines_ours(void)
{
	size_t size = 256 * 1024, len = 0;
	struct file *f;
	char *buf, *p;
	int n = 0;
	ssize_t k;

	buf = kvmalloc(size + 1, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	f = filp_open("/proc/devices", O_RDONLY, 0);
	if (IS_ERR(f)) {
		kvfree(buf);
		return PTR_ERR(f);
	}
	while (len < size && (k = kernel_read(f, buf + len, size - len, &f->f_pos)) > 0)
		len += k;
	filp_close(f, NULL);
	buf[len] = 0;
	for (p = buf; (p = strstr(p, " dlst")); p++)
		n++;
	kvfree(buf);
	return n;
}

static void add_results(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	results_len += vscnprintf(results + results_len, PAGE_SIZE - results_len, fmt, ap);
	va_end(ap);
}

static void finish(void)
{
	unsigned long *chr_free1, *blk_free1;
	unsigned int i, k, left_chr = 0, left_blk = 0;
	struct stats sum = {};
	int lines;
	u64 ops, ov;

	mutex_lock(&ctl_lock);
	if (finished)
		goto out;
	for (i = 0; i < nworkers; i++) {
		struct worker *w = &workers[i];

		kthread_stop(w->task);
		put_task_struct(w->task);
		for (k = 0; k < NKINDS; k++) {
			sum.calls[k] += w->st.calls[k];
			sum.ok[k] += w->st.ok[k];
			sum.ebusy[k] += w->st.ebusy[k];
			sum.errors[k] += w->st.errors[k];
		}
		sum.releases += w->st.releases;
		sum.dupprobes += w->st.dupprobes;
		sum.dups += w->st.dups;
		sum.baddyn += w->st.baddyn;
		sum.multi += w->st.multi;
	}
	for (i = 0; i < ARRAY_SIZE(sentinels); i++) {
		if (i == 0 && strstr(inject, "leak")) {
			pr_info("devlist_stress: inject=leak: keeping %s\n", sentinels[i].name);
			continue;
		}
		if (i == 3 && sentinels[i].held && strstr(inject, "warn"))
			unregister_blkdev(sentinels[i].major, "dlst_wrong_name");
		sentinel_put(&sentinels[i]);
	}
	lines = proc_lines_ours();

	chr_free1 = bitmap_zalloc(CHRDEV_MAJOR_MAX, GFP_KERNEL);
	blk_free1 = bitmap_zalloc(BLKDEV_MAJOR_MAX, GFP_KERNEL);
	if (chr_free1 && blk_free1) {
		probe_free(chr_free1, blk_free1);
		for (i = 1; i < CHRDEV_MAJOR_MAX; i++)
			if (test_bit(i, chr_free0) != test_bit(i, chr_free1)) {
				left_chr++;
				pr_err("devlist_stress: char major %u was %s before, %s now\n", i,
				       test_bit(i, chr_free0) ? "free" : "in use",
				       test_bit(i, chr_free1) ? "free" : "in use");
			}
		for (i = 1; i < BLKDEV_MAJOR_MAX; i++)
			if (test_bit(i, blk_free0) != test_bit(i, blk_free1)) {
				left_blk++;
				pr_err("devlist_stress: block major %u was %s before, %s now\n", i,
				       test_bit(i, blk_free0) ? "free" : "in use",
				       test_bit(i, blk_free1) ? "free" : "in use");
			}
	} else {
		left_chr = left_blk = 1000;
	}
	bitmap_free(chr_free1);
	bitmap_free(blk_free1);

	spin_lock(&tab_lock);
	ov = overlaps;
	spin_unlock(&tab_lock);
	ops = sum.releases + sum.dupprobes;
	add_results("stress threads %u slots %u duration %u seed %u cpus %u\n",
		    nworkers, slots, duration, seed, num_online_cpus());
	for (k = 0; k < NKINDS; k++) {
		ops += sum.calls[k];
		add_results("stress kind %s calls %llu ok %llu ebusy %llu errors %llu\n",
			    kind_name[k], sum.calls[k], sum.ok[k], sum.ebusy[k], sum.errors[k]);
	}
	add_results("stress releases %llu\n", sum.releases);
	add_results("stress dupprobes %llu dups %llu\n", sum.dupprobes, sum.dups);
	add_results("stress multimajor %llu\n", sum.multi);
	add_results("stress ops %llu\n", ops);
	add_results("stress overlaps %llu\n", ov);
	add_results("stress baddynamic %llu\n", sum.baddyn);
	for (k = 0, i = 0; k < NKINDS; k++)
		i += sum.errors[k];
	add_results("stress errors %u\n", i);
	add_results("stress leftover-lines %d\n", lines);
	add_results("stress leftover-majors %u\n", left_chr + left_blk);
	smp_store_release(&finished, true);
out:
	mutex_unlock(&ctl_lock);
}

static int state_show(struct seq_file *m, void *v)
{
	unsigned int i, running = 0;

	if (smp_load_acquire(&finished)) {
		seq_puts(m, "finished\n");
		return 0;
	}
	for (i = 0; i < nworkers; i++)
		if (!smp_load_acquire(&workers[i].done))
			running++;
	seq_puts(m, running ? "running\n" : "done\n");
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(state);

static int sentinels_show(struct seq_file *m, void *v)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(sentinels); i++)
		if (sentinels[i].held)
			seq_printf(m, "%c %u %s\n", sentinels[i].blk ? 'b' : 'c',
				   sentinels[i].major, sentinels[i].name);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(sentinels);

/* No ctl_lock here: finish() reads /proc/devices, a seq_file, under it. */
static int results_show(struct seq_file *m, void *v)
{
	if (smp_load_acquire(&finished))
		seq_write(m, results, results_len);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(results);

static ssize_t finish_write(struct file *file, const char __user *ubuf,
			    size_t len, loff_t *ppos)
{
	finish();
	return len;
}

static const struct file_operations finish_fops = {
	.owner = THIS_MODULE,
	.write = finish_write,
};

/*
 * One registration per write, in the writer's context, so that its
 * fail-nth applies to it.  Nothing here allocates: the first allocation
 * the task makes after the write starts is the registration's own.
 */
static DEFINE_MUTEX(call_lock);
static int call_rc;
static dev_t call_dev;

static ssize_t call_write(struct file *file, const char __user *ubuf,
			  size_t len, loff_t *ppos)
{
	unsigned int a = 0, b = 0, c = 0, major;
	char buf[64], op[16];
	dev_t dev = 0;
	int ret;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = 0;
	if (sscanf(buf, "%15s %u %u %u", op, &a, &b, &c) < 1)
		return -EINVAL;

	mutex_lock(&call_lock);
	if (!strcmp(op, "region")) {
		dev = MKDEV(a, b);
		ret = register_chrdev_region(dev, c, "dlst_call");
		if (!ret)
			unregister_chrdev_region(dev, c);
	} else if (!strcmp(op, "alloc")) {
		ret = alloc_chrdev_region(&dev, a, b, "dlst_call");
		if (!ret)
			unregister_chrdev_region(dev, b);
	} else if (!strcmp(op, "chrdev")) {
		ret = __register_chrdev(a, b, c, "dlst_call", &stress_fops);
		if (ret >= 0) {
			major = a ?: ret;
			dev = MKDEV(major, b);
			__unregister_chrdev(major, b, c, "dlst_call");
			ret = 0;
		}
	} else if (!strcmp(op, "blkdev")) {
		ret = register_blkdev(a, "dlst_call");
		if (ret >= 0) {
			major = a ?: ret;
			dev = MKDEV(major, 0);
			unregister_blkdev(major, "dlst_call");
			ret = 0;
		}
	} else {
		ret = -EINVAL;
	}
	call_rc = ret;
	call_dev = ret ? 0 : dev;
	mutex_unlock(&call_lock);
	return ret ?: len;
}

static ssize_t call_read(struct file *file, char __user *ubuf, size_t len,
			 loff_t *ppos)
{
	char buf[64];
	int n;

	mutex_lock(&call_lock);
	n = scnprintf(buf, sizeof(buf), "rc %d dev %u %u\n", call_rc,
		      MAJOR(call_dev), MINOR(call_dev));
	mutex_unlock(&call_lock);
	return simple_read_from_buffer(ubuf, len, ppos, buf, n);
}

static const struct file_operations call_fops = {
	.owner = THIS_MODULE,
	.write = call_write,
	.read = call_read,
	.llseek = default_llseek,
};

static struct dentry *dir;

static void cleanup(void)
{
	debugfs_remove_recursive(dir);
	kfree(workers);
	kfree(tab);
	kfree(results);
	bitmap_free(chr_free0);
	bitmap_free(blk_free0);
}

static int __init stress_init(void)
{
	unsigned int i;

	if (!threads || !slots)
		return -EINVAL;
	if (!seed)
		seed = get_random_u32() ?: 1;
	chr_free0 = bitmap_zalloc(CHRDEV_MAJOR_MAX, GFP_KERNEL);
	blk_free0 = bitmap_zalloc(BLKDEV_MAJOR_MAX, GFP_KERNEL);
	results = kzalloc(PAGE_SIZE, GFP_KERNEL);
	ntab = threads * slots;
	tab = kcalloc(ntab, sizeof(*tab), GFP_KERNEL);
	workers = kcalloc(threads, sizeof(*workers), GFP_KERNEL);
	if (!chr_free0 || !blk_free0 || !results || !tab || !workers) {
		cleanup();
		return -ENOMEM;
	}
	probe_free(chr_free0, blk_free0);
	for (i = 0; i < ARRAY_SIZE(sentinels); i++)
		if (sentinel_get(&sentinels[i]))
			pr_err("devlist_stress: sentinel %s: major %u is taken\n",
			       sentinels[i].name, sentinels[i].major);

	dir = debugfs_create_dir("devlist_stress", NULL);
	debugfs_create_file("state", 0444, dir, NULL, &state_fops);
	debugfs_create_file("sentinels", 0444, dir, NULL, &sentinels_fops);
	debugfs_create_file("results", 0444, dir, NULL, &results_fops);
	debugfs_create_file("finish", 0200, dir, NULL, &finish_fops);
	debugfs_create_file("call", 0600, dir, NULL, &call_fops);

	deadline = jiffies + duration * HZ;
	for (i = 0; i < threads; i++) {
		struct worker *w = &workers[i];
		struct task_struct *t;

		w->id = i;
		w->held = &tab[i * slots];
		snprintf(w->cname, sizeof(w->cname), "dlst_t%u", i);
		snprintf(w->bname, sizeof(w->bname), "dlst_b%u", i);
		prandom_seed_state(&w->rnd, (u64)seed * 1000003 + i);
		t = kthread_create(worker_fn, w, "dlst_stress/%u", i);
		if (IS_ERR(t)) {
			pr_err("devlist_stress: kthread_create: %ld\n", PTR_ERR(t));
			break;
		}
		get_task_struct(t);
		w->task = t;
		nworkers++;
	}
	for (i = 0; i < nworkers; i++)
		wake_up_process(workers[i].task);
	pr_info("devlist_stress: %u threads for %u s, seed %u\n", nworkers, duration, seed);
	return 0;
}

static void __exit stress_exit(void)
{
	finish();
	cleanup();
}

module_init(stress_init);
module_exit(stress_exit);
MODULE_DESCRIPTION("SMP stress and fail-nth helper for device-number registration");
MODULE_LICENSE("GPL");
