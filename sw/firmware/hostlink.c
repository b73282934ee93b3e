/* The framed host-link protocol, board side (docs/hostlink.md).
 *
 * One frame at a time: hunt for 0xA5, receive the 12-byte header, the
 * payload and the CRC into rxb, execute, build the answer in txb and send
 * it. txb doubles as the retry cache: a request identical to the last one
 * executed gets txb again without executing anything.
 *
 * Both buffers start 3 bytes into a word-aligned array so that their
 * payloads (request byte 13, answer byte 9) are word aligned: payload words
 * are then moved with single loads and stores (the core faults on a
 * misaligned access). */
#include "fw.h"

/* The protocol's numbers come from config/regmap.def (SCORD_HL_*), as the
 * driver's do. */
#define SOF_REQ SCORD_HL_SOF_REQ
#define SOF_RSP SCORD_HL_SOF_RSP
#define REQ_HDR 13u /* start byte + 12 header bytes */
#define RSP_HDR 9u
#define MAX_PAYLOAD SCORD_HL_MAX_PAYLOAD
#define PING_MAGIC SCORD_HL_MAGIC
#define MAX_RDN SCORD_HL_RDN_MAX
#define MAX_WRN_PAIRS SCORD_HL_WRN_MAX
#define MAX_TAKE SCORD_HL_TAKE_MAX
#define REC_WORDS (SCORD_DET_REC_BYTES / 4u)
/* Reads of DET_RING_CLAIM before a claim counts as refused (ST_NO_RING):
 * the detector takes it within a few cycles. */
#define CLAIM_TRIES 1000u

enum { CMD_PING = SCORD_HL_CMD_PING, CMD_CTL_RD = SCORD_HL_CMD_CTL_RD,
       CMD_CTL_WR = SCORD_HL_CMD_CTL_WR, CMD_MEM_RD = SCORD_HL_CMD_MEM_RD,
       CMD_MEM_WR = SCORD_HL_CMD_MEM_WR, CMD_STATS = SCORD_HL_CMD_STATS,
       CMD_CTL_RDN = SCORD_HL_CMD_CTL_RDN, CMD_CTL_WRN = SCORD_HL_CMD_CTL_WRN,
       CMD_RACE_TAKE = SCORD_HL_CMD_RACE_TAKE };
enum { ST_OK = SCORD_HL_ST_OK, ST_BAD_CMD = SCORD_HL_ST_BAD_CMD,
       ST_BAD_ADDR = SCORD_HL_ST_BAD_ADDR, ST_BAD_LEN = SCORD_HL_ST_BAD_LEN,
       ST_NO_RING = SCORD_HL_ST_NO_RING };

#define RX_BYTES (REQ_HDR + MAX_PAYLOAD + 2u)
#define TX_BYTES (RSP_HDR + MAX_PAYLOAD + 2u)
static uint32_t rx_raw[(3u + RX_BYTES + 3u) / 4u];
static uint32_t tx_raw[(3u + TX_BYTES + 3u) / 4u];
#define rxb ((uint8_t *)rx_raw + 3)
#define txb ((uint8_t *)tx_raw + 3)

static uint16_t crc_tab[256];

/* Receiver state: rxb[0 .. rx_avail) holds bytes not yet consumed (more
 * than one frame's only after a drop, when the bytes behind the dropped
 * start byte are hunted through again); rx_crc covers rxb[1 ..) as far as
 * the current frame's CRC reaches. */
static unsigned rx_avail;
static uint32_t rx_crc;

/* The retry cache: cmd, seq, addr, arg, n (request bytes 1-12) and the
 * CRC of the last executed request; its answer is txb[0 .. tx_len). */
static uint32_t cache_key[4];
static unsigned cache_valid;
static unsigned tx_len;

/* STATS payload (SCORD_HL_STAT_* words). */
static struct {
    uint32_t served, bad_crc, timeouts, retries, overruns, framing, garbage;
} stats;

static inline uint32_t crc_step(uint32_t crc, uint32_t byte)
{
    return ((crc << 8) & 0xFF00u) ^ crc_tab[((crc >> 8) ^ byte) & 0xFFu];
}

static uint32_t crc_buf(uint32_t crc, const uint8_t *p, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        crc = crc_step(crc, p[i]);
    return crc;
}

