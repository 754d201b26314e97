// SPDX-License-Identifier: GPL-2.0
/*
 * The wrapper fuzzer's comparing of outcomes and its report of a failure,
 * its statistics, and the resync of stock to the series' state after a call
 * where an intentional difference applied (see wrap.c).
 */
#include "wrap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ comparing */

/* NULL if @x and @y agree (on /proc/devices too if @proc), else what differs. */
const char *outcome_diff(const struct outcome *x, const struct outcome *y, bool proc)
{
	if (x->hang != y->hang)
		return "whether the call returns";
	if (x->hang)
		return NULL;
	if (x->ret != y->ret)
		return "return value";
	if (x->dev != y->dev)
		return "dev_t (or major) handed out";
	if (x->loglen != y->loglen || memcmp(x->log, y->log, x->loglen))
		return "messages printed or cdev calls";
	if (x->warns != y->warns)
		return "WARN_ON()s hit";
	if (char_diff(&x->st, &y->st) >= 0)
		return "char reservations";
	if (block_diff(&x->st, &y->st) >= 0)
		return "block majors";
	if (proc && (x->proclen != y->proclen || memcmp(x->proc, y->proc, x->proclen)))
		return "/proc/devices";
	return NULL;
}

static void print_piece(const char *pfx, int i, const struct state *s)
{
	if (i >= s->nc) {
		fprintf(stderr, "    %s: (no reservation #%d; %d in all)\n", pfx, i, s->nc);
		return;
	}
	const struct fz_piece *p = &s->c[i];

	fprintf(stderr, "    %s: #%d major %u minors %#x+%#x \"%s\"", pfx, i, p->major,
		p->baseminor, p->count, p->name);
	if (p->has_cdev)
		fprintf(stderr, " cdev %#x+%u", p->cdev_dev, p->cdev_count);
	fprintf(stderr, "\n");
}

static void print_bmaj(const char *pfx, int i, const struct state *s)
{
	if (i >= s->nb) {
		fprintf(stderr, "    %s: (no block major #%d; %d in all)\n", pfx, i, s->nb);
		return;
	}
	fprintf(stderr, "    %s: #%d major %u (%#x+%#x) \"%s\"%s\n", pfx, i, s->b[i].major,
		s->b[i].minor, s->b[i].count, s->b[i].name, s->b[i].has_probe ? " probe" : "");
}

static void print_outcome(const char *label, const struct outcome *o)
{
	if (o->hang) {
		fprintf(stderr, "  %s: never returns\n", label);
		return;
	}
	fprintf(stderr, "  %s: returns %d", label, o->ret);
	if (o->dev != SENTINEL)
		fprintf(stderr, ", dev/major %#x", o->dev);
	fprintf(stderr, ", %d WARN, %d char and %d block reservations after\n",
		o->warns, o->st.nc, o->st.nb);
	if (o->loglen) {
		const char *l = o->log, *e;

		while (*l) {
			e = strchr(l, '\n');
			if (!e)
				e = l + strlen(l);
			fprintf(stderr, "    | %.*s\n", (int)(e - l), l);
			l = *e ? e + 1 : e;
		}
	}
}

/* Up to 60 bytes of @s, with newlines shown as \n, or (end). */
static const char *excerpt(const char *s, size_t len, char *buf)
{
	size_t i, n = 0;

	if (!len)
		return "(end)";
	buf[n++] = '"';
	for (i = 0; i < len && i < 60; i++) {
		if (s[i] == '\n') {
			buf[n++] = '\\';
			buf[n++] = 'n';
		} else {
			buf[n++] = s[i];
		}
	}
	buf[n++] = '"';
	buf[n] = '\0';
	return buf;
}

static void print_proc_diff(const struct outcome *x, const char *xl,
			    const struct outcome *y, const char *yl)
{
	size_t i, line = 1, at = 0, n = x->proclen < y->proclen ? x->proclen : y->proclen;
	char bx[160], by[160];

	for (i = 0; i < n && x->proc[i] == y->proc[i]; i++)
		if (x->proc[i] == '\n') {
			line++;
			at = i + 1;
		}
	fprintf(stderr, "    /proc/devices from line %zu: %s %s, %s %s\n", line,
		xl, excerpt(x->proc + at, x->proclen - at, bx),
		yl, excerpt(y->proc + at, y->proclen - at, by));
}

