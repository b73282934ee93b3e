/* Boot self-test (docs/hostlink.md, "Boot"): device memory, then the race
 * detector with the built-in two-block kernel (selftest/kernel.c). Both
 * leave the GPU soft-reset and the detector disarmed, its region registers
 * zero and its ring empty. */
#include "fw.h"
#include "selftest_syms.h" /* generated from the kernel's ELF (firmware.mk) */

extern const uint8_t fw_selftest_image[], fw_selftest_image_end[];

/* Device memory layout of the detector test, above the kernel image
 * (MEM_GUARD .. DT_TARGET): the tracked window holds the raced word, the
 * metadata and the ring follow it; the stacks are at the top of memory. */
#define DT_TARGET 0x2000u      /* tracked window base and the raced word */
#define DT_TRACK_BYTES 256u    /* a power of two, >= 16 << granularity */
#define DT_RING_RECORDS 8u
#define DT_STACK_LOG2 9u       /* 512 bytes per hardware thread */
#define DT_SETTLE_CYCLES 256u  /* after a soft reset (docs/architecture.md "Errors") */

_Static_assert(FW_ST_IMAGE_START == SCORD_MEM_GUARD, "self-test kernel not linked at MEM_GUARD");
_Static_assert(FW_ST_BSS_END <= DT_TARGET, "self-test kernel image overlaps its data");

static void wait_cycles(uint32_t n)
{
    uint32_t t0 = cycles();
    while (cycles() - t0 < n)
        ;
}

void gpu_soft_reset(void)
{
    ctl_wr(SCORD_CTL_CTRL, 2u);
    wait_cycles(DT_SETTLE_CYCLES);
}

/* Detector disarmed with its regions unset (RACE_TAKE answers NO_RING
 * until the host configures a ring), sticky status cleared, GPU reset. */
void gpu_clear(void)
{
    static const uint8_t regs[] = {SCORD_DET_MODE,      SCORD_DET_TRACK_BASE,
                                   SCORD_DET_TRACK_BYTES, SCORD_DET_MD_BASE,
                                   SCORD_DET_RING_BASE, SCORD_DET_RING_SIZE};
    ctl_wr(SCORD_DET_CTRL, 0);
    for (unsigned i = 0; i < sizeof regs; i++)
        ctl_wr(regs[i], 0);
    ctl_wr(SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR);
    gpu_soft_reset();
}

/* An address-in-address pattern (and its complement) over one word in
 * every 64 bytes of device memory, then walking ones and zeros over the
 * line at MEM_GUARD. */
static void mem_test(struct fw_selftest *st)
{
    const uint32_t mem = fw.mem_bytes;
    uint32_t words = 0;
    st->bits |= ST_MEM_RAN;
    st->mem_fail = 0xFFFFFFFFu;
    for (uint32_t inv = 0; inv <= 1; inv++) {
        uint32_t x = inv ? 0xFFFFFFFFu : 0;
        for (uint32_t a = 0; a + 4 <= mem; a += 64)
            dev_wr32(a, a ^ x);
        for (uint32_t a = 0; a + 4 <= mem; a += 64) {
            if (dev_rd32(a) != (a ^ x)) {
                st->mem_fail = a;
                goto out;
            }
            words += !inv;
        }
    }
    const uint32_t line = SCORD_MEM_GUARD, lw = 8; /* LINE_BYTES of every configuration: 32 */
    for (uint32_t inv = 0; inv <= 1; inv++) {
        uint32_t x = inv ? 0xFFFFFFFFu : 0;
        for (uint32_t b = 0; b < 32; b++) {
            for (uint32_t k = 0; k < lw; k++)
                dev_wr32(line + 4 * k, (1u << ((b + k) & 31u)) ^ x);
            for (uint32_t k = 0; k < lw; k++)
                if (dev_rd32(line + 4 * k) != ((1u << ((b + k) & 31u)) ^ x)) {
                    st->mem_fail = line + 4 * k;
                    goto out;
                }
        }
    }
    words += lw;
    st->bits |= ST_MEM_OK;
out:
    st->mem_words = words;
}

static uint32_t det_fail(struct fw_selftest *st, uint32_t why, uint32_t info)
{
    st->det_fail = why;
    st->det_info = info;
    return 0;
}

