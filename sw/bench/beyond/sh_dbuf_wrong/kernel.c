/* sh_dbuf_wrong: sh_dbuf with the buffer index wrong: each step writes
 * the buffer it reads (in place), so a thread's write races with its
 * neighbours' reads of the same element in the same step; at a warp's edge
 * the neighbour is in another warp (SHARED), inside it another lane
 * (SHARED_WARP). */
#include "../beyond.h"

__shared__ uint32_t buf[2][256];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid(), nt = beyond_threads();
    buf[0][t] = a->in[t];
    __syncthreads();
    unsigned cur = 0;
    for (unsigned s = 0; s < BEYOND_STEPS; s++) {
        uint32_t left = t > 0 ? buf[cur][t - 1] : 0;          // scor:race inplace
        uint32_t right = t + 1 < nt ? buf[cur][t + 1] : 0;    // scor:race inplace
        buf[cur][t] = left + buf[cur][t] + right;             // scor:race inplace
        __syncthreads();
    }
    a->out[t] = buf[cur][t];
}
