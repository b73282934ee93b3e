/* The management core's firmware (sw/firmware) on the simulated board, at
 * the frame level of docs/hostlink.md, with its own frame code (not the
 * driver's) so the two sides are checked against the document, not against
 * each other: every command and status, unaligned memory access, the boot
 * self-test's info block, resynchronisation (garbage, a damaged CRC, a
 * damaged length, a truncated frame), the at-most-once retry cache, and
 * RACE_TAKE on records of real races (the firmware's own self-test kernel
 * launched again with one CTL_WRN frame, ring wrap-around included).
 *
 *   test_firmware PORT SELFTEST_BIN   (simulator on 127.0.0.1:PORT;
 *                                      SELFTEST_BIN: build/sw/firmware/selftest.bin)
 * Prints "PASS name" / "FAIL name: why"; exits 1 if anything failed. */
#define _POSIX_C_SOURCE 200809L
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "scord_defs.h"
#include "unit.h"

enum { PING, CTL_RD, CTL_WR, MEM_RD, MEM_WR, STATS, CTL_RDN, CTL_WRN, RACE_TAKE };
enum { OK, BAD_CMD, BAD_ADDR, BAD_LEN, NO_RING };
#define MAXP 512u
#define TIMEOUT_MS 3000

static int fd = -1;
static uint8_t seq_next = 1;

