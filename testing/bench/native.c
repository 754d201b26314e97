// SPDX-License-Identifier: GPL-2.0
/*
 * make bench-native: devlist_bench.c's workloads on the registration code
 * of several trees, compiled unmodified in userspace (as the fuzz stage
 * extracts it, testing/fuzz/extract.py) and timed natively.
 *
 *   devlist-bench -d OUTDIR [-r RUNS] [-s SEED] [-p POPS] [-n REPS]
 *                 [-c CPU] [-o BOOT_ORDER] [SIDE...]
 *
 * SIDEs are the tables of entry points linked in (default all of them):
 * stock, stock2, fixes, make bench's alternatives (minimal, maple) and
 * series, as testing/fuzz/build.sh -N lists them in sides.h.  stock2 is
 * the stock code linked a second time, so that stock against stock2
 * shows the instrument's noise (the A/A band).  The maple side's code is
 * its tree's, linked with the stock tree's lib/maple_tree.c built in
 * userspace (testing/fuzz/maple-lib.c).
 * Each side keeps its registrations in its own tree's variables, so all of
 * them live in one process.  Each of RUNS rounds is a child process of its
 * own (fork: every round starts from the same empty state), pinned to
 * CPU.  It registers on every side the boot order as it was recorded
 * (testing/bench/boot-order: the boot population a kernel has when the
 * module is loaded), then runs bench_init() once: every step of it (a
 * background, one repetition of all workloads) runs on each side in turn,
 * in an order drawn from SEED anew each time (bench_sides()).  A slow
 * spell of the machine lasts longer than one repetition of the four
 * sides, so it falls on all of them rather than on one side's process.
 * Each side's "devbench:" lines go to OUTDIR/run-<i>-<side>.bench, the
 * files testing/bench/report.py reads for make bench too.
 *
 * The shims are the lean ones: malloc() and free(), a flag for a lock,
 * nothing printed.  /proc/devices is printed through each tree's own
 * fs/proc/devices.c into the fuzz stage's stand-in seq_file, which has
 * no buffer doubling and prints with vsnprintf(): its figures are
 * reported, not judged.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "fz.h"

typedef uint8_t u8;
typedef uint32_t u32;
typedef unsigned long long u64;	/* as the kernel's, for %llu */

#define MINORBITS	20
#define MKDEV(ma, mi)	((u32)(ma) << MINORBITS | (mi))
#define MAJOR(dev)	((u32)(dev) >> MINORBITS)
#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define min(x, y)	({ __auto_type _x = (x); __auto_type _y = (y); _x < _y ? _x : _y; })
#define __init
#define module_param(...)
#define MODULE_PARM_DESC(...)
#define GFP_KERNEL	0
#define kcalloc(n, s, gfp)	calloc(n, s)
#define kstrdup(s, gfp)		strdup(s)
#define kfree(p)		free(p)
#define vmalloc(s)		malloc(s)
#define vfree(p)		free(p)
#define cond_resched()		do { } while (0)
#define pr_err(...)		fprintf(out, __VA_ARGS__)

/* The result file of the side under test (stdout before the first). */
static FILE *out;

/*
 * Visits of list nodes, counted by the sides of devlist-visits (built with
 * FZ_COUNT_VISITS): the count at the last two clock readings, which are
 * the start and the end of the region a result line then reports.
 */
unsigned long fz_visits;
static unsigned long visits_start, visits_end;

/* Result lines ("devbench: r ...") get the visits of their region. */
static void __attribute__((format(printf, 1, 2))) pr_info(const char *fmt, ...)
{
	char line[256];
	size_t len;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	len = strlen(line);
	if (!strncmp(line, "devbench: r ", 12) && len && line[len - 1] == '\n')
		snprintf(line + len - 1, sizeof(line) - len + 1, " visits=%lu\n",
			 visits_end - visits_start);
	fputs(line, out);
}

/* ---- the side under test, and the API devlist_bench.c calls ---- */
static const struct fz_ops *ops;

