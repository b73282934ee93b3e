/* Host side of the FPGA host link, protocol v2 (docs/hostlink.md): framed
 * requests and answers with a payload of up to 512 bytes, CRC-16,
 * sequence numbers and retries, over any byte stream (a serial port or a
 * TCP socket to the simulated board). */
#ifndef SCORD_HOSTLINK_H
#define SCORD_HOSTLINK_H

#include <stddef.h>
#include <stdint.h>

#include "scord_defs.h"

/* Every number of the protocol comes from config/regmap.def (HL_*), which
 * the firmware builds from too. */
enum hostlink_cmd {
    HL_PING = SCORD_HL_CMD_PING,
    HL_CTL_RD = SCORD_HL_CMD_CTL_RD,
    HL_CTL_WR = SCORD_HL_CMD_CTL_WR,
    HL_MEM_RD = SCORD_HL_CMD_MEM_RD,
    HL_MEM_WR = SCORD_HL_CMD_MEM_WR,
    HL_STATS = SCORD_HL_CMD_STATS,
    HL_CTL_RDN = SCORD_HL_CMD_CTL_RDN,
    HL_CTL_WRN = SCORD_HL_CMD_CTL_WRN,
    HL_RACE_TAKE = SCORD_HL_CMD_RACE_TAKE,
};

enum hostlink_status {
    HL_OK = SCORD_HL_ST_OK,
    HL_BAD_CMD = SCORD_HL_ST_BAD_CMD,
    HL_BAD_ADDR = SCORD_HL_ST_BAD_ADDR,
    HL_BAD_LEN = SCORD_HL_ST_BAD_LEN,
    HL_NO_RING = SCORD_HL_ST_NO_RING,
};

#define HL_SOF_REQ SCORD_HL_SOF_REQ
#define HL_SOF_RSP SCORD_HL_SOF_RSP
#define HL_MAX_PAYLOAD SCORD_HL_MAX_PAYLOAD
#define HL_REQ_HDR 13u /* start byte .. n */
#define HL_RSP_HDR 9u
#define HL_REQ_MAX (HL_REQ_HDR + HL_MAX_PAYLOAD + 2u)
#define HL_RSP_MAX (HL_RSP_HDR + HL_MAX_PAYLOAD + 2u)
#define HL_MAGIC SCORD_HL_MAGIC
#define HL_MAGIC_V1 SCORD_HL_MAGIC_V1
#define HL_RDN_MAX SCORD_HL_RDN_MAX
#define HL_WRN_MAX SCORD_HL_WRN_MAX
#define HL_TAKE_MAX SCORD_HL_TAKE_MAX
#define HL_REC_BYTES SCORD_DET_REC_BYTES
#define HL_INFO_WORDS SCORD_HL_INFO_WORDS
#define HL_STATS_WORDS SCORD_HL_STAT_WORDS

/* PING info block and STATS payload, word by word */
enum hostlink_info {
    HL_INFO_VERSION = SCORD_HL_INFO_VERSION,
    HL_INFO_SELFTEST = SCORD_HL_INFO_SELFTEST, /* SCORD_HL_SELFTEST_* bits */
    HL_INFO_MEM_WORDS = SCORD_HL_INFO_MEM_WORDS,
    HL_INFO_MEM_FAIL = SCORD_HL_INFO_MEM_FAIL,
    HL_INFO_DET_RACES = SCORD_HL_INFO_DET_RACES,
    HL_INFO_BOOTS = SCORD_HL_INFO_BOOTS,
    HL_INFO_CLK_HZ = SCORD_HL_INFO_CLK_HZ,
    HL_INFO_MAX_PAYLOAD = SCORD_HL_INFO_MAX_PAYLOAD,
};
enum hostlink_stat {
    HL_STAT_SERVED = SCORD_HL_STAT_SERVED,
    HL_STAT_BAD_CRC = SCORD_HL_STAT_BAD_CRC,
    HL_STAT_TIMEOUTS = SCORD_HL_STAT_TIMEOUTS,
    HL_STAT_RETRIES = SCORD_HL_STAT_RETRIES,
    HL_STAT_OVERRUNS = SCORD_HL_STAT_OVERRUNS,
    HL_STAT_FRAMING = SCORD_HL_STAT_FRAMING,
    HL_STAT_GARBAGE = SCORD_HL_STAT_GARBAGE,
};

struct hostlink_answer {
    uint8_t seq, status;
    uint32_t data;
    uint16_t n; /* payload bytes */
    uint8_t payload[HL_MAX_PAYLOAD];
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
/* Encodes one request into out (HL_REQ_MAX bytes); n <= HL_MAX_PAYLOAD.
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
 * INVALID_ARG (n over HL_MAX_PAYLOAD), IO (link down), TIMEOUT (no
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
