/* SPDX-License-Identifier: GPL-2.0 */
/*
 * WARN_ON_ONCE() for fs/devlist.c in userspace: every warning reaches
 * fz_warn(), which each program defines (core.c expects one for each
 * input the core refuses and none otherwise; wrap.c counts them as the
 * kernel log would show them).  Not once per call site: a fuzzer wants
 * every one.
 */
#ifndef _FZ_LINUX_BUG_H
#define _FZ_LINUX_BUG_H

void fz_warn(const char *file, int line);
#define WARN_ON_ONCE(cond) \
	({ int __c = !!(cond); if (__c) fz_warn(__FILE__, __LINE__); __c; })

#endif
