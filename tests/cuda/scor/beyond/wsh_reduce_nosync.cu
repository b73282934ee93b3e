// beyond/wsh_reduce_nosync as a CUDA program: the twin of
// sw/bench/beyond/wsh_reduce_nosync/kernel.c (racy), the same accesses in
// the same order. The warp-synchronous reduction of wsh_reduce_sync
// written the pre-Volta way, without __syncwarp(): lane l reads
// s[l + st], which lane l + st wrote, relying on lockstep execution that
// independent thread scheduling no longer guarantees. Racy (SHARED_WARP).
// The C kernel's `volatile` pointer gives plain accesses (the RISC-V GCC
// emits plain loads and stores for it), so the twin's pointer is plain;
// the C kernel's `s[l] += s[l + st]` reads s[l + st] first (GCC's order
// for the volatile operands), which keep_access() keeps here (g++ reads
// s[l] first otherwise); __builtin_expect keeps the step's code in line,
// between the loop's test and its end, as in the C kernel (with the
// barrier g++ would move it past the function's return, changing where
// the lanes that skip it wait).
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

// A compiler-only barrier (no instruction; scord-nvcc refuses inline asm):
// g++ may not move or merge memory accesses across it.

__global__ void wsh_reduce_nosync(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t part[256];
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t *s = part + beyond_warp() * ws;
    s[l] = in[gw * ws + l]; // scor:race warpsum
    for (unsigned st = ws / 2; st > 0; st >>= 1) {
        if (__builtin_expect(l < st, 1)) {
            uint32_t o = s[l + st]; // scor:race warpsum
            keep_access();
            s[l] += o;              // scor:race warpsum
        }
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
    wsh_reduce_nosync<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wsh_reduce_nosync", &b);
}
