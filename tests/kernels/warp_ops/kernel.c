#include <scord_gpu.h>

#include "args.h"

/* One word per warp slot a block can have (warps of one core). */
__shared__ uint32_t wait_buf[32];

__global__ void kernel_main(const struct warp_ops_args *args)
{
    unsigned tid = threadIdx.x, lane = __lane_id(), w = __warp_id(), blk = blockIdx.x;
    uint32_t *o = args->out + (blk * blockDim.x + tid) * WO_RESULTS;
    uint32_t v = wo_value(tid);
    const unsigned full = SCORD_FULL_MASK;

    o[WO_ACTIVE] = __activemask();
    o[WO_BALLOT] = __ballot_sync(full, tid % 3 == 0);
    o[WO_ANY] = (uint32_t)__any_sync(full, lane == 2);
    o[WO_ALL_TRUE] = (uint32_t)__all_sync(full, tid < blockDim.x);
    o[WO_ALL_FALSE] = (uint32_t)__all_sync(full, lane != 1);
    o[WO_SHFL] = __shfl_sync(full, v, (int)(lane + 3) % warpSize);
    o[WO_SHFL_UP] = __shfl_up_sync(full, v, 1);
    o[WO_SHFL_DOWN] = __shfl_down_sync(full, v, 2);
    o[WO_SHFL_XOR] = __shfl_xor_sync(full, v, 1);
    o[WO_SHFL_DOWN_W4] = __shfl_down_sync(full, v, 1, 4);
    o[WO_SHFL_W2] = __shfl_sync(full, v, 1, 2);
    if (lane & 1)
        o[WO_SPLIT_XOR] = __shfl_xor_sync(0xaaaaaaaau, v, 2);
    else
        o[WO_SPLIT_XOR] = __shfl_xor_sync(0x55555555u, v, 2) + 1u;
    uint32_t partial = WO_NONE;
    if (lane < 4)
        partial = __ballot_sync(0xfu, lane & 1);
    o[WO_PARTIAL] = partial;
    unsigned long long wide = ((unsigned long long)v << 32) | (uint32_t)~v;
    wide = __shfl_down_sync(full, wide, 1);
    o[WO_SHFL_64] = (uint32_t)(wide >> 32) * 7u + (uint32_t)wide;

    /* The layout is the point of the next tests, so it is written out (as
     * in bar_diverge): lanes other than 0 branch straight to the warp
     * operation (label 1, low address); lane 0 jumps to a body placed
     * after it (label 2), delays, stores or sets its value, and comes back.
     * With min-PC issue the others reach the operation first and must
     * wait there for lane 0. */
    uint32_t magic = wo_magic(blk, w), seen, got, am;
    __asm__ volatile("bnez %[lane], 1f\n\t"
                     "j 2f\n"
                     "1:\n\t"
                     ".insn r %[simt], %[warp], %[sync], x0, %[full], x0\n\t"
                     "lw %[seen], 0(%[buf])\n\t"
                     "j 3f\n"
                     "2:\n\t"
                     "mv t0, %[delay]\n"
                     "4:\n\t"
                     "beqz t0, 5f\n\t"
                     "addi t0, t0, -1\n\t"
                     "j 4b\n"
                     "5:\n\t"
                     "sw %[magic], 0(%[buf])\n\t"
                     "j 1b\n"
                     "3:\n"
                     : [seen] "=&r"(seen)
                     : [lane] "r"(lane), [simt] "i"(SCORD_OPC_SIMT), [warp] "i"(SCORD_SIMT_WARP),
                       [sync] "i"(SCORD_WARP_SYNC), [full] "r"(full), [delay] "r"(args->delay),
                       [magic] "r"(magic), [buf] "r"(&wait_buf[w])
                     : "t0", "memory");
    o[WO_WAIT_SYNC] = seen;

    /* The same with a shuffle from lane 0, whose value lane 0 sets only on
     * its late path: t1 holds the value, the mask goes in the result. */
    __asm__ volatile("li t1, 0\n\t"
                     "bnez %[lane], 1f\n\t"
                     "j 2f\n"
                     "1:\n\t"
                     "mv %[got], %[full]\n\t"
                     ".insn r %[simt], %[warp], %[shfl], %[got], t1, %[b]\n\t"
                     "j 3f\n"
                     "2:\n\t"
                     "mv t0, %[delay]\n"
                     "4:\n\t"
                     "beqz t0, 5f\n\t"
                     "addi t0, t0, -1\n\t"
                     "j 4b\n"
                     "5:\n\t"
                     "mv t1, %[magic]\n\t"
                     "j 1b\n"
                     "3:\n"
                     : [got] "=&r"(got)
                     : [lane] "r"(lane), [simt] "i"(SCORD_OPC_SIMT), [warp] "i"(SCORD_SIMT_WARP),
                       [shfl] "i"(SCORD_WARP_SHFL_IDX), [b] "r"(31u << 8), [full] "r"(full),
                       [delay] "r"(args->delay),
                       [magic] "r"(magic)
                     : "t0", "t1", "memory");
    o[WO_WAIT_SHFL] = got;

    /* __activemask() does not wait: lane 0 on its own path sees itself
     * alone, the others see themselves. */
    __asm__ volatile("bnez %[lane], 1f\n\t"
                     "j 2f\n"
                     "1:\n\t"
                     ".insn r %[simt], %[warp], %[act], %[am], x0, x0\n\t"
                     "j 3f\n"
                     "2:\n\t"
                     ".insn r %[simt], %[warp], %[act], %[am], x0, x0\n\t"
                     "3:\n"
                     : [am] "=&r"(am)
                     : [lane] "r"(lane), [simt] "i"(SCORD_OPC_SIMT), [warp] "i"(SCORD_SIMT_WARP),
                       [act] "i"(SCORD_WARP_ACTIVE)
                     : "memory");
    o[WO_ACTIVE_SPLIT] = am;

    if (lane == 1)
        return;
    __syncwarp();
    o[WO_AFTER_EXIT] = 1;
}
