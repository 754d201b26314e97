/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel, as far as the registration code extracted from fs/char_dev.c,
 * block/genhd.c and fs/proc/devices.c (see extract.py) needs it: locks that
 * check their use, allocations that can be made to fail, printk and
 * WARN_ON captured by the harness (wrap.c), a seq_file into a buffer, and
 * a stand-in cdev that logs what is done to it.  The same shims serve the
 * stock and the series code, so what they do cannot explain a difference.
 */
#ifndef _FUZZ_KERNEL_H
#define _FUZZ_KERNEL_H

/* kernel min()/max(): no strict type check (tools' u64 is not the kernel's) */
#define min(x, y) ({ __auto_type _x = (x); __auto_type _y = (y); _x < _y ? _x : _y; })
#define max(x, y) ({ __auto_type _x = (x); __auto_type _y = (y); _x > _y ? _x : _y; })

#ifdef FZ_MAPLE
/*
 * Code that keeps a registry in a maple tree (FZ_MAPLE, set by extract.py):
 * the kernel's include/linux/maple_tree.h with the shims of
 * tools/testing/shared, as tools/testing/radix-tree builds it, comes
 * first.  Its spinlock_t is a pthread mutex and the tree's lock: ours below
 * are left out, as are the GFP flags (the tree's allocator reads them).
 * The reader's hold of a tree's own lock is timed as ours are.
 */
void fz_warn(const char *file, int line);
#define WARN_ON(cond) ({ int __c = !!(cond); if (__c) fz_warn(__FILE__, __LINE__); __c; })
#include <linux/maple_tree.h>
#include <linux/slab.h>
#undef kmalloc_obj
#undef kzalloc_obj
#undef mtree_lock
#undef mtree_unlock
#define mtree_lock(mt)		fz_tree_lock(&(mt)->ma_lock, #mt)
#define mtree_unlock(mt)	fz_tree_unlock(&(mt)->ma_lock, #mt)
#endif
#include <linux/types.h>
#include <linux/kernel.h>
#include <linux/kconfig.h>
#include <linux/bits.h>
#include <linux/list.h>
#include <linux/err.h>
#include <linux/kdev_t.h>
#include <linux/errno.h>
#include <linux/overflow.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>

