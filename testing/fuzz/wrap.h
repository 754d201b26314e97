/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the parts of the wrapper fuzzer share (wrap.c, the driver, says what
 * it does): its constants, the intentional differences' bits, the state, a
 * call and its outcome, and the functions and globals one part uses of
 * another, by the file that defines them.
 */
#ifndef _WRAP_H
#define _WRAP_H

#include "fz.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)
#define MAJOR(d)	((unsigned int)((d) >> MINORBITS))
#define MINOR(d)	((unsigned int)((d) & MINORMASK))
#define MKDEV(ma, mi)	(((unsigned int)(ma) << MINORBITS) | (unsigned int)(mi))
#define CHR_MAX		512
#define BLK_MAX		512
#define MAXC		1400		/* char reservations at most */
#define MAXB		512
#define LOGSZ		(1 << 16)
#define PROCSZ		(1 << 18)
#define SENTINEL	0xdeadbeefU
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * The differences, from testing/differences: build.sh writes differences.h,
 * one DIFF(ID, "Id", "what") line each.  The model (wrap-model.c) knows six;
 * a table with another count does not build until the model follows it.
 */
enum {
#define DIFF(id, name, what) B_##id,
#include "differences.h"
#undef DIFF
	NDIFF
};
enum {
#define DIFF(id, name, what) F_##id = 1 << B_##id,
#include "differences.h"
#undef DIFF
	F_ALL = (1 << NDIFF) - 1,
};
_Static_assert(NDIFF == 6, "testing/differences changed: teach the model (wrap-model.c) the change");

/* ---------------------------------------------------------------- state */

struct state {
	int nc, nb;
	struct fz_piece c[MAXC];
	struct fz_bmaj b[MAXB];
};

struct outcome {
	int ret;
	unsigned int dev;	/* *dev of alloc_chrdev_region, the major of a region */
	bool hang;		/* the model: this call never returns */
	int warns;
	size_t loglen;
	char log[LOGSZ];
	struct state st;
	size_t proclen;
	char proc[PROCSZ];
	char locks[256];	/* the locks /proc/devices took */
	unsigned int nlocks;	/* how many times */
};

/* ------------------------------------------------------------ the calls */

enum kind {
	K_REG_REGION, K_ALLOC, K_UNREG_REGION, K_REGION, K_UNREGION,
	K_REG_CHRDEV, K_UNREG_CHRDEV, K_REG_BLK, K_UNREG_BLK, K_PROBE, NKINDS
};

struct call {
	enum kind k;
	unsigned int a, b, c;
	char name[96];
	int probe;
	int fail_nth, cdev_err;
	unsigned int restart;
};

/* ------------------------------------------------------------ statistics */

struct stats {
	unsigned long ops, kind[NKINDS], kind_ok[NKINDS], rule[NDIFF], rule_ops, hang_skipped;
	unsigned long msgs, warns, injected, resyncs, seeds, max_c, max_b, proc_locks;
	unsigned long proc_reads, cdev_events, pieces, pieces_changed, pieces_full, pieces_gap;
};

/* ------------------------------------------------------------ wrap.c */

extern const char *const rule_names[NDIFF];

/* the state */
void st_copy(struct state *d, const struct state *s);
bool piece_eq(const struct fz_piece *x, const struct fz_piece *y);
bool bmaj_eq(const struct fz_bmaj *x, const struct fz_bmaj *y);
int char_diff(const struct state *x, const struct state *y);
int block_diff(const struct state *x, const struct state *y);
size_t render(const struct state *s, char *buf, size_t size);

/* the run context */
extern unsigned long seed, step;
extern bool faults;
extern char what[512];			/* the call being made */
extern const char *side;		/* which side is running */
extern struct outcome *cur;		/* where printk and events go */
extern int locks_held;
extern bool in_proc;
extern struct outcome scratch;
void repro_line(void);
void fz_fatal(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));
void log_append(struct outcome *o, const char *s);
void log_msg(struct outcome *o, const char *buf);

/* the calls, one call */
void outcome_clear(struct outcome *o);
void dump_side(const struct fz_ops *ops, struct outcome *o);
void do_call(struct call *c);

/* ------------------------------------------------------------ wrap-model.c */

void run_model(const struct state *pre, const struct call *c, unsigned int fx,
	       struct outcome *o);

/* ------------------------------------------------------------ wrap-compare.c */

const char *outcome_diff(const struct outcome *x, const struct outcome *y, bool proc);
void names_of(unsigned int bits, char *buf, size_t size);
__attribute__((noreturn)) void failure(const char *why, const char *rules,
		const char *xl, const struct outcome *x,
		const char *yl, const struct outcome *y);
extern struct stats st;
extern const struct fz_ops *const stock, *const series;
extern struct outcome o_stock, o_series;
extern struct state now;	/* both sides' state after the last call */
void resync(void);

/* ------------------------------------------------------------ wrap-gen.c */

extern uint64_t rng;
void run(unsigned long ops);

#endif /* _WRAP_H */
