#include <scord_gpu.h>

#include "args.h"

/* One scope's worth of the 64-bit atomics on s[], operand index i; ADD's
 * old values to tick[], EXCH's to *ex. blk: the _block variants. */
#define A64_ALL(ADD, CAS, MIN, MAX, EXCH, s, i, tick, ex)                                    \
    do {                                                                                     \
        for (unsigned k = 0; k < A64_REPS; k++)                                              \
            (tick)[k] = ADD(&(s)[A64_ADD], 1ull);                                            \
        for (unsigned long long cur = 0;;) { /* increment by compare-and-swap, retrying */   \
            unsigned long long seen = CAS(&(s)[A64_CAS], cur, cur + 1);                      \
            if (seen == cur)                                                                 \
                break;                                                                       \
            cur = seen;                                                                      \
        }                                                                                    \
        MIN((long long *)&(s)[A64_MIN], a64_signed(i));                                      \
        MAX((long long *)&(s)[A64_MAX], a64_signed(i));                                      \
        MIN(&(s)[A64_MINU], a64_unsigned(i));                                                \
        MAX(&(s)[A64_MAXU], a64_unsigned(i));                                                \
        *(ex) = EXCH(&(s)[A64_EXCH], (i) + 1ull);                                            \
    } while (0)

__global__ void kernel_main(const struct atomics64_args *a)
{
    __shared__ unsigned long long sh[A64_SLOTS];
    __shared__ double shd;
    unsigned tid = threadIdx.x, nt = blockDim.x, blk = blockIdx.x, nb = gridDim.x;
    unsigned g = blk * nt + tid, n = nb * nt;

    if (a->mode == A64_RACY) {
        if (tid == 0)
            atomicAdd_block(&a->dev[A64_ADD], 1ull); // scor:race
        return;
    }
    if (a->mode == A64_HI_RACY) {
        if (__lane_id() == 0 && __warp_id() == 0) {
            atomicAdd_block(&sh[0], 1ull);
            if (blk == 0)
                atomicAdd(&a->dev[A64_ADD], 1ull);
        }
        if (__lane_id() == 0 && __warp_id() == 1) {
            ((volatile uint32_t *)&sh[0])[1] = 5; // scor:race (shared)
            if (blk == 1)
                ((volatile uint32_t *)&a->dev[A64_ADD])[1] = 5; // scor:race (device)
        }
        return;
    }
    unsigned long long *tick = a->tickets;
    A64_ALL(atomicAdd, atomicCAS, atomicMin, atomicMax, atomicExch, a->dev, g,
            &tick[g * A64_REPS], &a->exch[g]);
    atomicAdd(&a->dsum[0], g + 0.5);

    unsigned long long *b = a->blk + A64_SLOTS * blk;
    A64_ALL(atomicAdd_block, atomicCAS_block, atomicMin_block, atomicMax_block,
            atomicExch_block, b, tid, &tick[(n + g) * A64_REPS], &a->exch[n + g]);
    atomicAdd_block(&a->dsum[1 + blk], tid + 0.5);

    /* Shared memory: both opcodes are atomic in the block there. */
    if (tid == 0) {
        for (unsigned i = 0; i < A64_SLOTS; i++)
            sh[i] = 0;
        sh[A64_ADD] = A64_ADD0;
        sh[A64_CAS] = A64_CAS0;
        sh[A64_MIN] = 0x7fffffffffffffffull;
        sh[A64_MAX] = 0x8000000000000000ull;
        sh[A64_MINU] = ~0ull;
        shd = 0;
    }
    __syncthreads();
    unsigned long long ex;
    if (tid & 1)
        A64_ALL(atomicAdd, atomicCAS, atomicMin, atomicMax, atomicExch, sh, tid,
                &tick[(2 * n + g) * A64_REPS], &ex);
    else
        A64_ALL(atomicAdd_block, atomicCAS_block, atomicMin_block, atomicMax_block,
                atomicExch_block, sh, tid, &tick[(2 * n + g) * A64_REPS], &ex);
    (void)ex;
    atomicAdd(&shd, tid + 0.5);
    __syncthreads();
    if (tid == 0) {
        for (unsigned i = 0; i < A64_SLOTS; i++)
            a->sh_out[A64_SLOTS * blk + i] = sh[i];
        a->dsum[1 + nb + blk] = shd;
    }
}
