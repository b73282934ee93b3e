/* acq_mp_nofence: the message passing without the consumer's fence. Block
 * 1 reads a neighbouring word of each lane's data first (its L1 now holds
 * the line), then polls the flag and reads the data with plain loads: the
 * load may hit the line its L1 filled before block 0's write (on two
 * cores it does, and reads 0). Racy: STALE_READ at the consumer's load. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned l = beyond_lane();
    uint32_t *data = &a->aux[64], *flag = &a->aux[0];
    if (__block_linear() == 0) {
        beyond_wait_flag(&flag[8]);
        data[2 * l] = beyond_f(a->in[l], l); // scor:race acquire
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        uint32_t pre = data[2 * l + 1];
        atomicAdd(&flag[8], 1u);
        beyond_wait_flag(flag);
        a->out[l] = data[2 * l] + pre; // scor:race acquire
    }
}
