// SPDX-License-Identifier: GPL-2.0
/*
 * Read /proc/devices in a loop while devlist_stress.ko churns the
 * registrations, and check every listing:
 *  - "Character devices:", then "%3d name" lines, majors never decreasing;
 *  - a blank line, "Block devices:", then "%3d name" lines, majors
 *    strictly ascending (one line per block major), then EOF;
 *  - each sentinel registration (held for the whole run) on exactly one
 *    line of its section.
 *
 * usage: stressread LABEL CHUNK STATEFILE SENTINELFILE
 *   CHUNK: bytes per read(), or "small" for random sizes of 1..256 bytes
 *   (every read() then resumes the seq_file walk at a saved position).
 * Waits for STATEFILE to say "running", reads until it says anything else.
 * Prints one line:
 *   stressread LABEL listings N lines N malformed N missing N maxbytes N
 *     sentinels N structure N format N char-order N block-order N
 *     sentinel-absent N sentinel-repeated N
 * (malformed = structure + format + char-order + block-order lines;
 * missing = sentinel-absent + sentinel-repeated, per listing and sentinel)
 * and, before it, up to 10 "stressread LABEL bad ..." lines.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAXBUF (1 << 20)
#define MAXSENT 16

static const char *label;
static long listings, lines, malformed, missing, maxbytes;
/* malformed by cause; missing: sentinel absent or on several lines */
static long c_struct, c_format, c_chr_order, c_blk_order, c_absent, c_repeated;
static int reports;

struct sentinel {
	char sect;		/* 'c' or 'b' */
	int major;
	char name[64];
} sent[MAXSENT];
static int nsent;

static void bad(const char *why, const char *line, int n)
{
	if (reports++ < 10)
		printf("stressread %s bad listing %ld: %s: \"%.*s\"\n",
		       label, listings, why, n, line);
}

static int read_small(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY);
	ssize_t k;
	int len = 0;

	if (fd < 0)
		return -1;
	while (len < (int)size - 1 && (k = read(fd, buf + len, size - 1 - len)) > 0)
		len += k;
	close(fd);
	buf[len] = 0;
	return len;
}

static int read_devices(char *buf, const char *chunk)
{
	int fd = open("/proc/devices", O_RDONLY);
	int small = !strcmp(chunk, "small");
	size_t want = small ? 0 : (size_t)atoi(chunk);
	long len = 0;
	ssize_t k;

	if (fd < 0)
		return -1;
	for (;;) {
		size_t n = small ? (size_t)(1 + rand() % 256) : want;

		if (len + n > MAXBUF)
			n = MAXBUF - len;
		if (!n)
			break;
		k = read(fd, buf + len, n);
		if (k <= 0)
			break;
		len += k;
	}
	close(fd);
	return len;
}

/* "%3d name": returns the major, or -1. */
static int parse_line(const char *l, int n, const char **name, int *namelen)
{
	char fmt[80];
	int major = 0, i = 0;

	while (i < n && l[i] == ' ')
		i++;
	if (i == n || l[i] < '0' || l[i] > '9')
		return -1;
	while (i < n && l[i] >= '0' && l[i] <= '9')
		major = major * 10 + (l[i++] - '0');
	if (major > 4095 || i >= n - 1 || l[i] != ' ' || l[i + 1] == ' ')
		return -1;
	*name = l + i + 1;
	*namelen = n - i - 1;
	for (int j = 0; j < *namelen; j++)
		if ((unsigned char)(*name)[j] < 0x21)
			return -1;
	/* exactly the kernel's "%3d " prefix */
	snprintf(fmt, sizeof(fmt), "%3d ", major);
	if ((int)strlen(fmt) != i + 1 || strncmp(fmt, l, i + 1))
		return -1;
	return major;
}

