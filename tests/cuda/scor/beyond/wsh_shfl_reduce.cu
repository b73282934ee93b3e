// beyond/wsh_shfl_reduce as a CUDA program: the twin of
// sw/bench/beyond/wsh_shfl_reduce/kernel.c (race-free), the same accesses
// in the same order. A block reduction the CUDA way: each warp reduces in
// registers with shuffles, lane 0 stores the warp's sum to shared memory,
// a barrier, warp 0 reduces those sums with shuffles again. Shared memory
// is written once per warp and read after the barrier.
// out[block] = the sum of the block's inputs.
// Launch (beyond.def): grid 2 x 1, block 4 warps.
#include "beyond.cuh"

__device__ static uint32_t warp_sum(uint32_t v)
{
    for (int off = warpSize / 2; off > 0; off /= 2)
        v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

__global__ void wsh_shfl_reduce(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t warp_sums[32];
    unsigned t = beyond_tid(), l = beyond_lane(), nt = beyond_threads(), b = beyond_block();
    uint32_t v = warp_sum(in[b * nt + t]);
    if (l == 0)
        warp_sums[beyond_warp()] = v;
    __syncthreads();
    if (beyond_warp() == 0) {
        v = warp_sum(l < beyond_warps() ? warp_sums[l] : 0u);
        if (l == 0)
            out[b] = v;
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    wsh_shfl_reduce<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wsh_shfl_reduce", &b);
}
