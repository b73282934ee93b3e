/* lk_lock_sum: lane 0 of every warp of two blocks takes one device-scope
 * lock (atomicCAS(lock, 0, 1) until it finds 0, __threadfence()), adds its
 * input to out[0] and counts itself in out[1] with plain loads and stores,
 * and releases it (__threadfence(), atomicExch(lock, 0)). The CASes that
 * fail while another warp holds the lock take nothing; the one that
 * succeeds takes the lock (docs/detector.md §4.2), so all sections share
 * it. Race free. out[0] = sum of in[w], out[1] = the warps. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *lock = &a->aux[0];
    if (beyond_lane() != 0)
        return;
    while (atomicCAS(lock, 0u, 1u) != 0u)
        ;
    __threadfence();
    a->out[0] = a->out[0] + a->in[beyond_gwarp()];
    a->out[1] = a->out[1] + 1u;
    __threadfence();
    atomicExch(lock, 0u);
}
