/* sh_dbuf: a 3-point stencil iterated BEYOND_STEPS times over the block's
 * elements with double buffering: each step reads one buffer, writes the
 * other, then one barrier; the next step writes the buffer this one read,
 * which the barrier already ordered. Race-free: out = the stencil's result
 * (zero outside the block). */
#include "../beyond.h"

__shared__ uint32_t buf[2][256];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid(), nt = beyond_threads();
    buf[0][t] = a->in[t];
    __syncthreads();
    unsigned cur = 0;
    for (unsigned s = 0; s < BEYOND_STEPS; s++) {
        uint32_t left = t > 0 ? buf[cur][t - 1] : 0;
        uint32_t right = t + 1 < nt ? buf[cur][t + 1] : 0;
        buf[cur ^ 1][t] = left + buf[cur][t] + right;
        cur ^= 1;
        __syncthreads();
    }
    a->out[t] = buf[cur][t];
}
