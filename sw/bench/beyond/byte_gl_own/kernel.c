/* byte_gl_own: a char array in global memory indexed by thread, twice:
 * c[t] (the four lanes of a 4-byte word belong to one warp) and
 * c[n + il(t)] (lane-major: each word holds bytes of four warps). Threads
 * write different bytes of shared words: no race at byte precision (LD's
 * byte granularity). Race-free: out bytes = (uint8_t)beyond_f(in[t], t)
 * at t and (uint8_t)beyond_f(in[t], n + t) at n + il(t). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid(), n = beyond_threads();
    uint8_t *c = (uint8_t *)a->out;
    c[t] = (uint8_t)beyond_f(a->in[t], t);
    c[n + beyond_il(t)] = (uint8_t)beyond_f(a->in[t], n + t);
}
