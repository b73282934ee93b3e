#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct float_atomics_args *a)
{
    __shared__ float s[3];
    unsigned tid = threadIdx.x, nt = blockDim.x, b = blockIdx.x, g = b * nt + tid;
    float v = fa_val(g);
    float *w = (float *)a->words, *blk = (float *)a->blk + FA_BLK_WORDS * b;
    if (tid == 0)
        s[0] = s[1] = s[2] = 0.0f;
    __syncthreads();

    a->ret[g] = __scord_f2u(atomicAdd(&w[FA_DEV], v));
    atomicAdd(&w[FA_ZIG], v);
    atomicAdd(&w[FA_ZIG], -v);
    a->exret[g] = __scord_f2u(atomicExch(&w[FA_EXCH], fa_xval(g)));
    atomicAdd_block(&blk[0], v);
    a->bexret[g] = __scord_f2u(atomicExch_block(&blk[4], fa_xval(g)));
    atomicAdd_block(&s[0], v);
    atomicAdd(&s[1], v);
    atomicAdd_block(&s[2], v);
    atomicAdd_block(&s[2], -v);
    __syncthreads();
    if (tid == 0)
        for (unsigned k = 0; k < 3; k++)
            a->shout[FA_SHOUT_WORDS * b + k] = __scord_f2u(s[k]);

    /* the hand-off: fence (the sums are visible), data, fence, flag */
    if (b == 0) {
        __threadfence();
        for (unsigned i = tid; i < a->n; i += nt)
            st_strong_u32(&a->data[i], FA_DATA(i));
        __threadfence();
        __syncthreads();
        if (tid == 0)
            atomicExch(a->flag, 1u);
    } else if (b == 1) {
        while (atomicOr(a->flag, 0u) == 0u)
            ;
        __threadfence();
        for (unsigned i = tid; i < a->n; i += nt)
            a->got[i] = ld_strong_u32(&a->data[i]);
    }
}