/* ---- provided by the harness (wrap.c) ---- */
void fz_fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void fz_printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fz_event(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void fz_warn(const char *file, int line);
void *fz_alloc(size_t size, int zero);
void fz_free(const void *p);
void fz_lock(int *locked, const char *name);
void fz_unlock(int *locked, const char *name);
int fz_cdev_add_result(void);
void fz_cdev_track(void *cdev, int live);

/* ---- annotations ---- */
#define __init
#define __exit
#define __initdata
#define __ro_after_init
#define __read_mostly
#ifndef __acquires
#define __acquires(...)
#define __releases(...)
#define __must_hold(...)
#endif
#ifndef __printf
#define __printf(a, b) __attribute__((format(printf, a, b)))
#endif
#define might_sleep() do { } while (0)
#define EXPORT_SYMBOL(s)
#define EXPORT_SYMBOL_GPL(s)
#define EXPORT_SYMBOL_IF_KUNIT(s)
#define VISIBLE_IF_KUNIT static

/* ---- printk, WARN, BUG ---- */
#define KERN_SOH	"\001"
#define KERN_EMERG	KERN_SOH "0"
#define KERN_ALERT	KERN_SOH "1"
#define KERN_CRIT	KERN_SOH "2"
#define KERN_ERR	KERN_SOH "3"
#define KERN_WARNING	KERN_SOH "4"
#define KERN_NOTICE	KERN_SOH "5"
#define KERN_INFO	KERN_SOH "6"
#define KERN_DEBUG	KERN_SOH "7"
#define KERN_CONT	KERN_SOH "c"
#ifndef pr_fmt
#define pr_fmt(fmt) fmt
#endif
#undef printk
#undef pr_err
#undef pr_info
#undef pr_debug
#define printk(fmt, ...)	fz_printk(fmt, ##__VA_ARGS__)
#define pr_emerg(fmt, ...)	printk(KERN_EMERG pr_fmt(fmt), ##__VA_ARGS__)
#define pr_alert(fmt, ...)	printk(KERN_ALERT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_crit(fmt, ...)	printk(KERN_CRIT pr_fmt(fmt), ##__VA_ARGS__)
#define pr_err(fmt, ...)	printk(KERN_ERR pr_fmt(fmt), ##__VA_ARGS__)
#define pr_warn(fmt, ...)	printk(KERN_WARNING pr_fmt(fmt), ##__VA_ARGS__)
#define pr_notice(fmt, ...)	printk(KERN_NOTICE pr_fmt(fmt), ##__VA_ARGS__)
#define pr_info(fmt, ...)	printk(KERN_INFO pr_fmt(fmt), ##__VA_ARGS__)
#define pr_debug(fmt, ...)	do { } while (0)
#undef WARN_ON
#define WARN_ON(cond) ({ int __c = !!(cond); if (__c) fz_warn(__FILE__, __LINE__); __c; })
#undef WARN_ON_ONCE
#define WARN_ON_ONCE(cond) WARN_ON(cond)
#undef BUG_ON
#define BUG_ON(cond) do { if (cond) fz_fatal("BUG_ON(%s) at %s:%d", #cond, __FILE__, __LINE__); } while (0)
#undef BUG
#define BUG() fz_fatal("BUG() at %s:%d", __FILE__, __LINE__)

/* ---- locks: a flag each, checked; guard() and lockdep as in the kernel ---- */
struct mutex { int locked; const char *name; };
#define DEFINE_MUTEX(n)		struct mutex n = { 0, #n }
static inline void mutex_lock(struct mutex *m) { fz_lock(&m->locked, m->name); }
static inline void mutex_unlock(struct mutex *m) { fz_unlock(&m->locked, m->name); }
#ifdef FZ_MAPLE
/* a maple tree's own lock: taken, and watched as ours are, by its name */
static int fz_tree_locked;
static inline void fz_tree_lock(spinlock_t *l, const char *name)
{
	spin_lock(l);
	fz_lock(&fz_tree_locked, name);
}
static inline void fz_tree_unlock(spinlock_t *l, const char *name)
{
	fz_unlock(&fz_tree_locked, name);
	spin_unlock(l);
}
#else
typedef struct spinlock { int locked; const char *name; } spinlock_t;
#define DEFINE_SPINLOCK(n)	spinlock_t n = { 0, #n }
static inline void spin_lock(spinlock_t *l) { fz_lock(&l->locked, l->name); }
static inline void spin_unlock(spinlock_t *l) { fz_unlock(&l->locked, l->name); }
#endif
#define lockdep_assert_held(l) do { \
	if (!(l)->locked) \
		fz_fatal("lockdep_assert_held(%s) at %s:%d: not held", #l, __FILE__, __LINE__); \
} while (0)

#define __FZ_CAT2(a, b) a##b
#define __FZ_CAT(a, b) __FZ_CAT2(a, b)
static inline void __fz_guard_mutex_exit(struct mutex **m) { mutex_unlock(*m); }
static inline void __fz_guard_spinlock_exit(spinlock_t **l) { spin_unlock(*l); }
static inline struct mutex *__fz_guard_mutex_enter(struct mutex *m) { mutex_lock(m); return m; }
static inline spinlock_t *__fz_guard_spinlock_enter(spinlock_t *l) { spin_lock(l); return l; }
#define guard(name) __fz_guard_##name
#define __fz_guard_mutex(m) \
	struct mutex *__FZ_CAT(__guard_, __COUNTER__) \
	__attribute__((cleanup(__fz_guard_mutex_exit), unused)) = __fz_guard_mutex_enter(m)
#define __fz_guard_spinlock(l) \
	spinlock_t *__FZ_CAT(__guard_, __COUNTER__) \
	__attribute__((cleanup(__fz_guard_spinlock_exit), unused)) = __fz_guard_spinlock_enter(l)

/* ---- allocation: can be made to fail by the harness ---- */
typedef unsigned int fz_gfp_t;
#ifndef FZ_MAPLE
#define GFP_KERNEL 0u
#endif
#define kmalloc(size, ...)	fz_alloc(size, 0)
#define kzalloc(size, ...)	fz_alloc(size, 1)
#define kmalloc_obj(P, ...)	((typeof(P) *)fz_alloc(sizeof(typeof(P)), 0))
#define kzalloc_obj(P, ...)	((typeof(P) *)fz_alloc(sizeof(typeof(P)), 1))
#define kfree(p)		fz_free(p)
static inline void __free_kfree(void *p) { fz_free(*(void **)p); }
#define __free(name)		__attribute__((cleanup(__free_##name)))
#define no_free_ptr(p)		({ __auto_type __p = (p); (p) = NULL; __p; })
#define return_ptr(p)		return no_free_ptr(p)

/* ---- strings ---- */
static inline ssize_t fz_strscpy(char *dst, const char *src, size_t size)
{
	size_t len = strnlen(src, size);

	if (!size)
		return -E2BIG;
	if (len == size) {
		memcpy(dst, src, size - 1);
		dst[size - 1] = '\0';
		return -E2BIG;
	}
	memcpy(dst, src, len + 1);
	return len;
}
#define __fz_strscpy2(d, s)	fz_strscpy(d, s, sizeof(d))
#define __fz_strscpy3(d, s, n)	fz_strscpy(d, s, n)
#define __fz_pick(_1, _2, _3, NAME, ...) NAME
#define strscpy(...) __fz_pick(__VA_ARGS__, __fz_strscpy3, __fz_strscpy2, none)(__VA_ARGS__)

/*
 * ---- seq_file: as fs/seq_file.c (7.3) fills one ----
 * The helpers the /proc code of either tree uses, with the kernel's rules
 * when the buffer is full: what does not fit is not written, and the
 * seq_file is marked overflowed (count == size; seq_set_overflow()), which
 * is what makes seq_read_iter() stop a read before the record (or, for the
 * first record of a read, retry it in a buffer twice the size: glue_proc.h).
 * Whoever fills a buffer checks seq_has_overflowed() after.
 */
struct seq_file;
struct seq_operations {
	void *(*start)(struct seq_file *m, loff_t *pos);
	void (*stop)(struct seq_file *m, void *v);
	void *(*next)(struct seq_file *m, void *v, loff_t *pos);
	int (*show)(struct seq_file *m, void *v);
};
struct seq_file {
	char *buf;
	size_t size, from, count;
	loff_t index;
	const struct seq_operations *op;
	void *private;
};
static inline bool seq_has_overflowed(struct seq_file *m)
{
	return m->count == m->size;
}
static inline void seq_set_overflow(struct seq_file *m)
{
	m->count = m->size;
}
/*
 * seq_vprintf(): vsnprintf() into the room left, kept if it fits with its
 * NUL, else overflowed.  Formatted here into a line first (ASan's vsnprintf
 * touches all the room given): a line longer than the shim formats is fatal.
 */
static inline __attribute__((format(printf, 2, 3)))
void seq_printf(struct seq_file *m, const char *fmt, ...)
{
	char line[96], big[1024];
	char *p = line;
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (len >= (int)sizeof(line)) {
		p = big;
		va_start(ap, fmt);
		len = vsnprintf(big, sizeof(big), fmt, ap);
		va_end(ap);
	}
	if (len < 0 || (size_t)len >= sizeof(big))
		fz_fatal("seq_printf: a line longer than the shim formats");
	if (m->count < m->size && m->count + len < m->size) {
		memcpy(m->buf + m->count, p, len + 1);
		m->count += len;
		return;
	}
	seq_set_overflow(m);
}
static inline int seq_write(struct seq_file *seq, const void *data, size_t len)
{
	if (seq->count + len < seq->size) {
		memcpy(seq->buf + seq->count, data, len);
		seq->count += len;
		return 0;
	}
	seq_set_overflow(seq);
	return -1;
}
/* fills the last byte: that is an overflow too (count == size) */
static inline void seq_putc(struct seq_file *m, char c)
{
	if (m->count >= m->size)
		return;
	m->buf[m->count++] = c;
}
/* the kernel's inline seq_puts(): one char as seq_putc(), else seq_write() */
static inline void seq_puts(struct seq_file *m, const char *s)
{
	if (__builtin_constant_p(*s) && s[0] && !s[1])
		seq_putc(m, s[0]);
	else
		seq_write(m, s, strlen(s));
}
/* lib/vsprintf.c's num_to_str(): @num right-aligned in @width, or 0 if
 * either does not fit in @size */
static inline int fz_num_to_str(char *buf, int size, unsigned long long num,
				unsigned int width)
{
	char tmp[sizeof(num) * 3];
	int idx, len = 0;

	do
		tmp[len++] = '0' + num % 10;
	while (num /= 10);
	if (len > size || width > (unsigned int)size)
		return 0;
	if (width > (unsigned int)len) {
		width = width - len;
		for (idx = 0; idx < (int)width; idx++)
			buf[idx] = ' ';
	} else {
		width = 0;
	}
	for (idx = 0; idx < len; ++idx)
		buf[idx + width] = tmp[len - idx - 1];
	return len + width;
}
static inline void seq_put_decimal_ull_width(struct seq_file *m, const char *delimiter,
					     unsigned long long num, unsigned int width)
{
	int len;

	if (m->count + 2 >= m->size)	/* we'll write 2 bytes at least */
		goto overflow;
	if (delimiter && delimiter[0]) {
		if (delimiter[1] == 0)
			seq_putc(m, delimiter[0]);
		else
			seq_puts(m, delimiter);
	}
	if (!width)
		width = 1;
	if (m->count + width >= m->size)
		goto overflow;
	len = fz_num_to_str(m->buf + m->count, m->size - m->count, num, width);
	if (!len)
		goto overflow;
	m->count += len;
	return;
overflow:
	seq_set_overflow(m);
}
#define PAGE_SIZE		4096UL
#define PAGE_ALIGN(x)		(((x) + PAGE_SIZE - 1) & ~(PAGE_SIZE - 1))
#undef READ_ONCE
#undef WRITE_ONCE
#define READ_ONCE(x)		(*(volatile typeof(x) *)&(x))
#define WRITE_ONCE(x, v)	(*(volatile typeof(x) *)&(x) = (v))

/* ---- bitmaps: tools' bitmap.h, and find_next_bit() word by word as lib/find_bit.c ---- */
#define find_next_bit fz_find_next_bit
#include <linux/bitmap.h>
static inline unsigned long fz_find_next_bit(const unsigned long *addr, unsigned long size,
					     unsigned long offset)
{
	unsigned long w;

	if (offset >= size)
		return size;
	w = addr[offset / BITS_PER_LONG] & (~0UL << (offset % BITS_PER_LONG));
	while (!w) {
		offset = (offset / BITS_PER_LONG + 1) * BITS_PER_LONG;
		if (offset >= size)
			return size;
		w = addr[offset / BITS_PER_LONG];
	}
	offset = offset / BITS_PER_LONG * BITS_PER_LONG + __builtin_ctzl(w);
	return offset < size ? offset : size;
}

/* ---- cdev: what __register_chrdev() and __unregister_chrdev() use ---- */
struct module;
struct file_operations { struct module *owner; };
struct kobject { const char *name; };
struct cdev {
	struct kobject kobj;
	struct module *owner;
	const struct file_operations *ops;
	dev_t dev;
	unsigned int count;
};
static inline struct cdev *cdev_alloc(void)
{
	struct cdev *p = (struct cdev *)fz_alloc(sizeof(*p), 1);

	if (p)
		fz_cdev_track(p, 1);
	return p;
}
static inline int kobject_set_name(struct kobject *kobj, const char *fmt, ...)
{
	return 0;
}
static inline int cdev_add(struct cdev *p, dev_t dev, unsigned int count)
{
	p->dev = dev;
	p->count = count;
	fz_event("cdev_add %#x %u", dev, count);
	return fz_cdev_add_result();
}
static inline void cdev_del(struct cdev *p)
{
	fz_event("cdev_del %#x %u", p->dev, p->count);
	fz_cdev_track(p, 0);
	fz_free(p);
}
static inline void kobject_put(struct kobject *kobj)
{
	struct cdev *p = container_of(kobj, struct cdev, kobj);

	fz_event("cdev_put %#x %u", p->dev, p->count);
	fz_cdev_track(p, 0);
	fz_free(p);
}

#endif /* _FUZZ_KERNEL_H */
