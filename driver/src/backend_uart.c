/* "uart" backend: the FPGA SoC over its host link (docs/hostlink.md,
 * protocol v2, spoken by the management core's firmware), either a real
 * serial port or a TCP socket to the simulated board
 * (build/<config>/bin/scord-soc-sim). Memory goes in blocks of up to 512
 * bytes, register groups and the launch's writes in one frame each, and
 * race records come out of the ring with RACE_TAKE.
 *
 * URI: uart:/dev/ttyUSB0[,baud=N]  or  uart:tcp=127.0.0.1:PORT
 * further options: timeout=MS (per attempt), retries=N, clk_mhz=N (the
 * SoC clock, to turn "cycles" into waiting time; by default the clock the
 * firmware reports). */
#define _POSIX_C_SOURCE 200809L /* strdup, strtok_r, nanosleep */
#include "backend.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hostlink.h"
#include "scord.h"

struct uart_ctx {
    struct hostlink hl;
    unsigned clk_mhz;
    uint32_t max_payload;          /* the firmware's, at most SCORD_HL_MAX_PAYLOAD */
    uint32_t blk;                  /* block size now: max_payload, less on a bad line */
    unsigned clean;                /* exchanges without a resend since blk changed */
    uint32_t info[SCORD_HL_INFO_WORDS];  /* PING's info block */
    struct hostlink_answer rsp;    /* the last answer (large: not on the stack) */
};

static int parse_uint(const char *name, const char *val, unsigned long lo, unsigned long hi,
                      unsigned *out, char *err)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(val, &end, 0);
    if (errno || end == val || *end || val[0] == '-' || v < lo || v > hi) {
        snprintf(err, SCORD_BACKEND_ERRLEN, "uart: %s '%s' is not a number in %lu..%lu", name,
                 val, lo, hi);
        return SCORD_ERR_INVALID_ARG;
    }
    *out = (unsigned)v;
    return SCORD_OK;
}

static int ping(struct uart_ctx *c, bool clk_given, char *err);

static int uart_open(void **ctxp, const char *options, char *err)
{
    struct uart_ctx *c = calloc(1, sizeof *c);
    char *copy = strdup(options);
    if (!c || !copy) {
        free(c);
        free(copy);
        return SCORD_ERR_NO_MEM;
    }
    c->hl.fd = -1;
    c->hl.timeout_ms = 1000;
    c->hl.retries = 4;
    c->clk_mhz = 30;
    bool clk_given = false;
    unsigned baud = 1000000;
    const char *path = NULL, *tcp = NULL;
    int rc = SCORD_OK;
    char *save = NULL;
    for (char *opt = strtok_r(copy, ",", &save); opt && !rc; opt = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(opt, '=');
        if (!eq) {
            if (opt[0] == '/')
                path = opt;
            else {
                snprintf(err, SCORD_BACKEND_ERRLEN,
                         "uart: '%s' is neither a device path nor NAME=VALUE", opt);
                rc = SCORD_ERR_INVALID_ARG;
            }
            continue;
        }
        *eq = '\0';
        const char *val = eq + 1;
        if (strcmp(opt, "tcp") == 0)
            tcp = val;
        else if (strcmp(opt, "path") == 0)
            path = val;
        else if (strcmp(opt, "baud") == 0)
            rc = parse_uint("baud", val, 1200, 3000000, &baud, err);
        else if (strcmp(opt, "timeout") == 0)
            rc = parse_uint("timeout", val, 1, 600000, &c->hl.timeout_ms, err);
        else if (strcmp(opt, "retries") == 0)
            rc = parse_uint("retries", val, 0, 100, &c->hl.retries, err);
        else if (strcmp(opt, "clk_mhz") == 0) {
            rc = parse_uint("clk_mhz", val, 1, 1000, &c->clk_mhz, err);
            clk_given = true;
        } else {
            snprintf(err, SCORD_BACKEND_ERRLEN,
                     "uart: unknown option '%s' (known: tcp=HOST:PORT, path=DEV, baud=N, "
                     "timeout=MS, retries=N, clk_mhz=N)",
                     opt);
            rc = SCORD_ERR_INVALID_ARG;
        }
    }
    if (!rc && !!path == !!tcp) {
        snprintf(err, SCORD_BACKEND_ERRLEN,
                 "uart: give either a serial device (uart:/dev/ttyUSB0) or tcp=HOST:PORT");
        rc = SCORD_ERR_INVALID_ARG;
    }
    if (!rc) {
        char msg[200];
        c->hl.fd = tcp ? hostlink_connect_tcp(tcp, msg, sizeof msg)
                       : hostlink_open_serial(path, baud, msg, sizeof msg);
        if (c->hl.fd < 0) {
            snprintf(err, SCORD_BACKEND_ERRLEN, "uart: %s", msg);
            rc = SCORD_ERR_NO_DEVICE;
        }
    }
    free(copy);
    if (!rc)
        rc = ping(c, clk_given, err);
    if (rc) {
        if (c->hl.fd >= 0)
            close(c->hl.fd);
        free(c);
        return rc;
    }
    *ctxp = c;
    return SCORD_OK;
}

