/* byte_gl_short_own: byte_gl_own with a short array: two threads of one
 * warp (h[t]) or of two warps (h[n + il(t)]) write the two halves of one
 * word. Race-free: out halves = (uint16_t)beyond_f(in[t], t) at t and
 * (uint16_t)beyond_f(in[t], n + t) at n + il(t). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid(), n = beyond_threads();
    uint16_t *h = (uint16_t *)a->out;
    h[t] = (uint16_t)beyond_f(a->in[t], t);
    h[n + beyond_il(t)] = (uint16_t)beyond_f(a->in[t], n + t);
}
