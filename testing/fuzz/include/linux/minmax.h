/* SPDX-License-Identifier: GPL-2.0 */
/* Userspace stand-in for include/linux/minmax.h: tools' kernel.h has them. */
#ifndef _FUZZ_LINUX_MINMAX_H
#define _FUZZ_LINUX_MINMAX_H
#include <linux/kernel.h>
#endif
