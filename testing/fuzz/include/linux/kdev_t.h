/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for include/linux/kdev_t.h: the kernel's 32-bit dev_t
 * and the MAJOR/MINOR/MKDEV macros fs/devlist.c uses.
 */
#ifndef _FUZZ_LINUX_KDEV_T_H
#define _FUZZ_LINUX_KDEV_T_H

#include <linux/types.h>

/*
 * glibc's dev_t is 64 bits wide; the kernel's is 32.  Define ours first and
 * tell <sys/types.h> (pulled in by tools/include's list.h) to keep out.
 */
#ifdef __dev_t_defined
#error "include <linux/devlist.h> before any libc header"
#endif
typedef u32 dev_t;
#define __dev_t_defined

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)

#define MAJOR(dev)	((unsigned int)((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int)((dev) & MINORMASK))
#define MKDEV(ma, mi)	(((ma) << MINORBITS) | (mi))

#endif /* _FUZZ_LINUX_KDEV_T_H */
