/* The acquire side (docs/detector.md §6.1 epoch and acquire stamps, §6.3
 * C7): message passing between blocks with and without the consumer's
 * device fence, STALE_READ and its stale flag, fence-fence ordering of
 * stores, the epoch's saturation. The flag is a word of device atomics
 * (F), the data X; block 0 produces, block 1 consumes. */
#include "fixture.h"

#include <string.h>

#define F Y

/* Producer: data (weak or strong), device fence, flag. */
static void produce(int strong)
{
    acc(0, 0, SCORD_DET_EV_STORE, X, strong, 0);
    fence(0, 0, 1);
    at(0, 0, F, 1);
}

/* A weak load of lane l by block 1 warp 0 whose L1 value was (not) stale. */
static void ld_stale(uint32_t a, int stale)
{
    scord_event_t e = mk(1, 0, SCORD_DET_EV_LOAD, a);
    e.stale = (uint8_t)stale;
    scord_ref_event(m, &e);
}

static int mp_textbook_free(void)
{   /* the CUDA programming guide's pattern: weak data, fences on both sides */
    setup();
    produce(0);
    at(1, 0, F, 1);
    fence(1, 0, 1);
    ld(1, 0, X);
    CHECK(none(), "%s", unit_why());
    CHECK(cnt(SCORD_DET_CNT_EPOCH_SAT) == 0, "saturation counted");
    return 1;
}
static int mp_no_acquire_racy(void)
{   /* no consumer fence: the load may hit a stale line of its L1 */
    setup();
    produce(0);
    at(1, 0, F, 1);
    ld(1, 0, X);
    CHECK(one(SCORD_DET_RACE_STALE_READ, 1), "%s", unit_why());
    scord_record_t r = rec(0);
    CHECK(r.kind == SCORD_DET_EV_LOAD && r.strong == 0 && r.prev_modified && r.prev_block == 0 &&
              r.stale == 0,
          "fields kind %u strong %u prev_mod %u prev_block %u stale %u", r.kind, r.strong,
          r.prev_modified, r.prev_block, r.stale);
    return 1;
}
static int mp_strong_data_no_acquire_racy(void)
{   /* the producer's strong store does not help a weak reader */
    setup();
    produce(1);
    at(1, 0, F, 1);
    ld(1, 0, X);
    return one(SCORD_DET_RACE_STALE_READ, 1);
}
static int mp_strong_load_free(void)
{   /* a strong load bypasses the L1: both strong need no acquire fence */
    setup();
    produce(1);
    at(1, 0, F, 1);
    lds(1, 0, X);
    return none();
}
static int mp_strong_load_weak_data_racy(void)
{   /* ... but a weak write read strongly without the fence stays NOT_STRONG */
    setup();
    produce(0);
    at(1, 0, F, 1);
    lds(1, 0, X);
    return one(SCORD_DET_RACE_NOT_STRONG, 1);
}
static int mp_strong_load_acquired_free(void)
{   /* with the consumer's fence any pair is ordered */
    setup();
    produce(0);
    at(1, 0, F, 1);
    fence(1, 0, 1);
    lds(1, 0, X);
    return none();
}
static int mp_block_fence_racy(void)
{   /* a block fence does not drop the reader's L1 across blocks */
    setup();
    produce(0);
    at(1, 0, F, 1);
    fence(1, 0, 0);
    ld(1, 0, X);
    return one(SCORD_DET_RACE_STALE_READ, 1);
}
static int mp_other_warp_fence_free(void)
{   /* the acquire is the block's: one warp polls and fences, the others
     * read after a barrier (or a block-scope flag) */
    setup();
    produce(0);
    at(1, 1, F, 1);
    fence(1, 1, 1);
    barrier(1);
    ld(1, 0, X);
    return none();
}
static int mp_other_block_fence_racy(void)
{   /* ... but another block's fence is no acquire of this one */
    setup();
    produce(0);
    at(2, 0, F, 1);
    fence(2, 0, 1);
    at(1, 0, F, 1);
    ld(1, 0, X);
    return one(SCORD_DET_RACE_STALE_READ, 1);
}
static int mp_fence_before_write_racy(void)
{   /* the reader's fence came before the write: it orders nothing */
    setup();
    fence(1, 0, 1);
    produce(0);
    at(1, 0, F, 1);
    ld(1, 0, X);
    return one(SCORD_DET_RACE_STALE_READ, 1);
}
static int mp_early_fence_missed(void)
{   /* the documented false negative (§9): a reader fence between the write
     * and the producer's fence has an acquire stamp past the write's epoch */
    setup();
    st(0, 0, X);
    fence(1, 0, 1);
    fence(0, 0, 1);
    at(0, 0, F, 1);
    at(1, 0, F, 1);
    ld(1, 0, X);
    return none();
}
static int mp_no_release_dev_fence(void)
{   /* without the producer's fence C5 decides first, as before */
    setup();
    st(0, 0, X);
    at(0, 0, F, 1);
    at(1, 0, F, 1);
    fence(1, 0, 1);
    ld(1, 0, X);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int mp_same_block_unchanged(void)
{   /* within a block one L1 serves both warps: the rule is not applied,
     * fenced weak pairs stay NOT_STRONG (Table IV c) */
    setup();
    st(0, 0, X);
    fence(0, 0, 1);
    at(0, 0, F, 1);
    at(0, 1, F, 1);
    fence(0, 1, 1);
    ld(0, 1, X);
    return one(SCORD_DET_RACE_NOT_STRONG, 0);
}
static int mp_store_acquired_free(void)
{   /* fence-fence synchronisation orders a later weak store too */
    setup();
    produce(0);
    at(1, 0, F, 1);
    fence(1, 0, 1);
    st(1, 0, X);
    return none();
}
static int mp_store_unacquired_racy(void)
{   /* ... and without the consumer's fence a weak store stays NOT_STRONG */
    setup();
    produce(0);
    at(1, 0, F, 1);
    st(1, 0, X);
    return one(SCORD_DET_RACE_NOT_STRONG, 1);
}
static int mp_atomic_acquired_free(void)
{   /* an atomic after plain accesses is a store: ordered the same way */
    setup();
    produce(0);
    at(1, 0, F, 1);
    fence(1, 0, 1);
    at(1, 0, X, 1);
    return none();
}
static int mp_chain_free(void)
{   /* a transitive chain of three blocks, each link a device fence and a flag */
    setup();
    produce(0);
    at(1, 0, F, 1);
    fence(1, 0, 1);
    at(1, 0, LOCK2, 1);
    at(2, 0, LOCK2, 1);
    fence(2, 0, 1);
    ld(2, 0, X);
    return none();
}
static int mp_war_acquired_free(void)
{   /* write after read, ordered by fences on both sides and a flag */
    setup();
    ld(0, 0, X);
    fence(0, 0, 1);
    at(0, 0, F, 1);
    at(1, 0, F, 1);
    fence(1, 0, 1);
    st(1, 0, X);
    return none();
}
static int stale_flag_record(void)
{   /* the record says whether the load returned a stale value; merged
     * occurrences set it (sticky), never clear it */
    setup();
    st(0, 0, X);
    st(0, 0, X + 4);
    st(0, 0, X + 8);
    fence(0, 0, 1);
    at(0, 0, F, 1);
    at(1, 0, F, 1);
    uint32_t pc = pc_next;
    ld_stale(X, 0);
    CHECK(nrec() == 1 && rec(0).type == SCORD_DET_RACE_STALE_READ && rec(0).stale == 0, "first");
    pc_next = pc;  /* the same load instruction, another word: merged */
    ld_stale(X + 4, 1);
    CHECK(nrec() == 1 && rec(0).count == 2 && rec(0).stale == 1, "stale not merged: count %u stale %u",
          rec(0).count, rec(0).stale);
    pc_next = pc;
    ld_stale(X + 8, 0);
    CHECK(nrec() == 1 && rec(0).count == 3 && rec(0).stale == 1, "stale cleared by a merge");
    /* a new record carries the occurrence's own flag */
    setup();
    produce(0);
    at(1, 0, F, 1);
    ld_stale(X, 1);
    CHECK(nrec() == 1 && rec(0).stale == 1, "stale load recorded as fresh");
    /* the word of the record that holds it: word 4 bit 24 */
    const uint8_t *p = scord_ref_mem(m) + RING;
    CHECK(p[19] == 0x01, "record byte 19 = 0x%02x", p[19]);
    return 1;
}
static int stale_line_event(void)
{   /* a line event's stale lanes reach each lane's event */
    setup();
    produce(0);
    at(1, 0, F, 1);
    scord_line_event_t le;
    memset(&le, 0, sizeof le);
    le.ev = mk(1, 0, SCORD_DET_EV_LOAD, X);
    le.mask = 0x5;            /* lanes 0 and 2: X and X + 4 */
    le.off[0] = (uint8_t)(X & 31u);
    le.off[2] = (uint8_t)((X + 4) & 31u);
    le.stale = 0x4;
    scord_ref_line_event(m, &le, 32);
    CHECK(nrec() == 1 && rec(0).lane == 0 && rec(0).stale == 0, "lane 0's record");
    uint32_t w[32];
    scord_line_event_pack(&le, 8, 32, w);
    /* 160 + 8 mask + 8 x 5 offsets: the stale lanes at bit 208 */
    CHECK((w[6] >> 16 & 0xFFu) == 0x4, "stale lanes packed at 0x%x", w[6]);
    CHECK(scord_line_event_words(8, 32) == 8, "words %u", scord_line_event_words(8, 32));
    return 1;
}
static int epoch_and_stamps(void)
{   /* E counts device fences; a block's stamp is E after its warps' last
     * one; the entry keeps E at the access; a kernel start clears them */
    setup();
    fence(0, 0, 1);
    fence(2, 1, 0);           /* block fences do not count */
    fence(1, 0, 1);
    CHECK(scord_ref_epoch(m) == 2, "epoch %u", scord_ref_epoch(m));
    CHECK(scord_ref_fence_acq(m, 0) == 1 && scord_ref_fence_acq(m, 1) == 2 &&
              scord_ref_fence_acq(m, 2) == 0,
          "stamps %u %u %u", scord_ref_fence_acq(m, 0), scord_ref_fence_acq(m, 1),
          scord_ref_fence_acq(m, 2));
    fence(1, 3, 1);           /* another warp of block 1 */
    CHECK(scord_ref_fence_acq(m, 1) == 3, "block stamp %u", scord_ref_fence_acq(m, 1));
    st(3, 0, X);
    CHECK(md_of(X).epoch == 3, "entry epoch %u", md_of(X).epoch);
    uint64_t raw[2];
    md_at((X - TRACK) >> 2, raw);
    CHECK((raw[1] >> (SCORD_DET_MD_EPOCH_LSB - 64) & 0xFFFFu) == 3 &&
              (raw[1] >> (SCORD_DET_MD_LBYTES_LSB - 64) & 0xFu) == 0xF && raw[1] >> 55 == 0,
          "raw high word 0x%016llx", (unsigned long long)raw[1]);
    scord_ref_kernel_start(m);
    CHECK(scord_ref_epoch(m) == 0 && scord_ref_fence_acq(m, 1) == 0, "kernel start kept them");
    return 1;
}
/* n device fences by a bystander warp (block 3), then the pattern. */
static void burn(uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        fence(3, 3, 1);
}
static int epoch_saturation(void)
{
    setup();
    burn(SCORD_DET_EPOCH_MAX - 2);
    /* still exact below the top: the missing acquire is found */
    produce(0);               /* the write at E = MAX - 2, the release to MAX - 1 */
    at(1, 0, F, 1);
    ld(1, 0, X);
    CHECK(one(SCORD_DET_RACE_STALE_READ, 1), "below the top: %s", unit_why());
    /* E reaches the top and stays there */
    fence(3, 3, 1);
    fence(3, 3, 1);
    CHECK(scord_ref_epoch(m) == SCORD_DET_EPOCH_MAX, "epoch %u", scord_ref_epoch(m));
    /* an access made at the top is taken as ordered, and counted */
    st(0, 0, Y + 16);
    fence(0, 0, 1);
    ld(1, 0, Y + 16);
    CHECK(nrec() == 1 && cnt(SCORD_DET_CNT_EPOCH_SAT) == 1, "records %u, saturated %u", nrec(),
          cnt(SCORD_DET_CNT_EPOCH_SAT));
    /* a pair that needs no acquire (both strong) is not counted */
    sts(0, 0, Y + 32);
    fence(0, 0, 1);
    lds(1, 0, Y + 32);
    CHECK(nrec() == 1 && cnt(SCORD_DET_CNT_EPOCH_SAT) == 1, "saturated %u", cnt(SCORD_DET_CNT_EPOCH_SAT));
    /* an entry written before the top still compares exactly */
    setup();
    burn(SCORD_DET_EPOCH_MAX - 1);
    st(0, 0, X);              /* at MAX - 1 */
    fence(0, 0, 1);           /* to MAX */
    fence(1, 0, 1);           /* stays MAX: the reader's stamp is MAX > MAX - 1 */
    ld(1, 0, X);
    CHECK(none(), "acquired at the top: %s", unit_why());
    /* the next kernel starts from 0 again */
    scord_ref_kernel_start(m);
    produce(0);
    at(1, 0, F, 1);
    ld(1, 0, X);
    return one(SCORD_DET_RACE_STALE_READ, 1);
}

const struct unit_case refmodel_acquire_cases[] = {
    UNIT_CASE(mp_textbook_free), UNIT_CASE(mp_no_acquire_racy), UNIT_CASE(mp_strong_data_no_acquire_racy),
    UNIT_CASE(mp_strong_load_free), UNIT_CASE(mp_strong_load_weak_data_racy),
    UNIT_CASE(mp_strong_load_acquired_free), UNIT_CASE(mp_block_fence_racy),
    UNIT_CASE(mp_other_warp_fence_free), UNIT_CASE(mp_other_block_fence_racy),
    UNIT_CASE(mp_fence_before_write_racy),
    UNIT_CASE(mp_early_fence_missed), UNIT_CASE(mp_no_release_dev_fence),
    UNIT_CASE(mp_same_block_unchanged), UNIT_CASE(mp_store_acquired_free),
    UNIT_CASE(mp_store_unacquired_racy), UNIT_CASE(mp_atomic_acquired_free), UNIT_CASE(mp_chain_free),
    UNIT_CASE(mp_war_acquired_free), UNIT_CASE(stale_flag_record), UNIT_CASE(stale_line_event),
    UNIT_CASE(epoch_and_stamps), UNIT_CASE(epoch_saturation),
    UNIT_END,
};
