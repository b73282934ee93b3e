#include <scord_gpu.h>

#include "args.h"

/* Park the lanes outside `keep`, let the others store tmask, wake all lanes
 * of `all`. One asm block: parked lanes skip its middle, so nothing the
 * compiler might share across it may be computed there. */
static inline void masked_store_tmask(unsigned keep, unsigned all, uint32_t *slot)
{
    __asm__ volatile(".insn i %[simt], %[tmc], x0, %[keep], 0\n\t"
                     "csrr t0, %[tmask]\n\t"
                     "sw t0, 0(%[slot])\n\t"
                     ".insn i %[simt], %[tmc], x0, %[all], 0"
                     :
                     : [simt] "i"(SCORD_OPC_SIMT), [tmc] "i"(SCORD_SIMT_TMC),
                       [tmask] "i"(SCORD_CSR_TMASK), [keep] "r"(keep), [all] "r"(all),
                       [slot] "r"(slot)
                     : "t0", "memory");
}

__global__ void kernel_main(const struct tmc_args *args)
{
    uint32_t *o = args->out + threadIdx.x * TM_WORDS;
    unsigned start = __active_mask();
    o[TM_START] = start;
    masked_store_tmask(start & 0x55555555u, start, &o[TM_EVEN]);
    masked_store_tmask(start & 0xAAAAAAAAu, start, &o[TM_ODD]);
    o[TM_AFTER] = __active_mask();
    if (__warp_id() == 1)
        __tmc(0); /* no lane left runnable: the warp ends here */
    o[TM_END] = 1;
}