/* the side under test (its index in sides[]), and its calls of the API */
static int cur;
static unsigned long api_calls[32];
#define register_chrdev_region(from, count, name) \
	(api_calls[cur]++, ops->register_chrdev_region(from, count, name))
#define unregister_chrdev_region(from, count) \
	(api_calls[cur]++, ops->unregister_chrdev_region(from, count))
#define register_blkdev(major, name)	(api_calls[cur]++, ops->register_blkdev(major, name, 0))
#define unregister_blkdev(major, name)	(api_calls[cur]++, ops->unregister_blkdev(major, name))

static int alloc_chrdev_region(dev_t *dev, unsigned int baseminor,
			       unsigned int count, const char *name)
{
	unsigned int d = 0;
	int ret = (api_calls[cur]++, ops->alloc_chrdev_region(&d, baseminor, count, name));

	*dev = d;
	return ret;
}

static u64 ktime_get_ns(void)
{
	struct timespec ts;

	visits_start = visits_end;
	visits_end = fz_visits;
	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (u64)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int kstrtoint(const char *s, unsigned int base, int *res)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, base);
	if (errno || end == s || *end || v != (int)v)
		return -EINVAL;
	*res = v;
	return 0;
}

/* /proc/devices through the side's fs/proc/devices.c; other files as is */
static ssize_t read_whole(const char *path, char *buf, size_t size, size_t chunk)
{
	FILE *f;
	size_t len;

	if (!strcmp(path, "/proc/devices")) {
		/* small reads: the seq_file restarts its iterator after each line */
		len = ops->proc(buf, size - 1, chunk > 64 ? 0 : 1);
		buf[len] = '\0';
		return len;
	}
	f = fopen(path, "r");
	if (!f)
		return -errno;
	len = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[len] = '\0';
	return len;
}

/* The sides under test, each with its result file; bench_sides() below. */
#define SIDE(name, maple) extern const struct fz_ops fz_ops_##name;
#include "sides.h"
#undef SIDE
static const struct { const char *name; const struct fz_ops *ops; int maple; } sides[] = {
#define SIDE(name, maple) { #name, &fz_ops_##name, maple },
#include "sides.h"
#undef SIDE
};
/* the nodes of the maple side's trees (testing/fuzz/maple-lib.c) */
unsigned long fz_maple_nodes(unsigned long *taken) __attribute__((weak));
static FILE *outs[ARRAY_SIZE(sides)];
static int use[ARRAY_SIZE(sides)], nuse;
_Static_assert(ARRAY_SIZE(sides) <= ARRAY_SIZE(api_calls), "too many sides");
static u64 side_rng;

static void side_enter(int k)
{
	ops = sides[k].ops;
	out = outs[k];
	cur = k;
}

static void side_shuffle(void);

#define bench_sides(stmt) do {						\
	int __j;							\
	side_shuffle();							\
	for (__j = 0; __j < nuse; __j++) {				\
		side_enter(use[__j]);					\
		stmt;							\
	}								\
} while (0)

/*
 * The longest holds of chrdevs_lock and of the lock the block reader
 * takes (the spinlock, or the maple tree's own); on the maple side, the
 * nodes its trees hold for the population and the nodes taken from the
 * allocator per 1,000 calls of the API since the last report.
 */
static void maple_report(int pop, const char *place);
#define bench_native_extra(pop, place, rep) do {				\
	unsigned long long __h[2];						\
	ops->holds(__h);							\
	if (!quiet) {								\
		pr_info("devbench: r pop=%d place=%s wl=hold rep=%u ns=%llu n=1\n", \
			pop, place, rep, __h[0]);				\
		pr_info("devbench: r pop=%d place=%s wl=bhold rep=%u ns=%llu n=1\n", \
			pop, place, rep, __h[1]);				\
		if (sides[cur].maple && fz_maple_nodes)				\
			maple_report(pop, place);				\
	}									\
} while (0)

#include "devlist_bench.c"