static void print_state_diff(const struct outcome *x, const char *xl,
			     const struct outcome *y, const char *yl)
{
	int i = char_diff(&x->st, &y->st);

	if (i >= 0) {
		print_piece(xl, i, &x->st);
		print_piece(yl, i, &y->st);
	}
	i = block_diff(&x->st, &y->st);
	if (i >= 0) {
		print_bmaj(xl, i, &x->st);
		print_bmaj(yl, i, &y->st);
	}
	if (x->proclen && y->proclen &&		/* the model's is not rendered */
	    (x->proclen != y->proclen || memcmp(x->proc, y->proc, x->proclen)))
		print_proc_diff(x, xl, y, yl);
}

void names_of(unsigned int bits, char *buf, size_t size)
{
	size_t n = 0;

	buf[0] = '\0';
	for (int i = 0; i < NDIFF; i++)
		if (bits & 1 << i)
			n += snprintf(buf + n, size - n, "%s%s", n ? "; " : "", rule_names[i]);
	if (!n)
		snprintf(buf, size, "none");
}

__attribute__((noreturn)) void failure(const char *why, const char *rules,
		const char *xl, const struct outcome *x,
		const char *yl, const struct outcome *y)
{
	fprintf(stderr, "FAIL wrap seed %lu op %lu: %s\n  call: %s\n  rules: %s\n",
		seed, step, why, what, rules);
	print_outcome(xl, x);
	print_outcome(yl, y);
	print_state_diff(x, xl, y, yl);
	repro_line();
	exit(1);
}

/* ------------------------------------------------------------ statistics */

struct stats st;	/* main() prints them; the fields are in wrap.h */

/* ------------------------------------------------------------ resync */

const struct fz_ops *const stock = &fz_ops_stock, *const series = &fz_ops_series;
struct outcome o_stock, o_series;
struct state now;	/* both sides' state after the last call */

/* Make stock hold what the series holds: release what it has on top,
 * reserve what it lacks, leave the rest alone. */
void resync(void)
{
	static bool matched[MAXC], bmatched[MAXB];
	const struct state *s = &o_stock.st, *t = &o_series.st;
	int i, j, err;

	cur = &scratch;
	side = "stock (resync)";
	dump_side(stock, &o_stock);	/* not run at all if it would hang */
	memset(matched, 0, sizeof(matched));
	for (i = 0; i < s->nc; i++) {
		for (j = 0; j < t->nc; j++)
			if (!matched[j] && piece_eq(&s->c[i], &t->c[j]))
				break;
		if (j < t->nc)
			matched[j] = true;
		else if ((err = stock->char_remove(&s->c[i])))
			fz_fatal("resync: cannot release %u:%#x+%#x (%d)", s->c[i].major,
				 s->c[i].baseminor, s->c[i].count, err);
	}
	for (j = 0; j < t->nc; j++)
		if (!matched[j] && (err = stock->char_add(&t->c[j])))
			fz_fatal("resync: cannot reserve %u:%#x+%#x (%d)", t->c[j].major,
				 t->c[j].baseminor, t->c[j].count, err);
	memset(bmatched, 0, sizeof(bmatched));
	for (i = 0; i < s->nb; i++) {
		for (j = 0; j < t->nb; j++)
			if (!bmatched[j] && bmaj_eq(&s->b[i], &t->b[j]))
				break;
		if (j < t->nb)
			bmatched[j] = true;
		else
			stock->block_remove(&s->b[i]);
	}
	for (j = 0; j < t->nb; j++)
		if (!bmatched[j] && (err = stock->block_add(&t->b[j])))
			fz_fatal("resync: cannot register block major %u (%d)", t->b[j].major, err);
	dump_side(stock, &o_stock);
	if (char_diff(&o_stock.st, t) >= 0 || block_diff(&o_stock.st, t) >= 0) {
		fprintf(stderr, "resync left stock different from the series:\n");
		print_state_diff(&o_stock, "stock", &o_series, "series");
		fz_fatal("resync failed (a limitation of the harness)");
	}
	side = "-";
	st.resyncs++;
}
