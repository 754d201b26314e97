/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The fuzzers' random numbers: splitmix64 on the state rng, which the file
 * that includes this defines (and seeds).
 */
#ifndef FUZZ_RNG_H
#define FUZZ_RNG_H

#include <stdint.h>

static inline uint32_t rnd(void)
{
	uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31)) >> 32;
}

/* a number below n */
static inline uint32_t pick(uint32_t n)
{
	return rnd() % n;
}

#endif
