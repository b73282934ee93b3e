/* The host link of the simulated board (scord-soc-sim) at the frame level:
 * answers, error statuses, resynchronisation after garbage, a damaged CRC
 * and a truncated frame, and retries that must not execute twice.
 *
 *   test_hostlink PORT        (the simulator listens on 127.0.0.1:PORT)
 * Prints "PASS name" / "FAIL name: why"; exits 1 if anything failed. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hostlink.h"
#include "scord.h"
#include "scord_defs.h"

static int failed;

static void check(int ok, const char *name, const char *why)
{
    if (ok)
        printf("PASS %s\n", name);
    else {
        printf("FAIL %s: %s\n", name, why);
        failed = 1;
    }
}

static void sleep_ms(unsigned ms)
{
    struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* One request sent raw with a chosen sequence number; 1 if answered. */
static int raw(struct hostlink *hl, uint8_t cmd, uint8_t seq, uint32_t addr, uint32_t data,
               uint8_t *status, uint32_t *rdata)
{
    uint8_t req[HL_REQ_BYTES], rsp[HL_RSP_BYTES];
    hostlink_encode(req, cmd, seq, addr, data);
    if (hostlink_write(hl->fd, req, sizeof req))
        return 0;
    if (hostlink_read(hl->fd, rsp, sizeof rsp, hl->timeout_ms) != (int)sizeof rsp)
        return 0;
    uint16_t crc = hostlink_crc16(0xFFFF, rsp + 1, 6);
    if (rsp[0] != HL_SOF_RSP || rsp[1] != seq || rsp[7] != (uint8_t)crc ||
        rsp[8] != (uint8_t)(crc >> 8))
        return 0;
    *status = rsp[2];
    *rdata = (uint32_t)rsp[3] | (uint32_t)rsp[4] << 8 | (uint32_t)rsp[5] << 16 |
             (uint32_t)rsp[6] << 24;
    return 1;
}

