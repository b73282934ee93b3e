/* The reference model's report writer (ring, overflow, suppression, record
 * layout), register refusals, intrusion, and the event packing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"

/* ---- report writer ------------------------------------------------------------------ */

static int ring_overflow(void)
{
    setup_mode(0, 4);  /* 3 usable slots */
    for (int i = 0; i < 6; i++) {
        st(0, 0, X + 4 * (uint32_t)i);
        ld(1, 0, X + 4 * (uint32_t)i);  /* distinct pcs */
    }
    CHECK(nrec() == 3, "head %u", nrec());
    CHECK(R(SCORD_DET_RING_DROPS) == 3, "drops %u", R(SCORD_DET_RING_DROPS));
    CHECK(R(SCORD_DET_STATUS) & SCORD_DET_STATUS_OVERFLOW, "overflow bit");
    CHECK(races(SCORD_DET_RACE_DEV_FENCE) == 6, "race counter %u", races(SCORD_DET_RACE_DEV_FENCE));
    W(SCORD_DET_RING_TAIL, 2);  /* consumer took two records */
    st(0, 0, Y);
    ld(1, 0, Y);
    st(0, 0, Y + 4);
    ld(1, 0, Y + 4);
    st(0, 0, Y + 8);
    ld(1, 0, Y + 8);
    CHECK(R(SCORD_DET_RING_HEAD) == 1 && R(SCORD_DET_RING_DROPS) == 4, "head %u drops %u",
          R(SCORD_DET_RING_HEAD), R(SCORD_DET_RING_DROPS));
    CHECK(rec(3).addr == Y && rec(0).addr == Y + 4, "wrapped records");
    W(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE | SCORD_DET_CTRL_CLEAR);
    CHECK(!(R(SCORD_DET_STATUS) & SCORD_DET_STATUS_OVERFLOW), "overflow bit not cleared");
    return 1;
}
/* A racy read of X at `pc` by block 1 (the store was not fenced); block 1
 * fences afterwards so the next store does not race with the read. */
