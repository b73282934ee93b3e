/* Host side of the FPGA host link (docs/fpga.md): request/response frames
 * with CRC-16, sequence numbers and retries, over any byte stream (a serial
 * port or a TCP socket to the simulated board). */
#ifndef SCORD_HOSTLINK_H
#define SCORD_HOSTLINK_H

#include <stddef.h>
#include <stdint.h>

enum hostlink_cmd {
    HL_PING = 0x00,
    HL_CTL_RD = 0x01,
    HL_CTL_WR = 0x02,
    HL_MEM_RD = 0x03,
    HL_MEM_WR = 0x04,
    HL_STATS = 0x05,
};

enum hostlink_status { HL_OK = 0, HL_BAD_CMD = 1, HL_BAD_ADDR = 2 };

#define HL_SOF_REQ 0xA5u
#define HL_SOF_RSP 0x5Au
#define HL_REQ_BYTES 13
#define HL_RSP_BYTES 9
#define HL_MAGIC 0x53434C31u /* "SCL1", the answer to PING */

struct hostlink {
    int fd;
    uint8_t seq;            /* sequence number of the next new request */
    unsigned timeout_ms;    /* per attempt */
    unsigned retries;       /* attempts after the first */
    unsigned long resent;   /* attempts that were retries (statistics) */
};

uint16_t hostlink_crc16(uint16_t crc, const uint8_t *p, size_t n);
/* Encodes one request (13 bytes). */
void hostlink_encode(uint8_t out[HL_REQ_BYTES], uint8_t cmd, uint8_t seq, uint32_t addr,
                     uint32_t data);
/* Sends a request and waits for its answer, retrying with the same
 * sequence number on timeout or a damaged answer. Returns 0 with *status
 * and *data filled, or a negative enum scord_error (SCORD_ERR_IO when the
 * link is down, SCORD_ERR_TIMEOUT when no answer came after the retries). */
int hostlink_xfer(struct hostlink *hl, uint8_t cmd, uint32_t addr, uint32_t wdata,
                  uint8_t *status, uint32_t *rdata);
/* Reads up to n bytes, waiting at most timeout_ms in total; returns the
 * count read (0 on timeout) or -1 on a link error. */
int hostlink_read(int fd, uint8_t *buf, size_t n, unsigned timeout_ms);
int hostlink_write(int fd, const uint8_t *buf, size_t n);
/* Opens "tcp=HOST:PORT" (numeric IPv4 host) or a serial device path with
 * an optional baud rate; returns the fd or -1 with a message in err. */
int hostlink_connect_tcp(const char *host_port, char *err, size_t errlen);
int hostlink_open_serial(const char *path, unsigned baud, char *err, size_t errlen);

#endif
