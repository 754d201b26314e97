/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for include/linux/kdev_t.h: the kernel's 32-bit
 * dev_t (typedef'd in fuzz_prelude.h) and its macros, as in the kernel.
 */
#ifndef _FUZZ_LINUX_KDEV_T_H
#define _FUZZ_LINUX_KDEV_T_H

#include <linux/types.h>

_Static_assert(sizeof(dev_t) == 4, "dev_t must be the kernel's 32 bits");

#define MINORBITS	20
#define MINORMASK	((1U << MINORBITS) - 1)

#define MAJOR(dev)	((unsigned int) ((dev) >> MINORBITS))
#define MINOR(dev)	((unsigned int) ((dev) & MINORMASK))
#define MKDEV(ma,mi)	(((ma) << MINORBITS) | (mi))

#endif /* _FUZZ_LINUX_KDEV_T_H */
