/* sh_prodcons_nofence: the hand-off of sh_prodcons_flag without the
 * producer's fence before the flag: the consumer's reads are not ordered
 * after the producer's writes. Racy (SHARED). */
#include "../beyond.h"

__shared__ uint32_t data[32];
__shared__ uint32_t flag;

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane(), w = beyond_warp();
    if (beyond_tid() == 0)
        flag = 0;
    __syncthreads();
    if (w == 0) {
        data[l] = beyond_f(a->in[l], l); // scor:race handoff
        if (l == 0)
            atomicExch_block(&flag, 1u);
    } else if (w == 1) {
        while (atomicAdd_block(&flag, 0u) == 0u)
            ;
        a->out[l] = data[l]; // scor:race handoff
    }
}
