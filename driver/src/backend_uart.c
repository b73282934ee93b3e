/* "uart" backend: the FPGA SoC over its host link (docs/fpga.md), either
 * a real serial port or a TCP socket to the simulated board
 * (build/<config>/bin/scord-soc-sim).
 *
 * URI: uart:/dev/ttyUSB0[,baud=N]  or  uart:tcp=127.0.0.1:PORT
 * further options: timeout=MS (per attempt), retries=N, clk_mhz=N (the
 * SoC clock, to turn "cycles" into waiting time). */
#define _POSIX_C_SOURCE 200809L /* strdup, strtok_r, nanosleep */
#include "backend.h"

#include <errno.h>
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
        else if (strcmp(opt, "clk_mhz") == 0)
            rc = parse_uint("clk_mhz", val, 1, 1000, &c->clk_mhz, err);
        else {
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
    if (!rc) {
        /* The device answers a request identical to its last one from its
         * cache (a retry). If an earlier session's last request was this
         * very PING, the cached answer is the same; afterwards the device's
         * last request is ours. */
        c->hl.seq = (uint8_t)(time(NULL) ^ getpid());
        uint8_t st;
        uint32_t magic = 0;
        rc = hostlink_xfer(&c->hl, HL_PING, 0, 0, &st, &magic);
        if (rc || st != HL_OK || magic != HL_MAGIC) {
            snprintf(err, SCORD_BACKEND_ERRLEN,
                     rc ? "uart: no answer from the board (is it programmed and connected?)"
                        : "uart: the other end does not speak the scord host link");
            rc = SCORD_ERR_NO_DEVICE;
        }
    }
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

static int xfer(struct uart_ctx *c, uint8_t cmd, uint32_t addr, uint32_t wdata, uint32_t *rdata)
{
    uint8_t st;
    uint32_t dummy;
    int rc = hostlink_xfer(&c->hl, cmd, addr, wdata, &st, rdata ? rdata : &dummy);
    if (rc)
        return rc == SCORD_ERR_TIMEOUT ? SCORD_ERR_IO : rc;
    if (st == HL_BAD_ADDR)
        return SCORD_ERR_RANGE;
    return st == HL_OK ? SCORD_OK : SCORD_ERR_IO;
}

static int uart_reg_read(void *ctx, uint32_t idx, uint32_t *value)
{
    return xfer(ctx, HL_CTL_RD, idx, 0, value);
}

static int uart_reg_write(void *ctx, uint32_t idx, uint32_t value)
{
    return xfer(ctx, HL_CTL_WR, idx, value, NULL);
}

static int uart_mem_read(void *ctx, uint32_t addr, void *dst, size_t n)
{
    uint8_t *d = dst;
    while (n) {
        uint32_t w, off = addr & 3u;
        int rc = xfer(ctx, HL_MEM_RD, addr - off, 0, &w);
        if (rc)
            return rc;
        size_t k = 4 - off < n ? 4 - off : n;
        for (size_t i = 0; i < k; i++)
            d[i] = (uint8_t)(w >> (8 * (off + i)));
        d += k;
        addr += (uint32_t)k;
        n -= k;
    }
    return SCORD_OK;
}

static int uart_mem_write(void *ctx, uint32_t addr, const void *src, size_t n)
{
    const uint8_t *s = src;
    while (n) {
        uint32_t w = 0, off = addr & 3u;
        size_t k = 4 - off < n ? 4 - off : n;
        int rc;
        if (k != 4 && (rc = xfer(ctx, HL_MEM_RD, addr - off, 0, &w)))
            return rc; /* a partial word: merge into what is there */
        for (size_t i = 0; i < k; i++) {
            w &= ~(0xFFu << (8 * (off + i)));
            w |= (uint32_t)s[i] << (8 * (off + i));
        }
        if ((rc = xfer(ctx, HL_MEM_WR, addr - off, w, NULL)))
            return rc;
        s += k;
        addr += (uint32_t)k;
        n -= k;
    }
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
};
