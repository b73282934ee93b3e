/* byte_sh_short_own: byte_sh_own with a short array in shared memory: two
 * lanes (h[t]) or two warps (h[n + il(t)]) write the halves of one word;
 * each thread reads its own half back at once and, after a barrier, a
 * half another warp wrote. Race-free: out as byte_gl_short_own. */
#include "../beyond.h"

__shared__ uint16_t halves[256]; /* 2 x 128 threads: 4 warps of 32 lanes */

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid(), n = beyond_threads();
    uint16_t *h = (uint16_t *)a->out;
    volatile uint16_t *own = &halves[t]; /* read back from memory, not a register */
    *own = (uint16_t)beyond_f(a->in[t], t);
    uint16_t mine = *own;
    halves[n + beyond_il(t)] = (uint16_t)beyond_f(a->in[t], n + t);
    __syncthreads();
    h[t] = mine;
    h[n + t] = halves[n + t];
}
