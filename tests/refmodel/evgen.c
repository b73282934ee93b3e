/* The event generator (sim/refmodel/scord_evgen.c) through the model:
 * deterministic streams that raise every race type. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scord_evgen.h"
#include "fixture.h"

/* ---- generator ------------------------------------------------------------------- */

/* Records of the last run_stream by whether the previous access's PC was
 * known, and records that broke the v2 layout's rules. */
static uint32_t rec_known[2], rec_bad, rec_stale;

static uint64_t run_stream(uint64_t seed, uint32_t n, uint32_t mode, uint32_t counts[SCORD_DET_RACE_TYPES])
{
    setup_mode(mode, 256);
    W(SCORD_DET_PC_BASE, 0x1000);
    scord_evgen_params_t p;
    scord_evgen_t *g = malloc(sizeof *g);
    scord_evgen_defaults(&p, TRACK, TRACK_SZ);
    p.untracked_addr = 0x90000;
    p.intrude_addr = MDB + 64;
    p.kernel_events = 50000;
    p.pc_base = 0x1000;
    if (!g || !scord_evgen_init(g, &p, seed)) {
        free(g);
        return 0;
    }
    memset(rec_known, 0, sizeof rec_known);
    rec_bad = rec_stale = 0;
    uint64_t h = 1469598103934665603ull;
    scord_event_t ev;
    for (uint32_t i = 0; i < n;) {
        if (!scord_evgen_next(g, &ev)) {
            scord_ref_kernel_start(m);
            continue;
        }
        uint32_t w[SCORD_EVENT_WORDS];
        scord_event_pack(&ev, w);
        for (unsigned k = 0; k < SCORD_EVENT_WORDS; k++)
            h = (h ^ w[k]) * 1099511628211ull;
        uint32_t head = R(SCORD_DET_RING_HEAD);
        scord_ref_event(m, &ev);
        i++;
        if (R(SCORD_DET_RING_HEAD) != head) {
            scord_record_t r = rec(head);
            if (r.type == SCORD_DET_RACE_INTRUSION)
                rec_bad += r.prev_known || r.prev_pcidx || r.prev_lane;
            else
                rec_known[r.prev_known]++;
            rec_bad += r.shared || r.prev_known != (r.type != SCORD_DET_RACE_INTRUSION &&
                                                    r.prev_pcidx != SCORD_DET_PCIDX_UNKNOWN);
            rec_bad += r.type == SCORD_DET_RACE_INTRA_WARP && (r.devrace || r.prev_lane == r.lane);
            /* only a weak load can have read a stale L1 value */
            rec_bad += r.stale && (r.kind != SCORD_DET_EV_LOAD || r.strong);
            rec_stale += r.stale;
        }
        W(SCORD_DET_RING_TAIL, R(SCORD_DET_RING_HEAD));  /* a consumer that keeps up */
    }
    for (uint32_t t = 0; t < SCORD_DET_RACE_TYPES; t++)
        counts[t] = races(t);
    free(g);
    return h;
}
static int evgen_deterministic(void)
{
    uint32_t c1[SCORD_DET_RACE_TYPES], c2[SCORD_DET_RACE_TYPES];
    uint64_t h1 = run_stream(7, 20000, 0, c1), h2 = run_stream(7, 20000, 0, c2);
    CHECK(h1 && h1 == h2 && memcmp(c1, c2, sizeof c1) == 0, "same seed, different stream");
    CHECK(run_stream(8, 20000, 0, c2) != h1, "seed ignored");
    return 1;
}
static int evgen_mix(void)
{
    uint32_t c[SCORD_DET_RACE_TYPES];
    static const uint32_t modes[] = {0, 1, 2, 3, 5};
    for (unsigned i = 0; i < sizeof modes / sizeof *modes; i++) {
        run_stream(100 + i, 49000, modes[i], c);  /* within one kernel: counters intact */
        for (uint32_t t = 1; t < SCORD_DET_RACE_INTRA_WARP; t++)
            CHECK(c[t] > 0, "mode %u: no race of type %u", modes[i], t);
        /* lanes of a warp are told apart at 4-byte granules only */
        if ((modes[i] >> 1 & 3u) == 0)
            CHECK(c[SCORD_DET_RACE_INTRA_WARP] > 0, "mode %u: no intra-warp race", modes[i]);
        else
            CHECK(c[SCORD_DET_RACE_INTRA_WARP] == 0, "mode %u: intra-warp races at a coarse granule",
                  modes[i]);
        CHECK(c[SCORD_DET_RACE_SHARED] == 0 && c[SCORD_DET_RACE_SHARED_WARP] == 0,
              "shared races from device-memory events");
        CHECK(c[SCORD_DET_RACE_STALE_READ] > 0 && rec_stale > 0, "mode %u: stale reads %u, stale records %u",
              modes[i], c[SCORD_DET_RACE_STALE_READ], rec_stale);
        CHECK(cnt(SCORD_DET_CNT_PRELIM_PASS) > 1000, "few prelim passes");
        if (modes[i] & 1)
            CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) > 0, "no tag mismatch in cache mode");
        CHECK(rec_known[0] > 0 && rec_known[1] > 0, "mode %u: records with known/unknown previous PC %u/%u",
              modes[i], rec_known[1], rec_known[0]);
        CHECK(rec_bad == 0, "mode %u: %u records break the v2 layout", modes[i], rec_bad);
    }
    return 1;
}

const struct unit_case refmodel_evgen_cases[] = {
    UNIT_CASE(evgen_deterministic), UNIT_CASE(evgen_mix),
    UNIT_END,
};
