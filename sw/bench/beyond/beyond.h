/* The "beyond" group of the suite (sw/bench/beyond/<name>/kernel.c):
 * races ScoRD's five classes do not cover, written from the patterns the
 * papers describe (HiRace: shared memory, barriers and warp syncs; iGUARD:
 * intra-warp races under independent thread scheduling; LD: byte
 * precision), block-scope atomics after a fenced device-scope hand-off
 * (docs/detector.md D27), and which atomics take a lock (§4.2). The
 * manifest is beyond.def; docs/bench.md explains the group.
 *
 * Every kernel takes struct beyond_args. The runner (driver/scor/beyond.c)
 * fills `in` with a fixed pseudo-random pattern (beyond_input), zeroes
 * `out` and `aux`, launches the manifest's shape once and, for a race-free
 * kernel, compares `out` with what the manifest's check computes on the
 * host: a race-free kernel must compute a right and deterministic result.
 * Racy kernels run to completion; their result is not checked.
 *
 * Markers as in the ScoR microbenchmarks (sw/bench/micro/micro.h): both
 * lines of a racing pair carry `scor:race ID`; a race-free kernel has
 * none. Warp size and warps per block come from the CSRs, so the kernels
 * run on every configuration (the default one has 8-lane warps). */
#ifndef SCORD_BEYOND_H
#define SCORD_BEYOND_H

#include <stdint.h>

#define BEYOND_IN_WORDS 512u
#define BEYOND_OUT_WORDS 512u
#define BEYOND_AUX_WORDS 512u

#ifdef __riscv
#define BEYOND_PTR(T) T *
#else
#define BEYOND_PTR(T) uint32_t /* a device address on the host */
#endif

struct beyond_args {
    BEYOND_PTR(uint32_t) in;  /* BEYOND_IN_WORDS input words (beyond_input) */
    BEYOND_PTR(uint32_t) out; /* BEYOND_OUT_WORDS, zeroed: the result the host checks */
    BEYOND_PTR(uint32_t) aux; /* BEYOND_AUX_WORDS, zeroed: global scratch, flags */
    uint32_t n;               /* problem size from the manifest (elements) */
};

/* Block shapes in the manifest: a number of threads, or BEYOND_W(k): k
 * warps of this GPU (warpSize lanes each). */
#define BEYOND_W(k) (0x80000000u | (k))

/* What the host checks a race-free kernel's `out` against (the reference
 * computations of driver/scor/beyond.c; `ws` lanes per warp, `nw` warps
 * per block, `nt` threads per block, `nb` blocks, f = beyond_f):
 *   BC_BLOCK_SUM  out[b] = sum of in[b nt .. b nt + nt)
 *   BC_WARP_SUM   out[w] = sum of in[w ws .. w ws + ws), w a warp of the grid
 *   BC_MATMUL     out = A B, n x n, A = in[0 ..], B = in[n n ..], row major
 *   BC_HIST       out[k] = #{i < n : in[i] % BEYOND_BINS == k}
 *   BC_STENCIL    out = BEYOND_STEPS steps of x[t-1] + x[t] + x[t+1] on in[0..nt)
 *   BC_HANDOFF    out[l] = f(in[l], l) for l < ws
 *   BC_TABLE      out[i] = 3 in[in[16 + i] % 16] + 1 for every thread i of the grid
 *   BC_BALLOT     out[w] = mask of the lanes l with in[w ws + l] > BEYOND_THRESHOLD
 *   BC_EXCHANGE   out[g] = f(in[g ^ 1], g ^ 1) for every thread g of the grid
 *   BC_BYTES      bytes of out: [t] = f(in[t], t), [nt + il(t)] = f(in[t], nt + t)
 *   BC_HALVES     the same in 16-bit halves
 *   BC_SCOPED     out[0] = in[0] + in[1]
 *   BC_SCOPED3    out[0] = in[0] + in[1], out[1] = in[0] + in[2]
 *   BC_SUM3       out[0] = in[0] + in[1] + in[2]
 *   BC_LOCKED     out[0] = sum of in[w] over the warps w of the grid, out[1] = the warps
 *   BC_MAP        out[g] = f(in[g], g) for every thread g of the grid
 * The rest of `out` stays 0. */
enum beyond_check {
    BC_BLOCK_SUM = 1, BC_WARP_SUM, BC_MATMUL, BC_HIST, BC_STENCIL, BC_HANDOFF, BC_TABLE,
    BC_BALLOT, BC_EXCHANGE, BC_BYTES, BC_HALVES, BC_SCOPED, BC_SCOPED3, BC_SUM3, BC_LOCKED,
    BC_MAP
};

/* The input pattern: small values (sums of thousands stay exact), every
 * bin of a 16-bin histogram hit. */
static inline uint32_t beyond_input(uint32_t i)
{
    uint32_t x = i * 2654435761u + 0x9e3779b9u;
    x ^= x >> 15;
    x *= 0x2c1b3c6du;
    x ^= x >> 12;
    return x & 0xffu;
}

/* The per-element function the map kernels compute (bytes and halves keep
 * its low bits). */
static inline uint32_t beyond_f(uint32_t x, uint32_t i) { return x * 7u + i * 3u + 1u; }

/* Histograms: 16 bins of the input's low bits. */
#define BEYOND_BINS 16u
/* Threshold of the flag kernels: roughly a quarter of the inputs exceed it. */
#define BEYOND_THRESHOLD 0xc0u
/* Iterations of the stencil kernels (double buffering). */
#define BEYOND_STEPS 4u

#ifdef __riscv
#include <scord_gpu.h>

static inline unsigned beyond_tid(void) { return __thread_linear(); }
static inline unsigned beyond_lane(void) { return __lane_id(); }
static inline unsigned beyond_warp(void) { return __warp_id(); }
static inline unsigned beyond_threads(void) { return __block_threads(); }
static inline unsigned beyond_warps(void)
{
    return (__block_threads() + (unsigned)warpSize - 1u) / (unsigned)warpSize;
}
/* This warp's index in the whole grid. */
static inline unsigned beyond_gwarp(void)
{
    return __block_linear() * beyond_warps() + __warp_id();
}
/* "Interleaved" index: lane-major, so the neighbours of an element belong
 * to other warps (each 4-byte word of a byte array holds bytes of four
 * warps, not of four lanes). */
static inline unsigned beyond_il(unsigned tid)
{
    unsigned ws = (unsigned)warpSize;
    return tid % ws * beyond_warps() + tid / ws;
}
/* Let about `cycles` cycles pass (the core's cycle counter): orders two
 * blocks' accesses in time on the cycle model, without synchronizing
 * them, so a racy kernel's report has the same type every run. */
static inline void beyond_delay(unsigned cycles)
{
    unsigned t0 = __clock();
    while (__clock() - t0 < cycles)
        ;
}
/* Spin until another block raises *flag (read with a device-scope atomic,
 * which the detector sees as strong: the poll itself is not a race). */
static inline void beyond_wait_flag(uint32_t *flag)
{
    while (atomicAdd(flag, 0u) == 0u)
        ;
}
#endif

#endif
