// beyond/sev_gl_flag_then_id as a CUDA program: the twin of
// sw/bench/beyond/sev_gl_flag_then_id/kernel.c (racy: INTRA_WARP at severity
// error, on the second store), the same accesses in the same order.
// Every lane of a warp sets the warp's flag word to 1 (one value: a
// warning), then, with no __syncwarp(), every lane writes its lane number
// over it: the second store races with the first's lanes and with its own.
// Launch (beyond.def): grid 2 x 1, block 2 warps, n = 0.
#include "beyond.cuh"

// A compiler-only barrier (no instruction): the C kernel's access goes
// through a C `volatile` pointer, which the RISC-V GCC keeps as a plain
// access; here the pointer is plain (a CUDA volatile would be strong) and
// this keeps g++ from merging the accesses around it.

__global__ void sev_gl_flag_then_id(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)in, (void)out, (void)n;
    unsigned l = beyond_lane(), gw = beyond_gwarp();
    uint32_t *flag = &aux[gw];
    *flag = 1u;      // scor:race over
    keep_access();
    *flag = l + 2u;  // scor:race over
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    sev_gl_flag_then_id<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("sev_gl_flag_then_id", &b);
}
