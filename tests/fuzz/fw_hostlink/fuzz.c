/* Fuzz target: the firmware's host-link frame engine (sw/firmware/hostlink.c)
 * built for the host. The input is the byte stream the board's UART
 * receives. This file stands in for fw.h: the UART, the cycle counter, the
 * GPU's control registers and device memory become host functions over
 * arrays, and hostlink.c is compiled into it unchanged.
 *
 * Properties, whatever arrives: no access outside device memory or the
 * 256 control registers (checked at each access), and what the firmware
 * sends is a sequence of well-formed answer frames (start byte, header,
 * payload within the maximum, a good CRC). When the input is used up the
 * run ends (a longjmp out of the UART read). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fuzz.h"
#include "scord_defs.h"

/* ---- the part of fw.h hostlink.c uses, over host arrays -------------------- */
#define FW_H
#define FW_VERSION 0x00010000u
#define DEV_BYTES 65536u

static const uint8_t *in_data;
static size_t in_len, in_pos;
static jmp_buf in_end;
static uint8_t tx[1u << 20];
static size_t tx_n;
static uint32_t ctl[256];
static uint8_t devmem[DEV_BYTES];
static uint32_t now;

static uint32_t io_rd(uint32_t a)
{
    switch (a) {
    case SCORD_MGMT_IO_UART_RX:
        if (in_pos >= in_len)
            longjmp(in_end, 1);
        /* 0xFE followed by an odd byte stands for a long silence (an empty
         * poll, the clock moved past the inter-byte timeout), so the
         * timeout paths are reached too. */
        if (in_data[in_pos] == 0xFE && in_pos + 1 < in_len && (in_data[in_pos + 1] & 1)) {
            in_pos += 2;
            now += 1u << 20;
            return 0;
        }
        return 0x100u | in_data[in_pos++];
    case SCORD_MGMT_IO_UART_STAT: return (uint32_t)(in_pos * 0x9E37u) & 0x30000u;
    case SCORD_MGMT_IO_CYCLES: return now += 7;
    case SCORD_MGMT_IO_BOOTS: return 1;
    default: FUZZ_ASSERT(0, "read of unknown I/O address 0x%08x", a);
    }
}
static void io_wr(uint32_t a, uint32_t v)
{
    if (a == SCORD_MGMT_IO_UART_TX) {
        FUZZ_ASSERT(v <= 0xFF, "UART TX of 0x%x", v);
        if (tx_n < sizeof tx)
            tx[tx_n++] = (uint8_t)v;
        return;
    }
    FUZZ_ASSERT(a == SCORD_MGMT_IO_LEDS, "write to unknown I/O address 0x%08x", a);
}
static uint32_t ctl_rd(uint32_t i)
{
    FUZZ_ASSERT(i < 256, "control register %u", i);
    return ctl[i];
}
static void ctl_wr(uint32_t i, uint32_t v)
{
    FUZZ_ASSERT(i < 256, "control register %u", i);
    ctl[i] = v;
}
static uint32_t dev_rd32(uint32_t a)
{
    FUZZ_ASSERT(a < DEV_BYTES && DEV_BYTES - a >= 4 && !(a & 3), "device read at 0x%08x", a);
    uint32_t v;
    memcpy(&v, devmem + a, 4);
    return v;
}
static void dev_wr32(uint32_t a, uint32_t v)
{
    FUZZ_ASSERT(a < DEV_BYTES && DEV_BYTES - a >= 4 && !(a & 3), "device write at 0x%08x", a);
    memcpy(devmem + a, &v, 4);
}
static void dev_wr8(uint32_t a, uint32_t v)
{
    FUZZ_ASSERT(a < DEV_BYTES, "device byte write at 0x%08x", a);
    devmem[a] = (uint8_t)v;
}
static uint32_t cycles(void) { return io_rd(SCORD_MGMT_IO_CYCLES); }

struct fw_selftest {
    uint32_t bits, mem_words, mem_fail, races, det_fail, det_info;
};
struct fw_globals {
    uint32_t mem_bytes, clk_hz, timeout_cycles, leds;
    struct fw_selftest st;
};
static struct fw_globals fw;
void hostlink_init(void);
void hostlink_serve(void) __attribute__((noreturn));

#include "../../../sw/firmware/hostlink.c"

/* ---- the harness ------------------------------------------------------------- */

static uint16_t crc16(const uint8_t *p, size_t n)
{
    uint16_t c = 0xFFFF;
    for (size_t i = 0; i < n; i++) {
        c ^= (uint16_t)(p[i] << 8);
        for (int k = 0; k < 8; k++)
            c = (c & 0x8000u) ? (uint16_t)((c << 1) ^ 0x1021u) : (uint16_t)(c << 1);
    }
    return c;
}

/* Everything sent must be whole answer frames. */
static void check_tx(void)
{
    size_t i = 0;
    while (i < tx_n) {
        FUZZ_ASSERT(tx[i] == SCORD_HL_SOF_RSP, "answer byte %zu is 0x%02x, not a start byte", i, tx[i]);
        FUZZ_ASSERT(tx_n - i >= RSP_HDR + 2, "a truncated answer header at %zu", i);
        size_t n = tx[i + 7] | (size_t)tx[i + 8] << 8;
        FUZZ_ASSERT(n <= SCORD_HL_MAX_PAYLOAD, "answer payload of %zu bytes", n);
        FUZZ_ASSERT(tx_n - i >= RSP_HDR + n + 2, "a truncated answer at %zu", i);
        uint16_t c = crc16(tx + i + 1, RSP_HDR - 1 + n);
        FUZZ_ASSERT((tx[i + RSP_HDR + n] | tx[i + RSP_HDR + n + 1] << 8) == c, "bad answer CRC at %zu", i);
        FUZZ_ASSERT(tx[i + 2] != SCORD_HL_ST_OK || tx[i + 2] <= ST_NO_RING, "status");
        i += RSP_HDR + n + 2;
    }
}

void fuzz_init(void) { hostlink_init(); }

void fuzz_one(const uint8_t *data, size_t len)
{
    /* The firmware's own state, as after a boot. */
    rx_avail = 0;
    rx_crc = 0;
    cache_valid = 0;
    tx_len = 0;
    memset(&stats, 0, sizeof stats);
    memset(ctl, 0, sizeof ctl);
    memset(devmem, 0, sizeof devmem);
    fw.mem_bytes = DEV_BYTES;
    fw.clk_hz = 2000000;
    fw.timeout_cycles = 20000;
    ctl[SCORD_CTL_MEM_BYTES] = DEV_BYTES;
    in_data = data;
    in_len = len;
    in_pos = 0;
    tx_n = 0;
    if (!setjmp(in_end))
        hostlink_serve();
    check_tx();
}
