// beyond/wgl_reduce_sync as a CUDA program: the twin of
// sw/bench/beyond/wgl_reduce_sync/kernel.c (race-free), the same accesses
// in the same order. The warp-synchronous reduction of wsh_reduce_sync in
// global memory (a per-warp slice of aux), __syncwarp() after the stores
// and after every step. out[warp of the grid] = its lanes' sum.
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void wgl_reduce_sync(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t *s = aux + gw * ws;
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
    wgl_reduce_sync<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wgl_reduce_sync", &b);
}