/* The maple side's nodes: held now, and taken per 1,000 calls since last time. */
static void maple_report(int pop, const char *place)
{
	static unsigned long calls, taken;
	unsigned long t, n = fz_maple_nodes(&t);

	pr_info("devbench: nodes pop=%d place=%s n=%lu taken=%lu\n", pop, place, n,
		api_calls[cur] > calls ? (t - taken) * 1000 / (api_calls[cur] - calls) : 0);
	calls = api_calls[cur];
	taken = t;
}

/* A new order of the sides in use[], from a generator of its own. */
static void side_shuffle(void)
{
	int j, k, t;

	for (j = nuse - 1; j > 0; j--) {
		k = rnd_from(&side_rng, j + 1);
		t = use[j];
		use[j] = use[k];
		use[k] = t;
	}
}

/* ---- the shims the extracted code calls (testing/fuzz/include) ---- */
static unsigned long warns;

void fz_fatal(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fprintf(out, "devbench: ERROR ");
	vfprintf(out, fmt, ap);
	fprintf(out, "\n");
	va_end(ap);
	fflush(out);
	exit(2);
}

void fz_printk(const char *fmt, ...) { }
void fz_event(const char *fmt, ...) { }
void fz_warn(const char *file, int line) { warns++; }
int fz_cdev_add_result(void) { return 0; }
void fz_cdev_track(void *cdev, int live) { }
void fz_probe_fn(unsigned int devt) { }
unsigned long long fz_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (u64)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void *fz_alloc(size_t size, int zero)
{
	void *p = zero ? calloc(1, size) : malloc(size);

	if (!p)
		abort();
	return p;
}

void fz_free(const void *p)
{
	free((void *)p);
}

/* The holds of the two locks a /proc/devices reader takes, when watched. */
static struct {
	int on;
	unsigned long long since, max[2];
} holds;

/* chrdevs_lock, or the lock a block reader takes: the spinlock or the tree's */
static int hold_slot(const char *name)
{
	if (!strcmp(name, "chrdevs_lock"))
		return 0;
	if (!strcmp(name, "major_names_spinlock") || !strcmp(name, "&major_names"))
		return 1;
	return -1;
}

void fz_hold_watch(int on, unsigned long long max[2])
{
	if (!on) {
		max[0] = holds.max[0];
		max[1] = holds.max[1];
	}
	memset(&holds, 0, sizeof(holds));
	holds.on = on;
}

void fz_lock(int *locked, const char *name)
{
	if (*locked)
		fz_fatal("%s taken while held", name);
	*locked = 1;
	if (holds.on)
		holds.since = fz_now_ns();
}

void fz_unlock(int *locked, const char *name)
{
	if (holds.on) {
		unsigned long long t = fz_now_ns() - holds.since;
		int k = hold_slot(name);

		if (k >= 0 && t > holds.max[k])
			holds.max[k] = t;
	}
	*locked = 0;
}

/* ---- the driver ---- */

/* The recorded boot: "c|b fix|dyn major baseminor count name" per line. */
static int boot(const char *path)
{
	char line[128], t, d[4], name[32];
	unsigned int major, base, count, n = 0;
	FILE *f = fopen(path, "r");
	int ret;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%c %3s %u %u %u %31s", &t, d, &major, &base,
			   &count, name) != 6)
			continue;
		if (t == 'b') {
			ret = register_blkdev(strcmp(d, "dyn") ? major : 0, name);
		} else if (!strcmp(d, "dyn")) {
			dev_t dev;

			ret = alloc_chrdev_region(&dev, base, count, name);
		} else {
			ret = register_chrdev_region(MKDEV(major, base), count, name);
		}
		if (ret < 0) {
			fprintf(out, "devbench: ERROR boot registration %c %s %u:%u %s = %d\n",
			       t, d, major, base, name, ret);
			return ret;
		}
		n++;
	}
	fclose(f);
	return n ? 0 : -ENOENT;
}

/*
 * After the boot order, every side must list the same /proc/devices as
 * the first: a side that registered something else is not comparable.
 */