static int stats(struct hostlink *hl, unsigned *crc_errs, unsigned *timeouts)
{
    uint8_t st;
    uint32_t v;
    if (hostlink_xfer(hl, HL_STATS, 0, 0, &st, &v) || st != HL_OK)
        return -1;
    *crc_errs = v & 0xFFFFu;
    *timeouts = v >> 16;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s PORT\n", argv[0]);
        return 2;
    }
    char addr[64], err[200];
    snprintf(addr, sizeof addr, "127.0.0.1:%s", argv[1]);
    struct hostlink hl = {.fd = hostlink_connect_tcp(addr, err, sizeof err),
                          .timeout_ms = 500, .retries = 0};
    if (hl.fd < 0) {
        printf("FAIL connect: %s\n", err);
        return 1;
    }
    uint8_t st;
    uint32_t v = 0;
    char why[160];

    /* the CRC of the protocol is CRC-16/CCITT-FALSE: check value 0x29B1 */
    check(hostlink_crc16(0xFFFF, (const uint8_t *)"123456789", 9) == 0x29B1, "crc16 check value",
          "CRC-16/CCITT-FALSE of \"123456789\" is not 0x29B1");

    int rc = hostlink_xfer(&hl, HL_PING, 0, 0, &st, &v);
    snprintf(why, sizeof why, "rc %d status %u value 0x%08x", rc, st, (unsigned)v);
    check(!rc && st == HL_OK && v == HL_MAGIC, "ping answers the magic", why);

    rc = hostlink_xfer(&hl, HL_CTL_RD, SCORD_CTL_MEM_BYTES, 0, &st, &v);
    snprintf(why, sizeof why, "rc %d status %u value %u", rc, st, (unsigned)v);
    check(!rc && st == HL_OK && v == GPU_MEM_BYTES, "ctl read MEM_BYTES", why);

    /* every word of a line, so the arbiter's word select is exercised */
    int ok = 1;
    for (uint32_t i = 0; i < 8 && ok; i++)
        ok = !hostlink_xfer(&hl, HL_MEM_WR, 0x2000 + 4 * i, 0xA0B0C000u + i, &st, &v) &&
             st == HL_OK;
    for (uint32_t i = 0; i < 8 && ok; i++)
        ok = !hostlink_xfer(&hl, HL_MEM_RD, 0x2000 + 4 * i, 0, &st, &v) && st == HL_OK &&
             v == 0xA0B0C000u + i;
    check(ok, "memory words write and read back", "a word read back differs");

    ok = !hostlink_xfer(&hl, HL_MEM_RD, GPU_MEM_BYTES, 0, &st, &v) && st == HL_BAD_ADDR;
    ok = ok && !hostlink_xfer(&hl, HL_MEM_WR, 0x2002, 0, &st, &v) && st == HL_BAD_ADDR;
    check(ok, "memory address out of range or unaligned: BAD_ADDR", "not refused");
    ok = !hostlink_xfer(&hl, HL_CTL_RD, 0x100, 0, &st, &v) && st == HL_BAD_ADDR;
    check(ok, "ctl index above 255: BAD_ADDR", "not refused");
    ok = !hostlink_xfer(&hl, 0x77, 0, 0, &st, &v) && st == HL_BAD_CMD;
    check(ok, "unknown command: BAD_CMD", "not refused");

    /* a damaged CRC: no answer, counted, and the next frame is served */
    unsigned crc0, to0, crc1, to1;
    ok = !stats(&hl, &crc0, &to0);
    uint8_t req[HL_REQ_BYTES], junk[HL_RSP_BYTES];
    hostlink_encode(req, HL_MEM_WR, (uint8_t)(hl.seq + 7), 0x2000, 0xDEAD);
    req[8] ^= 0x10;
    ok = ok && !hostlink_write(hl.fd, req, sizeof req);
    ok = ok && hostlink_read(hl.fd, junk, sizeof junk, 300) == 0;
    ok = ok && !stats(&hl, &crc1, &to1) && crc1 == crc0 + 1;
    ok = ok && !hostlink_xfer(&hl, HL_MEM_RD, 0x2000, 0, &st, &v) && v == 0xA0B0C000u;
    check(ok, "bad CRC: dropped, counted, not executed", "answered, uncounted or executed");

    /* a truncated frame is abandoned after the link's idle timeout */
    hostlink_encode(req, HL_PING, (uint8_t)(hl.seq + 9), 0, 0);
    ok = !stats(&hl, &crc0, &to0) && !hostlink_write(hl.fd, req, 6);
    sleep_ms(300);
    ok = ok && !hostlink_xfer(&hl, HL_PING, 0, 0, &st, &v) && v == HL_MAGIC;
    ok = ok && !stats(&hl, &crc1, &to1) && to1 == to0 + 1 && crc1 == crc0;
    check(ok, "truncated frame: timed out, next frame served at once", "not recovered cleanly");

    /* garbage, some of it start bytes, then requests with retries */
    uint8_t garbage[64];
    srand(12345);
    for (size_t i = 0; i < sizeof garbage; i++)
        garbage[i] = (i % 9 == 0) ? HL_SOF_REQ : (uint8_t)rand();
    ok = !hostlink_write(hl.fd, garbage, sizeof garbage);
    hl.retries = 5;
    hl.resent = 0;
    for (int i = 0; i < 4 && ok; i++)
        ok = !hostlink_xfer(&hl, HL_PING, 0, 0, &st, &v) && v == HL_MAGIC;
    hl.retries = 0;
    snprintf(why, sizeof why, "lost the link (%lu retries)", hl.resent);
    check(ok, "garbage: resynchronised (with retries)", why);

    /* a retry (the identical frame) is answered from the cache, not redone:
     * STATS read, a dropped frame that bumps the CRC error count, the same
     * STATS frame again (old count), a new STATS request (new count) */
    uint8_t seq = hl.seq++;
    uint32_t first = 0, again = 0, fresh = 0;
    ok = raw(&hl, HL_STATS, seq, 0, 0, &st, &first);
    hostlink_encode(req, HL_PING, (uint8_t)(seq + 3), 0, 0);
    req[12] ^= 1;
    ok = ok && !hostlink_write(hl.fd, req, sizeof req) &&
         hostlink_read(hl.fd, junk, sizeof junk, 300) == 0;
    ok = ok && raw(&hl, HL_STATS, seq, 0, 0, &st, &again);
    ok = ok && !hostlink_xfer(&hl, HL_STATS, 0, 0, &st, &fresh);
    snprintf(why, sizeof why, "counts 0x%08x, retry 0x%08x, new 0x%08x", (unsigned)first,
             (unsigned)again, (unsigned)fresh);
    check(ok && again == first && (fresh & 0xFFFFu) == (first & 0xFFFFu) + 1,
          "retry answered from the cache, not executed", why);
    seq = hl.seq++;
    ok = raw(&hl, HL_MEM_WR, seq, 0x2004, 0x11111111u, &st, &v) && st == HL_OK;
    ok = ok && raw(&hl, HL_MEM_WR, seq, 0x2004, 0x11111111u, &st, &v) && st == HL_OK;
    check(ok, "retried write answered", "no answer to the retry");

    /* the same number with another request (a new host session) executes */
    ok = raw(&hl, HL_MEM_WR, seq, 0x2004, 0x33333333u, &st, &v) && st == HL_OK;
    ok = ok && !hostlink_xfer(&hl, HL_MEM_RD, 0x2004, 0, &st, &v) && v == 0x33333333u;
    check(ok, "same number, other request: executed", "served from the cache");

    close(hl.fd);
    return failed;
}
