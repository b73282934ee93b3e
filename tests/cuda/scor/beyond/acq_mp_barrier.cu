// beyond/acq_mp_barrier as a CUDA program: the twin of
// sw/bench/beyond/acq_mp_barrier/kernel.c (race-free), the same accesses
// in the same order. One warp acquires for its block. Block 0's warp 0
// writes a value per lane (plain stores), fences at device scope, raises a
// flag. In block 1, warp 0 polls the flag and fences at device scope, then
// __syncthreads(); warp 1 reads the values with plain loads. The fence and
// the barrier order the read for every warp of the block (the fence
// dropped the L1 they share). out[l] = beyond_f(in[l], l).
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void acq_mp_barrier(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane(), w = beyond_warp();
    uint32_t *data = &aux[64], *flag = &aux[0];
    if (beyond_block() == 0) {
        if (w == 0) {
            data[l] = beyond_f(in[l], l);
            __threadfence();
            if (l == 0)
                atomicExch(flag, 1u);
        }
    } else {
        if (w == 0) {
            beyond_wait_flag(flag);
            __threadfence();
        }
        __syncthreads();
        if (w == 1)
            out[l] = data[l];
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    acq_mp_barrier<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("acq_mp_barrier", &b);
}
