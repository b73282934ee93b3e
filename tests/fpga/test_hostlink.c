/* The host link of the simulated board (scord-soc-sim) at the frame level,
 * protocol v2 (docs/hostlink.md): PING and its info block, single and
 * block register and memory access, error statuses, frames dropped for a
 * long header or a damaged CRC, a truncated frame abandoned, resync after
 * garbage, and retries answered from the firmware's cache without
 * executing again (STATS, and RACE_TAKE on records of a racy kernel
 * written here in machine code).
 *
 *   test_hostlink PORT        (the simulator listens on 127.0.0.1:PORT)
 * Prints "PASS name" / "FAIL name: why"; exits 1 if anything failed. */
#define _POSIX_C_SOURCE 200809L /* nanosleep */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "hostlink.h"
#include "scord.h"
#include "scord_defs.h"
#include "unit.h"

static struct hostlink hl;
static struct hostlink_answer ans;

static void sleep_ms(unsigned ms)
{
    struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* One exchange with retries; 1 if answered with `status`. */
static int xfer(uint8_t cmd, uint32_t addr, uint32_t arg, const void *payload, size_t n,
                uint8_t status)
{
    int rc = hostlink_xfer(&hl, cmd, addr, arg, payload, n, &ans);
    if (rc) {
        unit_fail("command 0x%02x addr 0x%x arg 0x%x n %zu: %s", cmd,
                 (unsigned)addr, (unsigned)arg, n,
                 rc == SCORD_ERR_TIMEOUT ? "no answer (timeout)" : "link error");
        return 0;
    }
    if (ans.status != status) {
        unit_fail("command 0x%02x addr 0x%x arg 0x%x n %zu: status %u, expected %u",
                 cmd, (unsigned)addr, (unsigned)arg, n, ans.status, status);
        return 0;
    }
    return 1;
}

static int ctl_rd(uint32_t idx, uint32_t *v)
{
    if (!xfer(SCORD_HL_CMD_CTL_RD, idx, 0, NULL, 0, SCORD_HL_ST_OK))
        return 0;
    *v = ans.data;
    return 1;
}

static int ctl_wrn(const uint32_t (*w)[2], size_t k)
{
    uint8_t p[SCORD_HL_MAX_PAYLOAD];
    for (size_t i = 0; i < k; i++) {
        hostlink_put32(p + 8 * i, w[i][0]);
        hostlink_put32(p + 8 * i + 4, w[i][1]);
    }
    return xfer(SCORD_HL_CMD_CTL_WRN, 0, 0, p, 8 * k, SCORD_HL_ST_OK);
}

static int stats(uint32_t s[SCORD_HL_STAT_WORDS])
{
    if (!xfer(SCORD_HL_CMD_STATS, 0, 0, NULL, 0, SCORD_HL_ST_OK))
        return 0;
    if (ans.n != 4 * SCORD_HL_STAT_WORDS || ans.data != hostlink_get32(ans.payload + 4)) {
        unit_fail("STATS payload of %u bytes, data 0x%x", ans.n, (unsigned)ans.data);
        return 0;
    }
    for (unsigned i = 0; i < SCORD_HL_STAT_WORDS; i++)
        s[i] = hostlink_get32(ans.payload + 4 * i);
    return 1;
}

/* A frame sent as is (chosen sequence number), no retry. */
static int send_raw(uint8_t cmd, uint8_t seq, uint32_t addr, uint32_t arg, const void *payload,
                    size_t n)
{
    uint8_t f[HL_REQ_MAX];
    size_t len = hostlink_encode(f, cmd, seq, addr, arg, payload, n);
    return !hostlink_write(hl.fd, f, len);
}

/* The answer with sequence number seq within ms; other answers skipped. */
static int recv_seq(uint8_t seq, unsigned ms, struct hostlink_answer *a)
{
    for (;;) {
        int r = hostlink_recv(&hl, a, ms);
        if (r <= 0)
            return 0;
        if (a->seq == seq)
            return 1;
    }
}

/* Nothing at all arrives within ms. */
static int silent(unsigned ms)
{
    struct hostlink_answer a;
    return hostlink_recv(&hl, &a, ms) == 0;
}

/* An answer frame as the board sends it; returns its length. */
static size_t answer(uint8_t *out, uint8_t seq, uint8_t status, uint32_t data, const void *payload,
                     size_t n)
{
    out[0] = SCORD_HL_SOF_RSP;
    out[1] = seq;
    out[2] = status;
    hostlink_put32(out + 3, data);
    out[7] = (uint8_t)n;
    out[8] = (uint8_t)(n >> 8);
    memcpy(out + HL_RSP_HDR, payload, n);
    uint16_t crc = hostlink_crc16(0xFFFF, out + 1, HL_RSP_HDR - 1 + n);
    out[HL_RSP_HDR + n] = (uint8_t)crc;
    out[HL_RSP_HDR + n + 1] = (uint8_t)(crc >> 8);
    return HL_RSP_HDR + n + 2;
}

/* The host's answer hunt against byte streams written here (a socket
 * pair, no board): the boot line, false starts, a damaged answer, an
 * answer to another request, a false start waiting for bytes that never
 * come with a whole answer behind it, and the old protocol's PING answer. */
static void host_framing(void)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
        unit_fail("socketpair failed");
        unit_report(0, "host framing");
        return;
    }
    struct hostlink h = {.fd = sv[0], .seq = 7, .timeout_ms = 300, .retries = 0};
    struct hostlink_answer a;
    uint8_t buf[4096], pl[40];
    size_t k = 0;
    const char *boot = "scord-fw 1.0: self-test memory ok (4104 words), detector ok (1 race)\n";
    memcpy(buf, boot, strlen(boot));
    k += strlen(boot);
    buf[k++] = SCORD_HL_SOF_RSP; /* a false start announcing 0xFFFF bytes */
    memset(buf + k, 0xFF, 8);
    k += 8;
    for (size_t i = 0; i < sizeof pl; i++)
        pl[i] = (uint8_t)(i ^ 0x5A);
    size_t bad = answer(buf + k, 7, SCORD_HL_ST_OK, 1, pl, 8);
    buf[k + bad - 1] ^= 1; /* damaged */
    k += bad;
    k += answer(buf + k, 6, SCORD_HL_ST_OK, 2, pl, 4); /* late answer to another request */
    k += answer(buf + k, 7, SCORD_HL_ST_OK, 0xC0FFEE, pl, sizeof pl);
    int ok = !hostlink_write(sv[1], buf, k) &&
             hostlink_xfer(&h, SCORD_HL_CMD_PING, 0, 0, NULL, 0, &a) == SCORD_OK && a.seq == 7 &&
             a.data == 0xC0FFEE && a.n == sizeof pl && !memcmp(a.payload, pl, sizeof pl) &&
             h.stale == 1 && h.resent == 0 && h.rx_len == 0;
    unit_fail("data 0x%x n %u, %lu stale, %lu skipped, %zu left", (unsigned)a.data,
             a.n, h.stale, h.skipped, h.rx_len);
    unit_report(ok, "host: answer found behind the boot line, false starts, a bad CRC, a late answer");

    /* a start byte announcing 400 bytes, then a whole answer: found at
     * the deadline (no more bytes ever come) */
    k = 0;
    buf[k++] = SCORD_HL_SOF_RSP;
    buf[k++] = 8;
    buf[k++] = 0;
    memset(buf + k, 0, 4);
    k += 4;
    buf[k++] = 400 & 0xFF;
    buf[k++] = 400 >> 8;
    k += answer(buf + k, 8, SCORD_HL_ST_BAD_LEN, 3, pl, 0);
    ok = !hostlink_write(sv[1], buf, k) && hostlink_recv(&h, &a, 300) == 1 && a.seq == 8 &&
         a.status == SCORD_HL_ST_BAD_LEN && a.data == 3 && a.n == 0 && h.rx_len == 0;
    unit_report(ok, "host: an answer behind a false start that never completes");

    /* nothing: a timeout, no error */
    ok = hostlink_recv(&h, &a, 100) == 0;
    unit_report(ok, "host: silence is a timeout");

    /* the old board's answer to a v1 PING */
    k = 0;
    buf[k++] = SCORD_HL_SOF_RSP;
    buf[k++] = h.seq; /* hostlink_probe_v1 uses the next number */
    buf[k++] = SCORD_HL_ST_OK;
    hostlink_put32(buf + k, SCORD_HL_MAGIC_V1);
    k += 4;
    uint16_t crc = hostlink_crc16(0xFFFF, buf + 1, 6);
    buf[k++] = (uint8_t)crc;
    buf[k++] = (uint8_t)(crc >> 8);
    ok = !hostlink_write(sv[1], buf, k) && hostlink_probe_v1(&h) == 1;
    uint8_t req[13];
    ok = ok && hostlink_read(sv[1], req, sizeof req, 100) > 0; /* drain what the host sent */
    ok = ok && hostlink_probe_v1(&h) == 0;
    unit_report(ok, "host: an old board's SCL1 answer is recognised, silence is not");
    close(sv[0]);
    close(sv[1]);
}