/* Returns the number of records of the expected race (>= 1: passed). */
static uint32_t det_test_body(struct fw_selftest *st, uint32_t *records)
{
    const uint32_t mem = fw.mem_bytes;
    /* The kernel image, its .bss zeroed, the raced word cleared. */
    const uint32_t *img = (const uint32_t *)fw_selftest_image;
    uint32_t img_bytes = (uint32_t)(fw_selftest_image_end - fw_selftest_image);
    for (uint32_t i = 0; i < img_bytes / 4u; i++)
        dev_wr32(FW_ST_IMAGE_START + 4 * i, img[i]);
    for (uint32_t a = FW_ST_BSS_START; a < FW_ST_BSS_END; a++)
        dev_wr8(a, 0);
    dev_wr32(DT_TARGET, 0);

    /* Arm: full mode, 4-byte granules, window [DT_TARGET, +256), metadata
     * right above it, the ring above that (32-byte aligned). */
    ctl_wr(SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR);
    ctl_wr(SCORD_DET_MODE, 0);
    ctl_wr(SCORD_DET_TRACK_BASE, DT_TARGET);
    ctl_wr(SCORD_DET_TRACK_BYTES, DT_TRACK_BYTES);
    uint32_t md_bytes = ctl_rd(SCORD_DET_MD_BYTES);
    if (md_bytes == 0)
        return det_fail(st, ST_WHY_NO_DETECTOR, 0);
    uint32_t md_base = DT_TARGET + DT_TRACK_BYTES;
    uint32_t ring = (md_base + md_bytes + SCORD_DET_REC_BYTES - 1) & ~(SCORD_DET_REC_BYTES - 1);
    uint32_t ring_end = ring + DT_RING_RECORDS * SCORD_DET_REC_BYTES;
    uint32_t hw = ctl_rd(SCORD_CTL_HW_CONFIG);
    uint32_t threads = (hw & 0xFFu) * (hw >> 8 & 0xFFu) * (hw >> 16 & 0xFFu);
    uint32_t stack_bytes = threads << DT_STACK_LOG2;
    if (md_bytes > mem || ring_end > mem || stack_bytes > mem - ring_end)
        return det_fail(st, ST_WHY_NO_ROOM, mem);
    ctl_wr(SCORD_DET_MD_BASE, md_base);
    ctl_wr(SCORD_DET_RING_BASE, ring);
    ctl_wr(SCORD_DET_RING_SIZE, DT_RING_RECORDS);
    ctl_wr(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE);
    uint32_t ds = ctl_rd(SCORD_DET_STATUS);
    if (!(ds & SCORD_DET_STATUS_ARMED))
        return det_fail(st, ST_WHY_NOT_ARMED, ds);

    /* Launch as scord_launch does: 2 blocks of 1 thread, the argument
     * pointer is the raced word. */
    gpu_soft_reset();
    static const uint8_t idx[] = {SCORD_CTL_ENTRY_PC, SCORD_CTL_ARG_PTR,  SCORD_CTL_GRID_X,
                                  SCORD_CTL_GRID_Y,   SCORD_CTL_GRID_Z,   SCORD_CTL_BLOCK_X,
                                  SCORD_CTL_BLOCK_Y,  SCORD_CTL_BLOCK_Z,  SCORD_CTL_STACK_TOP,
                                  SCORD_CTL_STACK_LOG2, SCORD_CTL_SMEM_BYTES};
    const uint32_t val[] = {FW_ST_ENTRY, DT_TARGET, 2, 1, 1, 1, 1, 1, mem, DT_STACK_LOG2, 0};
    for (unsigned i = 0; i < sizeof idx; i++)
        ctl_wr(idx[i], val[i]);
    ctl_wr(SCORD_CTL_CTRL, 1u);

    /* A few hundred cycles are enough; allow 100 ms. */
    uint32_t t0 = cycles(), limit = fw.clk_hz / 10u, s;
    while (!((s = ctl_rd(SCORD_CTL_STATUS)) & (SCORD_STATUS_DONE | SCORD_STATUS_ERROR)))
        if (cycles() - t0 > limit)
            return det_fail(st, ST_WHY_TIMEOUT, s);
    if (s & SCORD_STATUS_ERROR)
        return det_fail(st, ST_WHY_FAULT, s);
    /* The detector may still be writing the last record. */
    t0 = cycles();
    while ((ctl_rd(SCORD_DET_STATUS) & SCORD_DET_STATUS_BUSY) && cycles() - t0 < limit)
        ;
    ds = ctl_rd(SCORD_DET_STATUS);
    uint32_t head = ctl_rd(SCORD_DET_RING_HEAD), tail = ctl_rd(SCORD_DET_RING_TAIL);
    uint32_t found = 0, n = 0;
    for (uint32_t slot = tail; slot != head && n < DT_RING_RECORDS; slot = (slot + 1) % DT_RING_RECORDS, n++) {
        uint32_t a = ring + slot * SCORD_DET_REC_BYTES;
        uint32_t w0 = dev_rd32(a), addr = dev_rd32(a + 8);
        if ((w0 & 0xFFu) == SCORD_DET_RACE_DEV_FENCE && (w0 & 0x100u) && addr == DT_TARGET)
            found++;
    }
    *records = n;
    ctl_wr(SCORD_DET_RING_TAIL, head);
    /* Both blocks ran: the word holds one of their values. */
    uint32_t v = dev_rd32(DT_TARGET);
    if (!found || (ds & SCORD_DET_STATUS_INTRUSION) || (v != 1 && v != 2))
        return det_fail(st, ST_WHY_NO_RACE, n);
    return found;
}

void selftest_run(struct fw_selftest *st)
{
    gpu_clear();
    mem_test(st);
    st->bits |= ST_DET_RAN;
    uint32_t records = 0;
    st->races = det_test_body(st, &records);
    if (st->races)
        st->bits |= ST_DET_OK;
    gpu_clear();
}
