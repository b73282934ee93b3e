// beyond/acq_mp_nofence as a CUDA program: the twin of
// sw/bench/beyond/acq_mp_nofence/kernel.c (racy: STALE_READ), the same
// accesses in the same order. The message passing without the consumer's
// fence. Block 1 reads a neighbouring word of each lane's data first (its
// L1 now holds the line), then polls the flag and reads the data with
// plain loads: the load may hit the line its L1 filled before block 0's
// write (on two cores it does, and reads 0).
// Launch (beyond.def): grid 2 x 1, block 1 warp.
#include "beyond.cuh"

__global__ void acq_mp_nofence(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane();
    uint32_t *data = &aux[64], *flag = &aux[0];
    if (beyond_block() == 0) {
        beyond_wait_flag(&flag[8]);
        data[2 * l] = beyond_f(in[l], l); // scor:race acquire
        __threadfence();
        if (l == 0)
            atomicExch(flag, 1u);
    } else {
        uint32_t pre = data[2 * l + 1];
        atomicAdd(&flag[8], 1u);
        beyond_wait_flag(flag);
        out[l] = data[2 * l] + pre; // scor:race acquire
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(1), 1, &grid, &block))
        return 2;
    acq_mp_nofence<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("acq_mp_nofence", &b);
}
