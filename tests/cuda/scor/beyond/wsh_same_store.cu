// beyond/wsh_same_store as a CUDA program: the twin of
// sw/bench/beyond/wsh_same_store/kernel.c (racy), the same accesses in the
// same order. Two lanes of one store instruction write the same word
// (lanes 2k and 2k+1 both store s[k]): the highest lane wins in this GPU,
// but under the CUDA model the two writes are unordered. Racy
// (SHARED_WARP, within one bank pass).
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void wsh_same_store(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t part[256];
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t *s = part + beyond_warp() * ws;
    s[l / 2] = in[gw * ws + l]; // scor:race pair
    __syncwarp();
    if (l < ws / 2)
        out[gw * ws + l] = s[l];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    wsh_same_store<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wsh_same_store", &b);
}
