// beyond/wgl_exchange_nosync as a CUDA program: the twin of
// sw/bench/beyond/wgl_exchange_nosync/kernel.c (racy), the same accesses
// in the same order. The neighbour exchange of wgl_exchange_sync without
// __syncwarp(): lane l reads the global word lane l ^ 1 writes, unordered.
// Racy (INTRA_WARP).
// The C kernel's `volatile` pointer gives plain accesses (the RISC-V GCC
// emits plain loads and stores for it), so the twin's pointer is plain.
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void wgl_exchange_nosync(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, g = beyond_gwarp() * ws + l;
    uint32_t *x = aux;
    x[g] = beyond_f(in[g], g);   // scor:race xchg
    out[g] = x[g ^ 1u];          // scor:race xchg
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    wgl_exchange_nosync<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wgl_exchange_nosync", &b);
}
