// beyond/wgl_push_atomic as a CUDA program: the twin of
// sw/bench/beyond/wgl_push_atomic/kernel.c (race-free), the same accesses
// in the same order. The lanes of a warp push their inputs onto the warp's
// stack in global memory, taking slots with a device atomic on its top;
// after __syncwarp() lane 0 sums the stack. out[warp of the grid] = its
// lanes' sum.
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void wgl_push_atomic(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t *top = &aux[gw], *stack = aux + 64 + gw * ws;
    uint32_t slot = atomicAdd(top, 1u);
    stack[slot] = in[gw * ws + l];
    __syncwarp();
    if (l == 0) {
        uint32_t s = 0;
        for (unsigned i = 0; i < *top; i++)
            s += stack[i];
        out[gw] = s;
    }
}

int main()
{
    beyond_bufs b;
    dim3 grid, block;
    if (beyond_setup(&b, 2, 1, BEYOND_W(2), 1, &grid, &block))
        return 2;
    wgl_push_atomic<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wgl_push_atomic", &b);
}
