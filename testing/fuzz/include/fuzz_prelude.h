/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Force-included (-include) before anything else in every fuzz build:
 * the kernel's dev_t is 32 bits, glibc's is 64.  Define ours first and
 * tell <sys/types.h> to keep its own out.
 */
#ifndef _FUZZ_PRELUDE_H
#define _FUZZ_PRELUDE_H

#ifdef __dev_t_defined
#error "fuzz_prelude.h must come before any libc header (use -include)"
#endif
typedef unsigned int dev_t;
#define __dev_t_defined 1

#endif /* _FUZZ_PRELUDE_H */
