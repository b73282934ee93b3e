/* libscord's queue of the race records a device streams out of its ring
 * while a kernel runs (backends with ring_take: the board over its link).
 * The records wait here, merged as the detector merges them in its ring,
 * until the ring drain (ring.c) takes them. */
#include "scord_int.h"

#include <stdlib.h>
#include <string.h>

bool scord_stream_can_take(const scord_device *dev) { return dev->be->ring_take != NULL; }

uint32_t scord_stream_queued(const scord_device *dev) { return dev->rq_len; }

uint32_t scord_stream_dequeue(scord_device *dev, unsigned char *dst, uint32_t max)
{
    uint32_t k = max < dev->rq_len ? max : dev->rq_len;
    if (!k)
        return 0;
    memcpy(dst, dev->rq + (size_t)dev->rq_first * SCORD_DET_REC_BYTES,
           (size_t)k * SCORD_DET_REC_BYTES);
    dev->rq_first += k;
    dev->rq_len -= k;
    if (!dev->rq_len)
        dev->rq_first = 0;
    return k;
}

/* Re-arming empties the ring: the records taken from it go too. */
void scord_stream_clear(scord_device *dev) { dev->rq_first = dev->rq_len = 0; }

static uint32_t rec_word(const unsigned char *r, unsigned w)
{
    const unsigned char *p = r + 4 * w;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Record slot `from` of the queue's buffer, taken just now and at or after
 * the queue's end, joins the queue, unless a queued record has its (PC,
 * race type): then its occurrences are added to that one, as the
 * detector's suppression table (docs/detector.md 8.3) would have done had
 * the record stayed in the ring. Without this a long racy kernel would show
 * the same race many times over the link and once on the cycle model,
 * which only drains at the end. */
static void queue_add(scord_device *dev, uint32_t from)
{
    const size_t R = SCORD_DET_REC_BYTES;
    unsigned char *rec = dev->rq + (size_t)from * R;
    uint32_t pc = rec_word(rec, 1), type = rec_word(rec, 0) & 0xffu;
    for (uint32_t i = 0; i < dev->rq_len; i++) {
        unsigned char *q = dev->rq + (size_t)(dev->rq_first + i) * R;
        if (rec_word(q, 1) != pc || (rec_word(q, 0) & 0xffu) != type)
            continue;
        uint64_t sum = (uint64_t)rec_word(q, 6) + rec_word(rec, 6);
        uint32_t c = sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum;
        for (int b = 0; b < 4; b++)
            q[24 + b] = (unsigned char)(c >> (8 * b));
        /* the stale flag is sticky, as in the detector's merges; the
         * warning stays only while every occurrence was one */
        q[16 + SCORD_DET_REC_STALE_BIT / 8] |= rec[16 + SCORD_DET_REC_STALE_BIT / 8];
        q[12 + SCORD_DET_REC_WARN_BIT / 8] &= rec[12 + SCORD_DET_REC_WARN_BIT / 8];
        return;
    }
    uint32_t to = dev->rq_first + dev->rq_len;
    if (to != from)
        memmove(dev->rq + (size_t)to * R, rec, R);
    dev->rq_len++;
}

/* The queue holds four rings' worth, capped at 64 Ki records unless one
 * ring is larger; 64 Ki for a ring armed by other means than scord_launch
 * (scord_detector_arm_regions). */
static uint32_t queue_limit(const scord_device *dev)
{
    uint64_t ring = dev->det_cfg.ring_records, lim = 4 * ring;
    if (!ring || lim > 65536u)
        lim = ring > 65536u ? ring : 65536u;
    return (uint32_t)lim;
}

/* One poll of a running kernel: move what the ring holds into the queue,
 * so the ring overflows only if the link cannot keep up. */
int scord_stream_take(scord_device *dev, uint32_t *left_in_ring)
{
    *left_in_ring = 0;
    /* a take size even for a ring armed by other means than scord_launch */
    uint32_t chunk = dev->det_cfg.ring_records ? dev->det_cfg.ring_records : 256u;
    uint32_t limit = queue_limit(dev);
    uint32_t room = dev->rq_len < limit ? limit - dev->rq_len : 0;
    if (room > chunk)
        room = chunk;
    if (!room)
        return 0; /* full: let the ring overflow, DET_RING_DROPS counts it */
    if (dev->rq_first + dev->rq_len + room > dev->rq_cap) {
        if (dev->rq_len)
            memmove(dev->rq, dev->rq + (size_t)dev->rq_first * SCORD_DET_REC_BYTES,
                    (size_t)dev->rq_len * SCORD_DET_REC_BYTES);
        dev->rq_first = 0;
        if (dev->rq_len + room > dev->rq_cap) {
            uint32_t cap = dev->rq_len + room;
            if (cap < 2 * dev->rq_cap)
                cap = 2 * dev->rq_cap < limit ? 2 * dev->rq_cap : limit;
            unsigned char *q = realloc(dev->rq, (size_t)cap * SCORD_DET_REC_BYTES);
            if (!q)
                return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory for race records");
            dev->rq = q;
            dev->rq_cap = cap;
        }
    }
    uint32_t got = 0, left = 0;
    int rc = dev->be->ring_take(
        dev->ctx, dev->rq + (size_t)(dev->rq_first + dev->rq_len) * SCORD_DET_REC_BYTES, room,
        &got, &left);
    if (rc == SCORD_ERR_NOT_SUPPORTED) {
        dev->streaming = false; /* no ring after all: nothing to stream */
        return 0;
    }
    if (rc)
        return scord_fail(dev, rc, "taking race records out of the detector's ring failed");
    /* the batch sits right after the queue; queue_add packs it in place */
    const uint32_t batch = dev->rq_first + dev->rq_len;
    for (uint32_t i = 0; i < got; i++)
        queue_add(dev, batch + i);
    *left_in_ring = left;
    return 0;
}

/* Moves what the device's ring holds into the queue (a few takes at
 * most: a kernel still running may refill it forever). */
int scord_stream_pull(scord_device *dev)
{
    uint32_t left = 0;
    for (int round = 0; round < 8 && dev->rq_len < queue_limit(dev); round++) {
        int rc = scord_stream_take(dev, &left);
        if (rc)
            return rc;
        if (!left)
            break;
    }
    return 0;
}
