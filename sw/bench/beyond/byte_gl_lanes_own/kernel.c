/* byte_gl_lanes_own: every thread stores its byte of a char array c[t]
 * (the lanes of one store share words) and reads it back at once: a
 * thread's own byte, whatever byte the entry's last lane wrote. The
 * lanes of the warp are checked against that last lane's own bytes only
 * (docs/detector.md §6.3 C0), never against the bytes the other lanes
 * stored. Race-free: out[g] = beyond_f(in[g], g). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint8_t *c = (uint8_t *)&a->aux[64];
    unsigned t = beyond_tid();
    uint32_t v = beyond_f(a->in[t], t);
    c[t] = (uint8_t)v;
    a->out[t] = (v & ~0xffu) | c[t];
}
