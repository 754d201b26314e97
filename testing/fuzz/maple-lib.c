// SPDX-License-Identifier: GPL-2.0
/*
 * lib/maple_tree.c in userspace, for a side whose registries are maple
 * trees (make bench-native's maple side: testing/bench/alt/maple): the
 * stock tree's own file, built with the shims of tools/testing/shared as
 * tools/testing/shared/maple-shim.c builds it for tools/testing/radix-tree,
 * without CONFIG_DEBUG_MAPLE_TREE, and linked into that side (build.sh).
 *
 * Two things differ from the kernel, both in the tree's favour or
 * neutral: nodes are freed at once, not after a grace period (the
 * benchmark has no lockless reader, and liburcu's call_rcu() thread would
 * run in the other sides' timings), and the shims' allocator is a
 * freelist behind a pthread mutex (the kernel's slab and its sheaves are
 * what make bench measures).  Allocations that may not sleep succeed, as
 * they nearly always do in the kernel: the shims fail them all unless
 * told otherwise.
 */
#include "shared.h"
#include <stdlib.h>
#include <time.h>
#include "linux/init.h"

#define kfree_rcu(_struct, _memb) kmem_cache_free(maple_node_cache, (_struct))

#include "maple_tree.c"

/* maple_tree_init() and liburcu, before the side's first call */
static void __attribute__((constructor)) fz_maple_init(void)
{
	rcu_register_thread();
	maple_tree_init();
	kmem_cache_set_non_kernel(maple_node_cache, UINT_MAX);
}

/* The nodes allocated now, and taken from the allocator since the start. */
unsigned long fz_maple_nodes(unsigned long *taken)
{
	*taken = kmem_cache_nr_tallocated(maple_node_cache);
	return kmem_cache_nr_allocated(maple_node_cache);
}
