/* wsh_shfl_reduce: a block reduction the CUDA way: each warp reduces in
 * registers with shuffles, lane 0 stores the warp's sum to shared memory,
 * a barrier, warp 0 reduces those sums with shuffles again. Shared memory
 * is written once per warp and read after the barrier. Race-free:
 * out[block] = the sum of the block's inputs. */
#include "../beyond.h"

__shared__ uint32_t warp_sums[32];

static uint32_t warp_sum(uint32_t v)
{
    for (int off = warpSize / 2; off > 0; off /= 2)
        v += __shfl_down_sync(SCORD_FULL_MASK, v, off);
    return v;
}

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid(), l = beyond_lane(), nt = beyond_threads(), b = __block_linear();
    uint32_t v = warp_sum(a->in[b * nt + t]);
    if (l == 0)
        warp_sums[beyond_warp()] = v;
    __syncthreads();
    if (beyond_warp() == 0) {
        v = warp_sum(l < beyond_warps() ? warp_sums[l] : 0u);
        if (l == 0)
            a->out[b] = v;
    }
}
