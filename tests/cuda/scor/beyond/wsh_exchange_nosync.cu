// beyond/wsh_exchange_nosync as a CUDA program: the twin of
// sw/bench/beyond/wsh_exchange_nosync/kernel.c (racy), the same accesses
// in the same order. The neighbour exchange of wsh_exchange_sync without
// __syncwarp(): lane l reads the word lane l ^ 1 writes, unordered. Racy
// (SHARED_WARP).
// The C kernel's `volatile` pointer gives plain accesses (the RISC-V GCC
// emits plain loads and stores for it), so the twin's pointer is plain.
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void wsh_exchange_nosync(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t part[256];
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, g = beyond_gwarp() * ws + l;
    uint32_t *s = part + beyond_warp() * ws;
    s[l] = beyond_f(in[g], g); // scor:race xchg
    out[g] = s[l ^ 1u];        // scor:race xchg
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    wsh_exchange_nosync<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wsh_exchange_nosync", &b);
}
