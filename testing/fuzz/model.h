/* SPDX-License-Identifier: GPL-2.0 */
/* Reference model of fs/devlist.c for the differential fuzzer. */
#ifndef _FUZZ_MODEL_H
#define _FUZZ_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MODEL_MAX	64	/* ranges held at once */
#define MODEL_NAME_LEN	8

/* A range [first, first + count) and the pool slot of its list twin. */
struct model_range {
	uint32_t first;
	uint32_t count;
	int slot;
};

/* The ranges in list order. */
struct model {
	int n;
	struct model_range r[MODEL_MAX];
};

int model_insert(struct model *m, uint32_t first, uint32_t count, int slot);
void model_remove(struct model *m, int idx);
int model_find(const struct model *m, uint32_t first, uint32_t count);
int model_find_free_major(const struct model *m, unsigned int hi,
			  unsigned int lo);
size_t model_print(const struct model *m, char *buf, size_t size,
		   const char names[][MODEL_NAME_LEN]);
size_t model_print_ranges(const struct model *m, char *buf, size_t size,
			  const char names[][MODEL_NAME_LEN]);
const char *model_check(const struct model *m, bool pairwise);

#endif /* _FUZZ_MODEL_H */
