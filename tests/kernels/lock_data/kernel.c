#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct lock_data_args *a)
{
    if (__lane_id() != 0)
        return;
    uint32_t *lock = a->lock, *row = a->row;
    unsigned me = __block_linear() * 64u + __warp_id() + 1u;
    for (unsigned r = 0; r < LD_ROUNDS; r++) {
        while (atomicCAS(lock, 0u, 1u) != 0u)
            ;
        __threadfence();
        for (unsigned i = 0; i < LD_WORDS; i++)
            row[i] = row[i] + me;
        __threadfence();
        atomicExch(lock, 0u);
    }
}
