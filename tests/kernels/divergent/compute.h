/* The function every thread computes, compiled for both the kernel and the
 * host reference: branch-heavy on purpose (per-thread trip counts, nested
 * ifs, early loop exits, a switch, calls and recursion), so the lanes of a
 * warp split and must merge again for the result to be right. */
#ifndef T_DIVERGENT_COMPUTE_H
#define T_DIVERGENT_COMPUTE_H
#include <stdint.h>

#ifdef __riscv
#define DIV_NOINLINE __attribute__((noinline))
#else
#define DIV_NOINLINE
#endif

/* Recursion depth <= 6: each lane's stack is small (512 B on some configs). */
static DIV_NOINLINE uint32_t div_collatz_steps(uint32_t x, uint32_t depth)
{
    if (x <= 1 || depth >= 6)
        return depth * 100 + x;
    return div_collatz_steps((x & 1) ? 3 * x + 1 : x / 2, depth + 1);
}

static DIV_NOINLINE uint32_t div_switch(uint32_t k, uint32_t v)
{
    switch (k % 6) {
    case 0: return v * 3;
    case 1: return v ^ 0x5a5a5a5au;
    case 2: return v >> (k % 7);
    case 3: return v + k * k;
    case 4: return ~v;
    default: return v - 12345u;
    }
}

static inline uint32_t divergent_value(uint32_t i, uint32_t seed)
{
    uint32_t acc = seed;
    if (i & 1) {
        if (i % 3 == 0)
            acc += 17;
        else
            acc ^= 0xdeadbeefu;
        for (uint32_t k = 0; k < i % 7; k++) /* trip count 0..6 per lane */
            acc = acc * 33u + k;
    } else {
        uint32_t k = 0;
        while (k < (seed & 15u)) { /* data-dependent trip count with early exits */
            acc += k * i;
            if ((acc & 7u) == 5u)
                break;
            k++;
            if (k == 9)
                continue;
            acc ^= acc >> 3;
        }
        acc += k;
    }
    for (uint32_t outer = 0; outer < (i & 3u); outer++) /* nested loops */
        for (uint32_t inner = 0; inner <= outer + (seed & 1u); inner++)
            acc = div_switch(acc + inner, acc + outer);
    if (seed & 2u)
        acc += div_collatz_steps(i + 1, 0);
    return acc;
}
#endif
