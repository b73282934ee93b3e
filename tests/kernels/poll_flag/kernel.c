#include <scord_gpu.h>

#include "args.h"

/* Form k's poll of *f: true once the flag is up. */
static inline int raised(uint32_t *f, unsigned k)
{
    switch (k) {
    case 0:
        return atomicCAS(f, 0u, 0u) != 0u;
    case 1:
        return atomicOr(f, 0u) != 0u;
    default:
        return atomicAdd(f, 0u) != 0u;
    }
}

__global__ void kernel_main(const struct poll_flag_args *a)
{
    unsigned tid = threadIdx.x, nt = blockDim.x;
    if (tid == 0)
        st_strong_u32(&a->cores[blockIdx.x], __core_id());
    for (unsigned k = 0; k < PF_PARTS; k++) {
        uint32_t *part = a->data + k * a->n, *f = &a->flags[PF_FLAG(k)];
        if (blockIdx.x == 0) {
            for (unsigned i = tid; i < a->n; i += nt)
                st_strong_u32(&part[i], PF_VAL(k, i));
            __threadfence();
            __syncthreads();
            if (tid == 0)
                atomicExch(f, 1u);
        } else if (blockIdx.x == 1) {
            while (!raised(f, k))
                ;
            __threadfence();
            for (unsigned i = tid; i < a->n; i += nt)
                a->out[k * a->n + i] = ld_strong_u32(&part[i]);
        }
    }
}
