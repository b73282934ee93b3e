#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct scoped_atomics_args *args)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, blk = blockIdx.x;
    unsigned g = blk * nt + tid;

    /* Device scope: every thread of the grid on the same words. */
    uint32_t *d = args->slots;
    for (unsigned k = 0; k < SA_REPS; k++)
        args->dev_tickets[g * SA_REPS + k] = atomicAdd(&d[SA_ADD], 1u);
    for (uint32_t cur = 0;;) { /* increment by compare-and-swap, retrying */
        uint32_t seen = atomicCAS(&d[SA_CAS], cur, cur + 1);
        if (seen == cur)
            break;
        cur = seen;
    }
    atomicSub(&d[SA_SUB], g);
    atomicMin((int32_t *)&d[SA_MIN], sa_signed(g));
    atomicMax((int32_t *)&d[SA_MAX], sa_signed(g));
    atomicMin(&d[SA_MINU], sa_unsigned(g));
    atomicMax(&d[SA_MAXU], sa_unsigned(g));
    atomicAnd(&d[SA_AND], sa_and_mask(g));
    atomicOr(&d[SA_OR], sa_or_bit(g));
    atomicXor(&d[SA_XOR], sa_xor(g));
    args->dev_exch[g] = atomicExch(&d[SA_EXCH], g + 1);

    /* Block scope: only this block's threads on its own words. */
    uint32_t *b = args->slots + SA_SLOTS * (1 + blk);
    for (unsigned k = 0; k < SA_REPS; k++)
        args->blk_tickets[g * SA_REPS + k] = atomicAdd_block(&b[SA_ADD], 1u);
    for (uint32_t cur = 0;;) {
        uint32_t seen = atomicCAS_block(&b[SA_CAS], cur, cur + 1);
        if (seen == cur)
            break;
        cur = seen;
    }
    atomicSub_block(&b[SA_SUB], tid);
    atomicMin_block((int32_t *)&b[SA_MIN], sa_signed(tid));
    atomicMax_block((int32_t *)&b[SA_MAX], sa_signed(tid));
    atomicMin_block(&b[SA_MINU], sa_unsigned(tid));
    atomicMax_block(&b[SA_MAXU], sa_unsigned(tid));
    atomicAnd_block(&b[SA_AND], sa_and_mask(tid));
    atomicOr_block(&b[SA_OR], sa_or_bit(tid));
    atomicXor_block(&b[SA_XOR], sa_xor(tid));
    args->blk_exch[g] = atomicExch_block(&b[SA_EXCH], tid + 1);
}
