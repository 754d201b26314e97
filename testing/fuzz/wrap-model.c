// SPDX-License-Identifier: GPL-2.0
/*
 * The wrapper fuzzer's model of stock's registration code, each intentional
 * difference of the series behind its own bit (see wrap.c): run_model().
 */
#include "wrap.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the model */

/*
 * Stock 7.3's registration code, rewritten in plain terms over struct
 * state (reservations in /proc/devices order), with each intentional
 * difference of the series behind its own bit of x->fixes.  Messages are
 * stock's, word for word.
 */
struct mctx {
	unsigned int fixes;
	int nalloc;
	const struct call *c;
	struct outcome *o;
	bool cused[CHR_MAX], bused[BLK_MAX];
};

static __attribute__((format(printf, 3, 4)))
void m_log(struct mctx *x, char level, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	buf[0] = '\001';
	buf[1] = level;
	va_start(ap, fmt);
	vsnprintf(buf + 2, sizeof(buf) - 2, fmt, ap);
	va_end(ap);
	log_msg(x->o, level == 'd' ? buf + 2 : buf);
}

static __attribute__((format(printf, 2, 3)))
void m_event(struct mctx *x, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	buf[0] = '@';
	va_start(ap, fmt);
	vsnprintf(buf + 1, sizeof(buf) - 2, fmt, ap);
	va_end(ap);
	strcat(buf, "\n");
	log_append(x->o, buf);
}

static bool m_alloc(struct mctx *x)
{
	return !(x->c->fail_nth && ++x->nalloc == x->c->fail_nth);
}

static void m_used(struct mctx *x)
{
	const struct state *s = &x->o->st;
	int i;

	memset(x->cused, 0, sizeof(x->cused));
	memset(x->bused, 0, sizeof(x->bused));
	for (i = 0; i < s->nc; i++)
		if (s->c[i].major < CHR_MAX)
			x->cused[s->c[i].major] = true;
	for (i = 0; i < s->nb; i++)
		if (s->b[i].major < BLK_MAX)
			x->bused[s->b[i].major] = true;
}

/* stock: 254..234 by hash slot (majors i and i + 255), then 511..384 by
 * major; D1c: both by major */
static int m_dyn_char(struct mctx *x)
{
	int i;

	m_used(x);
	for (i = 254; i >= 234; i--)
		if (!x->cused[i] && ((x->fixes & F_D1C) || !x->cused[i + 255]))
			return i;
	for (i = 511; i >= 384; i--)
		if (!x->cused[i])
			return i;
	return -EBUSY;
}

/* stock: 254..1 by hash slot (majors i, i + 255, i + 510); D1b: by major */
static int m_dyn_block(struct mctx *x)
{
	int i;

	m_used(x);
	for (i = 254; i > 0; i--)
		if (!x->bused[i] && ((x->fixes & F_D1B) ||
				     (!x->bused[i + 255] && (i + 510 >= BLK_MAX || !x->bused[i + 510]))))
			return i;
	return -EBUSY;
}

/* __register_chrdev_region(): 0 and the major in *got and the index of
 * the new piece in *idx, or -errno. */
static int m_region(struct mctx *x, unsigned int major, unsigned int baseminor,
		    int minorct, const char *name, unsigned int *got, int *idx)
{
	struct state *s = &x->o->st;
	struct fz_piece *p;
	int i, d;

	if (major >= CHR_MAX) {
		m_log(x, '3', "CHRDEV \"%s\" major requested (%u) is greater than the maximum (%u)\n",
		      name, major, CHR_MAX - 1);
		return -EINVAL;
	}
	if (((x->fixes & F_D2M) && baseminor > MINORMASK) ||
	    (unsigned int)minorct > MINORMASK + 1 - baseminor) {
		m_log(x, '3', "CHRDEV \"%s\" minor range requested (%u-%u) is out of range of maximum range (%u-%u) for a single major\n",
		      name, baseminor, baseminor + minorct - 1, 0, MINORMASK);
		return -EINVAL;
	}
	if (!m_alloc(x))
		return -ENOMEM;
	if (major == 0) {
		d = m_dyn_char(x);
		if (d < 0) {
			m_log(x, '3', "CHRDEV \"%s\" dynamic allocation region is full\n", name);
			return d;
		}
		major = d;
	}
	/* stock's walk of the major's pieces, in unsigned arithmetic */
	for (i = 0; i < s->nc; i++) {
		p = &s->c[i];
		if (p->major < major)
			continue;
		if (p->major > major)
			break;
		if (p->baseminor + p->count <= baseminor)
			continue;
		if (p->baseminor >= baseminor + (unsigned int)minorct)
			break;
		return -EBUSY;
	}
	if (s->nc == MAXC) {
		fprintf(stderr, "model: more than %d reservations\n", MAXC);
		exit(2);
	}
	memmove(&s->c[i + 1], &s->c[i], (s->nc - i) * sizeof(s->c[0]));
	s->nc++;
	p = &s->c[i];
	memset(p, 0, sizeof(*p));
	p->major = major;
	p->baseminor = baseminor;
	p->count = minorct;
	snprintf(p->name, sizeof(p->name), "%s", name);
	*got = major;
	*idx = i;
	return 0;
}

