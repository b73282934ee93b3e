/* fw.h: the management core's firmware, shared declarations.
 *
 * The core sees MMIO, the GPU's control registers and device memory at the
 * addresses of docs/hostlink.md. Every read of them is a strong load: a
 * weak load goes through the core's L1 and may return a stale line. Stores
 * are write-through, plain volatile stores suffice. */
#ifndef FW_H
#define FW_H

#include <stddef.h>
#include <stdint.h>

#include <scord_gpu.h>

#define FW_VERSION 0x00010000u /* 1.0 */

/* ---- MMIO, control registers, device memory ---------------------------- */

static inline uint32_t io_rd(uint32_t a) { return ld_strong_u32((const volatile void *)a); }
static inline void io_wr(uint32_t a, uint32_t v) { *(volatile uint32_t *)a = v; }

static inline uint32_t ctl_rd(uint32_t i) { return io_rd(SCORD_MGMT_CTL_BASE + 32u * i); }
static inline void ctl_wr(uint32_t i, uint32_t v) { io_wr(SCORD_MGMT_CTL_BASE + 32u * i, v); }

static inline uint32_t dev_rd32(uint32_t a) { return io_rd(SCORD_MGMT_DEV_BASE + a); }
static inline uint32_t dev_rd8(uint32_t a)
{
    return ld_strong_u8((const volatile void *)(SCORD_MGMT_DEV_BASE + a));
}
static inline void dev_wr32(uint32_t a, uint32_t v) { io_wr(SCORD_MGMT_DEV_BASE + a, v); }
static inline void dev_wr8(uint32_t a, uint32_t v)
{
    *(volatile uint8_t *)(SCORD_MGMT_DEV_BASE + a) = (uint8_t)v;
}

static inline uint32_t cycles(void) { return io_rd(SCORD_MGMT_IO_CYCLES); }

/* ---- state shared by the parts ------------------------------------------ */

/* Boot self-test results (PING's info block words 1-4). */
#define ST_MEM_OK SCORD_HL_SELFTEST_MEM_OK
#define ST_DET_OK SCORD_HL_SELFTEST_DET_OK
#define ST_MEM_RAN SCORD_HL_SELFTEST_MEM_RAN
#define ST_DET_RAN SCORD_HL_SELFTEST_DET_RAN
struct fw_selftest {
    uint32_t bits;
    uint32_t mem_words;
    uint32_t mem_fail; /* first failing device address, or 0xFFFFFFFF */
    uint32_t races;
    uint32_t det_fail; /* why the detector test failed (ST_WHY_*), 0 if it passed */
    uint32_t det_info; /* detail of that failure (a code, a fault cause) */
};
#define ST_WHY_NONE 0u
#define ST_WHY_NO_DETECTOR 1u /* DET_MD_BYTES reads 0 */
#define ST_WHY_NOT_ARMED 2u   /* det_info: DET_STATUS */
#define ST_WHY_NO_ROOM 3u     /* device memory too small for the layout */
#define ST_WHY_FAULT 4u       /* det_info: CTL_STATUS */
#define ST_WHY_TIMEOUT 5u
#define ST_WHY_NO_RACE 6u     /* det_info: records in the ring */

struct fw_globals {
    uint32_t mem_bytes;      /* CTL_MEM_BYTES */
    uint32_t clk_hz;         /* MGMT_IO_CLK_HZ */
    uint32_t timeout_cycles; /* the 10 ms inter-byte timeout */
    uint32_t leds;           /* LED bits 0-1 (bit 2 is pulsed per frame) */
    struct fw_selftest st;
};
extern struct fw_globals fw;

/* GPU helpers (selftest.c). */
void gpu_soft_reset(void);
void gpu_clear(void);
void selftest_run(struct fw_selftest *st);

/* Host link (hostlink.c). */
void hostlink_init(void);
void hostlink_serve(void) __attribute__((noreturn));

/* UART text output for the boot line (main.c). */
void uart_putc(unsigned c);

/* Freestanding replacements the compiler may call. */
void *memcpy(void *dst, const void *src, size_t n);
void *memset(void *dst, int c, size_t n);
void *memmove(void *dst, const void *src, size_t n);

#endif