static uint16_t crc16(uint16_t crc, const uint8_t *p, size_t n)
{
    while (n--) {
        crc ^= (uint16_t)(*p++ << 8);
        for (int b = 0; b < 8; b++)
            crc = (crc & 0x8000u) ? (uint16_t)(crc << 1 ^ 0x1021u) : (uint16_t)(crc << 1);
    }
    return crc;
}
static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}
static uint32_t get32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}
static void sleep_ms(unsigned ms)
{
    struct timespec ts = {.tv_sec = ms / 1000, .tv_nsec = (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static int send_all(const uint8_t *p, size_t n)
{
    while (n) {
        ssize_t k = write(fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}
/* Up to n bytes within ms milliseconds; returns how many arrived. */
static size_t recv_some(uint8_t *p, size_t n, unsigned ms)
{
    size_t got = 0;
    uint64_t end = now_ms() + ms;
    while (got < n) {
        uint64_t t = now_ms();
        if (t >= end)
            break;
        struct pollfd pf = {fd, POLLIN, 0};
        int r = poll(&pf, 1, (int)(end - t));
        if (r <= 0)
            break;
        ssize_t k = read(fd, p + got, n - got);
        if (k <= 0)
            break;
        got += (size_t)k;
    }
    return got;
}

/* Request bytes of docs/hostlink.md; returns the length. */
static size_t encode(uint8_t *f, uint8_t cmd, uint8_t seq, uint32_t addr, uint32_t arg,
                     const void *payload, uint32_t n)
{
    f[0] = 0xA5;
    f[1] = cmd;
    f[2] = seq;
    put32(f + 3, addr);
    put32(f + 7, arg);
    f[11] = (uint8_t)n;
    f[12] = (uint8_t)(n >> 8);
    if (n)
        memcpy(f + 13, payload, n);
    uint16_t c = crc16(0xFFFF, f + 1, 12 + n);
    f[13 + n] = (uint8_t)c;
    f[14 + n] = (uint8_t)(c >> 8);
    return 15 + n;
}

struct answer {
    uint8_t status;
    uint32_t data, n;
    uint8_t payload[MAXP];
};

/* Read the answer to `seq`: hunts for 0x5A, checks the CRC, skips answers
 * of other sequence numbers. 0 on success. */
static int read_answer(uint8_t seq, struct answer *a, unsigned ms)
{
    uint64_t end = now_ms() + ms;
    uint8_t b[11 + MAXP];
    for (;;) {
        uint64_t t = now_ms();
        if (t >= end)
            return -1;
        if (recv_some(b, 1, (unsigned)(end - t)) != 1)
            return -1;
        if (b[0] != 0x5A)
            continue;
        if (recv_some(b + 1, 8, 1000) != 8)
            return -1;
        uint32_t n = b[7] | (uint32_t)b[8] << 8;
        if (n > MAXP)
            continue;
        if (recv_some(b + 9, n + 2, 2000) != n + 2)
            return -1;
        uint16_t c = crc16(0xFFFF, b + 1, 8 + n);
        if (b[9 + n] != (uint8_t)c || b[10 + n] != (uint8_t)(c >> 8) || b[1] != seq)
            continue;
        a->status = b[2];
        a->data = get32(b + 3);
        a->n = n;
        memcpy(a->payload, b + 9, n);
        return 0;
    }
}

/* One request, one answer (no retry: the link is a lossless socket). */
static int xfer(uint8_t cmd, uint32_t addr, uint32_t arg, const void *payload, uint32_t n,
                struct answer *a)
{
    uint8_t f[15 + MAXP + 8];
    uint8_t seq = seq_next++;
    size_t len = encode(f, cmd, seq, addr, arg, payload, n);
    if (send_all(f, len))
        return -1;
    return read_answer(seq, a, TIMEOUT_MS);
}

static int ctl_rd(uint32_t i, uint32_t *v)
{
    struct answer a;
    if (xfer(CTL_RD, i, 0, NULL, 0, &a) || a.status != OK)
        return -1;
    *v = a.data;
    return 0;
}
static int ctl_wr(uint32_t i, uint32_t v)
{
    struct answer a;
    return xfer(CTL_WR, i, v, NULL, 0, &a) || a.status != OK ? -1 : 0;
}
static int mem_wr(uint32_t addr, const void *p, uint32_t n)
{
    struct answer a;
    return xfer(MEM_WR, addr, 0, p, n, &a) || a.status != OK ? -1 : 0;
}
static int mem_rd(uint32_t addr, void *p, uint32_t n)
{
    struct answer a;
    if (xfer(MEM_RD, addr, n, NULL, 0, &a) || a.status != OK || a.n != n)
        return -1;
    memcpy(p, a.payload, n);
    return 0;
}
static int status_of(uint8_t cmd, uint32_t addr, uint32_t arg, const void *payload, uint32_t n)
{
    struct answer a;
    return xfer(cmd, addr, arg, payload, n, &a) ? -1 : a.status;
}
static int get_stats(uint32_t s[7])
{
    struct answer a;
    if (xfer(STATS, 0, 0, NULL, 0, &a) || a.status != OK || a.n != 28)
        return -1;
    for (int i = 0; i < 7; i++)
        s[i] = get32(a.payload + 4 * i);
    return a.data == s[1] ? 0 : -1;
}

static int connect_port(const char *port)
{
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)atoi(port))};
    inet_pton(AF_INET, "127.0.0.1", &sa.sin_addr);
    int s = socket(AF_INET, SOCK_STREAM, 0);
    if (s < 0 || connect(s, (struct sockaddr *)&sa, sizeof sa)) {
        if (s >= 0)
            close(s);
        return -1;
    }
    int one = 1;
    setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return s;
}

/* ---- the self-test kernel, launched by the host --------------------------- */

#define K_TARGET 0x8000u /* the raced word and the tracked window */
#define K_WINDOW 256u
#define K_RING_RECORDS 4u

static uint8_t kimg[4096];
static size_t kimg_len;
static uint32_t mem_bytes;

/* Arm with a 4-record ring, as the firmware's self-test does but elsewhere. */
static int arm(uint32_t *ring_base)
{
    uint32_t md, st;
    if (ctl_wr(SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR) || ctl_wr(SCORD_DET_MODE, 0) ||
        ctl_wr(SCORD_DET_TRACK_BASE, K_TARGET) || ctl_wr(SCORD_DET_TRACK_BYTES, K_WINDOW) ||
        ctl_rd(SCORD_DET_MD_BYTES, &md))
        return -1;
    uint32_t md_base = K_TARGET + K_WINDOW, ring = (md_base + md + 31) & ~31u;
    *ring_base = ring;
    if (ctl_wr(SCORD_DET_MD_BASE, md_base) || ctl_wr(SCORD_DET_RING_BASE, ring) ||
        ctl_wr(SCORD_DET_RING_SIZE, K_RING_RECORDS) ||
        ctl_wr(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE) || ctl_rd(SCORD_DET_STATUS, &st))
        return -1;
    return st & SCORD_DET_STATUS_ARMED ? 0 : -1;
}

/* Load and launch the 2-block racy kernel in one CTL_WRN frame; wait. */
static int launch_racy(void)
{
    uint32_t zero = 0;
    for (size_t off = 0; off < kimg_len; off += MAXP) {
        size_t n = kimg_len - off < MAXP ? kimg_len - off : MAXP;
        if (mem_wr(SCORD_MEM_GUARD + (uint32_t)off, kimg + off, (uint32_t)n))
            return -1;
    }
    if (mem_wr(K_TARGET, &zero, 4) || ctl_wr(SCORD_CTL_CTRL, 2))
        return -1;
    sleep_ms(5);
    const uint32_t pairs[][2] = {
        {SCORD_CTL_ENTRY_PC, SCORD_MEM_GUARD}, {SCORD_CTL_ARG_PTR, K_TARGET},
        {SCORD_CTL_GRID_X, 2},  {SCORD_CTL_GRID_Y, 1},  {SCORD_CTL_GRID_Z, 1},
        {SCORD_CTL_BLOCK_X, 1}, {SCORD_CTL_BLOCK_Y, 1}, {SCORD_CTL_BLOCK_Z, 1},
        {SCORD_CTL_STACK_TOP, mem_bytes}, {SCORD_CTL_STACK_LOG2, 9}, {SCORD_CTL_CTRL, 1},
    };
    uint8_t p[sizeof pairs];
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        put32(p + 8 * i, pairs[i][0]);
        put32(p + 8 * i + 4, pairs[i][1]);
    }
    struct answer a;
    if (xfer(CTL_WRN, 0, 0, p, sizeof p, &a) || a.status != OK)
        return -1;
    uint64_t end = now_ms() + 10000;
    uint32_t st = 0;
    while (now_ms() < end) {
        if (ctl_rd(SCORD_CTL_STATUS, &st))
            return -1;
        if (st & (SCORD_STATUS_DONE | SCORD_STATUS_ERROR))
            return st & SCORD_STATUS_ERROR ? -1 : 0;
    }
    return -1;
}

static int record_ok(const uint8_t *r)
{
    uint32_t w0 = get32(r);
    return (w0 & 0xFF) == SCORD_DET_RACE_DEV_FENCE && (w0 & 0x100) && get32(r + 8) == K_TARGET &&
           get32(r + 24) >= 1;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s PORT SELFTEST_BIN\n", argv[0]);
        return 2;
    }
    FILE *kf = fopen(argv[2], "rb");
    if (!kf) {
        fprintf(stderr, "%s: cannot open %s\n", argv[0], argv[2]);
        return 2;
    }
    kimg_len = fread(kimg, 1, sizeof kimg, kf);
    fclose(kf);
    if (kimg_len == 0 || kimg_len == sizeof kimg) {
        fprintf(stderr, "%s: %s is empty or too large for a self-test kernel\n", argv[0], argv[2]);
        return 2;
    }
    if ((fd = connect_port(argv[1])) < 0) {
        unit_fail("%s", strerror(errno));
        unit_reportf(0, "connect to 127.0.0.1:%s", argv[1]);
        return 1;
    }
    struct answer a;
    uint32_t v, s0[7], s1[7];
    int ok;

    /* The boot line, if the bridge kept it: text without 0x5A. */
    /* The line comes after the boot self-test, which takes seconds of a
     * loaded host's time in simulation: read to its end (10 s at most). */
    uint8_t boot[200];
    size_t bn = 0;
    for (int i = 0; i < 100 && bn < sizeof boot - 1 && !memchr(boot, '\n', bn); i++)
        bn += recv_some(boot + bn, sizeof boot - 1 - bn, 100);
    boot[bn] = 0;
    unit_fail("boot text: \"%.120s\"", (char *)boot);
    if (bn)
        printf("# boot text: %.*s\n", (int)strcspn((char *)boot, "\r\n"), (char *)boot);
    unit_report(!memchr(boot, 0x5A, bn) && (bn == 0 || strstr((char *)boot, "scord-fw 1.0: self-test memory ok")),
          "boot line: self-test ok, no 0x5A byte");

    ok = !xfer(PING, 0, 0, NULL, 0, &a) && a.status == OK && a.data == 0x53434C32u && a.n == 32;
    ok = ok && !ctl_rd(SCORD_CTL_MEM_BYTES, &mem_bytes) && mem_bytes >= 0x10000;
    if (ok) {
        uint32_t w[8];
        for (int i = 0; i < 8; i++)
            w[i] = get32(a.payload + 4 * i);
        unit_fail("info %08x %x %u %08x %u %08x %u %u, mem %u", w[0], w[1], w[2], w[3], w[4], w[5], w[6],
            w[7], mem_bytes);
        ok = w[0] == 0x00010000u && w[1] == 0xFu && w[2] == mem_bytes / 64 + 8 &&
             w[3] == 0xFFFFFFFFu && w[4] >= 1 && (w[5] & 0xFFFF) >= 1 && w[6] > 0 && w[7] == MAXP;
    }
    unit_report(ok, "PING: magic and info block (self-test passed, its race found)");

    ok = !xfer(PING, 0, 0, "x", 1, &a) && a.status == BAD_LEN;
    ok = ok && status_of(9, 0, 0, NULL, 0) == BAD_CMD && status_of(0xFF, 0, 0, NULL, 0) == BAD_CMD;
    unit_report(ok, "unknown command: BAD_CMD; PING with a payload: BAD_LEN");

    /* after boot (when this program is the board's first client: the
     * board has served only our frames): GPU idle, detector disarmed
     * with no ring */
    if (!get_stats(s0) && s0[0] == (uint32_t)(seq_next - 1)) {
        uint32_t gst = 1, dst = 1, rsz = 1;
        ok = !ctl_rd(SCORD_CTL_STATUS, &gst) && !ctl_rd(SCORD_DET_STATUS, &dst) &&
             !ctl_rd(SCORD_DET_RING_SIZE, &rsz) && !(gst & 1) && !(dst & 1) && rsz == 0 &&
             status_of(RACE_TAKE, 0, 16, NULL, 0) == NO_RING;
        unit_fail("CTL_STATUS %x DET_STATUS %x RING_SIZE %u", gst, dst, rsz);
        unit_report(ok, "after boot: GPU idle, detector disarmed, RACE_TAKE answers NO_RING");
    } else {
        printf("# not the board's first client: the after-boot state is not checked\n");
    }

    ok = !ctl_wr(SCORD_DET_MODE, 4) && !ctl_rd(SCORD_DET_MODE, &v) && v == 4 &&
         !ctl_wr(SCORD_DET_MODE, 0) && !ctl_rd(SCORD_DET_MODE, &v) && v == 0;
    ok = ok && status_of(CTL_RD, 256, 0, NULL, 0) == BAD_ADDR &&
         status_of(CTL_WR, 0xFFFFFFFFu, 0, NULL, 0) == BAD_ADDR;
    unit_report(ok, "CTL_RD/CTL_WR, index 256: BAD_ADDR");

    /* memory: a shadow copy, unaligned writes and reads of every phase */
    static uint8_t shadow[2048], got[MAXP];
    const uint32_t base = 0x10000;
    struct unit_rng rng;
    unit_rng_seed(&rng, 7);
    for (size_t i = 0; i < sizeof shadow; i++)
        shadow[i] = (uint8_t)unit_rng_next(&rng);
    ok = !mem_wr(base, shadow, MAXP) && !mem_wr(base + MAXP, shadow + MAXP, MAXP) &&
         !mem_wr(base + 2 * MAXP, shadow + 2 * MAXP, MAXP) &&
         !mem_wr(base + 3 * MAXP, shadow + 3 * MAXP, MAXP);
    ok = ok && !mem_rd(base, got, MAXP) && !memcmp(got, shadow, MAXP);
    unit_report(ok, "MEM_WR/MEM_RD 512 bytes aligned");
    ok = 1;
    for (uint32_t off = 0; off < 4 && ok; off++)
        for (uint32_t len = 1; len <= 9 && ok; len++) {
            uint32_t a0 = 100 + 16 * off + 32 * len + off;
            uint8_t src[9];
            for (uint32_t i = 0; i < len; i++)
                src[i] = shadow[a0 + i] = (uint8_t)(0x30 + off * 16 + len + i);
            ok = !mem_wr(base + a0, src, len);
            for (uint32_t roff = 0; roff < 4 && ok; roff++) {
                uint32_t r0 = a0 - roff, rl = len + 2 * roff;
                ok = !mem_rd(base + r0, got, rl) && !memcmp(got, shadow + r0, rl);
                if (!ok)
                    unit_fail("read [0x%x, +%u) after a write of %u bytes at 0x%x", base + r0, rl, len,
                        base + a0);
            }
        }
    ok = ok && !mem_wr(base + 1001, shadow + 1001, 511) && !mem_rd(base + 999, got, 512) &&
         !memcmp(got, shadow + 999, 512) && !mem_rd(base + 3, got, 509) &&
         !memcmp(got, shadow + 3, 509);
    unit_report(ok, "MEM_WR/MEM_RD unaligned addresses and lengths");

    uint8_t last[4] = {1, 2, 3, 4};
    ok = !mem_wr(mem_bytes - 3, last, 3) && !mem_rd(mem_bytes - 4, got, 4) &&
         !memcmp(got + 1, last, 3);
    ok = ok && status_of(MEM_RD, mem_bytes - 3, 4, NULL, 0) == BAD_ADDR &&
         status_of(MEM_WR, mem_bytes - 2, 0, last, 3) == BAD_ADDR &&
         status_of(MEM_RD, 0xFFFFFFFFu, 2, NULL, 0) == BAD_ADDR &&
         status_of(MEM_RD, 0, 0, NULL, 0) == BAD_LEN &&
         status_of(MEM_RD, 0, 513, NULL, 0) == BAD_LEN &&
         status_of(MEM_WR, 0x2000, 0, NULL, 0) == BAD_LEN;
    unit_report(ok, "memory range ends at CTL_MEM_BYTES: BAD_ADDR past it, BAD_LEN for 0 or 513 bytes");

    /* CTL_RDN/WRN */
    uint32_t one[8];
    ok = 1;
    for (int i = 0; i < 8 && ok; i++)
        ok = !ctl_rd(SCORD_CTL_MEM_BYTES + i, &one[i]);
    ok = ok && !xfer(CTL_RDN, SCORD_CTL_MEM_BYTES, 8, NULL, 0, &a) && a.status == OK && a.n == 32;
    for (int i = 0; i < 8 && ok; i++)
        ok = get32(a.payload + 4 * i) == one[i];
    ok = ok && !xfer(CTL_RDN, 128, 128, NULL, 0, &a) && a.status == OK && a.n == 512;
    ok = ok && status_of(CTL_RDN, 129, 128, NULL, 0) == BAD_ADDR &&
         status_of(CTL_RDN, 0, 129, NULL, 0) == BAD_LEN && status_of(CTL_RDN, 0, 0, NULL, 0) == BAD_LEN;
    uint8_t pr[16];
    put32(pr, SCORD_DET_MODE);
    put32(pr + 4, 2);
    put32(pr + 8, SCORD_DET_TRACK_BASE);
    put32(pr + 12, 0x4000);
    ok = ok && !xfer(CTL_WRN, 0, 0, pr, 16, &a) && a.status == OK &&
         !xfer(CTL_RDN, SCORD_DET_MODE, 3, NULL, 0, &a) && a.status == OK &&
         get32(a.payload) == 2 && get32(a.payload + 8) == 0x4000;
    put32(pr, SCORD_DET_MODE);
    put32(pr + 4, 0);
    put32(pr + 8, 256);
    ok = ok && status_of(CTL_WRN, 0, 0, pr, 16) == BAD_ADDR && !ctl_rd(SCORD_DET_MODE, &v) && v == 2;
    ok = ok && status_of(CTL_WRN, 0, 0, pr, 12) == BAD_LEN && status_of(CTL_WRN, 0, 0, NULL, 0) == BAD_LEN;
    put32(pr + 8, SCORD_DET_TRACK_BASE);
    put32(pr + 12, 0);
    ok = ok && !xfer(CTL_WRN, 0, 0, pr, 16, &a) && a.status == OK;
    unit_report(ok, "CTL_RDN/CTL_WRN: same values as single reads, in order, all-or-nothing on a bad index");

    /* robustness: damaged CRC, then a good frame right behind it */
    uint8_t f[2 * (15 + MAXP)], tmp[16];
    ok = !get_stats(s0);
    put32(tmp, 0xCAFEF00Du);
    size_t l1 = encode(f, MEM_WR, 200, 0x3000, 0, tmp, 4);
    f[5] ^= 0x01;
    uint8_t sq = seq_next++;
    size_t l2 = encode(f + l1, PING, sq, 0, 0, NULL, 0);
    ok = ok && !send_all(f, l1 + l2) && !read_answer(sq, &a, TIMEOUT_MS) && a.data == 0x53434C32u;
    ok = ok && !get_stats(s1) && s1[1] == s0[1] + 1 && !mem_rd(0x3000, got, 4) &&
         get32(got) != 0xCAFEF00Du;
    unit_fail("bad_crc %u -> %u", s0[1], s1[1]);
    unit_report(ok, "bad CRC: dropped, counted, not executed; the frame behind it served");

    /* a damaged length (over 512) swallows nothing: the frame behind it is
     * found by hunting from the byte after the bad start byte */
    ok = !get_stats(s0);
    l1 = encode(f, PING, 201, 0, 0, NULL, 0);
    f[12] = 0x7F;
    sq = seq_next++;
    l2 = encode(f + l1, CTL_RD, sq, SCORD_CTL_MEM_BYTES, 0, NULL, 0);
    ok = ok && !send_all(f, l1 + l2) && !read_answer(sq, &a, TIMEOUT_MS) && a.data == mem_bytes;
    ok = ok && !get_stats(s1) && s1[1] == s0[1] + 1;
    unit_report(ok, "length over 512: dropped, the next frame served");

    /* a damaged length under 512 swallows the next request: abandoned by
     * the timeout, which then finds the request in what arrived */
    ok = !get_stats(s0);
    l1 = encode(f, PING, 202, 0, 0, NULL, 0);
    f[11] = 100;
    sq = seq_next++;
    l2 = encode(f + l1, CTL_RD, sq, SCORD_CTL_MEM_BYTES, 0, NULL, 0);
    ok = ok && !send_all(f, l1 + l2) && !read_answer(sq, &a, 10000) && a.data == mem_bytes;
    ok = ok && !get_stats(s1) && s1[2] == s0[2] + 1;
    unit_fail("timeouts %u -> %u", s0[2], s1[2]);
    unit_report(ok, "damaged length: frame abandoned after the gap, the swallowed request still served");

    /* a truncated frame, a pause, then a good one */
    ok = !get_stats(s0);
    l1 = encode(f, MEM_WR, 203, 0x3000, 0, tmp, 4);
    ok = ok && !send_all(f, 9);
    sleep_ms(500);
    ok = ok && !xfer(PING, 0, 0, NULL, 0, &a) && a.status == OK && !get_stats(s1) &&
         s1[2] == s0[2] + 1 && s1[1] == s0[1];
    unit_fail("timeouts %u -> %u, bad_crc %u -> %u", s0[2], s1[2], s0[1], s1[1]);
    unit_report(ok, "truncated frame: abandoned and counted, the next frame served");

    /* garbage with start bytes in it */
    ok = !get_stats(s0);
    uint8_t g[64];
    unit_rng_seed(&rng, 12345);
    for (size_t i = 0; i < sizeof g; i++)
        g[i] = (i % 9 == 0) ? 0xA5 : (uint8_t)unit_rng_next(&rng);
    sq = seq_next++;
    l2 = encode(f + sizeof g, CTL_RD, sq, SCORD_CTL_MEM_BYTES, 0, NULL, 0);
    memcpy(f, g, sizeof g);
    ok = ok && !send_all(f, sizeof g + l2) && !read_answer(sq, &a, 10000) && a.data == mem_bytes;
    ok = ok && !get_stats(s1) && s1[6] > s0[6];
    unit_report(ok, "64 garbage bytes with start bytes: the request behind them served");

    /* at most once: an identical retry is answered from the cache */
    ok = !get_stats(s0);
    sq = seq_next++;
    l1 = encode(f, STATS, sq, 0, 0, NULL, 0);
    struct answer a1, a2;
    ok = ok && !send_all(f, l1) && !read_answer(sq, &a1, TIMEOUT_MS);
    ok = ok && !send_all(f, l1) && !read_answer(sq, &a2, TIMEOUT_MS);
    ok = ok && a1.n == a2.n && !memcmp(a1.payload, a2.payload, a1.n) && !get_stats(s1) &&
         s1[3] == s0[3] + 1 && s1[0] >= s0[0] + 3;
    unit_report(ok, "retry of STATS: the cached answer (not executed again), counted");
    put32(tmp, 0x11111111u);
    sq = seq_next++;
    l1 = encode(f, MEM_WR, sq, 0x3000, 0, tmp, 4);
    ok = !send_all(f, l1) && !read_answer(sq, &a, TIMEOUT_MS) && a.status == OK;
    /* the same sequence number with another payload is a new request */
    put32(tmp, 0x22222222u);
    l2 = encode(f + l1, MEM_WR, sq, 0x3000, 0, tmp, 4);
    ok = ok && !send_all(f + l1, l2) && !read_answer(sq, &a, TIMEOUT_MS) && a.status == OK &&
         !mem_rd(0x3000, got, 4) && get32(got) == 0x22222222u;
    unit_report(ok, "same sequence number, other payload: executed");

    /* RACE_TAKE on real records */
    uint32_t ring = 0;
    ok = !arm(&ring);
    unit_fail("arming failed");
    ok = ok && status_of(RACE_TAKE, 0, 0, NULL, 0) == BAD_LEN &&
         status_of(RACE_TAKE, 0, 17, NULL, 0) == BAD_LEN;
    ok = ok && !xfer(RACE_TAKE, 0, 16, NULL, 0, &a) && a.status == OK && a.n == 0 && a.data == 0;
    unit_report(ok, "RACE_TAKE: empty ring, BAD_LEN for 0 or 17 records");

    ok = !launch_racy() && !launch_racy();
    unit_fail("launch failed");
    ok = ok && !xfer(RACE_TAKE, 0, 1, NULL, 0, &a) && a.status == OK && a.n == 32 && a.data == 1 &&
         record_ok(a.payload);
    if (ok)
        ok = !xfer(RACE_TAKE, 0, 16, NULL, 0, &a) && a.status == OK && a.n == 32 && a.data == 0 &&
             record_ok(a.payload);
    ok = ok && !ctl_rd(SCORD_DET_RING_TAIL, &v) && v == 2;
    /* retry of a take: the same records again, the tail not moved twice */
    sq = seq_next++;
    l1 = encode(f, RACE_TAKE, sq, 0, 16, NULL, 0);
    ok = ok && !launch_racy() && !send_all(f, l1) && !read_answer(sq, &a1, TIMEOUT_MS) &&
         a1.n == 32 && !send_all(f, l1) && !read_answer(sq, &a2, TIMEOUT_MS) && a2.n == 32 &&
         !memcmp(a1.payload, a2.payload, 32) && !ctl_rd(SCORD_DET_RING_TAIL, &v) && v == 3;
    /* the ring wraps: tail 3 of 4, three more records (its capacity) */
    ok = ok && !launch_racy() && !launch_racy() && !launch_racy() &&
         !xfer(RACE_TAKE, 0, 16, NULL, 0, &a) && a.status == OK && a.n == 96 && a.data == 0 &&
         record_ok(a.payload) && record_ok(a.payload + 32) && record_ok(a.payload + 64) &&
         !ctl_rd(SCORD_DET_RING_TAIL, &v) && v == 2;
    unit_report(ok, "RACE_TAKE: records of real races, oldest first, retry answered from the cache, ring wraps");

    ctl_wr(SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR);
    ctl_wr(SCORD_CTL_CTRL, 2);
    close(fd);
    return unit_status();
}