static int same_listing(void)
{
	static char first[1 << 16], buf[1 << 16];
	unsigned long n0 = 0, n;
	int j;

	for (j = 0; j < nuse; j++) {
		side_enter(use[j]);
		n = ops->proc(j ? buf : first, sizeof(buf) - 1, 0);
		if (!j)
			n0 = n;
		else if (n != n0 || memcmp(buf, first, n)) {
			fprintf(out, "devbench: ERROR /proc/devices after the boot order differs from side %s's\n",
				sides[use[0]].name);
			return -1;
		}
	}
	return 0;
}

/* Round @run: every side in one child process; see the top of the file. */
static int run_round(const char *dir, int run, int cpu)
{
	char path[4096];
	cpu_set_t set;
	pid_t pid;
	int st, j;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		st = sched_setaffinity(0, sizeof(set), &set);
		for (j = 0; j < nuse; j++) {
			snprintf(path, sizeof(path), "%s/run-%d-%s.bench", dir, run,
				 sides[use[j]].name);
			outs[use[j]] = fopen(path, "w");
			if (!outs[use[j]])
				_exit(3);
			side_enter(use[j]);
			if (st)
				fprintf(out, "devbench: ERROR cannot pin to CPU %d\n", cpu);
			fprintf(out, "devbench: side %s cpu %d\n", sides[use[j]].name, cpu);
			if (boot(order))
				_exit(1);
		}
		if (same_listing()) {
			fflush(NULL);
			_exit(1);
		}
		st = bench_init();
		for (j = 0; j < nuse; j++) {
			if (warns)
				fprintf(outs[use[j]], "devbench: ERROR %lu WARN_ON()s\n", warns);
			fclose(outs[use[j]]);
		}
		_exit(st ? 1 : 0);
	}
	if (waitpid(pid, &st, 0) < 0 || !WIFEXITED(st) || WEXITSTATUS(st))
		return -EIO;
	return 0;
}

int main(int argc, char **argv)
{
	int runs = 5, cpu = -1, i, k, opt;
	const char *dir = NULL;

	out = stdout;
	seed = 1;
	while ((opt = getopt(argc, argv, "d:r:s:p:n:c:o:")) != -1) {
		switch (opt) {
		case 'd': dir = optarg; break;
		case 'r': runs = atoi(optarg); break;
		case 's': seed = strtoul(optarg, NULL, 0); break;
		case 'p': pops = optarg; break;
		case 'n': reps = atoi(optarg); break;
		case 'c': cpu = atoi(optarg); break;
		case 'o': order = optarg; break;
		default:
			fprintf(stderr, "usage: %s -d OUTDIR [-r RUNS] [-s SEED] [-p POPS] [-n REPS] [-c CPU] [-o BOOT_ORDER] [SIDE...]\n",
				argv[0]);
			return 2;
		}
	}
	if (!dir)
		return fprintf(stderr, "%s: -d OUTDIR is required\n", argv[0]), 2;
	if (cpu < 0)	/* the last CPU: the first takes more interrupts */
		cpu = sysconf(_SC_NPROCESSORS_ONLN) - 1;
	for (i = optind; i < argc; i++) {
		for (k = 0; k < (int)ARRAY_SIZE(sides) && strcmp(argv[i], sides[k].name); k++)
			;
		if (k == ARRAY_SIZE(sides))
			return fprintf(stderr, "%s: no side %s\n", argv[0], argv[i]), 2;
		use[nuse++] = k;
	}
	if (optind == argc)
		for (nuse = 0; nuse < (int)ARRAY_SIZE(sides); nuse++)
			use[nuse] = nuse;
	side_rng = seed * 0x9E3779B97F4A7C15ULL + 7;
	for (i = 1; i <= runs; i++) {
		u64 t0 = ktime_get_ns();

		side_rng += i;
		if (run_round(dir, i, cpu)) {
			fprintf(stderr, "devlist-bench: round %d failed (%s/run-%d-*.bench)\n",
				i, dir, i);
			return 1;
		}
		fprintf(stderr, "  round %d/%d: %.1f s\n", i, runs, (ktime_get_ns() - t0) / 1e9);
	}
	return 0;
}
