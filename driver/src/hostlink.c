/* Host link framing: see hostlink.h and docs/fpga.md. */
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

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static uint32_t get32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

void hostlink_encode(uint8_t out[HL_REQ_BYTES], uint8_t cmd, uint8_t seq, uint32_t addr,
                     uint32_t data)
{
    out[0] = HL_SOF_REQ;
    out[1] = cmd;
    out[2] = seq;
    put32(out + 3, addr);
    put32(out + 7, data);
    uint16_t crc = hostlink_crc16(0xFFFF, out + 1, 10);
    out[11] = (uint8_t)crc;
    out[12] = (uint8_t)(crc >> 8);
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

int hostlink_read(int fd, uint8_t *buf, size_t n, unsigned timeout_ms)
{
    size_t got = 0;
    uint64_t end = now_ms() + timeout_ms;
    while (got < n) {
        uint64_t t = now_ms();
        if (t >= end)
            break;
        struct pollfd pfd = {.fd = fd, .events = POLLIN};
        int r = poll(&pfd, 1, (int)(end - t));
        if (r < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (r == 0)
            break;
        ssize_t k = read(fd, buf + got, n - got);
        if (k < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            return -1;
        }
        if (k == 0)
            return got ? (int)got : -1; /* the other end closed */
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

/* Waits for one answer frame: skips bytes up to the start byte, then takes
 * the rest. 1: a frame with a good CRC; 0: none in time or a bad one. */
static int read_answer(struct hostlink *hl, uint8_t rsp[HL_RSP_BYTES])
{
    uint64_t end = now_ms() + hl->timeout_ms;
    for (;;) {
        uint64_t t = now_ms();
        if (t >= end)
            return 0;
        int r = hostlink_read(hl->fd, rsp, 1, (unsigned)(end - t));
        if (r < 0)
            return -1;
        if (r == 0)
            return 0;
        if (rsp[0] != HL_SOF_RSP)
            continue;
        t = now_ms();
        r = hostlink_read(hl->fd, rsp + 1, HL_RSP_BYTES - 1, t < end ? (unsigned)(end - t) : 1);
        if (r < 0)
            return -1;
        if (r != HL_RSP_BYTES - 1)
            return 0;
        uint16_t crc = hostlink_crc16(0xFFFF, rsp + 1, 6);
        return rsp[7] == (uint8_t)crc && rsp[8] == (uint8_t)(crc >> 8);
    }
}

int hostlink_xfer(struct hostlink *hl, uint8_t cmd, uint32_t addr, uint32_t wdata,
                  uint8_t *status, uint32_t *rdata)
{
    uint8_t req[HL_REQ_BYTES], rsp[HL_RSP_BYTES];
    uint8_t seq = hl->seq++;
    hostlink_encode(req, cmd, seq, addr, wdata);
    for (unsigned attempt = 0; attempt <= hl->retries; attempt++) {
        if (attempt)
            hl->resent++;
        if (hostlink_write(hl->fd, req, sizeof req))
            return SCORD_ERR_IO;
        for (;;) {
            int r = read_answer(hl, rsp);
            if (r < 0)
                return SCORD_ERR_IO;
            if (r == 0)
                break; /* resend */
            if (rsp[1] != seq)
                continue; /* a late answer to an earlier attempt */
            *status = rsp[2];
            *rdata = get32(rsp + 3);
            return SCORD_OK;
        }
    }
    return SCORD_ERR_TIMEOUT;
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
