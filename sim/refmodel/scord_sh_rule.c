/* The shared-memory race rule of one bank pass (scord_sh_rule.h). Every
 * field is taken at its width, so inputs with stray high bits behave as the
 * RTL's ports do. */
#include "scord_sh_rule.h"

#include <string.h>

#define FC_MASK 0x3Fu
#define BYTES_MASK 0xFu

typedef struct {
    unsigned lb;         /* lane bits */
    uint16_t thread_mask;
    uint32_t lane_mask;
    unsigned w;          /* the pass's warp slot */
    uint8_t ws_w, fc_w;  /* its counters */
    const uint8_t *fc;
} ctx_t;

static unsigned warp_of(const ctx_t *c, uint16_t t) { return (t & c->thread_mask) >> c->lb; }
static uint16_t thread_of(const ctx_t *c, unsigned lane) { return (uint16_t)(c->w << c->lb | lane); }

/* Is an earlier access of warp `pw`, made when that warp's counters were
 * (s_prev, f_prev), ordered before the current pass? */
static int ordered(const ctx_t *c, unsigned pw, uint8_t s_prev, uint8_t f_prev)
{
    if (pw == c->w)  /* lanes of one warp: a warp sync or a fence since */
        return s_prev != c->ws_w || (f_prev & FC_MASK) != c->fc_w;
    return (f_prev & FC_MASK) != (c->fc[pw] & FC_MASK);  /* fence + flag */
}

/* Does some lane l of S other than `skip` read (at least) the bytes `rb`? */
static int other_lane_covers(const uint8_t *b, uint32_t S, unsigned skip, uint8_t rb)
{
    for (unsigned l = 0; l < SCORD_SH_MAX_LANES; l++)
        if ((S >> l & 1u) && l != skip && (b[l] & rb) == rb)
            return 1;
    return 0;
}

static void set_prev(scord_sh_race_t *r, uint16_t t, uint16_t pc, int write, int atom)
{
    r->prev_exact = 1;
    r->prev_thread = t;
    r->prev_pcidx = pc;
    r->prev_write = (uint8_t)write;
    r->prev_atom = (uint8_t)atom;
}

void scord_sh_rule(const scord_sh_cfg_t *cfg, const scord_sh_entry_t *in,
                   const scord_sh_pass_t *pass, const scord_sh_ctr_t *ctr,
                   scord_sh_entry_t *out, scord_sh_race_t *race)
{
    ctx_t c;
    c.lb = cfg->lane_bits;
    c.thread_mask = (uint16_t)((1u << (cfg->warp_bits + cfg->lane_bits)) - 1u);
    c.lane_mask = cfg->lane_bits >= 5 ? 0xFFFFFFFFu : (1u << (1u << cfg->lane_bits)) - 1u;
    c.w = pass->wslot & ((1u << cfg->warp_bits) - 1u);
    c.ws_w = ctr->ws[c.w];
    c.fc_w = ctr->fc[c.w] & FC_MASK;
    c.fc = ctr->fc;

    scord_sh_entry_t e = *in;
    memset(race, 0, sizeof *race);
    uint32_t S = pass->lanes & c.lane_mask;
    if (!S) {
        *out = e;
        return;
    }
    uint8_t k = pass->kind & 3u;
    uint8_t b[SCORD_SH_MAX_LANES];
    for (unsigned l = 0; l < SCORD_SH_MAX_LANES; l++)
        b[l] = pass->bytes[l] & BYTES_MASK;
    e.wt &= c.thread_mask;
    e.rt &= c.thread_mask;
    e.wb &= BYTES_MASK;
    e.rb &= BYTES_MASK;
    e.wf &= FC_MASK;
    e.rf &= FC_MASK;
    e.wv &= 1u;
    e.wa &= 1u;
    e.rv &= 1u;
    e.rm &= 1u;
    /* Everything recorded before the block's last barrier (or by an earlier
     * block in the slot) is ordered: a stale entry records nothing. */
    if (e.ep != ctr->epoch)
        e.wv = e.rv = 0;

    /* ---- checks, lane by lane in ascending order ---- */
    for (unsigned l = 0; l < SCORD_SH_MAX_LANES; l++) {
        if (!(S >> l & 1u))
            continue;
        uint16_t me = thread_of(&c, l);
        scord_sh_race_t r;
        memset(&r, 0, sizeof r);
        int racy = 0;
        /* vs the recorded write (atomics do not race with atomics) */
        if (e.wv && e.wt != me && (e.wb & b[l]) && !(k == SCORD_DET_EV_ATOMIC && e.wa) &&
            !ordered(&c, warp_of(&c, e.wt), e.ws, e.wf)) {
            set_prev(&r, e.wt, e.wp, 1, e.wa);
            racy = 1;
        }
        /* vs the recorded read: only writes conflict with it */
        if (!racy && k != SCORD_DET_EV_LOAD && e.rv && (e.rb & b[l]) && (e.rt != me || e.rm) &&
            !ordered(&c, warp_of(&c, e.rt), e.rs, e.rf)) {
            set_prev(&r, e.rt, e.rp, 0, 0);
            r.prev_exact = e.rt != me;  /* else: another lane of my warp read it too */
            racy = 1;
        }
        /* two lanes of one store on one byte: the lowest earlier lane is named */
        if (!racy && k == SCORD_DET_EV_STORE) {
            for (unsigned j = 0; j < l; j++)
                if ((S >> j & 1u) && (b[j] & b[l])) {
                    set_prev(&r, thread_of(&c, j), pass->pcidx, 1, 0);
                    racy = 1;
                    break;
                }
        }
        if (!racy)
            continue;
        if (!race->nracing) {
            *race = r;
            race->lane = (uint8_t)l;
            race->type = warp_of(&c, r.prev_thread) == c.w ? SCORD_DET_RACE_SHARED_WARP
                                                             : SCORD_DET_RACE_SHARED;
        }
        race->nracing++;
        race->racing |= 1u << l;
    }

    /* ---- update ---- */
    unsigned l0 = (unsigned)__builtin_ctz(S), hl = 31u - (unsigned)__builtin_clz(S);
    e.ep = ctr->epoch;
    if (k == SCORD_DET_EV_LOAD) {
        if (!e.rv) {
            e.rv = 1;
            e.rt = thread_of(&c, l0);
            e.rb = b[l0];
            e.rm = (uint8_t)other_lane_covers(b, S, l0, e.rb);
            e.rs = c.ws_w;
            e.rf = c.fc_w;
            e.rp = pass->pcidx;
        } else if (warp_of(&c, e.rt) == c.w) {
            /* only lanes of the first reader's warp are known to be
             * unordered with it by the same counters */
            e.rm |= (uint8_t)other_lane_covers(b, S, e.rt & ((1u << c.lb) - 1u), e.rb);
        }
    } else {
        /* the highest lane wins a byte written twice: it is the writer */
        e.wv = 1;
        e.wt = thread_of(&c, hl);
        e.wa = k == SCORD_DET_EV_ATOMIC;
        e.wb = b[hl];
        e.ws = c.ws_w;
        e.wf = c.fc_w;
        e.wp = pass->pcidx;
        e.rv = 0;
        e.rm = 0;
    }
    *out = e;
}
