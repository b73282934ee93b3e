/* Host side of the FPGA host link, protocol v2 (docs/hostlink.md): framed
 * requests and answers with a payload of up to 512 bytes, CRC-16,
 * sequence numbers and retries, over any byte stream (a serial port or a
 * TCP socket to the simulated board). */
#ifndef SCORD_HOSTLINK_H
#define SCORD_HOSTLINK_H

#include <stddef.h>
#include <stdint.h>

#include "scord_defs.h"

/* Every number of the protocol is a SCORD_HL_* of config/regmap.def, which
 * the firmware builds from too; only the frame sizes below are the
 * driver's own. */
#define HL_REQ_HDR 13u /* start byte .. n */
#define HL_RSP_HDR 9u
#define HL_REQ_MAX (HL_REQ_HDR + SCORD_HL_MAX_PAYLOAD + 2u)
#define HL_RSP_MAX (HL_RSP_HDR + SCORD_HL_MAX_PAYLOAD + 2u)

struct hostlink_answer {
    uint8_t seq, status;
    uint32_t data;
    uint16_t n; /* payload bytes */
    uint8_t payload[SCORD_HL_MAX_PAYLOAD];
};

/* Zero-initialise, then set fd, timeout_ms and retries. */
struct hostlink {
    int fd;
    uint8_t seq;            /* sequence number of the next new request */
    unsigned timeout_ms;    /* per attempt */
    unsigned retries;       /* attempts after the first */
    unsigned long resent;   /* attempts that were retries */
    unsigned long skipped;  /* bytes skipped while hunting for an answer */
    unsigned long stale;    /* good answers to other requests, skipped */
    size_t rx_len;          /* bytes received and not yet taken */
    uint8_t rx[2 * HL_RSP_MAX];
};

uint16_t hostlink_crc16(uint16_t crc, const uint8_t *p, size_t n);
uint32_t hostlink_get32(const uint8_t *p);
void hostlink_put32(uint8_t *p, uint32_t v);
/* Encodes one request into out (HL_REQ_MAX bytes); n <= SCORD_HL_MAX_PAYLOAD.
 * Returns the frame's length, 15 + n. */
size_t hostlink_encode(uint8_t *out, uint8_t cmd, uint8_t seq, uint32_t addr, uint32_t arg,
                       const void *payload, size_t n);
/* Waits up to timeout_ms for the next answer frame with a good CRC (any
 * sequence number), skipping garbage and damaged frames. 1: *a filled;
 * 0: none in time; -1: the link failed. */
int hostlink_recv(struct hostlink *hl, struct hostlink_answer *a, unsigned timeout_ms);
/* Sends a request and waits for its answer, resending the identical frame
 * (same sequence number) on timeout or a damaged answer and skipping
 * answers with another sequence number. Returns 0 with *a filled (the
 * status is the caller's to judge), or a negative enum scord_error:
 * INVALID_ARG (n over SCORD_HL_MAX_PAYLOAD), IO (link down), TIMEOUT (no
 * answer after the retries). */
int hostlink_xfer(struct hostlink *hl, uint8_t cmd, uint32_t addr, uint32_t arg,
                  const void *payload, size_t n, struct hostlink_answer *a);
/* Asks with the old fixed 13-byte PING (protocol v1) whether the board
 * runs the old frame engine: 1 if it answered "SCL1", 0 if not. */
int hostlink_probe_v1(struct hostlink *hl);
/* Reads up to n bytes, waiting at most timeout_ms in total; returns the
 * count read (0 on timeout) or -1 on a link error. Bypasses hl's buffer. */
int hostlink_read(int fd, uint8_t *buf, size_t n, unsigned timeout_ms);
int hostlink_write(int fd, const uint8_t *buf, size_t n);
/* Opens "HOST:PORT" (numeric IPv4 host or localhost) or a serial device
 * path at a baud rate; returns the fd or -1 with a message in err. */
int hostlink_connect_tcp(const char *host_port, char *err, size_t errlen);
int hostlink_open_serial(const char *path, unsigned baud, char *err, size_t errlen);

#endif