static void uart_close(void *ctx)
{
    struct uart_ctx *c = ctx;
    if (!c)
        return;
    close(c->hl.fd);
    free(c);
}

/* Blocks shrink on a line that damages frames: a long frame is more
 * likely to be hit, and one that is hit is sent again whole. An exchange
 * that needed a resend halves the block size (down to MIN_BLOCK); 32
 * clean ones in a row double it again. */
#define MIN_BLOCK 32u
#define CLEAN_TO_GROW 32u

static void note_link(struct uart_ctx *c, bool clean)
{
    if (!clean) {
        c->blk = c->blk / 2 > MIN_BLOCK ? c->blk / 2 : MIN_BLOCK;
        c->clean = 0;
    } else if (++c->clean >= CLEAN_TO_GROW && c->blk < c->max_payload) {
        c->blk = 2 * c->blk < c->max_payload ? 2 * c->blk : c->max_payload;
        c->clean = 0;
    }
}

/* One exchange; the answer is in c->rsp. A status other than OK becomes
 * an error: BAD_ADDR is RANGE (the generic layer checks ranges first, so
 * it means the device is smaller than it said), NO_RING NOT_SUPPORTED.
 * may_split: the request may be given up and its work sent again in
 * smaller new requests (reading or writing the same bytes again changes
 * nothing), so it gets two attempts before SCORD_ERR_TIMEOUT tells the
 * caller to do that with the block size just halved. Other requests keep
 * resending the identical frame (at most once: docs/hostlink.md). */
static int xfer_split(struct uart_ctx *c, uint8_t cmd, uint32_t addr, uint32_t arg,
                      const void *payload, size_t n, bool may_split)
{
    unsigned keep = c->hl.retries;
    unsigned long resent = c->hl.resent;
    if (may_split && keep > 1)
        c->hl.retries = 1;
    int rc = hostlink_xfer(&c->hl, cmd, addr, arg, payload, n, &c->rsp);
    c->hl.retries = keep;
    note_link(c, !rc && c->hl.resent == resent);
    if (rc == SCORD_ERR_TIMEOUT && may_split)
        return rc;
    if (rc)
        return rc == SCORD_ERR_TIMEOUT ? SCORD_ERR_IO : rc;
    switch (c->rsp.status) {
    case SCORD_HL_ST_OK: return SCORD_OK;
    case SCORD_HL_ST_BAD_ADDR: return SCORD_ERR_RANGE;
    case SCORD_HL_ST_NO_RING: return SCORD_ERR_NOT_SUPPORTED;
    default: return SCORD_ERR_IO;
    }
}

static int xfer(struct uart_ctx *c, uint8_t cmd, uint32_t addr, uint32_t arg,
                const void *payload, size_t n)
{
    return xfer_split(c, cmd, addr, arg, payload, n, false);
}

/* The session's first exchange. The device answers a request identical to
 * its last one from its cache (a retry): if an earlier session's last
 * request was this very PING, the cached answer is the same. The board may
 * still be running its boot self-test: the retries cover that. */
static int ping(struct uart_ctx *c, bool clk_given, char *err)
{
    c->hl.seq = (uint8_t)(time(NULL) ^ getpid());
    int rc = hostlink_xfer(&c->hl, SCORD_HL_CMD_PING, 0, 0, NULL, 0, &c->rsp);
    if (rc == SCORD_ERR_TIMEOUT && hostlink_probe_v1(&c->hl)) {
        snprintf(err, SCORD_BACKEND_ERRLEN,
                 "uart: the board runs the old host link (v1, \"SCL1\": hardware frame engine); "
                 "this driver speaks v2 (\"SCL2\", management core firmware): rebuild the "
                 "bitstream (make fpga) and load it again");
        return SCORD_ERR_NO_DEVICE;
    }
    if (rc) {
        snprintf(err, SCORD_BACKEND_ERRLEN,
                 "uart: no answer from the board after %u attempts of %u ms (is it programmed "
                 "and connected, at the right baud rate?)",
                 c->hl.retries + 1, c->hl.timeout_ms);
        return SCORD_ERR_NO_DEVICE;
    }
    if (c->rsp.status != SCORD_HL_ST_OK || c->rsp.data != SCORD_HL_MAGIC) {
        snprintf(err, SCORD_BACKEND_ERRLEN,
                 c->rsp.data == SCORD_HL_MAGIC_V1
                     ? "uart: the board answers PING with the old magic \"SCL1\": rebuild the "
                       "bitstream (make fpga) and load it again"
                     : "uart: the other end does not speak the scord host link v2 (PING "
                       "answered status %u, magic 0x%08x)",
                 (unsigned)c->rsp.status, (unsigned)c->rsp.data);
        return SCORD_ERR_NO_DEVICE;
    }
    memset(c->info, 0, sizeof c->info);
    for (uint32_t i = 0; i < SCORD_HL_INFO_WORDS && 4 * i + 4 <= c->rsp.n; i++)
        c->info[i] = hostlink_get32(c->rsp.payload + 4 * i);
    /* Blocks never larger than the firmware says it takes (an older or
     * smaller firmware), nor than a record or a register pair. */
    uint32_t mp = c->info[SCORD_HL_INFO_MAX_PAYLOAD];
    c->max_payload = mp >= SCORD_DET_REC_BYTES && mp <= SCORD_HL_MAX_PAYLOAD ? mp & ~7u : SCORD_HL_MAX_PAYLOAD;
    c->blk = c->max_payload;
    c->clean = 0;
    if (!clk_given && c->info[SCORD_HL_INFO_CLK_HZ] >= 1000000u)
        c->clk_mhz = c->info[SCORD_HL_INFO_CLK_HZ] / 1000000u;
    return SCORD_OK;
}

