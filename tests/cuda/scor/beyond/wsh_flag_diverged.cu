// beyond/wsh_flag_diverged as a CUDA program: the twin of
// sw/bench/beyond/wsh_flag_diverged/kernel.c (racy), the same accesses in
// the same order. Lanes of a warp take different sides of a branch and
// each side writes the warp's one flag word in shared memory: two lanes
// writing one location with no __syncwarp() between them (also two lanes
// of one store instruction). Racy (SHARED_WARP).
// The C kernel's `volatile` pointer gives plain accesses (the RISC-V GCC
// emits plain loads and stores for it), so the twin's pointer is plain,
// and keep_access() keeps each branch's store in its branch: without it
// g++ merges the two stores into one after the branches (one instruction
// all the lanes run together, where the C kernel has one per side).
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

// A compiler-only barrier (no instruction; scord-nvcc refuses inline asm):
// g++ may not move or merge memory accesses across it.

__global__ void wsh_flag_diverged(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)aux;
    (void)n;
    __shared__ uint32_t flag[32];
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp(), w = beyond_warp();
    uint32_t *f = &flag[w];
    uint32_t x = in[gw * ws + l];
    if (x & 1u) {
        *f = x + l;          // scor:race flag
        keep_access();
    } else {
        *f = 0x100u + l;     // scor:race flag
        keep_access();
    }
    __syncwarp();
    if (l == 0)
        out[gw] = *f;
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    wsh_flag_diverged<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wsh_flag_diverged", &b);
}
