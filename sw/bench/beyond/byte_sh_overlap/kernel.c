/* byte_sh_overlap: a char array in shared memory indexed by t modulo half
 * the block: threads t and t + n/2, in different warps, write the same
 * byte without a barrier. Racy (SHARED). */
#include "../beyond.h"

__shared__ uint8_t bytes[256];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid(), n = beyond_threads();
    uint8_t *c = (uint8_t *)a->out;
    bytes[t % (n / 2)] = (uint8_t)beyond_f(a->in[t], t); // scor:race same
    __syncthreads();
    if (t < n / 2)
        c[t] = bytes[t];
}
