// beyond/byte_sh_short_own as a CUDA program: the twin of
// sw/bench/beyond/byte_sh_short_own/kernel.c (race-free), the same accesses
// in the same order.
// byte_sh_own with a short array in shared memory: two lanes (h[t]) or two
// warps (h[n + il(t)]) write the halves of one word; each thread reads its
// own half back at once and, after a barrier, a half another warp wrote.
// out as byte_gl_short_own.
// Launch (beyond.def): grid 1 x 1, block 4 warps, n = 0.
#include "beyond.cuh"

// A compiler-only barrier (no instruction): the C kernel's access goes
// through a C `volatile` pointer, which the RISC-V GCC keeps as a plain
// access; here the pointer is plain (a CUDA volatile would be strong) and
// this keeps g++ from merging the accesses around it.

__global__ void byte_sh_short_own(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    __shared__ uint16_t halves[256]; /* 2 x 128 threads: 4 warps of 32 lanes */
    (void)aux, (void)n;
    unsigned t = beyond_tid(), nt = beyond_threads();
    uint16_t *h = (uint16_t *)out;
    uint16_t *own = &halves[t]; /* read back from memory, not a register */
    uint32_t x = in[t]; /* one load of in[t], as GCC compiles the C kernel's two reads */
    *own = (uint16_t)beyond_f(x, t);
    keep_access();
    uint16_t mine = *own;
    halves[nt + beyond_il(t)] = (uint16_t)beyond_f(x, nt + t);
    __syncthreads();
    h[t] = mine;
    h[nt + t] = halves[nt + t];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    byte_sh_short_own<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_sh_short_own", &b);
}