static void racy_read(uint32_t pc)
{
    sts(0, 0, X);
    scord_event_t e = mk(1, 0, SCORD_DET_EV_LOAD, X);
    e.pc = pc;
    e.strong = 1;
    scord_ref_event(m, &e);
    fence(1, 0, 1);
}
static int suppression(void)
{
    setup();
    for (int i = 0; i < 5; i++)
        racy_read(0x4444);
    CHECK(nrec() == 1, "records %u", nrec());
    CHECK(rec(0).count == 5 && rec(0).pc == 0x4444, "count %u", rec(0).count);
    CHECK(cnt(SCORD_DET_CNT_SUPPRESSED) == 4, "suppressed %u", cnt(SCORD_DET_CNT_SUPPRESSED));
    CHECK(races(SCORD_DET_RACE_DEV_FENCE) == 5, "race counter");
    W(SCORD_DET_RING_TAIL, 1);  /* consumed: the next repeat opens a new record */
    racy_read(0x4444);
    CHECK(nrec() == 2 && rec(1).count == 1 && rec(0).count == 5, "after consumption");
    /* Claimed (being read, tail not moved yet): no merge either (§8.3). */
    W(SCORD_DET_RING_CLAIM, 2);
    CHECK(R(SCORD_DET_RING_CLAIM) == 2 && R(SCORD_DET_RING_TAIL) == 1, "claim not taken");
    racy_read(0x4444);
    CHECK(nrec() == 3 && rec(1).count == 1 && rec(2).count == 1, "merged into a claimed record");
    racy_read(0x4444);
    CHECK(nrec() == 3 && rec(2).count == 2, "no merge into the open record");
    /* Claims outside tail..head are refused; a tail write ends the claim. */
    W(SCORD_DET_RING_CLAIM, 0);
    CHECK(R(SCORD_DET_RING_CLAIM) == 2 && (R(SCORD_DET_STATUS) & SCORD_DET_STATUS_TAIL_BAD),
          "claim behind the tail accepted");
    W(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE | SCORD_DET_CTRL_CLEAR);
    W(SCORD_DET_RING_CLAIM, 4);
    CHECK(R(SCORD_DET_RING_CLAIM) == 2 && (R(SCORD_DET_STATUS) & SCORD_DET_STATUS_TAIL_BAD),
          "claim past the head accepted");
    W(SCORD_DET_RING_CLAIM, 3);
    CHECK(R(SCORD_DET_RING_CLAIM) == 3, "claim of every record refused");
    W(SCORD_DET_RING_TAIL, 2);
    CHECK(R(SCORD_DET_RING_CLAIM) == 2, "tail write kept claim %u", R(SCORD_DET_RING_CLAIM));
    return 1;
}
static int suppression_fifo(void)
{
    setup();
    /* 17 distinct pcs evict the first; its repeat writes a new record */
    for (uint32_t i = 0; i < 17; i++)
        racy_read(0x5000 + 4 * i);
    racy_read(0x5000 + 4);  /* still in the table */
    CHECK(nrec() == 17 && rec(1).count == 2, "records %u count %u", nrec(), rec(1).count);
    racy_read(0x5000);  /* evicted */
    CHECK(nrec() == 18 && rec(0).count == 1 && rec(17).pc == 0x5000, "evicted entry");
    return 1;
}
static int record_layout(void)
{
    setup();
    scord_event_t e = mk(3, 2, SCORD_DET_EV_STORE, X + 1);
    e.size = 0;
    e.core = 5;
    e.lane = 7;
    e.pc = 0x12345678;
    sts(1, 4, X);
    e.block = 0x1234;
    scord_ref_event(m, &e);
    CHECK(nrec() == 1, "records");
    const uint8_t *p = scord_ref_mem(m) + RING;
    uint32_t w[8];
    for (int i = 0; i < 8; i++)
        w[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
               (uint32_t)p[4 * i + 3] << 24;
    /* v2 adds bit 19 (the previous PC is known: DET_PC_BASE 0, pc 0x1004),
     * the previous lane (0) and the previous PC index in word 5 */
    uint32_t w0 = SCORD_DET_RACE_DEV_FENCE | 1u << 8 | 1u << 9 | 0u << 11 | 1u << 13 | 1u << 16 |
                  1u << 19;
    CHECK(w[0] == w0, "w0 0x%08x expected 0x%08x", w[0], w0);
    CHECK(w[1] == 0x12345678 && w[2] == X + 1 && w[3] == 0x1234, "pc/addr/block");
    CHECK(w[4] == (5u | 2u << 8 | 7u << 16), "w4 0x%08x", w[4]);
    CHECK(w[5] == (1u | 4u << 8 | (0x1004u >> 2) << 16), "w5 0x%08x", w[5]);
    CHECK(w[6] == 1 && w[7] == 2, "count %u seq %u", w[6], w[7]);
    return 1;
}

/* ---- registers, refusal, intrusion ------------------------------------------------------- */

static int bad_registers(void)
{
    return refuse(SCORD_DET_MODE, 0, SCORD_DET_ERR_NONE) &&
           refuse(SCORD_DET_MODE, 6, SCORD_DET_ERR_MODE) &&
           refuse(SCORD_DET_RING_SIZE, 0, SCORD_DET_ERR_RING_SIZE) &&
           refuse(SCORD_DET_RING_SIZE, 1, SCORD_DET_ERR_RING_SIZE) &&
           refuse(SCORD_DET_RING_BASE, MEM - 32, SCORD_DET_ERR_RING_RANGE) &&
           refuse(SCORD_DET_RING_BASE, 0xFFFFFFE0u, SCORD_DET_ERR_RING_RANGE) &&
           refuse(SCORD_DET_RING_BASE, RING + 4, SCORD_DET_ERR_RING_RANGE) &&
           refuse(SCORD_DET_RING_BASE, 0, SCORD_DET_ERR_RING_RANGE) &&
           refuse(SCORD_DET_TRACK_BYTES, 0x18000, SCORD_DET_ERR_TRACK_RANGE) &&
           refuse(SCORD_DET_TRACK_BYTES, 0, SCORD_DET_ERR_TRACK_RANGE) &&
           refuse(SCORD_DET_TRACK_BASE, 0xFFFF0000u, SCORD_DET_ERR_TRACK_RANGE) &&
           refuse(SCORD_DET_MD_BASE, MEM - 8, SCORD_DET_ERR_MD_RANGE) &&
           refuse(SCORD_DET_MD_BASE, 0xFFFFFFF8u, SCORD_DET_ERR_MD_RANGE) &&
           refuse(SCORD_DET_MD_BASE, MDB + 4, SCORD_DET_ERR_MD_RANGE) &&
           refuse(SCORD_DET_MD_BASE, TRACK, SCORD_DET_ERR_OVERLAP) &&
           refuse(SCORD_DET_MD_BASE, RING - 0x100, SCORD_DET_ERR_OVERLAP) &&
           refuse(SCORD_DET_RING_BASE, TRACK + 0x20, SCORD_DET_ERR_OVERLAP);
}
/* A suppression entry whose record was consumed and whose slot the ring
 * has since reused for another record must not merge into that record
 * (found by the soak, docs/trust.md §5: a ring of two slots under a race
 * storm gave one record another's count). */
static int suppression_slot_reused(void)
{
    setup_mode(0, 2); /* one usable slot */
    racy_read(0xA0);
    racy_read(0xA0);
    CHECK(nrec() == 1 && rec(0).count == 2, "A: count %u", rec(0).count);
    W(SCORD_DET_RING_TAIL, 1);
    racy_read(0xB0); /* slot 1 */
    W(SCORD_DET_RING_TAIL, 0);
    racy_read(0xC0); /* slot 0 again, where A was */
    CHECK(R(SCORD_DET_RING_HEAD) == 1 && rec(0).pc == 0xC0 && rec(0).count == 1, "C");
    racy_read(0xA0); /* A's entry still names slot 0 */
    CHECK(rec(0).pc == 0xC0 && rec(0).count == 1, "A's repeat changed C's count to %u",
          rec(0).count);
    CHECK(R(SCORD_DET_RING_DROPS) == 1, "drops %u (the ring is full)", R(SCORD_DET_RING_DROPS));
    W(SCORD_DET_RING_TAIL, 1);
    racy_read(0xA0); /* a new record for A */
    CHECK(R(SCORD_DET_RING_HEAD) == 0 && rec(1).pc == 0xA0 && rec(1).count == 1, "A again");
    return 1;
}
static int frozen_and_tail(void)
{
    setup();
    W(SCORD_DET_RING_SIZE, 0);
    CHECK(R(SCORD_DET_RING_SIZE) == 64, "config changed while armed");
    W(SCORD_DET_RING_TAIL, 64);
    CHECK(R(SCORD_DET_RING_TAIL) == 0 && (R(SCORD_DET_STATUS) & SCORD_DET_STATUS_TAIL_BAD), "tail");
    W(SCORD_DET_CTRL, 0);
    st(0, 0, X);
    CHECK(cnt(SCORD_DET_CNT_ACCESSES) == 0, "disabled detector counted");
    CHECK(md_of(X).gen == 0, "disabled detector wrote metadata");
    return 1;
}
static int intrusion(void)
{
    setup();
    ld(0, 0, MDB + 16);
    CHECK(none() && cnt(SCORD_DET_CNT_UNTRACKED) == 1, "load of metadata");
    st(0, 0, MDB + 16);
    at(0, 1, RING + 40, 1);
    CHECK(nrec() == 2 && rec(0).type == SCORD_DET_RACE_INTRUSION && rec(1).addr == RING + 40,
          "records %u", nrec());
    CHECK(R(SCORD_DET_STATUS) & SCORD_DET_STATUS_INTRUSION, "status");
    st(0, 0, 0x90000);
    CHECK(cnt(SCORD_DET_CNT_UNTRACKED) == 2 && cnt(SCORD_DET_CNT_ACCESSES) == 4, "untracked");
    return 1;
}
static int event_pack(void)
{
    scord_event_t a, b;
    memset(&a, 0, sizeof a);
    a.kind = 2; a.scope = 1; a.strong = 1; a.size = 2; a.pc = 0x11223344; a.addr = 0x55667788;
    a.core = 0xAB; a.block = 0xBEEF; a.warp = 31; a.lane = 17; a.barrier = 0xC3; a.bloom = 0x8001;
    a.wsync = 0xA5;
    uint32_t w[SCORD_EVENT_WORDS];
    CHECK(SCORD_EVENT_WORDS == 5, "%d event words", SCORD_EVENT_WORDS);
    scord_event_pack(&a, w);
    CHECK(w[2] == 0xABC38001u && w[3] == (0xBEEFu | 31u << 16 | 17u << 21 | 2u << 26 | 1u << 28 |
                                          1u << 29 | 2u << 30), "w3 0x%08x", w[3]);
    CHECK(w[4] == 0xA5u, "w4 0x%08x", w[4]);
    memset(&b, 0, sizeof b);  /* padding bytes too: memcmp below */
    scord_event_unpack(w, &b);
    CHECK(memcmp(&a, &b, sizeof a) == 0, "round trip");
    w[4] = 0xFFFFFF5Au;  /* [31:8] are 0 by contract, and ignored */
    scord_event_unpack(w, &b);
    CHECK(b.wsync == 0x5A, "wsync 0x%x", b.wsync);
    return 1;
}
static int line_event_pack(void)
{   /* §3.1: lead event, then the mask, then each lane's offset */
    scord_line_event_t le;
    memset(&le, 0, sizeof le);
    le.ev.kind = SCORD_DET_EV_STORE; le.ev.size = 2; le.ev.pc = 0x1234; le.ev.addr = 0x40A4;
    le.ev.lane = 1; le.ev.warp = 3; le.ev.block = 7;
    le.mask = 0x86;  /* lanes 1, 2, 7 */
    le.off[1] = 0x04; le.off[2] = 0x1C; le.off[7] = 0x08; le.off[5] = 0x1F;  /* 5: not in mask */
    uint32_t w[32];
    scord_event_t e0;
    CHECK(scord_line_event_words(8, 32) == 8 && scord_line_event_words(4, 32) == 7 &&
          scord_line_event_words(32, 32) == 17 && scord_line_event_words(1, 32) == 6, "word counts");
    scord_line_event_pack(&le, 8, 32, w);
    /* 8 lanes, 5-bit offsets: mask at 160, lane t's offset at 168 + 5t */
    CHECK((w[5] & 0xFFu) == 0x86u, "mask 0x%x", w[5] & 0xFFu);
    CHECK(((w[5] >> (8 + 5)) & 31u) == 0x04 && ((w[5] >> (8 + 10)) & 31u) == 0x1C &&
          ((w[6] >> 1) & 31u) == 0x1F, "offsets 0x%08x 0x%08x", w[5], w[6]);
    CHECK(((w[6] >> 11) & 31u) == 0x08 && (w[6] >> 16) == 0, "lane 7 offset, no stale lane 0x%08x", w[6]);
    le.stale = 0x84;  /* lanes 2 and 7; a lane outside the mask is not packed */
    le.stale |= 0x01;
    scord_line_event_pack(&le, 8, 32, w);
    CHECK((w[6] >> 16 & 0xFFu) == 0x84 && (w[4] >> 8) == 0, "stale lanes at 208: 0x%08x", w[6]);
    le.stale = 0;
    /* then each lane's value class, 3 bits at 216 + 3t (every lane's) */
    le.cls[1] = 1; le.cls[2] = 1; le.cls[7] = 5; le.cls[5] = 2;
    scord_line_event_pack(&le, 8, 32, w);
    CHECK((w[6] >> 24) == (1u << 3 | 1u << 6) && (w[7] & 0xFFFFu) == (2u << 7 | 5u << 13),
          "classes 0x%08x 0x%08x", w[6], w[7]);
    scord_line_event_lane(&le, 32, 7, &e0);
    CHECK(e0.vclass == 5, "lane 7's class %u", e0.vclass);
    memset(le.cls, 0, sizeof le.cls);
    scord_event_t e;
    scord_line_event_lane(&le, 32, 2, &e);
    CHECK(e.lane == 2 && e.addr == 0x40BC && e.pc == 0x1234 && e.warp == 3, "lane 2 at 0x%x", e.addr);
    /* The model takes the lanes in ascending order, as lane events: two
     * lanes of one warp on one word race (intra-warp), lane 1 first. */
    setup();
    le.mask = 0x6; le.off[1] = 0x04; le.off[2] = 0x04;
    le.ev.addr = X + 4;
    scord_ref_line_event(m, &le, 32);
    CHECK(cnt(SCORD_DET_CNT_ACCESSES) == 2 && nrec() == 1, "accesses %u records %u",
          cnt(SCORD_DET_CNT_ACCESSES), nrec());
    CHECK(rec(0).type == SCORD_DET_RACE_INTRA_WARP && rec(0).lane == 2 && rec(0).prev_lane == 1,
          "type %u lane %u prev %u", rec(0).type, rec(0).lane, rec(0).prev_lane);
    le.mask = 0;
    scord_ref_line_event(m, &le, 32);
    CHECK(cnt(SCORD_DET_CNT_ACCESSES) == 2, "an empty mask is nothing");
    return 1;
}
static int block_id_alias(void)
{   /* block ids equal modulo 128 are one block to the detector */
    setup();
    sts(0, 0, X);
    scord_event_t e = mk(0, 0, SCORD_DET_EV_LOAD, X);
    e.block = 128;
    e.strong = 1;
    scord_ref_event(m, &e);
    return none();
}

const struct unit_case refmodel_report_cases[] = {
    UNIT_CASE(ring_overflow), UNIT_CASE(suppression), UNIT_CASE(suppression_slot_reused),
    UNIT_CASE(suppression_fifo), UNIT_CASE(record_layout), UNIT_CASE(bad_registers),
    UNIT_CASE(frozen_and_tail), UNIT_CASE(intrusion), UNIT_CASE(event_pack),
    UNIT_CASE(line_event_pack), UNIT_CASE(block_id_alias),
    UNIT_END,
};
