/* byte_sh_own: a char array in shared memory indexed by thread: each thread
 * writes its byte and reads it back at once (no sync: its own byte), and
 * writes a byte of a word that three other warps also write (lane-major
 * index); after a barrier each thread copies a byte another warp wrote.
 * Race-free at byte precision: out as byte_gl_own. */
#include "../beyond.h"

__shared__ uint8_t bytes[256];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid(), n = beyond_threads();
    uint8_t *c = (uint8_t *)a->out;
    volatile uint8_t *own = &bytes[t]; /* read back from memory, not a register */
    *own = (uint8_t)beyond_f(a->in[t], t);
    uint8_t mine = *own;
    bytes[n + beyond_il(t)] = (uint8_t)beyond_f(a->in[t], n + t);
    __syncthreads();
    c[t] = mine;
    c[n + t] = bytes[n + t];
}
