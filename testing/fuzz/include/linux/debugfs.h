/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Userspace stand-in for include/linux/debugfs.h: fs/devlist.c uses
 * debugfs only under CONFIG_DEBUG_FS, which the fuzz build leaves unset.
 */
#ifndef _FUZZ_LINUX_DEBUGFS_H
#define _FUZZ_LINUX_DEBUGFS_H
#endif /* _FUZZ_LINUX_DEBUGFS_H */
