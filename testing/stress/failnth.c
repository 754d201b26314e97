// SPDX-License-Identifier: GPL-2.0
/*
 * Systematic allocation-failure test of one registration path with the
 * task's fail-nth (Documentation/fault-injection/fault-injection.rst).
 *
 * usage: failnth CALLFILE LABEL CMD
 *   CALLFILE  devlist_stress's debugfs "call" file: each write of CMD makes
 *             one registration in this task and releases it if it succeeded
 *
 * First CMD once without a fault (the baseline: its result and the device
 * number it got).  Then for n = 1, 2, ...: fail-nth = n, write CMD, read
 * fail-nth back (0: the n-th allocation was failed; nonzero: the call made
 * fewer than n allocations, so every point has been tried and we stop).
 * After each attempt:
 *  - /proc/devices must be byte-identical to before the first attempt;
 *  - CMD again without a fault must succeed with the baseline's device
 *    number (so nothing of the failed attempt holds numbers);
 *  - the allocation site is taken from the stack trace the fault prints
 *    (read from /dev/kmsg); a fault in an allocation that passes
 *    __GFP_NOWARN prints none ("-": kmemleak's own metadata, which falls
 *    back to its pool).
 * A fault the call survives (rc 0) is "tolerated": kmemleak metadata, or
 * an allocation whose failure the path ignores (kobject_set_name() in
 * __register_chrdev()).
 * Prints one line per attempt and a summary:
 *   failnth LABEL points N failed N tolerated N errnos E,.. leftovers N final OK|FAIL
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAXPROC (256 * 1024)

static int slurp(const char *path, char *buf, int size)
{
	int fd = open(path, O_RDONLY), len = 0, k;

	if (fd < 0)
		return -1;
	while (len < size && (k = read(fd, buf + len, size - len)) > 0)
		len += k;
	close(fd);
	return len;
}

static int call(int fd, const char *cmd)
{
	return write(fd, cmd, strlen(cmd)) < 0 ? -errno : 0;
}

static void call_dev(int fd, char *out, int size)
{
	char buf[64];
	int n = pread(fd, buf, sizeof(buf) - 1, 0);
	unsigned int ma = 0, mi = 0;

	buf[n > 0 ? n : 0] = 0;
	sscanf(buf, "rc %*d dev %u %u", &ma, &mi);
	snprintf(out, size, "%u:%u", ma, mi);
}

static int skip_frame(const char *f)
{
	static const char *const alloc[] = {
		"dump_stack", "should_fail", "fail_dump", "kmalloc", "kmem_cache",
		"slab", "__kmem", "kzalloc", "kcalloc", "krealloc",
	};

	for (unsigned int i = 0; i < sizeof(alloc) / sizeof(alloc[0]); i++)
		if (strstr(f, alloc[i]))
			return 1;
	return 0;
}

/* The first three frames of the injected fault's trace outside the allocator. */
static void fault_site(int kmsg, char *site, int size)
{
	char rec[1024];
	int in_trace = 0, frames = 0, seen = 0;
	ssize_t n;

	snprintf(site, size, "-");
	while ((n = read(kmsg, rec, sizeof(rec) - 1)) > 0) {
		char *msg = strchr(rec, ';'), *nl, *f;

		rec[n] = 0;
		if (!msg)
			continue;
		msg++;
		nl = strchr(msg, '\n');
		if (nl)
			*nl = 0;
		if (strstr(msg, "FAULT_INJECTION: forcing a failure")) {
			seen = 1;
			continue;
		}
		if (seen && strstr(msg, "Call Trace:")) {
			in_trace = 1;
			continue;
		}
		if (!in_trace || frames >= 3)
			continue;
		f = msg;
		while (*f == ' ')
			f++;
		if (!strncmp(f, "? ", 2) || *f == '<')
			continue;
		f[strcspn(f, "+ ")] = 0;
		if (!*f || skip_frame(f))
			continue;
		if (frames++)
			strncat(site, "<", size - strlen(site) - 1);
		else
			site[0] = 0;
		strncat(site, f, size - strlen(site) - 1);
	}
	if (seen && !frames)
		snprintf(site, size, "(no trace)");
}

