/* acq_mp_barrier: one warp acquires for its block. Block 0's warp 0
 * writes a value per lane (plain stores), fences at device scope, raises a
 * flag. In block 1, warp 0 polls the flag and fences at device scope,
 * then __syncthreads(); warp 1 reads the values with plain loads. The
 * fence and the barrier order the read for every warp of the block (the
 * fence dropped the L1 they share). Race-free: out[l] = beyond_f(in[l], l). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), w = beyond_warp();
    uint32_t *data = &a->aux[64], *flag = &a->aux[0];
    if (__block_linear() == 0) {
        if (w == 0) {
            data[l] = beyond_f(a->in[l], l);
            __threadfence();
            if (l == 0)
                atomicExch(flag, 1u);
        }
    } else {
        if (w == 0) {
            beyond_wait_flag(flag);
            __threadfence();
        }
        __syncthreads();
        if (w == 1)
            a->out[l] = data[l];
    }
}
