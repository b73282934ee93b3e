// beyond/byte_sh_own as a CUDA program: the twin of
// sw/bench/beyond/byte_sh_own/kernel.c (race-free), the same accesses in the
// same order.
// A char array in shared memory indexed by thread: each thread writes its
// byte and reads it back at once (no sync: its own byte), and writes a byte
// of a word that three other warps also write (lane-major index); after a
// barrier each thread copies a byte another warp wrote. Race-free at byte
// precision: out as byte_gl_own.
// Launch (beyond.def): grid 1 x 1, block 4 warps, n = 0.
#include "beyond.cuh"

// A compiler-only barrier (no instruction): the C kernel's access goes
// through a C `volatile` pointer, which the RISC-V GCC keeps as a plain
// access; here the pointer is plain (a CUDA volatile would be strong) and
// this keeps g++ from merging the accesses around it.

__global__ void byte_sh_own(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    __shared__ uint8_t bytes[256];
    (void)aux, (void)n;
    unsigned t = beyond_tid(), nt = beyond_threads();
    uint8_t *c = (uint8_t *)out;
    uint8_t *own = &bytes[t]; /* read back from memory, not a register */
    uint32_t x = in[t]; /* one load of in[t], as GCC compiles the C kernel's two reads */
    *own = (uint8_t)beyond_f(x, t);
    keep_access();
    uint8_t mine = *own;
    bytes[nt + beyond_il(t)] = (uint8_t)beyond_f(x, nt + t);
    __syncthreads();
    c[t] = mine;
    c[nt + t] = bytes[nt + t];
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 1, 1, BEYOND_W(4), 1, &grid, &block))
        return 2;
    byte_sh_own<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("byte_sh_own", &b);
}
