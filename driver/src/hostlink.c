/* Host link framing, protocol v2: see hostlink.h and docs/hostlink.md. */
#define _DEFAULT_SOURCE /* cfmakeraw, B-constants beyond POSIX */
#include "hostlink.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

#include "scord.h"

uint16_t hostlink_crc16(uint16_t crc, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        crc ^= (uint16_t)(p[i] << 8);
        for (int k = 0; k < 8; k++)
            crc = (crc & 0x8000u) ? (uint16_t)((crc << 1) ^ 0x1021u) : (uint16_t)(crc << 1);
    }
    return crc;
}

void hostlink_put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

uint32_t hostlink_get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t get16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

size_t hostlink_encode(uint8_t *out, uint8_t cmd, uint8_t seq, uint32_t addr, uint32_t arg,
                       const void *payload, size_t n)
{
    out[0] = SCORD_HL_SOF_REQ;
    out[1] = cmd;
    out[2] = seq;
    hostlink_put32(out + 3, addr);
    hostlink_put32(out + 7, arg);
    out[11] = (uint8_t)n;
    out[12] = (uint8_t)(n >> 8);
    if (n)
        memcpy(out + HL_REQ_HDR, payload, n);
    uint16_t crc = hostlink_crc16(0xFFFF, out + 1, HL_REQ_HDR - 1 + n);
    out[HL_REQ_HDR + n] = (uint8_t)crc;
    out[HL_REQ_HDR + n + 1] = (uint8_t)(crc >> 8);
    return HL_REQ_HDR + n + 2;
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* Waits until end for bytes and reads what is there (at most n). Returns
 * the count (0 at the deadline) or -1 when the link failed or closed. */
static int read_some(int fd, uint8_t *buf, size_t n, uint64_t end)
{
    for (;;) {
        uint64_t t = now_ms();
        if (t >= end)
            return 0;
        struct pollfd pfd = {.fd = fd, .events = POLLIN};
        int r = poll(&pfd, 1, (int)(end - t));
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (r == 0)
            return 0;
        ssize_t k = read(fd, buf, n);
        if (k < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            return -1;
        }
        if (k == 0)
            return -1; /* the other end closed */
        return (int)k;
    }
}

int hostlink_read(int fd, uint8_t *buf, size_t n, unsigned timeout_ms)
{
    size_t got = 0;
    uint64_t end = now_ms() + timeout_ms;
    while (got < n) {
        int k = read_some(fd, buf + got, n - got, end);
        if (k < 0)
            return got ? (int)got : -1;
        if (k == 0)
            break;
        got += (size_t)k;
    }
    return (int)got;
}

int hostlink_write(int fd, const uint8_t *buf, size_t n)
{
    size_t done = 0;
    while (done < n) {
        ssize_t k = write(fd, buf + done, n - done);
        if (k < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            return -1;
        }
        done += (size_t)k;
    }
    return 0;
}

static void consume(struct hostlink *hl, size_t k)
{
    memmove(hl->rx, hl->rx + k, hl->rx_len - k);
    hl->rx_len -= k;
}

/* Until the buffer holds need bytes: 1, or 0 at the deadline, -1 on a
 * link error. */
static int fill(struct hostlink *hl, size_t need, uint64_t end)
{
    while (hl->rx_len < need) {
        int k = read_some(hl->fd, hl->rx + hl->rx_len, sizeof hl->rx - hl->rx_len, end);
        if (k <= 0)
            return k;
        hl->rx_len += (size_t)k;
    }
    return 1;
}

/* A whole answer with a good CRC at offset i of the buffer? */
static int frame_at(const struct hostlink *hl, size_t i)
{
    const uint8_t *f = hl->rx + i;
    size_t have = hl->rx_len - i;
    if (have < HL_RSP_HDR || f[0] != SCORD_HL_SOF_RSP)
        return 0;
    size_t n = get16(f + 7);
    if (n > SCORD_HL_MAX_PAYLOAD || have < HL_RSP_HDR + n + 2)
        return 0;
    uint16_t crc = hostlink_crc16(0xFFFF, f + 1, HL_RSP_HDR - 1 + n);
    return f[HL_RSP_HDR + n] == (uint8_t)crc && f[HL_RSP_HDR + n + 1] == (uint8_t)(crc >> 8);
}

static void take_frame(struct hostlink *hl, struct hostlink_answer *a)
{
    const uint8_t *f = hl->rx;
    a->seq = f[1];
    a->status = f[2];
    a->data = hostlink_get32(f + 3);
    a->n = get16(f + 7);
    memcpy(a->payload, f + HL_RSP_HDR, a->n);
    consume(hl, HL_RSP_HDR + (size_t)a->n + 2);
}

/* The answer hunt. A candidate start byte whose header announces too
 * much, or whose CRC is wrong, costs one byte: the hunt goes on from the
 * next one, so a real answer hidden behind a false start is not lost. */
static int recv_until(struct hostlink *hl, struct hostlink_answer *a, uint64_t end)
{
    for (;;) {
        size_t i = 0;
        while (i < hl->rx_len && hl->rx[i] != SCORD_HL_SOF_RSP)
            i++;
        hl->skipped += i;
        consume(hl, i);
        int r = fill(hl, HL_RSP_HDR, end);
        if (r > 0) {
            if (hl->rx[0] != SCORD_HL_SOF_RSP)
                continue; /* only garbage so far */
            size_t n = get16(hl->rx + 7);
            if (n <= SCORD_HL_MAX_PAYLOAD)
                r = fill(hl, HL_RSP_HDR + n + 2, end);
            if (r > 0 && n <= SCORD_HL_MAX_PAYLOAD && frame_at(hl, 0)) {
                take_frame(hl, a);
                return 1;
            }
            if (r > 0) {
                hl->skipped++;
                consume(hl, 1);
                continue;
            }
        }
        if (r < 0)
            return -1;
        /* Deadline with an incomplete candidate at the front: a false
         * start may be waiting for bytes that will never come while a
         * whole answer sits behind it. */
        for (i = 1; i < hl->rx_len; i++)
            if (frame_at(hl, i)) {
                hl->skipped += i;
                consume(hl, i);
                take_frame(hl, a);
                return 1;
            }
        return 0;
    }
}

int hostlink_recv(struct hostlink *hl, struct hostlink_answer *a, unsigned timeout_ms)
{
    return recv_until(hl, a, now_ms() + timeout_ms);
}

int hostlink_xfer(struct hostlink *hl, uint8_t cmd, uint32_t addr, uint32_t arg,
                  const void *payload, size_t n, struct hostlink_answer *a)
{
    if (n > SCORD_HL_MAX_PAYLOAD || (n && !payload))
        return SCORD_ERR_INVALID_ARG;
    uint8_t req[HL_REQ_MAX];
    uint8_t seq = hl->seq++;
    size_t len = hostlink_encode(req, cmd, seq, addr, arg, payload, n);
    for (unsigned attempt = 0; attempt <= hl->retries; attempt++) {
        if (attempt)
            hl->resent++;
        if (hostlink_write(hl->fd, req, len))
            return SCORD_ERR_IO;
        uint64_t end = now_ms() + hl->timeout_ms;
        for (;;) {
            int r = recv_until(hl, a, end);
            if (r < 0)
                return SCORD_ERR_IO;
            if (r == 0)
                break; /* resend */
            if (a->seq == seq)
                return SCORD_OK;
            hl->stale++; /* a late answer to an earlier request */
        }
    }
    return SCORD_ERR_TIMEOUT;
}

int hostlink_probe_v1(struct hostlink *hl)
{
    /* v1 request: start, cmd, seq, addr, data, CRC of bytes 1..10; the
     * answer: start, seq, status, data, CRC of bytes 1..6. */
    uint8_t req[13] = {SCORD_HL_SOF_REQ, SCORD_HL_CMD_PING, hl->seq++};
    uint16_t crc = hostlink_crc16(0xFFFF, req + 1, 10);
    req[11] = (uint8_t)crc;
    req[12] = (uint8_t)(crc >> 8);
    if (hostlink_write(hl->fd, req, sizeof req))
        return 0;
    uint64_t end = now_ms() + hl->timeout_ms;
    for (;;) {
        size_t i = 0;
        while (i < hl->rx_len && hl->rx[i] != SCORD_HL_SOF_RSP)
            i++;
        consume(hl, i);
        int r = fill(hl, 9, end);
        if (r <= 0)
            return 0;
        if (hl->rx[0] != SCORD_HL_SOF_RSP)
            continue;
        crc = hostlink_crc16(0xFFFF, hl->rx + 1, 6);
        if (hl->rx[1] == req[2] && hl->rx[7] == (uint8_t)crc && hl->rx[8] == (uint8_t)(crc >> 8)) {
            uint32_t magic = hostlink_get32(hl->rx + 3);
            consume(hl, 9);
            return magic == SCORD_HL_MAGIC_V1;
        }
        consume(hl, 1);
    }
}

int hostlink_connect_tcp(const char *host_port, char *err, size_t errlen)
{
    const char *colon = strrchr(host_port, ':');
    if (!colon || colon == host_port || !colon[1]) {
        snprintf(err, errlen, "'%s' is not HOST:PORT", host_port);
        return -1;
    }
    char host[64];
    size_t hl = (size_t)(colon - host_port);
    if (hl >= sizeof host) {
        snprintf(err, errlen, "host name too long in '%s'", host_port);
        return -1;
    }
    memcpy(host, host_port, hl);
    host[hl] = '\0';
    char *end;
    errno = 0;
    unsigned long port = strtoul(colon + 1, &end, 10);
    if (errno || *end || port == 0 || port > 65535) {
        snprintf(err, errlen, "bad port '%s'", colon + 1);
        return -1;
    }
    struct sockaddr_in sa = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    if (strcmp(host, "localhost") == 0)
        strcpy(host, "127.0.0.1");
    if (inet_pton(AF_INET, host, &sa.sin_addr) != 1) {
        snprintf(err, errlen, "'%s' is not a numeric IPv4 address", host);
        return -1;
    }
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) {
        snprintf(err, errlen, "socket: %s", strerror(errno));
        return -1;
    }
    if (connect(fd, (struct sockaddr *)&sa, sizeof sa)) {
        snprintf(err, errlen, "cannot connect to %s: %s", host_port, strerror(errno));
        close(fd);
        return -1;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

static int baud_const(unsigned baud, speed_t *out)
{
    static const struct {
        unsigned baud;
        speed_t c;
    } t[] = {{9600, B9600},       {19200, B19200},     {38400, B38400},     {57600, B57600},
             {115200, B115200},   {230400, B230400},   {460800, B460800},   {921600, B921600},
             {1000000, B1000000}, {2000000, B2000000}, {3000000, B3000000}};
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        if (t[i].baud == baud) {
            *out = t[i].c;
            return 0;
        }
    return -1;
}

int hostlink_open_serial(const char *path, unsigned baud, char *err, size_t errlen)
{
    speed_t sp;
    if (baud_const(baud, &sp)) {
        snprintf(err, errlen, "unsupported baud rate %u", baud);
        return -1;
    }
    int fd = open(path, O_RDWR | O_NOCTTY);
    if (fd < 0) {
        snprintf(err, errlen, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    struct termios tio;
    if (tcgetattr(fd, &tio)) {
        snprintf(err, errlen, "'%s' is not a serial port: %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    cfmakeraw(&tio);
    tio.c_cflag |= CLOCAL | CREAD;
    tio.c_cflag &= ~(tcflag_t)CRTSCTS;
    cfsetispeed(&tio, sp);
    cfsetospeed(&tio, sp);
    tio.c_cc[VMIN] = 0;
    tio.c_cc[VTIME] = 0;
    if (tcsetattr(fd, TCSANOW, &tio)) {
        snprintf(err, errlen, "cannot configure '%s': %s", path, strerror(errno));
        close(fd);
        return -1;
    }
    tcflush(fd, TCIOFLUSH);
    return fd;
}
