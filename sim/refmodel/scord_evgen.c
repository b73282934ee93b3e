/* Random detector event streams (docs/detector.md §10). The mix is tuned so
 * every check of §6 fires often: a small pool of words shared by every warp,
 * lock protocols with occasional missing fences or wrong scopes, fences and
 * barriers, strong and weak accesses, atomics of both scopes. */
#include "scord_evgen.h"

#include <string.h>

static uint32_t rnd(scord_evgen_t *g)
{
    /* xorshift64*: tiny, portable, identical on every host */
    g->rng ^= g->rng >> 12;
    g->rng ^= g->rng << 25;
    g->rng ^= g->rng >> 27;
    return (uint32_t)((g->rng * 0x2545F4914F6CDD1Dull) >> 32);
}

static uint32_t below(scord_evgen_t *g, uint32_t n) { return rnd(g) % n; }

void scord_evgen_defaults(scord_evgen_params_t *p, uint32_t track_base, uint32_t track_bytes)
{
    memset(p, 0, sizeof *p);
    p->blocks = 4;
    p->warps_per_block = 4;
    p->lanes = 4;
    p->cores = 2;
    p->block_id_base = 0;
    p->track_base = track_base;
    p->track_bytes = track_bytes;
    p->pool_words = 24;
    p->lock_words = 3;
    p->kernel_events = 0;
}

int scord_evgen_init(scord_evgen_t *g, const scord_evgen_params_t *p, uint64_t seed)
{
    if (!p->blocks || p->blocks > 64 || !p->warps_per_block || p->warps_per_block > 32 ||
        p->blocks * p->warps_per_block > SCORD_EVGEN_MAX_WARPS || !p->lanes || p->lanes > 32 ||
        !p->cores || p->cores > 256 || !p->pool_words || p->pool_words > SCORD_EVGEN_MAX_POOL ||
        !p->lock_words || p->lock_words > 8 ||
        (uint64_t)(p->pool_words + p->lock_words) * 4 > p->track_bytes)
        return 0;
    memset(g, 0, sizeof *g);
    g->p = *p;
    g->rng = seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    if (!g->rng)
        g->rng = 1;
    /* Half the pool is consecutive words (neighbours share a granule at
     * 8/16-byte tracking), half is spread over the window at multiples of
     * window/16 plus a small offset (they alias in cache mode). */
    uint32_t half = p->pool_words / 2, stride = p->track_bytes / 16;
    for (uint32_t i = 0; i < p->pool_words; i++) {
        if (i < half || stride < 64)
            g->pool[i] = p->track_base + 4 * i;
        else
            g->pool[i] = p->track_base + stride * (1 + (i - half) % 15) + 4 * ((i - half) / 15);
    }
    for (uint32_t i = 0; i < SCORD_EVGEN_MAX_WARPS; i++)
        scord_locktab_reset(&g->lt[i]);
    return 1;
}

static uint32_t lock_addr(const scord_evgen_t *g, uint32_t k)
{
    return g->p.track_base + 4 * (g->p.pool_words + k);
}

/* Appends one event of warp gw with the warp's current Bloom and the block's
 * barrier id (the values the core would attach at issue). */
