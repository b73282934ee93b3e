/* sh_reduce: tree reduction of a block's inputs in shared memory with a
 * __syncthreads() after every step: barrier-separated phases (HiRace §III).
 * Race-free: out[block] = the sum of the block's inputs. */
#include "../beyond.h"

__shared__ uint32_t sums[256];

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned t = beyond_tid(), nt = beyond_threads(), b = __block_linear();
    sums[t] = a->in[b * nt + t];
    __syncthreads();
    for (unsigned st = nt / 2; st > 0; st >>= 1) {
        if (t < st)
            sums[t] += sums[t + st];
        __syncthreads();
    }
    if (t == 0)
        a->out[b] = sums[0];
}
