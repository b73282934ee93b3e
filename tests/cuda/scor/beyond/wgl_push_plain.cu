// beyond/wgl_push_plain as a CUDA program: the twin of
// sw/bench/beyond/wgl_push_plain/kernel.c (racy), the same accesses in the
// same order. The stack push of wgl_push_atomic with a plain read and
// write of the top: lanes of one warp read and write it unordered and take
// the same slot. Racy (INTRA_WARP).
// The C kernel's `volatile` pointer to the top gives plain accesses (the
// RISC-V GCC emits plain loads and stores for it), so the twin's pointer
// is plain.
// Launch (beyond.def): grid 2 x 1, block 2 warps.
#include "beyond.cuh"

__global__ void wgl_push_plain(uint32_t *in, uint32_t *out, uint32_t *aux, uint32_t n)
{
    (void)n;
    unsigned l = beyond_lane(), ws = (unsigned)warpSize, gw = beyond_gwarp();
    uint32_t *top = &aux[gw];
    uint32_t *stack = aux + 64 + gw * ws;
    uint32_t slot = *top;                        // scor:race top
    *top = slot + 1u;                            // scor:race top
    stack[slot % ws] = in[gw * ws + l];          // scor:race top
    __syncwarp();
    if (l == 0) {
        uint32_t s = 0;
        for (unsigned i = 0; i < ws; i++)
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
    wgl_push_plain<<<grid, block>>>(b.in, b.out, b.aux, 0);
    return beyond_finish("wgl_push_plain", &b);
}