static int uart_reg_read(void *ctx, uint32_t idx, uint32_t *value)
{
    struct uart_ctx *c = ctx;
    int rc = xfer(c, SCORD_HL_CMD_CTL_RD, idx, 0, NULL, 0);
    if (!rc)
        *value = c->rsp.data;
    return rc;
}

static int uart_reg_write(void *ctx, uint32_t idx, uint32_t value)
{
    return xfer(ctx, SCORD_HL_CMD_CTL_WR, idx, value, NULL, 0);
}

static int uart_reg_read_n(void *ctx, uint32_t first, uint32_t count, uint32_t *values)
{
    struct uart_ctx *c = ctx;
    while (count) {
        uint32_t per = c->blk / 4 < SCORD_HL_RDN_MAX ? c->blk / 4 : SCORD_HL_RDN_MAX;
        uint32_t k = count < per ? count : per;
        int rc = xfer_split(c, SCORD_HL_CMD_CTL_RDN, first, k, NULL, 0, 4 * k > MIN_BLOCK);
        if (rc == SCORD_ERR_TIMEOUT)
            continue; /* again in smaller pieces */
        if (rc)
            return rc;
        if (c->rsp.n != 4 * k)
            return SCORD_ERR_IO;
        for (uint32_t i = 0; i < k; i++)
            values[i] = hostlink_get32(c->rsp.payload + 4 * i);
        values += k;
        first += k;
        count -= k;
    }
    return SCORD_OK;
}

static int uart_reg_write_n(void *ctx, const uint32_t (*writes)[2], size_t count)
{
    struct uart_ctx *c = ctx;
    uint8_t buf[SCORD_HL_MAX_PAYLOAD];
    while (count) {
        /* Writes (a launch's start among them) are not sent twice: the
         * block size only shapes new frames. */
        uint32_t per = c->blk / 8 < SCORD_HL_WRN_MAX ? c->blk / 8 : SCORD_HL_WRN_MAX;
        size_t k = count < per ? count : per;
        for (size_t i = 0; i < k; i++) {
            hostlink_put32(buf + 8 * i, writes[i][0]);
            hostlink_put32(buf + 8 * i + 4, writes[i][1]);
        }
        int rc = xfer(c, SCORD_HL_CMD_CTL_WRN, 0, 0, buf, 8 * k);
        if (rc)
            return rc;
        writes += k;
        count -= k;
    }
    return SCORD_OK;
}

static int uart_mem_read(void *ctx, uint32_t addr, void *dst, size_t n)
{
    struct uart_ctx *c = ctx;
    uint8_t *d = dst;
    while (n) {
        uint32_t k = n < c->blk ? (uint32_t)n : c->blk;
        int rc = xfer_split(c, SCORD_HL_CMD_MEM_RD, addr, k, NULL, 0, k > MIN_BLOCK);
        if (rc == SCORD_ERR_TIMEOUT)
            continue;
        if (rc)
            return rc;
        if (c->rsp.n != k)
            return SCORD_ERR_IO;
        memcpy(d, c->rsp.payload, k);
        d += k;
        addr += k;
        n -= k;
    }
    return SCORD_OK;
}

static int uart_mem_write(void *ctx, uint32_t addr, const void *src, size_t n)
{
    struct uart_ctx *c = ctx;
    const uint8_t *s = src;
    while (n) {
        uint32_t k = n < c->blk ? (uint32_t)n : c->blk;
        int rc = xfer_split(c, SCORD_HL_CMD_MEM_WR, addr, 0, s, k, k > MIN_BLOCK);
        if (rc == SCORD_ERR_TIMEOUT)
            continue;
        if (rc)
            return rc;
        s += k;
        addr += k;
        n -= k;
    }
    return SCORD_OK;
}