void hostlink_init(void)
{
    /* CRC-16/CCITT-FALSE: polynomial 0x1021, MSB first. */
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i << 8;
        for (int b = 0; b < 8; b++)
            c = (c & 0x8000u) ? (c << 1) ^ 0x1021u : c << 1;
        crc_tab[i] = (uint16_t)c;
    }
}

static inline uint32_t get32(const uint8_t *p)
{
    return p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static inline void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

/* ---- receive -------------------------------------------------------------- */

static void drop_front(unsigned k)
{
    unsigned avail = rx_avail;
    for (unsigned i = k; i < avail; i++)
        rxb[i - k] = rxb[i];
    rx_avail = avail - k;
}

/* Idle: pop bytes until a start byte. No timeout: nothing is pending. */
static void hunt(void)
{
    uint32_t skipped = 0;
    for (;;) {
        uint32_t v = io_rd(SCORD_MGMT_IO_UART_RX);
        if (!(v & 0x100u))
            continue;
        if ((v & 0xFFu) == SOF_REQ)
            break;
        skipped++;
    }
    stats.garbage += skipped;
    rxb[0] = SOF_REQ;
    rx_avail = 1;
}

/* Receive until rxb holds `need` bytes; bytes below crc_end enter rx_crc
 * (the caller has brought rx_crc up to rx_avail). The hot path: one strong
 * load, a table step and a store per byte. Returns 0 after a gap of
 * timeout_cycles with no byte. */
static int fill(unsigned need, unsigned crc_end)
{
    unsigned avail = rx_avail;
    uint32_t crc = rx_crc;
    uint8_t *buf = rxb;
    const uint16_t *tab = crc_tab;
    uint32_t t0 = 0;
    int waiting = 0;
    while (avail < need) {
        uint32_t v = io_rd(SCORD_MGMT_IO_UART_RX);
        if (v & 0x100u) {
            buf[avail] = (uint8_t)v;
            if (avail < crc_end)
                crc = ((crc << 8) & 0xFF00u) ^ tab[((crc >> 8) ^ v) & 0xFFu];
            avail++;
            waiting = 0;
            continue;
        }
        /* The gap is timed from the first empty poll. */
        uint32_t now = cycles();
        if (!waiting) {
            waiting = 1;
            t0 = now;
        } else if (now - t0 >= fw.timeout_cycles) {
            rx_avail = avail;
            return 0;
        }
    }
    rx_avail = avail;
    rx_crc = crc;
    return 1;
}

/* Returns the length of the next good request, which starts at rxb[0]. */
static unsigned rx_frame(void)
{
    for (;;) {
        unsigned i = 0, avail = rx_avail;
        while (i < avail && rxb[i] != SOF_REQ)
            i++;
        if (i) {
            stats.garbage += i;
            drop_front(i);
        }
        if (rx_avail == 0)
            hunt();
        avail = rx_avail;
        rx_crc = crc_buf(0xFFFFu, rxb + 1, (avail < REQ_HDR ? avail : REQ_HDR) - 1);
        if (!fill(REQ_HDR, REQ_HDR)) {
            stats.timeouts++;
            drop_front(1);
            continue;
        }
        unsigned n = rxb[11] | (unsigned)rxb[12] << 8;
        if (n > MAX_PAYLOAD) {
            /* Not a header: hunt again from the byte after this start byte. */
            stats.bad_crc++;
            drop_front(1);
            continue;
        }
        unsigned end = REQ_HDR + n;
        avail = rx_avail;
        if (avail > REQ_HDR)
            rx_crc = crc_buf(rx_crc, rxb + REQ_HDR, (avail < end ? avail : end) - REQ_HDR);
        if (!fill(end + 2, end)) {
            /* Abandoned; a frame may still start behind this start byte
             * (say, a header whose length was damaged swallowed the next
             * request): hunt through what arrived, as after a bad CRC. */
            stats.timeouts++;
            drop_front(1);
            continue;
        }
        if ((rxb[end] | (uint32_t)rxb[end + 1] << 8) != rx_crc) {
            stats.bad_crc++;
            drop_front(1);
            continue;
        }
        return end + 2;
    }
}

/* ---- transmit ------------------------------------------------------------- */

/* Send txb[0 .. len) with its CRC appended (kept in txb for a retry). The
 * CRC is computed while the TX FIFO drains: each store waits for a slot. */
static void tx_send(unsigned len)
{
    const uint8_t *p = txb;
    uint32_t crc = 0xFFFFu;
    io_wr(SCORD_MGMT_IO_UART_TX, p[0]);
    for (unsigned i = 1; i < len; i++) {
        uint32_t b = p[i];
        io_wr(SCORD_MGMT_IO_UART_TX, b);
        crc = crc_step(crc, b);
    }
    txb[len] = (uint8_t)crc;
    txb[len + 1] = (uint8_t)(crc >> 8);
    io_wr(SCORD_MGMT_IO_UART_TX, crc & 0xFFu);
    io_wr(SCORD_MGMT_IO_UART_TX, crc >> 8);
}

/* ---- commands ------------------------------------------------------------- */

struct req {
    uint32_t cmd, addr, arg, n;
    const uint8_t *payload; /* word aligned */
};
struct rsp {
    uint32_t status, data, n;
    uint8_t *payload; /* word aligned, MAX_PAYLOAD bytes */
};

/* [a, a + n) inside device memory (n >= 1, no wrap-around). */
static int mem_range_ok(uint32_t a, uint32_t n)
{
    return a < fw.mem_bytes && n <= fw.mem_bytes - a;
}

static void mem_read(uint32_t a, uint32_t n, uint8_t *dst)
{
    uint32_t end = a + n;
    if (((a | n) & 3u) == 0) {
        uint32_t *d = (uint32_t *)dst;
        for (; a < end; a += 4)
            *d++ = dev_rd32(a);
        return;
    }
    /* Unaligned: whole aligned words from the device (one strong load
     * each), their bytes picked out. */
    uint32_t w = a & ~3u;
    uint32_t v = dev_rd32(w);
    for (;;) {
        *dst++ = (uint8_t)(v >> (8u * (a & 3u)));
        if (++a == end)
            break;
        if ((a & 3u) == 0)
            v = dev_rd32(a);
    }
}

static void mem_write(uint32_t a, uint32_t n, const uint8_t *src)
{
    uint32_t end = a + n;
    while (a < end && (a & 3u))
        dev_wr8(a++, *src++);
    if (((uintptr_t)src & 3u) == 0) {
        const uint32_t *s = (const uint32_t *)src;
        for (; end - a >= 4; a += 4)
            dev_wr32(a, *s++);
        src = (const uint8_t *)s;
    } else {
        for (; end - a >= 4; a += 4, src += 4)
            dev_wr32(a, get32(src));
    }
    while (a < end)
        dev_wr8(a++, *src++);
}

static void cmd_ping(struct rsp *r)
{
    uint32_t *p = (uint32_t *)r->payload;
    p[SCORD_HL_INFO_VERSION] = FW_VERSION;
    p[SCORD_HL_INFO_SELFTEST] = fw.st.bits;
    p[SCORD_HL_INFO_MEM_WORDS] = fw.st.mem_words;
    p[SCORD_HL_INFO_MEM_FAIL] = fw.st.mem_fail;
    p[SCORD_HL_INFO_DET_RACES] = fw.st.races;
    p[SCORD_HL_INFO_BOOTS] = io_rd(SCORD_MGMT_IO_BOOTS);
    p[SCORD_HL_INFO_CLK_HZ] = fw.clk_hz;
    p[SCORD_HL_INFO_MAX_PAYLOAD] = MAX_PAYLOAD;
    r->data = PING_MAGIC;
    r->n = 4 * SCORD_HL_INFO_WORDS;
}

static void poll_uart_stat(void)
{
    uint32_t s = io_rd(SCORD_MGMT_IO_UART_STAT);
    if (s & SCORD_MGMT_UART_STAT_OVERRUN)
        stats.overruns++;
    if (s & SCORD_MGMT_UART_STAT_FERR)
        stats.framing++;
}

static void cmd_stats(struct rsp *r)
{
    poll_uart_stat();
    uint32_t *p = (uint32_t *)r->payload;
    p[SCORD_HL_STAT_SERVED] = stats.served;
    p[SCORD_HL_STAT_BAD_CRC] = stats.bad_crc;
    p[SCORD_HL_STAT_TIMEOUTS] = stats.timeouts;
    p[SCORD_HL_STAT_RETRIES] = stats.retries;
    p[SCORD_HL_STAT_OVERRUNS] = stats.overruns;
    p[SCORD_HL_STAT_FRAMING] = stats.framing;
    p[SCORD_HL_STAT_GARBAGE] = stats.garbage;
    r->data = stats.bad_crc;
    r->n = 4 * SCORD_HL_STAT_WORDS;
}

static uint32_t cmd_ctl_wrn(const struct req *q)
{
    if (q->n == 0 || q->n % 8u || q->n > 8u * MAX_WRN_PAIRS)
        return ST_BAD_LEN;
    const uint32_t *p = (const uint32_t *)q->payload;
    unsigned pairs = q->n / 8u;
    for (unsigned i = 0; i < pairs; i++)
        if (p[2 * i] > 0xFFu)
            return ST_BAD_ADDR;
    for (unsigned i = 0; i < pairs; i++)
        ctl_wr(p[2 * i], p[2 * i + 1]);
    return ST_OK;
}

/* The host library's ring drain (driver/src/ring.c, docs/detector.md
 * §8.3), done here: claim up to `want` records (the detector then merges
 * nothing into them), copy them, free their slots. */
static uint32_t cmd_race_take(uint32_t want, struct rsp *r)
{
    if (want == 0 || want > MAX_TAKE)
        return ST_BAD_LEN;
    uint32_t base = ctl_rd(SCORD_DET_RING_BASE);
    uint32_t size = ctl_rd(SCORD_DET_RING_SIZE);
    uint32_t head = ctl_rd(SCORD_DET_RING_HEAD);
    uint32_t tail = ctl_rd(SCORD_DET_RING_TAIL);
    if (size < 2 || head >= size || tail >= size || base & (SCORD_DET_REC_BYTES - 1) ||
        size > fw.mem_bytes / SCORD_DET_REC_BYTES || !mem_range_ok(base, size * SCORD_DET_REC_BYTES))
        return ST_NO_RING;
    uint32_t avail = head >= tail ? head - tail : head + size - tail;
    uint32_t take = want < avail ? want : avail;
    uint32_t end = (tail + take) % size;
    if (take) {
        /* The claim takes effect between two reports, a few cycles away. */
        ctl_wr(SCORD_DET_RING_CLAIM, end);
        uint32_t tries = 0;
        while (ctl_rd(SCORD_DET_RING_CLAIM) != end)
            if (++tries == CLAIM_TRIES)
                return ST_NO_RING;
    }
    uint32_t *p = (uint32_t *)r->payload;
    uint32_t s = tail;
    for (uint32_t i = 0; i < take; i++) {
        uint32_t a = base + s * SCORD_DET_REC_BYTES;
        for (uint32_t k = 0; k < REC_WORDS; k++)
            p[i * REC_WORDS + k] = dev_rd32(a + 4 * k);
        if (++s == size)
            s = 0;
    }
    if (take)
        ctl_wr(SCORD_DET_RING_TAIL, end);
    r->data = avail - take;
    r->n = take * SCORD_DET_REC_BYTES;
    return ST_OK;
}

static uint32_t execute(const struct req *q, struct rsp *r)
{
    uint32_t a = q->addr, arg = q->arg, n = q->n;
    if (q->cmd > CMD_RACE_TAKE)
        return ST_BAD_CMD;
    /* Only MEM_WR and CTL_WRN carry a payload. */
    if (n && q->cmd != CMD_MEM_WR && q->cmd != CMD_CTL_WRN)
        return ST_BAD_LEN;
    switch (q->cmd) {
    case CMD_PING:
        cmd_ping(r);
        return ST_OK;
    case CMD_CTL_RD:
        if (a > 0xFFu)
            return ST_BAD_ADDR;
        r->data = ctl_rd(a);
        return ST_OK;
    case CMD_CTL_WR:
        if (a > 0xFFu)
            return ST_BAD_ADDR;
        ctl_wr(a, arg);
        return ST_OK;
    case CMD_MEM_RD:
        if (arg == 0 || arg > MAX_PAYLOAD)
            return ST_BAD_LEN;
        if (!mem_range_ok(a, arg))
            return ST_BAD_ADDR;
        mem_read(a, arg, r->payload);
        r->n = arg;
        return ST_OK;
    case CMD_MEM_WR:
        if (n == 0)
            return ST_BAD_LEN;
        if (!mem_range_ok(a, n))
            return ST_BAD_ADDR;
        mem_write(a, n, q->payload);
        return ST_OK;
    case CMD_STATS:
        cmd_stats(r);
        return ST_OK;
    case CMD_CTL_RDN: {
        if (arg == 0 || arg > MAX_RDN)
            return ST_BAD_LEN;
        if (a > 0xFFu || arg > 0x100u - a)
            return ST_BAD_ADDR;
        uint32_t *p = (uint32_t *)r->payload;
        for (uint32_t i = 0; i < arg; i++)
            p[i] = ctl_rd(a + i);
        r->n = 4 * arg;
        return ST_OK;
    }
    case CMD_CTL_WRN:
        return cmd_ctl_wrn(q);
    default: /* CMD_RACE_TAKE */
        return cmd_race_take(arg, r);
    }
}

static void serve_one(unsigned len)
{
    const uint8_t *f = rxb;
    uint32_t key[4];
    const uint32_t *hdr = (const uint32_t *)(f + 1); /* word aligned */
    key[0] = hdr[0];
    key[1] = hdr[1];
    key[2] = hdr[2];
    key[3] = f[len - 2] | (uint32_t)f[len - 1] << 8;
    poll_uart_stat();
    stats.served++;
    if (cache_valid && key[0] == cache_key[0] && key[1] == cache_key[1] &&
        key[2] == cache_key[2] && key[3] == cache_key[3]) {
        /* A retry: its answer was lost; never execute twice. */
        stats.retries++;
        tx_send(tx_len);
        return;
    }
    struct req q = {f[1], get32(f + 3), get32(f + 7), f[11] | (uint32_t)f[12] << 8, f + REQ_HDR};
    struct rsp r = {ST_OK, 0, 0, txb + RSP_HDR};
    r.status = execute(&q, &r);
    if (r.status != ST_OK)
        r.data = r.n = 0;
    txb[0] = SOF_RSP;
    txb[1] = f[2];
    txb[2] = (uint8_t)r.status;
    put32(txb + 3, r.data);
    txb[7] = (uint8_t)r.n;
    txb[8] = (uint8_t)(r.n >> 8);
    tx_len = RSP_HDR + r.n;
    for (int i = 0; i < 4; i++)
        cache_key[i] = key[i];
    cache_valid = 1;
    tx_send(tx_len);
}

void hostlink_serve(void)
{
    for (;;) {
        unsigned len = rx_frame();
        serve_one(len);
        /* Bytes behind the frame are there only after a replay. */
        if (rx_avail > len)
            drop_front(len);
        else
            rx_avail = 0;
        io_wr(SCORD_MGMT_IO_LEDS, fw.leds | 0x4u);
        io_wr(SCORD_MGMT_IO_LEDS, fw.leds);
    }
}

#ifdef FW_MEASURE
/* Cycle counts of the inner loops (docs/firmware.md, "Speed"): 64 strong
 * MMIO loads, the CRC of 512 bytes, a 512-byte aligned MEM_RD copy, and
 * the receive loop's per-byte path 512 times. */
void hostlink_measure(uint32_t out[4]);
void hostlink_measure(uint32_t out[4])
{
    uint32_t t0 = cycles();
    for (int i = 0; i < 64; i++)
        (void)io_rd(SCORD_MGMT_IO_UART_STAT);
    uint32_t t1 = cycles();
    rx_crc = crc_buf(0xFFFF, rxb, 512);
    uint32_t t2 = cycles();
    mem_read(0x10000, 512, txb + RSP_HDR);
    uint32_t t3 = cycles();
    /* the receive body on every poll, as if each returned a byte */
    uint32_t crc = 0xFFFF;
    const uint16_t *tab = crc_tab;
    uint8_t *buf = rxb;
    for (unsigned avail = 0; avail < 512;) {
        uint32_t v = io_rd(SCORD_MGMT_IO_UART_RX) | 0x100;
        __asm__ volatile("" : "+r"(v));
        if (v & 0x100u) {
            buf[avail] = (uint8_t)v;
            if (avail < 600)
                crc = ((crc << 8) & 0xFF00u) ^ tab[((crc >> 8) ^ v) & 0xFFu];
            avail++;
            continue;
        }
    }
    uint32_t t4 = cycles();
    rx_crc = crc;
    out[0] = t1 - t0;
    out[1] = t2 - t1;
    out[2] = t3 - t2;
    out[3] = t4 - t3;
}
#endif
