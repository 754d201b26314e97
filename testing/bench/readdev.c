// SPDX-License-Identifier: GPL-2.0
/*
 * Time full reads of /proc/devices from userspace: open, read() in 4 KiB
 * pieces to EOF, close; REPS times N reads.  Prints one line per rep:
 *   readdev <label> ns_per_read <ns> bytes <n>
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	const char *label = argc > 1 ? argv[1] : "-";
	int n = argc > 2 ? atoi(argv[2]) : 200;
	int reps = argc > 3 ? atoi(argv[3]) : 7;
	static char buf[4096];
	long bytes = 0;
	int r, i;

	for (r = 0; r < reps; r++) {
		long long t0 = now_ns();

		for (i = 0; i < n; i++) {
			int fd = open("/proc/devices", O_RDONLY);
			ssize_t k;

			if (fd < 0) {
				perror("/proc/devices");
				return 1;
			}
			bytes = 0;
			while ((k = read(fd, buf, sizeof(buf))) > 0)
				bytes += k;
			close(fd);
		}
		printf("readdev %s ns_per_read %lld bytes %ld\n", label,
		       (now_ns() - t0) / n, bytes);
	}
	return 0;
}