static scord_event_t *push(scord_evgen_t *g, uint32_t gw, uint8_t kind, uint32_t pc)
{
    uint32_t b = gw / g->p.warps_per_block;
    scord_event_t *e = &g->pend[g->npend++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->pc = pc;
    e->core = (uint8_t)(b % g->p.cores);
    e->block = (uint16_t)(g->p.block_id_base + b);
    e->warp = (uint8_t)(gw % g->p.warps_per_block);
    e->barrier = g->bar[b];
    e->bloom = scord_locktab_bloom(&g->lt[gw]);
    return e;
}

static void push_fence(scord_evgen_t *g, uint32_t gw, uint8_t scope, uint32_t pc)
{
    scord_event_t *e = push(g, gw, SCORD_DET_EV_SYNC, pc);
    e->size = SCORD_DET_SYNC_FENCE;
    e->scope = scope;
    scord_locktab_fence(&g->lt[gw], scope);
}

static void push_access(scord_evgen_t *g, uint32_t gw, uint8_t kind, uint8_t strong,
                        uint8_t scope, uint8_t size, uint32_t addr, uint32_t lane, uint32_t pc)
{
    scord_event_t *e = push(g, gw, kind, pc);
    e->strong = kind == SCORD_DET_EV_ATOMIC ? 1 : strong;
    e->scope = kind == SCORD_DET_EV_ATOMIC ? scope : 0;
    e->size = size;
    e->addr = addr;
    e->lane = (uint8_t)lane;
}

/* One warp instruction touching pool words, one event per active lane in
 * lane order (§3.3). */
static void warp_access(scord_evgen_t *g, uint32_t gw, uint8_t kind, uint8_t strong, uint8_t scope)
{
    uint32_t pc = 0x2000 + 4 * below(g, 48);
    uint32_t r = below(g, 100);
    uint8_t size = r < 70 ? 2 : r < 85 ? 1 : 0;
    if (kind == SCORD_DET_EV_ATOMIC)
        size = 2;
    uint32_t mask = rnd(g) & ((g->p.lanes >= 32) ? 0xFFFFFFFFu : ((1u << g->p.lanes) - 1u));
    if (!mask || kind == SCORD_DET_EV_ATOMIC)
        mask = mask ? (mask & -mask) : 1u;
    uint32_t pattern = below(g, 3), base = below(g, g->p.pool_words);
    uint32_t off = (size == 2) ? 0 : (size == 1 ? 2 * below(g, 2) : below(g, 4));
    for (uint32_t lane = 0; lane < g->p.lanes; lane++) {
        if (!(mask >> lane & 1u))
            continue;
        uint32_t k = pattern == 0 ? base
                     : pattern == 1 ? (base + lane) % g->p.pool_words
                                    : below(g, g->p.pool_words);
        push_access(g, gw, kind, strong, scope, size, g->pool[k] + off, lane, pc);
    }
}

static void lock_step(scord_evgen_t *g, uint32_t gw)
{
    scord_locktab_t *lt = &g->lt[gw];
    uint32_t k = gw % g->p.lock_words;
    switch (g->lock_state[gw]) {
    case 0: { /* acquire: CAS of either scope (the Bloom travels before it) */
        uint8_t scope = (uint8_t)below(g, 2);
        uint32_t a = lock_addr(g, below(g, 4) ? k : below(g, g->p.lock_words));
        g->lock_addr[gw] = a | scope;
        push_access(g, gw, SCORD_DET_EV_ATOMIC, 1, scope, 2, a, 0, 0x3000);
        scord_locktab_cas(lt, a, scope);
        g->lock_state[gw] = 1;
        break;
    }
    case 1: { /* fence after acquire, sometimes missing or too narrow */
        uint8_t scope = g->lock_addr[gw] & 1u;
        uint32_t r = below(g, 100);
        if (r >= 10)
            push_fence(g, gw, r < 20 ? (uint8_t)!scope : scope, 0x3004);
        g->lock_state[gw] = 2;
        break;
    }
    default: /* critical section, then the release */
        if (below(g, 100) < 65) {
            uint8_t kind = below(g, 2) ? SCORD_DET_EV_STORE : SCORD_DET_EV_LOAD;
            uint32_t a = g->pool[below(g, g->p.pool_words < 6 ? g->p.pool_words : 6)];
            push_access(g, gw, kind, (uint8_t)below(g, 2), 0, 2, a, 0, 0x3010 + 4 * below(g, 4));
        } else {
            uint8_t scope = g->lock_addr[gw] & 1u;
            uint32_t a = g->lock_addr[gw] & ~3u;
            if (below(g, 100) >= 12)
                push_fence(g, gw, scope, 0x3020);
            uint8_t xs = below(g, 100) < 90 ? scope : (uint8_t)!scope;
            push_access(g, gw, SCORD_DET_EV_ATOMIC, 1, xs, 2, a, 0, 0x3024);
            scord_locktab_exch(lt, a, xs);
            g->lock_state[gw] = 0;
        }
        break;
    }
}

static void generate(scord_evgen_t *g)
{
    uint32_t nwarps = g->p.blocks * g->p.warps_per_block;
    uint32_t gw = below(g, nwarps), b = gw / g->p.warps_per_block;
    uint32_t r = below(g, 100);
    g->npend = g->ipend = 0;
    if (r < 40) {
        uint8_t kind = below(g, 5) < 3 ? SCORD_DET_EV_LOAD : SCORD_DET_EV_STORE;
        warp_access(g, gw, kind, below(g, 10) < 3, 0);
    } else if (r < 50) {
        warp_access(g, gw, SCORD_DET_EV_ATOMIC, 1, (uint8_t)below(g, 2));
    } else if (r < 58) {
        push_fence(g, gw, (uint8_t)below(g, 2), 0x2800 + 4 * below(g, 4));
    } else if (r < 61) {
        scord_event_t *e;
        g->bar[b]++;
        e = push(g, gw, SCORD_DET_EV_SYNC, 0x2900);
        e->size = SCORD_DET_SYNC_BARRIER;
        e->warp = 0;
    } else if (r < 82) {
        lock_step(g, gw);
    } else if (r < 86) {
        uint32_t s = below(g, 100);
        if (s < 80 && g->p.untracked_addr)
            push_access(g, gw, below(g, 2) ? SCORD_DET_EV_STORE : SCORD_DET_EV_LOAD, 0, 0, 2,
                        g->p.untracked_addr, 0, 0x2a00);
        else if (g->p.intrude_addr)
            push_access(g, gw, SCORD_DET_EV_STORE, 0, 0, 2, g->p.intrude_addr, 0, 0x2a04);
        else
            push_fence(g, gw, 0, 0x2a08);
    } else {
        /* program-order burst of one warp on one word */
        uint32_t a = g->pool[below(g, g->p.pool_words)];
        uint8_t st = (uint8_t)below(g, 2);
        push_access(g, gw, SCORD_DET_EV_STORE, st, 0, 2, a, 0, 0x2b00);
        push_access(g, gw, SCORD_DET_EV_LOAD, st, 0, 2, a, 0, 0x2b04);
        if (below(g, 2))
            push_access(g, gw, SCORD_DET_EV_STORE, st, 0, 2, a, 1 % g->p.lanes, 0x2b08);
    }
}

int scord_evgen_next(scord_evgen_t *g, scord_event_t *ev)
{
    while (g->ipend >= g->npend) {
        if (g->p.kernel_events && g->since_kernel >= g->p.kernel_events) {
            g->since_kernel = 0;
            for (uint32_t i = 0; i < SCORD_EVGEN_MAX_WARPS; i++)
                scord_locktab_reset(&g->lt[i]);
            memset(g->lock_state, 0, sizeof g->lock_state);
            memset(g->bar, 0, sizeof g->bar);
            g->npend = g->ipend = 0;
            return 0;
        }
        generate(g);
    }
    *ev = g->pend[g->ipend++];
    g->since_kernel++;
    return 1;
}