/* __unregister_chrdev_region(): the first piece that is exactly this. */
static bool m_unregion(struct mctx *x, unsigned int major, unsigned int baseminor,
		       int minorct, struct fz_piece *out)
{
	struct state *s = &x->o->st;
	int i;

	for (i = 0; i < s->nc; i++) {
		struct fz_piece *p = &s->c[i];

		if (p->major == major && p->baseminor == baseminor &&
		    p->count == (unsigned int)minorct) {
			if (out)
				*out = *p;
			memmove(p, p + 1, (s->nc - i - 1) * sizeof(*p));
			s->nc--;
			return true;
		}
	}
	return false;
}

static uint64_t next_major(uint64_t n, bool wide)
{
	return wide ? (uint64_t)(MAJOR(n) + 1) << MINORBITS
		    : (uint32_t)((MAJOR(n) + 1) << MINORBITS);
}

static int m_register_chrdev_region(struct mctx *x, uint32_t from, uint32_t count,
				    const char *name)
{
	uint32_t to = from + count;
	unsigned int got;
	uint32_t n, next;
	int ret = 0, idx;

	if ((x->fixes & F_D4) && !MAJOR(from))
		return -EINVAL;
	if ((x->fixes & F_D2T) && (uint64_t)from + count > UINT32_MAX)
		return -EINVAL;
	for (n = from; n < to; n = next) {
		next = next_major(n, false);
		if (next > to)
			next = to;
		ret = m_region(x, MAJOR(n), MINOR(n), (int)(next - n), name, &got, &idx);
		if (ret < 0)
			goto fail;
	}
	return 0;
fail:
	to = n;
	for (n = from; n < to; n = next) {
		next = next_major(n, false);
		m_unregion(x, MAJOR(n), MINOR(n), (int)(next - n), NULL);
	}
	return ret;
}

static void m_unregister_chrdev_region(struct mctx *x, uint32_t from, uint32_t count)
{
	uint32_t n, next, to = from + count;

	for (n = from; n < to; n = next) {
		next = next_major(n, false);
		if (!next) {			/* MKDEV(4096, 0) is 0 */
			if (!(x->fixes & F_D3)) {
				x->o->hang = true;	/* stock goes round for ever */
				return;
			}
			next = to;
		}
		if (next > to)
			next = to;
		m_unregion(x, MAJOR(n), MINOR(n), (int)(next - n), NULL);
	}
}

static int m_register_chrdev(struct mctx *x, unsigned int major, unsigned int baseminor,
			     unsigned int count, const char *name)
{
	unsigned int got, dev;
	int ret, idx, err;

	ret = m_region(x, major, baseminor, (int)count, name, &got, &idx);
	if (ret < 0)
		return ret;
	if (!m_alloc(x)) {		/* cdev_alloc() */
		err = -ENOMEM;
		goto out2;
	}
	dev = MKDEV(got, baseminor);
	m_event(x, "cdev_add %#x %u", dev, count);
	if (x->c->cdev_err) {
		m_event(x, "cdev_put %#x %u", dev, count);
		err = x->c->cdev_err;
		goto out2;
	}
	x->o->st.c[idx].has_cdev = 1;
	x->o->st.c[idx].cdev_dev = dev;
	x->o->st.c[idx].cdev_count = count;
	return major ? 0 : (int)got;
out2:
	m_unregion(x, got, baseminor, (int)count, NULL);
	return err;
}