int main(int argc, char **argv)
{
	static char before[MAXPROC], now[MAXPROC];
	char path[64], nbuf[32], base_dev[32], dev[32], site[160], errnos[128] = "";
	int cfd, ffd, kmsg, blen, n, rc, base_rc, points = 0, failed = 0, tolerated = 0;
	int leftovers = 0, final_ok = 0;
	const char *label, *cmd;

	if (argc != 4) {
		fprintf(stderr, "usage: failnth CALLFILE LABEL CMD\n");
		return 2;
	}
	label = argv[2];
	cmd = argv[3];
	cfd = open(argv[1], O_RDWR);
	snprintf(path, sizeof(path), "/proc/self/task/%ld/fail-nth", (long)syscall(SYS_gettid));
	ffd = open(path, O_RDWR);
	kmsg = open("/dev/kmsg", O_RDONLY | O_NONBLOCK);
	if (cfd < 0 || ffd < 0 || kmsg < 0) {
		printf("failnth %s bad: cannot open %s, %s or /dev/kmsg\n", label, argv[1], path);
		printf("failnth %s points 0 failed 0 tolerated 0 errnos - leftovers 1 final FAIL\n", label);
		return 1;
	}

	blen = slurp("/proc/devices", before, sizeof(before));
	base_rc = call(cfd, cmd);
	call_dev(cfd, base_dev, sizeof(base_dev));
	printf("failnth %s baseline \"%s\" rc %d dev %s\n", label, cmd, base_rc, base_dev);
	if (base_rc) {
		printf("failnth %s points 0 failed 0 tolerated 0 errnos - leftovers 0 final FAIL\n", label);
		return 1;
	}

	for (n = 1; n <= 200; n++) {
		int injected, same, again;

		lseek(kmsg, 0, SEEK_END);
		snprintf(nbuf, sizeof(nbuf), "%d", n);
		if (pwrite(ffd, nbuf, strlen(nbuf), 0) < 0) {
			printf("failnth %s bad: writing %s: %s\n", label, path, strerror(errno));
			break;
		}
		rc = call(cfd, cmd);
		memset(nbuf, 0, sizeof(nbuf));
		pread(ffd, nbuf, sizeof(nbuf) - 1, 0);
		injected = atoi(nbuf) == 0;
		pwrite(ffd, "0", 1, 0);		/* disarm */
		fault_site(kmsg, site, sizeof(site));

		same = slurp("/proc/devices", now, sizeof(now)) == blen && !memcmp(before, now, blen);
		again = call(cfd, cmd);
		call_dev(cfd, dev, sizeof(dev));
		if (again || strcmp(dev, base_dev))
			same = 0;
		if (!injected) {
			final_ok = !rc && same;
			printf("failnth %s n %d no fault left to inject: rc %d %s\n", label, n, rc,
			       final_ok ? "ok" : "FAIL");
			break;
		}
		points++;
		if (rc) {
			char list[160], key[24];

			failed++;
			snprintf(list, sizeof(list), ",%s,", errnos);
			snprintf(key, sizeof(key), ",%d,", -rc);
			if (!strstr(list, key))
				snprintf(errnos + strlen(errnos), sizeof(errnos) - strlen(errnos),
					 "%s%d", errnos[0] ? "," : "", -rc);
		} else {
			tolerated++;
		}
		if (!same)
			leftovers++;
		printf("failnth %s n %d rc %d site %s after: %s\n", label, n, rc, site,
		       same ? "proc same, again ok" : "LEFTOVER (proc differs or again failed)");
	}
	printf("failnth %s points %d failed %d tolerated %d errnos %s leftovers %d final %s\n",
	       label, points, failed, tolerated, errnos[0] ? errnos : "-", leftovers,
	       final_ok ? "OK" : "FAIL");
	return !(final_ok && !leftovers && failed);
}
