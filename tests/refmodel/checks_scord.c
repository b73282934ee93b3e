/* ScoRD's checks in the reference model: Table III's preliminary checks,
 * Table IV's race conditions, the lock table and its Bloom filter, and the
 * fence and barrier counters wrapping. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"

/* ---- Table III --------------------------------------------------------------- */

static int t3a_init_free(void)
{
    setup();
    st(0, 0, X);
    CHECK(cnt(SCORD_DET_CNT_PRELIM_PASS) == 1, "first access not passed by III(a)");
    ld(1, 0, Y);
    return none();
}
static int t3a_init_racy(void)
{   /* only the first access is covered by (a) */
    setup();
    st(0, 0, X);
    ld(1, 0, X);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int t3b_order_free(void)
{
    setup();
    st(0, 1, X);
    st(0, 1, X);
    ld(0, 1, X);
    st(0, 1, X);
    CHECK(cnt(SCORD_DET_CNT_PRELIM_PASS) == 4, "prelim passes %u", cnt(SCORD_DET_CNT_PRELIM_PASS));
    return none();
}
static int t3b_order_racy(void)
{
    setup();
    st(0, 1, X);
    ld(0, 2, X);
    return one(SCORD_DET_RACE_BLOCK_FENCE, 0);
}
static int t3c_barrier_free(void)
{
    setup();
    st(0, 0, X);
    barrier(0);
    ld(0, 1, X);
    ld(0, 2, X);  /* second reader: read-read */
    barrier(0);
    st(0, 3, X);
    return none();
}
static int t3c_barrier_racy(void)
{   /* a barrier of another block orders nothing */
    setup();
    st(0, 0, X);
    barrier(1);
    ld(0, 1, X);
    return one(SCORD_DET_RACE_BLOCK_FENCE, 0);
}
static int t3c_devshared_racy(void)
{   /* DevShared defeats (c): block 1 read X since the last write */
    setup();
    sts(0, 0, X);
    fence(0, 0, 1);
    lds(1, 0, X);
    ld(0, 0, X);
    barrier(0);
    st(0, 1, X);
    return one(SCORD_DET_RACE_BLOCK_FENCE, 0);
}

/* ---- Table IV ----------------------------------------------------------------- */

static int t4a_free(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 0, 0);
    lds(0, 1, X);
    return none();
}
static int t4a_racy(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 1, 0);  /* the wrong warp fenced */
    lds(0, 1, X);
    return one(SCORD_DET_RACE_BLOCK_FENCE, 0);
}
static int t4b_free(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 0, 1);
    lds(1, 0, X);
    sts(2, 1, Y);
    fence(2, 1, 1);
    sts(3, 0, Y);  /* store: Modified is not required */
    return none();
}
static int t4b_racy(void)
{   /* a block fence does not order across blocks */
    setup();
    sts(0, 0, X);
    fence(0, 0, 0);
    lds(1, 0, X);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int t4b_war_racy(void)
{   /* write after read, store side */
    setup();
    lds(0, 0, X);
    sts(1, 0, X);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int t4c_racy(void)
{
    setup();
    st(0, 0, X);  /* weak */
    fence(0, 0, 1);
    lds(1, 0, X);
    CHECK(one(SCORD_DET_RACE_NOT_STRONG, 1), "%s", unit_why());
    scord_record_t r = rec(0);
    CHECK(r.prev_strong == 0 && r.strong == 1, "strong flags %u %u", r.prev_strong, r.strong);
    return 1;
}
static int t4c_free(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 0, 1);
    lds(1, 0, X);
    return none();
}
static int t4c_block_racy(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 0, 0);
    ld(0, 1, X);  /* weak reader */
    return one(SCORD_DET_RACE_NOT_STRONG, 0);
}
static int t4d_racy(void)
{
    setup();
    at(0, 0, X, 0);
    at(1, 0, X, 1);
    CHECK(one(SCORD_DET_RACE_SCOPED_ATOM, 1), "%s", unit_why());
    scord_record_t r = rec(0);
    CHECK(r.prev_atom && r.prev_scope == 0 && r.scope == 1, "scopes in record");
    return 1;
}
static int t4d_cur_block_racy(void)
{   /* the current access's block scope counts too */
    setup();
    at(0, 0, X, 1);
    at(1, 0, X, 0);
    return one(SCORD_DET_RACE_SCOPED_ATOM, 1);
}
static int t4d_load_racy(void)
{   /* a plain access after a block-scope atomic of another block */
    setup();
    at(0, 0, X, 0);
    lds(1, 0, X);
    return one(SCORD_DET_RACE_SCOPED_ATOM, 1);
}
static int t4d_load_fenced_racy(void)
{   /* a device fence after another block's block-scope atomic orders
     * nothing: the atomic was only promised to its own block (ScoR's t4d) */
    setup();
    at(0, 0, X, 0);
    fence(0, 0, 1);
    lds(1, 0, X);
    return one(SCORD_DET_RACE_SCOPED_ATOM, 1);
}
static int t4d_free(void)
{
    setup();
    at(0, 0, X, 1);
    at(1, 0, X, 1);
    at(2, 3, X, 1);
    at(0, 0, Y, 0);
    at(0, 1, Y, 0);
    at(0, 2, Y, 1);
    return none();
}
static int t4e_racy(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lds(1, 0, X);  /* no lock */
    CHECK(one(SCORD_DET_RACE_LOCK_LOAD, 1), "%s", unit_why());
    return 1;
}
static int t4e_free(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    st(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lock(1, 0, LOCK, 1);
    ld(1, 0, X);  /* weak access under a common lock: no (c) */
    unlock(1, 0, LOCK, 1);
    return none();
}
static int t4f_racy(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lock(1, 0, LOCK2, 1);  /* another lock */
    sts(1, 0, X);
    return one(SCORD_DET_RACE_LOCK_STORE, 1);
}
static int t4f_free(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lock(1, 0, LOCK, 1);
    sts(1, 0, X);
    unlock(1, 0, LOCK, 1);
    return none();
}
static int t4f_blklock_across_blocks(void)
{
    setup();
    lock(0, 0, LOCK, 0);
    fence(0, 0, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 0);
    fence(0, 0, 1);
    lock(1, 0, LOCK, 0);
    sts(1, 0, X);
    /* the block-scope CAS against block 0's block-scope release (a device
     * fence after a block-scope atomic orders nothing across blocks), and
     * the data, which a block-scope lock does not protect across blocks */
    CHECK(nrec() == 2, "records %u", nrec());
    CHECK(rec(0).type == SCORD_DET_RACE_SCOPED_ATOM && rec(0).addr == LOCK,
          "lock variable: type %u", rec(0).type);
    CHECK(rec(1).type == SCORD_DET_RACE_LOCK_STORE && rec(1).devrace && rec(1).addr == X,
          "data: type %u", rec(1).type);
    return 1;
}
static int t4f_blklock_across_blocks_unfenced(void)
{   /* without that last device fence the CAS is a scoped-atomic race */
    setup();
    lock(0, 0, LOCK, 0);
    fence(0, 0, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 0);
    lock(1, 0, LOCK, 0);
    CHECK(nrec() == 1, "records %u", nrec());
    CHECK(rec(0).type == SCORD_DET_RACE_SCOPED_ATOM && rec(0).addr == LOCK, "lock variable");
    return 1;
}
static int t4f_mixed_scope_in_block(void)
{   /* device and block locks of one variable, one block: common lock */
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lock(0, 1, LOCK, 0);
    sts(0, 1, X);
    unlock(0, 1, LOCK, 0);
    return none();
}
static int t4_no_tf_racy(void)
{   /* lock without a fence before the release: happens-before catches it */
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    exch(0, 0, LOCK, 1);
    lock(1, 0, LOCK, 1);
    sts(1, 0, X);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int t4_no_stf_racy(void)
{   /* no fence after the acquire: the lock never becomes active */
    setup();
    cas(0, 0, LOCK, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lock(1, 0, LOCK, 1);
    sts(1, 0, X);
    return one(SCORD_DET_RACE_LOCK_STORE, 1);
}


/* ---- lock table and Bloom ------------------------------------------------------- */

static int lock_hash_formula(void)
{
    uint32_t a = 0xDEADBEEC;
    uint32_t h = ((a >> 2) ^ (a >> 8) ^ (a >> 14) ^ (a >> 20) ^ (a >> 26)) & 63u;
    CHECK(scord_lock_hash(a) == h, "hash");
    CHECK(scord_bloom_bits(0x2A, 0) == (1u << ((0x2A ^ 5) & 7)), "block bits 0x%x",
          scord_bloom_bits(0x2A, 0));
    CHECK(scord_bloom_bits(0x2A, 1) == (0x101u << ((0x2A ^ 5) & 7)), "device bits");
    return 1;
}
static int lock_inference(void)
{
    scord_locktab_t t;
    scord_locktab_reset(&t);
    scord_locktab_cas(&t, LOCK, 1);
    CHECK(scord_locktab_bloom(&t) == 0, "CAS alone activates");
    scord_locktab_fence(&t, 0);
    CHECK(scord_locktab_bloom(&t) == 0, "block fence activates a device lock");
    scord_locktab_fence(&t, 1);
    uint16_t b = scord_bloom_bits(scord_lock_hash(LOCK), 1);
    CHECK(scord_locktab_bloom(&t) == b, "device fence: bloom 0x%x", scord_locktab_bloom(&t));
    CHECK(t.scope[0] == 1, "device CAS recorded as block scope (the fall-through slip)");
    scord_locktab_exch(&t, LOCK, 0);
    CHECK(scord_locktab_bloom(&t) == b, "exchange of the other scope released");
    scord_locktab_exch(&t, LOCK, 1);
    CHECK(scord_locktab_bloom(&t) == 0 && !t.valid[0], "exchange did not release");
    scord_locktab_cas(&t, LOCK2, 0);
    scord_locktab_fence(&t, 1);  /* device fence activates narrower entries */
    CHECK(scord_locktab_bloom(&t) == scord_bloom_bits(scord_lock_hash(LOCK2), 0), "narrower");
    return 1;
}
static int lock_table_wrap(void)
{
    scord_locktab_t t;
    scord_locktab_reset(&t);
    for (int i = 0; i < 10; i++)
        scord_locktab_cas(&t, LOCK, 0);  /* spinning: one entry */
    CHECK(t.next == 1, "spinning CAS took %u entries", t.next);
    for (uint32_t i = 1; i <= 4; i++)
        scord_locktab_cas(&t, LOCK + 4 * i, 0);
    CHECK(t.next == 1 && t.hash[0] == scord_lock_hash(LOCK + 16), "circular overwrite");
    for (int i = 0; i < 4; i++)
        CHECK(t.hash[i] != scord_lock_hash(LOCK) || !t.valid[i], "oldest lock survived");
    return 1;
}
static int bloom_sent_before_own_effect(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    scord_md_t md = md_of(LOCK);
    CHECK(md.bloom == 0, "CAS carried its own lock");
    sts(0, 0, X);
    CHECK(md_of(X).bloom == scord_bloom_bits(scord_lock_hash(LOCK), 1), "store bloom");
    return none();
}

/* ---- which atomics lock (§4.2): acquires that succeed, releases that free ------- */

#define FLAG  (TRACK + 0x600u)
#define FLAG2 (TRACK + 0x700u)

static int lock_rule(void)
{
    CHECK(scord_lock_acquires(0, 1, 0), "CAS 0 -> 1 finding 0 did not acquire");
    CHECK(!scord_lock_acquires(0, 1, 1), "a failed CAS acquired");
    CHECK(!scord_lock_acquires(0, 0, 0) && !scord_lock_acquires(0, 0, 7), "a polling CAS acquired");
    CHECK(!scord_lock_acquires(1, 2, 1), "a CAS from a non-zero state acquired");
    CHECK(scord_lock_releases(0) && !scord_lock_releases(1), "release rule");
    scord_locktab_t t;
    scord_locktab_reset(&t);
    scord_locktab_amocas(&t, LOCK, 1, 0, 0, 0);
    scord_locktab_amocas(&t, LOCK, 1, 0, 1, 5);
    scord_locktab_amocas(&t, LOCK, 1, 3, 4, 3);
    CHECK(!t.valid[0] && t.next == 0, "polling, failed or state-machine CAS inserted");
    scord_locktab_amocas(&t, LOCK, 1, 0, 0xFFFFFFFFu, 0);
    CHECK(t.valid[0] && t.next == 1, "acquire not inserted");
    scord_locktab_amoswap(&t, LOCK, 1, 1);
    CHECK(t.valid[0], "an exchange writing 1 released");
    scord_locktab_amoswap(&t, LOCK, 1, 0);
    CHECK(!t.valid[0], "an exchange writing 0 did not release");
    return 1;
}
/* Message passing with a polled flag (strong data: consumer fences are not
 * tracked, §9): the consumer's CAS 0 -> 0 polls take no lock, so its
 * fenced load carries no Bloom and is ordered by the producer's fence. */
static int poll_cas_flag_free(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 0, 1);
    exch_v(0, 0, FLAG, 1, 1);           /* flag := 1 */
    cas_v(1, 0, FLAG, 1, 0, 0, 0);      /* poll: still 0 */
    cas_v(1, 0, FLAG, 1, 0, 0, 1);      /* poll: set */
    fence(1, 0, 1);
    CHECK(md_of(FLAG).bloom == 0, "flag bloom");
    lds(1, 0, X);
    CHECK(md_of(X).bloom == 0, "the poll took a lock: bloom 0x%x", md_of(X).bloom);
    return none();
}
/* The other polling forms: atomicAdd(f, 0), and a CAS that steps a state
 * machine (compare 1, new 2) rather than taking a free word. */
static int poll_add_and_state_free(void)
{
    setup();
    sts(0, 0, X);
    sts(0, 0, Y);
    fence(0, 0, 1);
    exch_v(0, 0, FLAG, 1, 1);
    at(1, 0, FLAG, 1);                  /* atomicAdd(flag, 0) */
    cas_v(1, 0, FLAG, 1, 1, 2, 1);      /* state 1 -> 2 */
    fence(1, 0, 1);
    lds(1, 0, X);
    lds(1, 0, Y);
    return none();
}
/* A chain of three blocks, each link a device fence and a flag polled with
 * a CAS 0 -> 0: the last block's strong load of the first block's strong
 * store is ordered (the first writer fenced). */
static int poll_chain3_free(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 0, 1);
    exch_v(0, 0, FLAG, 1, 1);
    cas_v(1, 0, FLAG, 1, 0, 0, 1);
    fence(1, 0, 1);
    exch_v(1, 0, FLAG2, 1, 1);
    cas_v(2, 0, FLAG2, 1, 0, 0, 1);
    fence(2, 0, 1);
    lds(2, 0, X);
    return none();
}
/* A CAS that failed, yet its thread goes into the section: it holds no
 * lock, so its store races with the holder's (found as a lockset race; the
 * old rule inserted the failed CAS's lock and found nothing). */
static int failed_cas_section_racy(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    cas_v(1, 0, LOCK, 1, 0, 1, 1);      /* finds the lock held */
    unlock(0, 0, LOCK, 1);
    fence(1, 0, 1);
    sts(1, 0, X);
    return one(SCORD_DET_RACE_LOCK_STORE, 1);
}
/* An exchange writing a non-zero value releases nothing: the lock stays in
 * the table and orders the two sections. */
static int exch_nonzero_keeps_lock(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    fence(0, 0, 1);
    exch_v(0, 0, LOCK, 1, 2);
    sts(0, 0, Y);
    CHECK(md_of(Y).bloom == scord_bloom_bits(scord_lock_hash(LOCK), 1), "lock released: bloom 0x%x",
          md_of(Y).bloom);
    unlock(0, 0, LOCK, 1);
    sts(0, 0, Y);
    CHECK(md_of(Y).bloom == 0, "lock kept after the release");
    return none();
}

/* ---- counters wrap ------------------------------------------------------------------ */

static int fence_wrap(int n, int expect_race)
{
    setup();
    sts(0, 0, X);
    for (int i = 0; i < n; i++)
        fence(0, 0, 0);
    lds(0, 1, X);
    return expect_race ? one(SCORD_DET_RACE_BLOCK_FENCE, 0) : none();
}
static int fence_wrap_63(void) { return fence_wrap(63, 0); }
static int fence_wrap_64(void) { return fence_wrap(64, 1); }
static int devfence_wrap_64(void)
{
    setup();
    sts(0, 0, X);
    for (int i = 0; i < 64; i++)
        fence(0, 0, 1);
    uint8_t b, d;
    scord_ref_fence_file(m, 0, 0, &b, &d);
    CHECK(d == 0 && b == 0, "fence file %u %u", b, d);
    lds(1, 0, X);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int barrier_wrap(int n, int expect_race)
{
    setup();
    st(0, 0, X);
    for (int i = 0; i < n; i++)
        barrier(0);
    ld(0, 1, X);
    return expect_race ? one(SCORD_DET_RACE_BLOCK_FENCE, 0) : none();
}
static int barrier_wrap_255(void) { return barrier_wrap(255, 0); }
static int barrier_wrap_256(void) { return barrier_wrap(256, 1); }

const struct unit_case refmodel_scord_cases[] = {
    UNIT_CASE(t3a_init_free), UNIT_CASE(t3a_init_racy), UNIT_CASE(t3b_order_free),
    UNIT_CASE(t3b_order_racy), UNIT_CASE(t3c_barrier_free), UNIT_CASE(t3c_barrier_racy),
    UNIT_CASE(t3c_devshared_racy), UNIT_CASE(t4a_free), UNIT_CASE(t4a_racy), UNIT_CASE(t4b_free),
    UNIT_CASE(t4b_racy), UNIT_CASE(t4b_war_racy), UNIT_CASE(t4c_free), UNIT_CASE(t4c_racy),
    UNIT_CASE(t4c_block_racy), UNIT_CASE(t4d_free), UNIT_CASE(t4d_racy),
    UNIT_CASE(t4d_cur_block_racy), UNIT_CASE(t4d_load_racy), UNIT_CASE(t4d_load_fenced_racy),
    UNIT_CASE(t4e_free), UNIT_CASE(t4e_racy), UNIT_CASE(t4f_free), UNIT_CASE(t4f_racy),
    UNIT_CASE(t4f_blklock_across_blocks), UNIT_CASE(t4f_blklock_across_blocks_unfenced),
    UNIT_CASE(t4f_mixed_scope_in_block), UNIT_CASE(t4_no_tf_racy), UNIT_CASE(t4_no_stf_racy),
    UNIT_CASE(lock_hash_formula), UNIT_CASE(lock_inference), UNIT_CASE(lock_table_wrap),
    UNIT_CASE(bloom_sent_before_own_effect), UNIT_CASE(lock_rule), UNIT_CASE(poll_cas_flag_free),
    UNIT_CASE(poll_add_and_state_free), UNIT_CASE(poll_chain3_free),
    UNIT_CASE(failed_cas_section_racy), UNIT_CASE(exch_nonzero_keeps_lock), UNIT_CASE(fence_wrap_63), UNIT_CASE(fence_wrap_64),
    UNIT_CASE(devfence_wrap_64), UNIT_CASE(barrier_wrap_255), UNIT_CASE(barrier_wrap_256),
    UNIT_END,
};
