// beyond/wsh_exchange_sync as a CUDA program: the twin of
// sw/bench/beyond/wsh_exchange_sync/kernel.c (race-free), the same accesses
// in the same order. Each lane stores a value to its own shared word and,
// after __syncwarp(), reads its neighbour's (lane l ^ 1).
// out[g] = beyond_f(in[g ^ 1], g ^ 1) for every thread g of the grid.
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void wsh_exchange_sync(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t part[256];
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, g = beyond_gwarp() * ws + l;
    uint32_t *s = part + beyond_warp() * ws;
    s[l] = beyond_f(in[g], g);
    __syncwarp();
    out[g] = s[l ^ 1u];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    wsh_exchange_sync<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wsh_exchange_sync", &b);
}
