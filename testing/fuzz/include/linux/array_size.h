/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for include/linux/array_size.h: tools' kernel.h has it. */
#ifndef _FUZZ_LINUX_ARRAY_SIZE_H
#define _FUZZ_LINUX_ARRAY_SIZE_H
#include <linux/kernel.h>
#endif