static int uart_ring_take(void *ctx, void *records, uint32_t max, uint32_t *taken,
                          uint32_t *remaining)
{
    struct uart_ctx *c = ctx;
    uint8_t *dst = records;
    *taken = 0;
    *remaining = 0;
    while (*taken < max) {
        /* A take is never given up and split: its records have left the
         * ring; only the identical frame gets them from the cache. */
        uint32_t per = c->blk / SCORD_DET_REC_BYTES < SCORD_HL_TAKE_MAX ? c->blk / SCORD_DET_REC_BYTES : SCORD_HL_TAKE_MAX;
        uint32_t want = max - *taken < per ? max - *taken : per;
        int rc = xfer(c, SCORD_HL_CMD_RACE_TAKE, 0, want, NULL, 0);
        if (rc)
            return rc;
        uint32_t got = c->rsp.n / SCORD_DET_REC_BYTES;
        if (c->rsp.n % SCORD_DET_REC_BYTES || got > want)
            return SCORD_ERR_IO;
        memcpy(dst, c->rsp.payload, c->rsp.n);
        dst += c->rsp.n;
        *taken += got;
        *remaining = c->rsp.data;
        if (got < want || !*remaining)
            break;
    }
    return SCORD_OK;
}

static int uart_describe(void *ctx, char *buf, size_t len)
{
    const struct uart_ctx *c = ctx;
    const uint32_t *in = c->info;
    uint32_t st = in[SCORD_HL_INFO_SELFTEST];
    char mem[96], det[64];
    if (!(st & SCORD_HL_SELFTEST_MEM_RAN))
        snprintf(mem, sizeof mem, "memory not run");
    else if (st & SCORD_HL_SELFTEST_MEM_OK)
        snprintf(mem, sizeof mem, "memory ok (%u words)", (unsigned)in[SCORD_HL_INFO_MEM_WORDS]);
    else
        snprintf(mem, sizeof mem, "memory FAILED at 0x%08x (%u words)",
                 (unsigned)in[SCORD_HL_INFO_MEM_FAIL], (unsigned)in[SCORD_HL_INFO_MEM_WORDS]);
    if (!(st & SCORD_HL_SELFTEST_DET_RAN))
        snprintf(det, sizeof det, "detector not run");
    else
        snprintf(det, sizeof det, "detector %s (%u race%s)",
                 st & SCORD_HL_SELFTEST_DET_OK ? "ok" : "FAILED",
                 (unsigned)in[SCORD_HL_INFO_DET_RACES], in[SCORD_HL_INFO_DET_RACES] == 1 ? "" : "s");
    snprintf(buf, len,
             "firmware %u.%u, self-test %s, %s (bits 0x%x), boots %u (last fault cause %u), "
             "clock %u.%03u MHz, frames of %u bytes",
             (unsigned)(in[SCORD_HL_INFO_VERSION] >> 16), (unsigned)(in[SCORD_HL_INFO_VERSION] & 0xffff),
             mem, det, (unsigned)st, (unsigned)(in[SCORD_HL_INFO_BOOTS] & 0xffff),
             (unsigned)(in[SCORD_HL_INFO_BOOTS] >> 16 & 0xff), (unsigned)(in[SCORD_HL_INFO_CLK_HZ] / 1000000u),
             (unsigned)(in[SCORD_HL_INFO_CLK_HZ] / 1000u % 1000u), (unsigned)c->max_payload);
    return SCORD_OK;
}

static int uart_advance(void *ctx, uint32_t cycles)
{
    struct uart_ctx *c = ctx;
    uint64_t ns = (uint64_t)cycles * 1000u / c->clk_mhz;
    struct timespec ts = {.tv_sec = (time_t)(ns / 1000000000u), .tv_nsec = (long)(ns % 1000000000u)};
    nanosleep(&ts, NULL);
    return SCORD_OK;
}

static uint32_t uart_settle_cycles(void *ctx)
{
    (void)ctx;
    return 64; /* block RAM answers in one cycle; the link is far slower */
}

const struct scord_backend scord_backend_uart = {
    .name = "uart",
    .open = uart_open,
    .close = uart_close,
    .reg_read = uart_reg_read,
    .reg_write = uart_reg_write,
    .mem_read = uart_mem_read,
    .mem_write = uart_mem_write,
    .advance = uart_advance,
    .settle_cycles = uart_settle_cycles,
    .reg_read_n = uart_reg_read_n,
    .reg_write_n = uart_reg_write_n,
    .ring_take = uart_ring_take,
    .describe = uart_describe,
};