static void m_unregister_chrdev(struct mctx *x, unsigned int major, unsigned int baseminor,
				unsigned int count)
{
	struct fz_piece p;

	if (m_unregion(x, major, baseminor, (int)count, &p) && p.has_cdev)
		m_event(x, "cdev_del %#x %u", p.cdev_dev, p.cdev_count);
}

static int m_bfind(const struct state *s, unsigned int major)
{
	for (int i = 0; i < s->nb; i++)
		if (s->b[i].major == major)
			return i;
	return -1;
}

static int m_register_blkdev(struct mctx *x, unsigned int major, const char *name, int probe)
{
	struct state *s = &x->o->st;
	struct fz_bmaj *b;
	int ret = 0, i;

	if (major == 0) {
		ret = m_dyn_block(x);
		if (ret < 0) {
			m_log(x, 'd', "%s: failed to get major for %s\n", "__register_blkdev", name);
			return -EBUSY;
		}
		major = ret;
	}
	if (major >= BLK_MAX) {
		m_log(x, '3', "%s: major requested (%u) is greater than the maximum (%u) for %s\n",
		      "__register_blkdev", major, BLK_MAX - 1, name);
		return -EINVAL;
	}
	if (!m_alloc(x))
		return -ENOMEM;
	if (m_bfind(s, major) >= 0) {
		m_log(x, 'd', "register_blkdev: cannot get major %u for %s\n", major, name);
		return -EBUSY;
	}
	for (i = 0; i < s->nb && s->b[i].major < major; i++)
		;
	memmove(&s->b[i + 1], &s->b[i], (s->nb - i) * sizeof(s->b[0]));
	s->nb++;
	b = &s->b[i];
	memset(b, 0, sizeof(*b));
	b->major = major;
	b->count = MINORMASK + 1;
	snprintf(b->name, sizeof(b->name), "%s", name);
	b->has_probe = probe;
	return ret;
}

static void m_unregister_blkdev(struct mctx *x, unsigned int major, const char *name)
{
	struct state *s = &x->o->st;
	int i = m_bfind(s, major);

	if (i < 0 || strcmp(s->b[i].name, name)) {
		x->o->warns++;
		return;
	}
	memmove(&s->b[i], &s->b[i + 1], (s->nb - i - 1) * sizeof(s->b[0]));
	s->nb--;
}

static int m_probe(struct mctx *x, unsigned int devt)
{
	int i = m_bfind(&x->o->st, MAJOR(devt));

	if (i < 0 || !x->o->st.b[i].has_probe)
		return 0;
	m_event(x, "probe %#x under major_names_lock", devt);
	return 1;
}

/* What @c does from @pre under @fixes, into @o (state, return, messages). */
void run_model(const struct state *pre, const struct call *c, unsigned int fx,
		      struct outcome *o)
{
	struct mctx x = { .fixes = fx, .c = c, .o = o };
	unsigned int got = SENTINEL;
	int idx;

	st_copy(&o->st, pre);
	outcome_clear(o);
	switch (c->k) {
	case K_REG_REGION:
		o->ret = m_register_chrdev_region(&x, c->a, c->b, c->name);
		break;
	case K_ALLOC:
		o->ret = m_region(&x, 0, c->a, (int)c->b, c->name, &got, &idx);
		if (!o->ret)
			o->dev = MKDEV(got, c->a);
		break;
	case K_UNREG_REGION:
		m_unregister_chrdev_region(&x, c->a, c->b);
		break;
	case K_REGION:
		o->ret = m_region(&x, c->a, c->b, (int)c->c, c->name, &got, &idx);
		o->dev = got;
		break;
	case K_UNREGION:
		o->ret = m_unregion(&x, c->a, c->b, (int)c->c, NULL);
		break;
	case K_REG_CHRDEV:
		o->ret = m_register_chrdev(&x, c->a, c->b, c->c, c->name);
		break;
	case K_UNREG_CHRDEV:
		m_unregister_chrdev(&x, c->a, c->b, c->c);
		break;
	case K_REG_BLK:
		o->ret = m_register_blkdev(&x, c->a, c->name, c->probe);
		break;
	case K_UNREG_BLK:
		m_unregister_blkdev(&x, c->a, c->name);
		break;
	case K_PROBE:
		o->ret = m_probe(&x, c->a);
		break;
	default:
		abort();
	}
	o->proclen = 0;		/* a function of the state: not compared */
}

