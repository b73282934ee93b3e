/* host_bytes_other: every thread writes byte 0 of its word of aux (and
 * its word of out); while the kernel runs the host copies into bytes 1 to
 * 3 of one of those words (host.def). Different bytes of a word do not
 * race: the L1 and the L2 write back only the bytes written (byte
 * precision, docs/detector.md §6.3 C0, §15). Race-free: out[g] =
 * beyond_f(in[g], g). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned g = __block_linear() * beyond_threads() + beyond_tid();
    ((uint8_t *)a->aux)[4 * g] = (uint8_t)g;
    a->out[g] = beyond_f(a->in[g], g);
}
