/* Fuzz target: the driver's host-link frame parser (driver/src/hostlink.c).
 * The input is what the board sends: it is written into one end of a
 * socket pair, which is then closed, and the driver reads the other end.
 *
 * First byte even: hostlink_recv() until the stream ends; every answer it
 * returns must be a well-formed frame (payload within the maximum, which
 * is all the struct can hold). Odd: hostlink_xfer() of one request with no
 * retry, which must return 0 (an answer to its sequence number) or a
 * documented error, never hang. */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "../fuzz.h"
#include "hostlink.h"
#include "scord.h"

void fuzz_init(void) { signal(SIGPIPE, SIG_IGN); }

void fuzz_one(const uint8_t *data, size_t len)
{
    if (len == 0 || len > 65536)
        return;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv)) {
        perror("socketpair");
        exit(2);
    }
    int big = 1 << 18;
    setsockopt(sv[1], SOL_SOCKET, SO_SNDBUF, &big, sizeof big);
    setsockopt(sv[0], SOL_SOCKET, SO_RCVBUF, &big, sizeof big);
    FUZZ_ASSERT(hostlink_write(sv[1], data + 1, len - 1) == 0, "could not queue the input");
    shutdown(sv[1], SHUT_WR);

    struct hostlink hl;
    memset(&hl, 0, sizeof hl);
    hl.fd = sv[0];
    hl.timeout_ms = 1;
    hl.retries = 0;
    hl.seq = data[0] >> 1;
    struct hostlink_answer a;
    if (!(data[0] & 1)) {
        int r;
        unsigned answers = 0;
        while ((r = hostlink_recv(&hl, &a, 1)) == 1) {
            FUZZ_ASSERT(a.n <= SCORD_HL_MAX_PAYLOAD, "answer payload %u", a.n);
            FUZZ_ASSERT(++answers <= len / (HL_RSP_HDR + 2), "more answers than the input holds");
            FUZZ_ASSERT(hl.rx_len <= sizeof hl.rx, "buffer count %zu", hl.rx_len);
        }
        FUZZ_ASSERT(r == 0 || r == -1, "hostlink_recv returned %d", r);
    } else {
        uint8_t payload[8] = {1, 2, 3, 4, 5, 6, 7, 8};
        uint8_t seq = hl.seq;
        int r = hostlink_xfer(&hl, SCORD_HL_CMD_MEM_WR, 0x1000, 0, payload, sizeof payload, &a);
        FUZZ_ASSERT(r == 0 || r == SCORD_ERR_IO || r == SCORD_ERR_TIMEOUT, "hostlink_xfer returned %d", r);
        if (r == 0) {
            FUZZ_ASSERT(a.seq == seq, "answer to sequence %u, asked %u", a.seq, seq);
            FUZZ_ASSERT(a.n <= SCORD_HL_MAX_PAYLOAD, "answer payload %u", a.n);
        }
    }
    close(sv[0]);
    close(sv[1]);
}