static uint8_t pattern(uint32_t i) { return (uint8_t)(i * 37u + 11u); }

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s PORT\n", argv[0]);
        return 2;
    }

    /* the CRC of the protocol is CRC-16/CCITT-FALSE: check value 0x29B1 */
    unit_fail("CRC-16/CCITT-FALSE of \"123456789\" is not 0x29B1");
    unit_report(hostlink_crc16(0xFFFF, (const uint8_t *)"123456789", 9) == 0x29B1, "crc16 check value");
    host_framing();

    char addr[64], err[200];
    snprintf(addr, sizeof addr, "127.0.0.1:%s", argv[1]);
    hl.fd = hostlink_connect_tcp(addr, err, sizeof err);
    if (hl.fd < 0) {
        unit_fail("%s", err);
        unit_report(0, "connect");
        return 1;
    }
    hl.seq = 0x40;
    hl.timeout_ms = 500;

    /* The board boots its firmware first (self-test, then a line of
     * text): the first PING may wait; the text is skipped as garbage. */
    hl.retries = 120;
    int ok = xfer(SCORD_HL_CMD_PING, 0, 0, NULL, 0, SCORD_HL_ST_OK);
    hl.retries = 0;
    if (ok && ans.data != SCORD_HL_MAGIC) {
        unit_fail("magic 0x%08x", (unsigned)ans.data);
        ok = 0;
    }
    unit_report(ok, "ping answers SCL2 (after the boot)");
    if (!ok)
        return 1;
    uint32_t info[SCORD_HL_INFO_WORDS] = {0};
    for (unsigned i = 0; i < SCORD_HL_INFO_WORDS && 4 * i + 4 <= ans.n; i++)
        info[i] = hostlink_get32(ans.payload + 4 * i);
    unit_fail(
              "%u bytes: version 0x%x, self-test 0x%x, %u words, fail 0x%x, %u races, boots 0x%x, "
              "clock %u Hz, payload %u",
              ans.n, info[0], info[1], info[2], info[3], info[4], info[5], info[6], info[7]);
    unit_report(ans.n == 4 * SCORD_HL_INFO_WORDS && info[SCORD_HL_INFO_VERSION] >= 0x00010000u &&
              (info[SCORD_HL_INFO_SELFTEST] & 0xF) == 0xF && info[SCORD_HL_INFO_MEM_WORDS] > 0 &&
              info[SCORD_HL_INFO_MEM_FAIL] == 0xFFFFFFFFu && info[SCORD_HL_INFO_DET_RACES] >= 1 &&
              (info[SCORD_HL_INFO_BOOTS] & 0xFFFF) >= 1 && info[SCORD_HL_INFO_CLK_HZ] >= 1000000u &&
              info[SCORD_HL_INFO_MAX_PAYLOAD] == SCORD_HL_MAX_PAYLOAD,
          "ping info block: self-test passed (memory and detector ran and passed)");
    hl.retries = 3;

    /* ---- registers ---- */
    uint32_t v = 0;
    ok = ctl_rd(SCORD_CTL_MEM_BYTES, &v);
    if (ok && v != GPU_MEM_BYTES) {
        unit_fail("MEM_BYTES reads %u", (unsigned)v);
        ok = 0;
    }
    unit_report(ok, "CTL_RD MEM_BYTES");
    ok = xfer(SCORD_HL_CMD_CTL_WR, SCORD_CTL_GRID_X, 0x1234, NULL, 0, SCORD_HL_ST_OK) && ctl_rd(SCORD_CTL_GRID_X, &v);
    if (ok && v != 0x1234) {
        unit_fail("GRID_X reads 0x%x after writing 0x1234", (unsigned)v);
        ok = 0;
    }
    unit_report(ok, "CTL_WR then CTL_RD");

    /* CTL_RDN against single reads; the whole file in one frame */
    uint32_t one[16];
    ok = 1;
    for (uint32_t i = 0; i < 16 && ok; i++)
        ok = ctl_rd(i, &one[i]);
    ok = ok && xfer(SCORD_HL_CMD_CTL_RDN, 0, 16, NULL, 0, SCORD_HL_ST_OK);
    if (ok && ans.n != 64) {
        unit_fail("16 registers in %u bytes", ans.n);
        ok = 0;
    }
    for (uint32_t i = 0; i < 16 && ok; i++)
        if (hostlink_get32(ans.payload + 4 * i) != one[i] && i != SCORD_CTL_STATUS) {
            unit_fail("register %u: 0x%x in the block, 0x%x alone", (unsigned)i,
                     (unsigned)hostlink_get32(ans.payload + 4 * i), (unsigned)one[i]);
            ok = 0;
        }
    ok = ok && xfer(SCORD_HL_CMD_CTL_RDN, 128, 128, NULL, 0, SCORD_HL_ST_OK) && ans.n == 512;
    unit_report(ok, "CTL_RDN: 16 registers as read one by one, 128 in one frame");
    ok = xfer(SCORD_HL_CMD_CTL_RDN, 0, 0, NULL, 0, SCORD_HL_ST_BAD_LEN) && xfer(SCORD_HL_CMD_CTL_RDN, 0, 129, NULL, 0, SCORD_HL_ST_BAD_LEN) &&
         xfer(SCORD_HL_CMD_CTL_RDN, 200, 100, NULL, 0, SCORD_HL_ST_BAD_ADDR) &&
         xfer(SCORD_HL_CMD_CTL_RD, 0x100, 0, NULL, 0, SCORD_HL_ST_BAD_ADDR) &&
         xfer(SCORD_HL_CMD_CTL_WR, 0x100, 0, NULL, 0, SCORD_HL_ST_BAD_ADDR);
    unit_report(ok, "CTL_RDN count 0 or 129: BAD_LEN; past register 255: BAD_ADDR");

    /* CTL_WRN in order: the last write to a register wins */
    const uint32_t w3[3][2] = {{SCORD_CTL_GRID_X, 5}, {SCORD_CTL_GRID_Y, 6}, {SCORD_CTL_GRID_X, 7}};
    uint32_t gx = 0, gy = 0;
    ok = ctl_wrn(w3, 3) && ctl_rd(SCORD_CTL_GRID_X, &gx) && ctl_rd(SCORD_CTL_GRID_Y, &gy);
    if (ok && (gx != 7 || gy != 6)) {
        unit_fail("GRID_X %u (want 7), GRID_Y %u (want 6)", (unsigned)gx,
                 (unsigned)gy);
        ok = 0;
    }
    uint32_t w64[64][2];
    for (uint32_t i = 0; i < 64; i++) {
        w64[i][0] = SCORD_CTL_GRID_Z;
        w64[i][1] = i + 1;
    }
    ok = ok && ctl_wrn((const uint32_t(*)[2])w64, 64) && ctl_rd(SCORD_CTL_GRID_Z, &v);
    if (ok && v != 64) {
        unit_fail("GRID_Z %u after 64 writes, want 64", (unsigned)v);
        ok = 0;
    }
    unit_report(ok, "CTL_WRN: written in order, 64 pairs in one frame");
    uint8_t p12[12] = {0};
    const uint32_t wbad[1][2] = {{0x100, 0}};
    ok = xfer(SCORD_HL_CMD_CTL_WRN, 0, 0, NULL, 0, SCORD_HL_ST_BAD_LEN) && xfer(SCORD_HL_CMD_CTL_WRN, 0, 0, p12, 12, SCORD_HL_ST_BAD_LEN);
    if (ok) {
        uint8_t p[8];
        hostlink_put32(p, wbad[0][0]);
        hostlink_put32(p + 4, wbad[0][1]);
        ok = xfer(SCORD_HL_CMD_CTL_WRN, 0, 0, p, 8, SCORD_HL_ST_BAD_ADDR);
    }
    unit_report(ok, "CTL_WRN empty or not whole pairs: BAD_LEN; index 256: BAD_ADDR");

    /* ---- memory ---- */
    uint8_t blk[512], back[512];
    for (uint32_t i = 0; i < 512; i++)
        blk[i] = pattern(i);
    ok = xfer(SCORD_HL_CMD_MEM_WR, 0x4000, 0, blk, 512, SCORD_HL_ST_OK) && xfer(SCORD_HL_CMD_MEM_RD, 0x4000, 512, NULL, 0, SCORD_HL_ST_OK);
    if (ok && (ans.n != 512 || memcmp(ans.payload, blk, 512))) {
        unit_fail("the 512 bytes read back (%u) differ", ans.n);
        ok = 0;
    }
    unit_report(ok, "MEM_WR/MEM_RD: 512-byte block");
    /* unaligned start and length, inside a known background */
    uint8_t bg[64], odd[37];
    memset(bg, 0xEE, sizeof bg);
    for (uint32_t i = 0; i < sizeof odd; i++)
        odd[i] = (uint8_t)(0x80 + i);
    ok = xfer(SCORD_HL_CMD_MEM_WR, 0x4400, 0, bg, sizeof bg, SCORD_HL_ST_OK) &&
         xfer(SCORD_HL_CMD_MEM_WR, 0x4403, 0, odd, sizeof odd, SCORD_HL_ST_OK) &&
         xfer(SCORD_HL_CMD_MEM_RD, 0x4400, sizeof bg, NULL, 0, SCORD_HL_ST_OK);
    memcpy(back, bg, sizeof bg);
    memcpy(back + 3, odd, sizeof odd);
    if (ok && (ans.n != sizeof bg || memcmp(ans.payload, back, sizeof bg))) {
        unit_fail("bytes around 0x4403 +37 differ after the write");
        ok = 0;
    }
    ok = ok && xfer(SCORD_HL_CMD_MEM_RD, 0x4405, 3, NULL, 0, SCORD_HL_ST_OK) && ans.n == 3 &&
         !memcmp(ans.payload, odd + 2, 3);
    ok = ok && xfer(SCORD_HL_CMD_MEM_RD, 0x4001, 1, NULL, 0, SCORD_HL_ST_OK) && ans.n == 1 && ans.payload[0] == blk[1];
    unit_report(ok, "MEM_WR/MEM_RD: unaligned address and length, neighbours kept");
    ok = xfer(SCORD_HL_CMD_MEM_RD, 0x4000, 0, NULL, 0, SCORD_HL_ST_BAD_LEN) &&
         xfer(SCORD_HL_CMD_MEM_RD, 0x4000, 513, NULL, 0, SCORD_HL_ST_BAD_LEN) &&
         xfer(SCORD_HL_CMD_MEM_WR, 0x4000, 0, NULL, 0, SCORD_HL_ST_BAD_LEN) &&
         xfer(SCORD_HL_CMD_MEM_RD, GPU_MEM_BYTES, 4, NULL, 0, SCORD_HL_ST_BAD_ADDR) &&
         xfer(SCORD_HL_CMD_MEM_RD, GPU_MEM_BYTES - 4, 8, NULL, 0, SCORD_HL_ST_BAD_ADDR) &&
         xfer(SCORD_HL_CMD_MEM_WR, GPU_MEM_BYTES - 2, 0, blk, 4, SCORD_HL_ST_BAD_ADDR) &&
         xfer(SCORD_HL_CMD_MEM_RD, GPU_MEM_BYTES - 4, 4, NULL, 0, SCORD_HL_ST_OK);
    unit_report(ok, "MEM_RD/MEM_WR length 0 or 513: BAD_LEN; past memory: BAD_ADDR");
    ok = xfer(0x77, 0, 0, NULL, 0, SCORD_HL_ST_BAD_CMD) && xfer(0xFF, 0, 0, blk, 16, SCORD_HL_ST_BAD_CMD);
    unit_report(ok, "unknown command: BAD_CMD");

    /* ---- damaged frames ---- */
    uint32_t s0[SCORD_HL_STAT_WORDS], s1[SCORD_HL_STAT_WORDS];
    /* a header announcing 600 bytes: dropped, the next frame served */
    uint8_t f[HL_REQ_MAX];
    hostlink_encode(f, SCORD_HL_CMD_PING, 0x11, 0, 0, NULL, 0);
    f[11] = 600 & 0xFF;
    f[12] = 600 >> 8;
    ok = !hostlink_write(hl.fd, f, HL_REQ_HDR) && silent(300);
    ok = ok && xfer(SCORD_HL_CMD_PING, 0, 0, NULL, 0, SCORD_HL_ST_OK) && ans.data == SCORD_HL_MAGIC;
    if (!ok && !unit_why()[0])
        unit_fail("the long header was answered");
    unit_report(ok, "header with n = 600: dropped, next frame served");

    /* a damaged CRC: no answer, counted, not executed */
    ok = stats(s0);
    memset(blk, 0x5C, 64);
    size_t len = hostlink_encode(f, SCORD_HL_CMD_MEM_WR, (uint8_t)(hl.seq + 7), 0x4000, 0, blk, 64);
    f[len - 1] ^= 0x10;
    ok = ok && !hostlink_write(hl.fd, f, len) && silent(300);
    ok = ok && stats(s1);
    if (ok && (s1[SCORD_HL_STAT_BAD_CRC] != s0[SCORD_HL_STAT_BAD_CRC] + 1)) {
        unit_fail("bad-CRC count %u -> %u", (unsigned)s0[SCORD_HL_STAT_BAD_CRC],
                 (unsigned)s1[SCORD_HL_STAT_BAD_CRC]);
        ok = 0;
    }
    ok = ok && xfer(SCORD_HL_CMD_MEM_RD, 0x4000, 4, NULL, 0, SCORD_HL_ST_OK);
    if (ok && ans.payload[0] != pattern(0)) {
        unit_fail("the damaged write was executed");
        ok = 0;
    }
    unit_report(ok, "bad CRC: dropped, counted, not executed");

    /* A truncated frame is abandoned after the firmware's 10 ms gap, in
     * the board's cycles. A simulated board on a loaded host may not have
     * run 10 ms of them in the wall time waited: then the next frame joins
     * the truncated one (a bad CRC, no timeout), and the wait is retried
     * doubled, up to 4.8 s. */
    for (unsigned wait = 300;; wait *= 2) {
        hostlink_encode(f, SCORD_HL_CMD_PING, (uint8_t)(hl.seq + 9), 0, 0, NULL, 0);
        ok = stats(s0) && !hostlink_write(hl.fd, f, 6);
        sleep_ms(wait);
        ok = ok && xfer(SCORD_HL_CMD_PING, 0, 0, NULL, 0, SCORD_HL_ST_OK) &&
             ans.data == SCORD_HL_MAGIC && stats(s1);
        if (ok && (s1[SCORD_HL_STAT_TIMEOUTS] != s0[SCORD_HL_STAT_TIMEOUTS] + 1 ||
                   s1[SCORD_HL_STAT_BAD_CRC] != s0[SCORD_HL_STAT_BAD_CRC])) {
            unit_fail("timeouts %u -> %u, bad CRC %u -> %u (waited %u ms)",
                     (unsigned)s0[SCORD_HL_STAT_TIMEOUTS], (unsigned)s1[SCORD_HL_STAT_TIMEOUTS],
                     (unsigned)s0[SCORD_HL_STAT_BAD_CRC], (unsigned)s1[SCORD_HL_STAT_BAD_CRC],
                     wait);
            ok = 0;
            if (s1[SCORD_HL_STAT_TIMEOUTS] == s0[SCORD_HL_STAT_TIMEOUTS] &&
                s1[SCORD_HL_STAT_BAD_CRC] == s0[SCORD_HL_STAT_BAD_CRC] + 1 && wait < 4800)
                continue;
        }
        break;
    }
    unit_report(ok, "truncated frame: abandoned, counted, next frame served");

    /* garbage, some of it start bytes, then requests with retries */
    uint8_t garbage[64];
    struct unit_rng rng;
    unit_rng_seed(&rng, 12345);
    for (size_t i = 0; i < sizeof garbage; i++)
        garbage[i] = (i % 9 == 0) ? SCORD_HL_SOF_REQ : (uint8_t)unit_rng_next(&rng);
    ok = stats(s0) && !hostlink_write(hl.fd, garbage, sizeof garbage);
    hl.retries = 5;
    hl.resent = 0;
    for (int i = 0; i < 4 && ok; i++)
        ok = xfer(SCORD_HL_CMD_PING, 0, 0, NULL, 0, SCORD_HL_ST_OK) && ans.data == SCORD_HL_MAGIC;
    ok = ok && stats(s1);
    if (ok && s1[SCORD_HL_STAT_GARBAGE] <= s0[SCORD_HL_STAT_GARBAGE]) {
        unit_fail("garbage count stays %u", (unsigned)s1[SCORD_HL_STAT_GARBAGE]);
        ok = 0;
    }
    if (!ok && !unit_why()[0])
        unit_fail("lost the link (%lu retries)", hl.resent);
    unit_report(ok, "garbage with start bytes: resynchronised, skipped bytes counted");
    hl.retries = 3;

    /* ---- at most once ---- */
    /* STATS, a dropped frame (bad-CRC count +1), the identical STATS frame
     * again (cached: old counts), then a new STATS (new counts) */
    struct hostlink_answer first, again;
    uint8_t seq = hl.seq++;
    ok = send_raw(SCORD_HL_CMD_STATS, seq, 0, 0, NULL, 0) && recv_seq(seq, 2000, &first);
    hostlink_encode(f, SCORD_HL_CMD_PING, (uint8_t)(seq + 3), 0, 0, NULL, 0);
    f[HL_REQ_HDR] ^= 1;
    ok = ok && !hostlink_write(hl.fd, f, HL_REQ_HDR + 2) && silent(300);
    ok = ok && send_raw(SCORD_HL_CMD_STATS, seq, 0, 0, NULL, 0) && recv_seq(seq, 2000, &again);
    ok = ok && stats(s1);
    if (ok) {
        uint32_t c0 = hostlink_get32(first.payload + 4 * SCORD_HL_STAT_BAD_CRC);
        uint32_t r0 = hostlink_get32(first.payload + 4 * SCORD_HL_STAT_RETRIES);
        unit_fail(
                  "first: bad CRC %u, retry answer %s, fresh: bad CRC %u, cache hits %u -> %u",
                  (unsigned)c0,
                  again.n == first.n && !memcmp(again.payload, first.payload, first.n)
                     ? "identical"
                     : "different",
                  (unsigned)s1[SCORD_HL_STAT_BAD_CRC], (unsigned)r0, (unsigned)s1[SCORD_HL_STAT_RETRIES]);
        ok = again.n == first.n && !memcmp(again.payload, first.payload, first.n) &&
             again.data == first.data && s1[SCORD_HL_STAT_BAD_CRC] == c0 + 1 &&
             s1[SCORD_HL_STAT_RETRIES] == r0 + 1;
    }
    unit_report(ok, "retried STATS answered from the cache, not executed");

    /* the same number with another request (a new host session) executes */
    seq = hl.seq++;
    uint8_t w4[4] = {1, 2, 3, 4}, w4b[4] = {9, 8, 7, 6};
    ok = send_raw(SCORD_HL_CMD_MEM_WR, seq, 0x4004, 0, w4, 4) && recv_seq(seq, 2000, &first) &&
         first.status == SCORD_HL_ST_OK;
    ok = ok && send_raw(SCORD_HL_CMD_MEM_WR, seq, 0x4004, 0, w4b, 4) && recv_seq(seq, 2000, &again) &&
         again.status == SCORD_HL_ST_OK;
    ok = ok && xfer(SCORD_HL_CMD_MEM_RD, 0x4004, 4, NULL, 0, SCORD_HL_ST_OK) && !memcmp(ans.payload, w4b, 4);
    if (!ok && !unit_why()[0])
        unit_fail("the second write was not executed");
    unit_report(ok, "same number, other request: executed");

    /* RACE_TAKE: a racy kernel (two blocks of one thread store to one
     * word without a fence: a device-fence race), in two copies storing to
     * different words (0x8000, 0x9000: the 8 KiB window there, 32 KiB of
     * 16-byte entries at 0x10000), launched one after the other into an
     * 8-record ring,
     * gives two records; a retried take answers the same record, a fresh
     * one the next. */
    uint32_t md = 0, st = 0;
    const uint32_t pre[3][2] = {{SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR},
                                {SCORD_DET_MODE, 0},
                                {SCORD_DET_TRACK_BYTES, 0x2000}};
    ok = ctl_wrn(pre, 3) && ctl_rd(SCORD_DET_MD_BYTES, &md);
    uint32_t ring = (0x10000 + md + 31) & ~31u;
    const uint32_t arm[8][2] = {
        {SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR}, {SCORD_DET_MODE, 0},
        {SCORD_DET_TRACK_BASE, 0x8000},         {SCORD_DET_TRACK_BYTES, 0x2000},
        {SCORD_DET_MD_BASE, 0x10000},           {SCORD_DET_RING_BASE, ring},
        {SCORD_DET_RING_SIZE, 8},               {SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE},
    };
    ok = ok && ctl_wrn(arm, 8) && ctl_rd(SCORD_DET_STATUS, &st);
    if (ok && !(st & SCORD_DET_STATUS_ARMED)) {
        unit_fail("DET_STATUS 0x%x after arming (metadata %u bytes)", (unsigned)st,
                 (unsigned)md);
        ok = 0;
    }
    ok = ok && xfer(SCORD_HL_CMD_RACE_TAKE, 0, 16, NULL, 0, SCORD_HL_ST_OK) && ans.n == 0 && ans.data == 0;
    ok = ok && xfer(SCORD_HL_CMD_RACE_TAKE, 0, 0, NULL, 0, SCORD_HL_ST_BAD_LEN) &&
         xfer(SCORD_HL_CMD_RACE_TAKE, 0, 17, NULL, 0, SCORD_HL_ST_BAD_LEN);
    unit_report(ok, "RACE_TAKE: empty ring gives nothing; 0 or 17 records: BAD_LEN");
    uint8_t code[32] = {0};
    hostlink_put32(code, 0x000082B7u);      /* 0x2000 lui  t0, 0x8     */
    hostlink_put32(code + 4, 0x0002A023u);  /* 0x2004 sw   zero, 0(t0) */
    hostlink_put32(code + 8, 0x0000300Bu);  /* 0x2008 exit             */
    hostlink_put32(code + 16, 0x000092B7u); /* 0x2010 lui  t0, 0x9     */
    hostlink_put32(code + 20, 0x0002A023u); /* 0x2014 sw   zero, 0(t0) */
    hostlink_put32(code + 24, 0x0000300Bu); /* 0x2018 exit             */
    uint32_t launch[11][2] = {
        {SCORD_CTL_ENTRY_PC, 0x2000}, {SCORD_CTL_ARG_PTR, 0},
        {SCORD_CTL_GRID_X, 2},        {SCORD_CTL_GRID_Y, 1},
        {SCORD_CTL_GRID_Z, 1},        {SCORD_CTL_BLOCK_X, 1},
        {SCORD_CTL_BLOCK_Y, 1},       {SCORD_CTL_BLOCK_Z, 1},
        {SCORD_CTL_STACK_TOP, GPU_MEM_BYTES}, {SCORD_CTL_STACK_LOG2, GPU_STACK_LOG2},
        {SCORD_CTL_CTRL, 1},
    };
    ok = ok && xfer(SCORD_HL_CMD_MEM_WR, 0x2000, 0, code, sizeof code, SCORD_HL_ST_OK);
    for (int l = 0; l < 2 && ok; l++) {
        ok = xfer(SCORD_HL_CMD_CTL_WR, SCORD_CTL_CTRL, 2, NULL, 0, SCORD_HL_ST_OK); /* soft reset: clears done */
        sleep_ms(20);
        launch[0][1] = 0x2000 + 16 * (uint32_t)l;
        ok = ok && ctl_wrn((const uint32_t(*)[2])launch, 11);
        for (int i = 0; i < 200 && ok; i++) {
            ok = ctl_rd(SCORD_CTL_STATUS, &st);
            if (st & (SCORD_STATUS_DONE | SCORD_STATUS_ERROR))
                break;
            sleep_ms(10);
        }
        if (ok && (st & (SCORD_STATUS_DONE | SCORD_STATUS_ERROR)) != SCORD_STATUS_DONE) {
            unit_fail("launch %d: STATUS 0x%x", l + 1, (unsigned)st);
            ok = 0;
        }
    }
    uint32_t hp[2] = {0, 0};
    ok = ok && xfer(SCORD_HL_CMD_CTL_RDN, SCORD_DET_RING_HEAD, 2, NULL, 0, SCORD_HL_ST_OK);
    if (ok) {
        hp[0] = hostlink_get32(ans.payload);
        hp[1] = hostlink_get32(ans.payload + 4);
        if ((hp[0] - hp[1]) % 8 < 2) {
            unit_fail("ring head %u tail %u: fewer than 2 records", (unsigned)hp[0],
                     (unsigned)hp[1]);
            ok = 0;
        }
    }
    uint32_t avail = (hp[0] + 8 - hp[1]) % 8;
    struct hostlink_answer fresh;
    seq = hl.seq++;
    ok = ok && send_raw(SCORD_HL_CMD_RACE_TAKE, seq, 0, 1, NULL, 0) && recv_seq(seq, 2000, &first) &&
         first.status == SCORD_HL_ST_OK && first.n == 32 && first.data == avail - 1;
    ok = ok && send_raw(SCORD_HL_CMD_RACE_TAKE, seq, 0, 1, NULL, 0) && recv_seq(seq, 2000, &again) &&
         again.status == SCORD_HL_ST_OK && again.n == 32 && again.data == first.data &&
         !memcmp(again.payload, first.payload, 32);
    ok = ok && hostlink_xfer(&hl, SCORD_HL_CMD_RACE_TAKE, 0, 16, NULL, 0, &fresh) == 0 &&
         fresh.status == SCORD_HL_ST_OK && fresh.n == 32 * (avail - 1) && fresh.data == 0 &&
         memcmp(fresh.payload, first.payload, 32) != 0;
    /* record words 0 [7:0] type, 1 pc, 2 address (docs/detector.md §8.1) */
    ok = ok && (first.payload[0] == SCORD_DET_RACE_DEV_FENCE) &&
         hostlink_get32(first.payload + 4) == 0x2004 &&
         hostlink_get32(first.payload + 8) == 0x8000 &&
         fresh.payload[0] == SCORD_DET_RACE_DEV_FENCE &&
         hostlink_get32(fresh.payload + 4) == 0x2014 &&
         hostlink_get32(fresh.payload + 8) == 0x9000;
    ok = ok && ctl_rd(SCORD_DET_RING_TAIL, &v) && v == hp[0];
    if (!ok && !unit_why()[0])
        unit_fail(
                  "%u records; take: status %u, %u bytes, %u left; retry: %u bytes, %u left, %s; "
                  "fresh: %u bytes, %u left (records: type %u pc 0x%x, type %u pc 0x%x)",
                  (unsigned)avail, first.status, first.n, (unsigned)first.data, again.n,
                  (unsigned)again.data,
                  memcmp(again.payload, first.payload, 32) ? "other record" : "same record",
                  fresh.n, (unsigned)fresh.data, first.payload[0],
                  (unsigned)hostlink_get32(first.payload + 4), fresh.payload[0],
                  (unsigned)hostlink_get32(fresh.payload + 4));
    unit_report(ok, "RACE_TAKE: retry answers the same record, a fresh take the next ones");
    const uint32_t disarm[1][2] = {{SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR}};
    ctl_wrn(disarm, 1);

    printf("link: %lu retries, %lu bytes skipped, %lu stale answers\n", hl.resent, hl.skipped,
           hl.stale);
    close(hl.fd);
    return unit_status();
}
