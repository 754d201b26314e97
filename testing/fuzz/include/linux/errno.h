/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for include/linux/errno.h: the uapi errno values. */
#ifndef _FUZZ_LINUX_ERRNO_H
#define _FUZZ_LINUX_ERRNO_H

#include <asm-generic/errno.h>

#endif /* _FUZZ_LINUX_ERRNO_H */
