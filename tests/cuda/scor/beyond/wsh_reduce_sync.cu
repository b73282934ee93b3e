// beyond/wsh_reduce_sync as a CUDA program: the twin of
// sw/bench/beyond/wsh_reduce_sync/kernel.c (race-free), the same accesses
// in the same order. Each warp sums its lanes' inputs in its own slice of
// shared memory, warp-synchronously, with __syncwarp() after the stores
// and after every step: correct under independent thread scheduling
// (iGUARD §2, HiRace §II-B). out[warp of the grid] = its lanes' sum.
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void wsh_reduce_sync(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t part[256];
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t *s = part + beyond_warp() * ws;
    s[l] = in[gw * ws + l];
    __syncwarp();
    for (unsigned st = ws / 2; st > 0; st >>= 1) {
        if (l < st)
            s[l] += s[l + st];
        __syncwarp();
    }
    if (l == 0)
        out[gw] = s[0];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    wsh_reduce_sync<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wsh_reduce_sync", &b);
}
