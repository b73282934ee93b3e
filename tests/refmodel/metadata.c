/* The reference model's metadata: cache and sparse modes, granularities,
 * the entry layout and its update rules, generations. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"

/* ---- metadata modes ------------------------------------------------------------------ */

static int cache_tag_mismatch(void)
{
    setup_mode(1, 64);  /* cache, 4 bytes: 512 entries of 16 bytes, alias stride 2 KiB */
    CHECK(R(SCORD_DET_MD_BYTES) == 8192, "md bytes %u", R(SCORD_DET_MD_BYTES));
    st(0, 0, X);
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 0, "fresh entry counted as mismatch");
    st(1, 0, X + 0x1000);  /* same entry, tag 2 */
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 1, "mismatch count %u", cnt(SCORD_DET_CNT_TAG_MISMATCH));
    ld(1, 1, X);  /* true race with the first store: missed (false negative) */
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 2, "mismatch count %u", cnt(SCORD_DET_CNT_TAG_MISMATCH));
    CHECK(none(), "%s", unit_why());
    st(0, 0, X);  /* same tag again: a real check */
    CHECK(one(SCORD_DET_RACE_BLOCK_FENCE, 1) || one(SCORD_DET_RACE_DEV_FENCE, 1), "%s", unit_why());
    uint64_t raw[2];
    scord_md_t md = md_at(((X - TRACK) >> 2) & 511u, raw);
    CHECK(md.tag == 0 && md.gen == 1 && md.block == 0, "entry tag %u gen %u", md.tag, md.gen);
    return 1;
}
static int cache_tag_bit4(void)
{   /* tags 0 and 16 differ only in the fifth tag bit (the high word's TAG4) */
    setup_mode(1, 64);
    uint32_t X16 = X + 16u * 0x800u;
    uint64_t raw[2];
    st(0, 0, X);
    ld(1, 0, X16);  /* a 4-bit tag would take this for X and report a race */
    CHECK(none(), "%s", unit_why());
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 1, "mismatch count %u", cnt(SCORD_DET_CNT_TAG_MISMATCH));
    scord_md_t md = md_at(((X - TRACK) >> 2) & 511u, raw);
    CHECK(md.tag == 16 && ((raw[0] >> SCORD_DET_MD_TAG_LSB) & 15u) == 0 &&
          ((raw[1] >> (SCORD_DET_MD_TAG4_LSB - 64)) & 1u) == 1, "tag %u raw 0x%016llx 0x%016llx",
          md.tag, (unsigned long long)raw[0], (unsigned long long)raw[1]);
    st(0, 1, X + 31u * 0x800u);  /* tag 31 */
    CHECK(md_at(((X - TRACK) >> 2) & 511u, raw).tag == 31 && cnt(SCORD_DET_CNT_TAG_MISMATCH) == 2,
          "tag 31");
    ld(1, 1, X + 31u * 0x800u);  /* same tag: checked, and racy */
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int sparse_cache(void)
{   /* sparse cache mode: one entry per 64 granules, 6-bit tags (TAG5 in
     * the high word); 256 entries of 16 bytes here, alias stride 1 KiB */
    setup_mode(1 | SCORD_DET_MODE_SPARSE, 64);
    CHECK(R(SCORD_DET_MD_BYTES) == 4096, "md bytes %u", R(SCORD_DET_MD_BYTES));
    uint32_t idx = ((X - TRACK) >> 2) & 255u;
    uint64_t raw[2];
    st(0, 0, X);
    ld(1, 0, X + 32u * 0x400u); /* tag 32: differs from 0 only in bit 5 */
    CHECK(none(), "%s", unit_why());
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 1, "mismatch count %u", cnt(SCORD_DET_CNT_TAG_MISMATCH));
    scord_md_t md = md_at(idx, raw);
    CHECK(md.tag == 32 && ((raw[1] >> (SCORD_DET_MD_TAG5_LSB - 64)) & 1u) == 1 &&
              ((raw[1] >> (SCORD_DET_MD_TAG4_LSB - 64)) & 1u) == 0,
          "tag %u raw 0x%016llx", md.tag, (unsigned long long)raw[1]);
    st(0, 1, X + 63u * 0x400u); /* tag 63 */
    CHECK(md_at(idx, raw).tag == 63, "tag 63");
    ld(1, 1, X + 63u * 0x400u); /* same tag: checked, and racy */
    CHECK(one(SCORD_DET_RACE_DEV_FENCE, 1), "%s", unit_why());
    /* the sparse bit alone (no cache bit) is full mode */
    setup_mode(SCORD_DET_MODE_SPARSE, 64);
    CHECK(R(SCORD_DET_MD_BYTES) == 0x40000 && R(SCORD_DET_MODE) == SCORD_DET_MODE_SPARSE,
          "sparse bit without cache: md bytes 0x%x", R(SCORD_DET_MD_BYTES));
    st(0, 0, X);
    ld(1, 0, X + 0x400u);
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 0 && none(), "full mode tagged");
    return 1;
}
static int md_bytes_modes(void)
{   /* 16 bytes per granule in full mode, per 32 granules in cache mode */
    static const uint32_t want[2][4] = {{0x40000, 0x20000, 0x10000, 0}, {0x2000, 0x1000, 0x800, 0}};
    for (uint32_t cache = 0; cache < 2; cache++)
        for (uint32_t code = 0; code < 4; code++) {
            scord_ref_free(m);
            m = scord_ref_new(MEM);
            W(SCORD_DET_TRACK_BYTES, TRACK_SZ);
            W(SCORD_DET_MODE, cache | code << 1);
            CHECK(R(SCORD_DET_MD_BYTES) == want[cache][code], "mode %u: md bytes 0x%x, expected 0x%x",
                  cache | code << 1, R(SCORD_DET_MD_BYTES), want[cache][code]);
        }
    for (uint32_t code = 0; code < 3; code++) { /* sparse: half of cache mode */
        W(SCORD_DET_MODE, 1 | code << 1 | SCORD_DET_MODE_SPARSE);
        CHECK(R(SCORD_DET_MD_BYTES) == want[1][code] / 2, "sparse code %u: md bytes 0x%x", code,
              R(SCORD_DET_MD_BYTES));
    }
    W(SCORD_DET_MODE, 1);
    W(SCORD_DET_TRACK_BYTES, 0x80000000u);  /* 2^31 / 4 / 32 * 16 */
    CHECK(R(SCORD_DET_MD_BYTES) == 0x10000000u, "cache mode of a 2 GiB window 0x%x", R(SCORD_DET_MD_BYTES));
    W(SCORD_DET_MODE, 0);  /* 8 GiB of metadata saturates */
    CHECK(R(SCORD_DET_MD_BYTES) == 0xFFFFFFFFu, "saturation 0x%x", R(SCORD_DET_MD_BYTES));
    return 1;
}
static int track_min_32_granules(void)
{   /* the window must hold 32 granules (one cache-mode entry) */
    return refuse(SCORD_DET_TRACK_BYTES, 64, SCORD_DET_ERR_TRACK_RANGE) &&
           refuse(SCORD_DET_TRACK_BYTES, 128, SCORD_DET_ERR_NONE) &&
           refuse(SCORD_DET_MODE, 5, SCORD_DET_ERR_NONE) &&  /* cache, 16 bytes: 512 */
           refuse_with(SCORD_DET_MODE, 5, SCORD_DET_TRACK_BYTES, 256, SCORD_DET_ERR_TRACK_RANGE) &&
           refuse_with(SCORD_DET_MODE, 4, SCORD_DET_TRACK_BYTES, 512, SCORD_DET_ERR_NONE) &&
           /* sparse cache mode: 64 granules */
           refuse_with(SCORD_DET_MODE, 1 | SCORD_DET_MODE_SPARSE, SCORD_DET_TRACK_BYTES, 128,
                       SCORD_DET_ERR_TRACK_RANGE) &&
           refuse_with(SCORD_DET_MODE, 1 | SCORD_DET_MODE_SPARSE, SCORD_DET_TRACK_BYTES, 256,
                       SCORD_DET_ERR_NONE);
}
static int gran(uint32_t code, uint32_t delta, int expect_race)
{
    setup_mode(code << 1, 64);
    sts(0, 0, X);
    sts(0, 1, X + delta);
    return expect_race ? one(SCORD_DET_RACE_BLOCK_FENCE, 0) : none();
}
static int gran4(void) { return gran(0, 4, 0) && gran(0, 0, 1); }
static int gran8(void) { return gran(1, 4, 1) && gran(1, 8, 0); }
static int gran16(void) { return gran(2, 12, 1) && gran(2, 16, 0); }
static int md_layout(void)
{
    scord_md_t a, b;
    uint64_t r[2];
    memset(&a, 0, sizeof a);
    a.gen = 63; a.tag = 63; a.block = 127; a.warp = 31; a.devfence = 63; a.blkfence = 63;
    a.barrier = 255; a.bloom = 0xFFFF; a.modified = a.blkshared = a.devshared = 1;
    a.atom = a.scope = a.strong = 1;
    a.pcidx = 0xFFFF; a.lane = 31; a.bytes = 15; a.wsync = 255; a.epoch = 0xFFFF;
    scord_md_encode(&a, r);
    CHECK(r[0] == ~0ull && r[1] == (1ull << 51) - 1, "all ones: 0x%016llx", (unsigned long long)r[1]);
    memset(&a, 0, sizeof a);
    a.block = 1;
    scord_md_encode(&a, r);
    CHECK(r[0] == 1ull << 47 && !r[1], "block lsb");
    a.block = 0; a.bloom = 1;
    scord_md_encode(&a, r);
    CHECK(r[0] == 1ull << 6, "bloom lsb");
    a.bloom = 0; a.gen = 1;
    scord_md_encode(&a, r);
    CHECK(r[0] == 1ull << 58, "gen lsb");
    /* the v2 high word: PCIDX [79:64], LANE [84:80], BYTES [88:85], WSYNC [96:89], TAG4 [97],
     * TAG5 [98], EPOCH [114:99] */
    a.gen = 0; a.pcidx = 1;
    scord_md_encode(&a, r);
    CHECK(!r[0] && r[1] == 1, "pcidx lsb");
    a.pcidx = 0; a.lane = 1;
    scord_md_encode(&a, r);
    CHECK(r[1] == 1ull << 16, "lane lsb");
    a.lane = 0; a.bytes = 1;
    scord_md_encode(&a, r);
    CHECK(r[1] == 1ull << 21, "bytes lsb");
    a.bytes = 0; a.wsync = 1;
    scord_md_encode(&a, r);
    CHECK(r[1] == 1ull << 25, "wsync lsb");
    a.wsync = 0; a.tag = 16;
    scord_md_encode(&a, r);
    CHECK(!r[0] && r[1] == 1ull << 33, "tag bit 4");
    a.tag = 32;
    scord_md_encode(&a, r);
    CHECK(!r[0] && r[1] == 1ull << 34, "tag bit 5");
    a.tag = 0; a.epoch = 1;
    scord_md_encode(&a, r);
    CHECK(!r[0] && r[1] == 1ull << 35, "epoch lsb");
    a.epoch = 0; a.lbytes = 1;
    scord_md_encode(&a, r);
    CHECK(!r[0] && r[1] == 1ull << 51, "lbytes lsb");
    a.lbytes = 0;
    a.tag = 1;
    scord_md_encode(&a, r);
    CHECK(r[0] == 1ull << 54 && !r[1], "tag bit 0");
    uint64_t in[2] = {0x0123456789ABCDEFull, 0xFFFFFFFC12345678ull};
    scord_md_decode(in, &b);
    scord_md_encode(&b, r);
    CHECK(r[0] == in[0] && r[1] == (in[1] & ((1ull << 55) - 1)), "round trip (bits [127:119] are 0)");
    return 1;
}
static int md_update_rules(void)
{
    setup();
    st(0, 0, X);
    scord_md_t md = md_of(X);
    CHECK(md.modified && !md.blkshared && !md.devshared && !md.atom && md.gen == 1, "after store");
    fence(0, 0, 1);
    ld(1, 2, X);
    md = md_of(X);
    /* the public simulator's `==` slip would leave DevShared clear here */
    CHECK(!md.modified && md.devshared && !md.blkshared && md.block == 1 && md.warp == 2, "after load");
    ld(1, 3, X);
    md = md_of(X);
    CHECK(md.devshared && md.blkshared, "BlkShared after a second reader");
    at(1, 3, X, 1);
    md = md_of(X);
    CHECK(md.modified && !md.devshared && !md.blkshared && md.atom && md.scope && md.strong,
          "after atomic");
    uint32_t w = cnt(SCORD_DET_CNT_MD_WRITES);
    pc_next -= 4;  /* v2 keeps the PC index: repeat the same instruction */
    at(1, 3, X, 1);
    CHECK(cnt(SCORD_DET_CNT_MD_WRITES) == w, "unchanged entry written again");
    CHECK(cnt(SCORD_DET_CNT_MD_READS) == 5, "md reads %u", cnt(SCORD_DET_CNT_MD_READS));
    return 1;
}
static int generations(void)
{
    setup();
    memset(scord_ref_mem(m) + MDB, 0xFF, 64);  /* garbage before arming is swept... */
    W(SCORD_DET_CTRL, 0);
    W(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE);
    scord_ref_kernel_start(m);
    CHECK(scord_ref_mem(m)[MDB] == 0 && R(SCORD_DET_GEN) == 1, "no sweep at arm");
    st(0, 0, X);
    scord_ref_kernel_start(m);  /* gen 2: the entry of X is fresh */
    CHECK(R(SCORD_DET_GEN) == 2, "gen %u", R(SCORD_DET_GEN));
    ld(1, 0, X);
    CHECK(none(), "stale entry used: %s", unit_why());
    for (int i = 0; i < 61; i++)
        scord_ref_kernel_start(m);
    CHECK(R(SCORD_DET_GEN) == 63, "gen %u", R(SCORD_DET_GEN));
    st(0, 0, Y);
    CHECK(md_of(Y).gen == 63, "entry gen");
    scord_ref_kernel_start(m);  /* wrap: swept, generation 1 */
    CHECK(R(SCORD_DET_GEN) == 1 && md_of(Y).gen == 0 && md_of(X).gen == 0, "wrap sweep");
    CHECK(cnt(SCORD_DET_CNT_ACCESSES) == 0, "counters not cleared at start");
    return 1;
}

const struct unit_case refmodel_metadata_cases[] = {
    UNIT_CASE(cache_tag_mismatch), UNIT_CASE(cache_tag_bit4), UNIT_CASE(sparse_cache),
    UNIT_CASE(md_bytes_modes), UNIT_CASE(track_min_32_granules), UNIT_CASE(gran4), UNIT_CASE(gran8),
    UNIT_CASE(gran16), UNIT_CASE(md_layout), UNIT_CASE(md_update_rules), UNIT_CASE(generations),
    UNIT_END,
};