static void check(const char *buf, long len)
{
	enum { CHR_HDR, CHR, BLK_HDR, BLK } st = CHR_HDR;
	int seen[MAXSENT] = { 0 };
	int last = -1;
	long pos = 0;

	if (len > maxbytes)
		maxbytes = len;
	if (len == 0 || buf[len - 1] != '\n') {
		malformed++;
		c_struct++;
		bad("does not end with a newline", "", 0);
	}
	while (pos < len) {
		const char *l = buf + pos, *e = memchr(l, '\n', len - pos);
		int n = e ? e - l : len - pos, major, namelen;
		const char *name;

		pos += n + 1;
		lines++;
		switch (st) {
		case CHR_HDR:
			if (n != 18 || strncmp(l, "Character devices:", 18)) {
				malformed++;
				c_struct++;
				bad("expected \"Character devices:\"", l, n);
			}
			st = CHR;
			continue;
		case BLK_HDR:
			if (n != 14 || strncmp(l, "Block devices:", 14)) {
				malformed++;
				c_struct++;
				bad("expected \"Block devices:\"", l, n);
			}
			st = BLK;
			last = -1;
			continue;
		case CHR:
			if (n == 0) {
				st = BLK_HDR;
				continue;
			}
			break;
		case BLK:
			break;
		}
		major = parse_line(l, n, &name, &namelen);
		if (major < 0) {
			malformed++;
			c_format++;
			bad("not \"%3d name\"", l, n);
			continue;
		}
		if (st == CHR ? major < last : major <= last) {
			malformed++;
			if (st == CHR)
				c_chr_order++;
			else
				c_blk_order++;
			bad(st == CHR ? "char major below the previous line's" :
				"block major not above the previous line's", l, n);
		}
		last = major;
		for (int s = 0; s < nsent; s++)
			if (sent[s].major == major && sent[s].sect == (st == CHR ? 'c' : 'b') &&
			    (int)strlen(sent[s].name) == namelen &&
			    !strncmp(sent[s].name, name, namelen))
				seen[s]++;
	}
	if (st != BLK) {
		malformed++;
		c_struct++;
		bad("listing ends before the block section", "", 0);
	}
	for (int s = 0; s < nsent; s++)
		if (seen[s] != 1) {
			missing++;
			if (seen[s])
				c_repeated++;
			else
				c_absent++;
			if (reports++ < 10)
				printf("stressread %s bad listing %ld: sentinel %c %d %s on %d lines\n",
				       label, listings, sent[s].sect, sent[s].major,
				       sent[s].name, seen[s]);
		}
}

int main(int argc, char **argv)
{
	static char buf[MAXBUF], state[64], sbuf[4096];
	const char *chunk, *statef;
	time_t t0 = time(NULL);
	char *p;

	if (argc != 5) {
		fprintf(stderr, "usage: stressread LABEL CHUNK STATEFILE SENTINELFILE\n");
		return 2;
	}
	label = argv[1];
	chunk = argv[2];
	statef = argv[3];
	srand(getpid());
	/* wait for the threads (at most 60 s) */
	while (read_small(statef, state, sizeof(state)) > 0 &&
	       strcmp(state, "running\n") && time(NULL) - t0 < 60)
		usleep(10000);
	if (strcmp(state, "running\n")) {
		printf("stressread %s bad: state is \"%s\", never \"running\"\n", label, state);
		printf("stressread %s listings 0 lines 0 malformed 1 missing 0 maxbytes 0\n", label);
		return 1;
	}
	read_small(argv[4], sbuf, sizeof(sbuf));
	for (p = sbuf; nsent < MAXSENT && *p; ) {
		struct sentinel *s = &sent[nsent];
		int used;

		if (sscanf(p, " %c %d %63s%n", &s->sect, &s->major, s->name, &used) != 3)
			break;
		nsent++;
		p += used;
	}
	do {
		long len = read_devices(buf, chunk);

		if (len < 0) {
			perror("/proc/devices");
			return 1;
		}
		check(buf, len);
		listings++;
	} while (read_small(statef, state, sizeof(state)) > 0 && !strcmp(state, "running\n"));
	printf("stressread %s listings %ld lines %ld malformed %ld missing %ld maxbytes %ld sentinels %d"
	       " structure %ld format %ld char-order %ld block-order %ld sentinel-absent %ld sentinel-repeated %ld\n",
	       label, listings, lines, malformed, missing, maxbytes, nsent,
	       c_struct, c_format, c_chr_order, c_blk_order, c_absent, c_repeated);
	return 0;
}
