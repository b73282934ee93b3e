#include <scord_gpu.h>

#include "args.h"

__shared__ uint32_t warp_sums[32];
__shared__ uint32_t buf[2][256];

__global__ void kernel_main(const struct smem_scan_args *args)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, lane = __lane_id(), w = __warp_id();
    unsigned ws = warpSize, nw = (nt + ws - 1) / ws, gid = blockIdx.x * nt + tid;
    uint32_t x = args->in[gid];

    /* ---- shuffles within the warp, warp totals through shared memory */
    uint32_t v = x;
    for (unsigned off = 1; off < ws; off *= 2) {
        uint32_t up = __shfl_up_sync(SCORD_FULL_MASK, v, off);
        if (lane >= off)
            v += up;
    }
    if (lane == ws - 1 || tid == nt - 1)
        warp_sums[w] = v;
    __syncthreads();
    if (w == 0) {
        uint32_t s = lane < nw ? warp_sums[lane] : 0;
        for (unsigned off = 1; off < ws; off *= 2) {
            uint32_t up = __shfl_up_sync(SCORD_FULL_MASK, s, off);
            if (lane >= off)
                s += up;
        }
        if (lane < nw)
            warp_sums[lane] = s;
    }
    __syncthreads();
    if (w > 0)
        v += warp_sums[w - 1];
    args->warp_out[gid] = v;

    /* ---- Hillis-Steele over a double buffer */
    unsigned cur = 0;
    buf[0][tid] = x;
    __syncthreads();
    for (unsigned off = 1; off < nt; off *= 2) {
        uint32_t y = buf[cur][tid];
        if (tid >= off)
            y += buf[cur][tid - off];
        buf[cur ^ 1][tid] = y;
        cur ^= 1;
        __syncthreads();
    }
    args->buf_out[gid] = buf[cur][tid];
}
