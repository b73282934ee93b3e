/* Random detector event streams (docs/detector.md §10). The mix is tuned so
 * every check of §6 fires often: a small pool of words shared by every warp,
 * lock protocols with occasional missing fences or wrong scopes, fences and
 * barriers, strong and weak accesses, atomics of both scopes; and for the v2
 * checks: warp syncs, sub-word accesses at random byte offsets, lanes of one
 * warp on one word with and without a sync, fence or barrier between them,
 * scoped-atomic pairs with and without the device fence that orders them,
 * and PCs inside and outside the range of the 16-bit PC index; for the
 * acquire rule: message passing between blocks (data, the producer's
 * fence, a flag; the consumer's poll, its fence or none, or one made too
 * early, then a weak or strong load or a store), weak loads that read a
 * stale L1 value, and bursts of device fences that saturate the epoch. */
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
    p->pc_base = 0x1000;
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
     * window/32 plus a small offset (they alias in cache mode, with every
     * tag 1..31). */
    uint32_t half = p->pool_words / 2, stride = p->track_bytes / SCORD_DET_CACHE_GRANULES;
    for (uint32_t i = 0; i < p->pool_words; i++) {
        if (i < half || stride < 64)
            g->pool[i] = p->track_base + 4 * i;
        else
            g->pool[i] = p->track_base + stride * (1 + (i - half) % 31) + 4 * ((i - half) / 31);
    }
    for (uint32_t i = 0; i < SCORD_EVGEN_MAX_WARPS; i++)
        scord_locktab_reset(&g->lt[i]);
    g->burst_left = p->fence_burst;
    return 1;
}

static uint32_t lock_addr(const scord_evgen_t *g, uint32_t k)
{
    return g->p.track_base + 4 * (g->p.pool_words + k);
}

/* The PC of an instruction site (0x2000..0x3fff): a fixed place relative to
 * pc_base, so a site keeps its PC (suppression keys on it). Sites
 * 0x2080..0x209c lie at PC indexes 0xFFFE, 0xFFFF (unknown), 0x10000, ...
 * (past the 16-bit index); sites 0x20a0..0x20bc below pc_base; all others
 * at pc_base + site - 0x1000. */
static uint32_t site_pc(const scord_evgen_t *g, uint32_t site)
{
    if (site >= 0x2080 && site < 0x20a0)
        return g->p.pc_base + 4u * (0xFFFEu + (site - 0x2080) / 4);
    if (site >= 0x20a0 && site < 0x20c0)
        return g->p.pc_base - 4u * (1 + (site - 0x20a0) / 4);
    return g->p.pc_base + site - 0x1000;
}

/* Appends one event of warp gw with the warp's current Bloom and the block's
 * barrier id (the values the core would attach at issue). */
static scord_event_t *push(scord_evgen_t *g, uint32_t gw, uint8_t kind, uint32_t pc)
{
    uint32_t b = gw / g->p.warps_per_block;
    scord_event_t *e = &g->pend[g->npend++];
    memset(e, 0, sizeof *e);
    e->kind = kind;
    e->pc = site_pc(g, pc);
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
    e->wsync = g->wsync[gw];
    /* a store of one lane: its value is its own class */
    e->vclass = kind == SCORD_DET_EV_STORE ? (uint8_t)lane : 0;
    /* a core marks a weak load's lane that its L1 served from a word
     * another core wrote at the L2 since the line was filled */
    if (kind == SCORD_DET_EV_LOAD && !strong)
        e->stale = below(g, 4) == 0;
}

/* A random naturally aligned byte offset for an access of 2^size bytes. */
static uint32_t sub_offset(scord_evgen_t *g, uint8_t size)
{
    return size >= 2 ? 0 : (below(g, 4) >> size) << size;
}

static uint8_t random_size(scord_evgen_t *g)
{
    uint32_t r = below(g, 100);
    return r < 60 ? 2 : r < 80 ? 1 : 0;
}

/* One warp instruction touching pool words, one event per active lane in
 * lane order (§3.3). */
/* Patterns: 0 every lane on one word (sub-word: one offset for all, or a
 * random one per lane), 1 consecutive words, 2 random words, 3 an array of
 * 2^size-byte elements indexed by lane (lanes share words, disjoint bytes). */
static void warp_access(scord_evgen_t *g, uint32_t gw, uint8_t kind, uint8_t strong, uint8_t scope)
{
    uint32_t pc = 0x2000 + 4 * below(g, 48);
    uint8_t size = kind == SCORD_DET_EV_ATOMIC ? 2 : random_size(g);
    uint32_t mask = rnd(g) & ((g->p.lanes >= 32) ? 0xFFFFFFFFu : ((1u << g->p.lanes) - 1u));
    /* atomics: half of them one lane, the others any lanes (a warp's lanes
     * on one word follow each other in the detector's passes) */
    if (!mask || (kind == SCORD_DET_EV_ATOMIC && below(g, 2)))
        mask = mask ? (mask & -mask) : 1u;
    uint32_t pattern = below(g, 4), base = below(g, g->p.pool_words);
    uint32_t off = sub_offset(g, size);
    int per_lane_off = below(g, 2);
    /* a store's values: one, two or three distinct ones over the lanes (a
     * flag set by every lane, or not), and each lane's class: the lowest
     * active lane storing the same value */
    uint8_t val[32], cls[32];
    uint32_t nval = 1 + below(g, 3);
    for (uint32_t lane = 0; lane < g->p.lanes; lane++) {
        val[lane] = (uint8_t)below(g, nval);
        cls[lane] = (uint8_t)lane;
        for (uint32_t u = 0; u < lane; u++)
            if ((mask >> u & 1u) && val[u] == val[lane]) {
                cls[lane] = (uint8_t)u;
                break;
            }
    }
    for (uint32_t lane = 0; lane < g->p.lanes; lane++) {
        if (!(mask >> lane & 1u))
            continue;
        uint32_t k = pattern == 0 ? base
                     : pattern == 1 ? (base + lane) % g->p.pool_words
                                    : below(g, g->p.pool_words);
        uint32_t o = per_lane_off ? sub_offset(g, size) : off;
        if (pattern == 3) {
            uint32_t byte = lane << size;
            k = (base + byte / 4) % g->p.pool_words;
            o = size >= 2 ? 0 : byte % 4;
        }
        push_access(g, gw, kind, strong, scope, size, g->pool[k] + o, lane, pc);
        if (kind == SCORD_DET_EV_STORE)
            g->pend[g->npend - 1].vclass = cls[lane];
    }
}

/* One step of a warp's lock protocol. The generator decides each atomic's
 * outcome (the values a core would see) and applies the rule of §4.2 to
 * it: acquires succeed, fail (the lock is held elsewhere) or poll (a CAS
 * from 0 to 0, an atomicAdd of 0), and a failed acquire sometimes goes on
 * into the section anyway (the broken lock of a racy code); releases write
 * 0, or now and then a non-zero value that releases nothing. */
static void lock_step(scord_evgen_t *g, uint32_t gw)
{
    scord_locktab_t *lt = &g->lt[gw];
    uint32_t k = gw % g->p.lock_words;
    switch (g->lock_state[gw]) {
    case 0: { /* acquire: CAS of either scope (the Bloom travels before it) */
        uint8_t scope = (uint8_t)below(g, 2);
        uint32_t a = lock_addr(g, below(g, 4) ? k : below(g, g->p.lock_words));
        uint32_t r = below(g, 100);
        push_access(g, gw, SCORD_DET_EV_ATOMIC, 1, scope, 2, a, 0, 0x3000);
        if (r < 12) {
            /* polling: CAS 0 -> 0 or an atomic add of 0, whatever it finds */
            scord_locktab_amocas(lt, a, scope, 0u, 0u, below(g, 2));
            break;
        }
        if (r < 30) {
            /* the lock is held elsewhere: the CAS finds 1 and fails */
            scord_locktab_amocas(lt, a, scope, 0u, 1u, 1u);
            if (r >= 24)
                break; /* spin again */
        } else {
            scord_locktab_amocas(lt, a, scope, 0u, 1u, 0u);
        }
        g->lock_addr[gw] = a | scope;
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
            scord_locktab_amoswap(lt, a, xs, below(g, 100) < 92 ? 0u : 1u);
            g->lock_state[gw] = 0;
        }
        break;
    }
}

static void push_barrier(scord_evgen_t *g, uint32_t gw)
{
    uint32_t b = gw / g->p.warps_per_block;
    g->bar[b]++;
    scord_event_t *e = push(g, gw, SCORD_DET_EV_SYNC, 0x2900);
    e->size = SCORD_DET_SYNC_BARRIER;
    e->warp = 0;
}

static uint8_t random_access_kind(scord_evgen_t *g)
{
    uint32_t r = below(g, 10);
    return r < 4 ? SCORD_DET_EV_STORE : r < 8 ? SCORD_DET_EV_LOAD : SCORD_DET_EV_ATOMIC;
}

/* One lane's access of a random kind and size at a random offset in word a. */
static void lane_access(scord_evgen_t *g, uint32_t gw, uint32_t a, uint32_t lane, uint32_t pc)
{
    uint8_t kind = random_access_kind(g);
    uint8_t size = kind == SCORD_DET_EV_ATOMIC ? 2 : random_size(g);
    uint8_t scope = kind == SCORD_DET_EV_ATOMIC ? (uint8_t)below(g, 2) : 0;
    push_access(g, gw, kind, (uint8_t)below(g, 2), scope, size, a + sub_offset(g, size), lane, pc);
}

/* Two lanes of one warp on one word, with nothing, a warp sync, a fence, a
 * barrier or another warp's access between them. */
static void intra_warp_pair(scord_evgen_t *g, uint32_t gw)
{
    uint32_t a = g->pool[below(g, g->p.pool_words)];
    uint32_t la = below(g, g->p.lanes), lb = below(g, g->p.lanes);
    if (g->p.lanes > 1 && lb == la && below(g, 4))
        lb = (la + 1 + below(g, g->p.lanes - 1)) % g->p.lanes;
    lane_access(g, gw, a, la, 0x2c00 + 4 * below(g, 8));
    uint32_t between = below(g, 10);
    if (between == 1 || between == 2)
        g->wsync[gw]++;  /* syncwarp, vote or shuffle: not a detector event */
    else if (between == 3)
        push_fence(g, gw, (uint8_t)below(g, 2), 0x2c40);
    else if (between == 4)
        push_barrier(g, gw);
    else if (between == 5) {
        uint32_t other = below(g, g->p.blocks * g->p.warps_per_block);
        lane_access(g, other, a, below(g, g->p.lanes), 0x2c44);
    }
    lane_access(g, gw, a, lb, 0x2c20 + 4 * below(g, 8));
}

/* An atomic of one block, sometimes followed by the device fence that
 * orders it (or a block fence, which does not), then an atomic or a plain
 * access of another block on the same word. */
static void scoped_atomic_pair(scord_evgen_t *g, uint32_t gw)
{
    uint32_t nw = g->p.blocks * g->p.warps_per_block;
    uint32_t other = below(g, nw);
    if (g->p.blocks > 1 && other / g->p.warps_per_block == gw / g->p.warps_per_block)
        other = (other + g->p.warps_per_block) % nw;
    uint32_t a = g->pool[below(g, g->p.pool_words)];
    push_access(g, gw, SCORD_DET_EV_ATOMIC, 1, (uint8_t)below(g, 2), 2, a, below(g, g->p.lanes), 0x2d00);
    uint32_t f = below(g, 10);
    if (f < 5)
        push_fence(g, gw, 1, 0x2d04);
    else if (f < 7)
        push_fence(g, gw, 0, 0x2d08);
    if (below(g, 4))
        push_access(g, other, SCORD_DET_EV_ATOMIC, 1, (uint8_t)below(g, 2), 2, a,
                    below(g, g->p.lanes), 0x2d10);
    else
        push_access(g, other, below(g, 2) ? SCORD_DET_EV_LOAD : SCORD_DET_EV_STORE,
                    (uint8_t)below(g, 2), 0, 2, a, below(g, g->p.lanes), 0x2d14);
}

/* Message passing from warp gw to a warp of another block: the data,
 * the producer's fence (device, sometimes block or none), a flag of device
 * atomics; the consumer's poll, its device fence (mostly; sometimes none,
 * sometimes one made before the producer's fence: a race the acquire rule
 * misses, docs/detector.md §9), then a load (weak or strong) or a store or
 * atomic on the data, of one or more lanes. */
static void message_pass(scord_evgen_t *g, uint32_t gw)
{
    uint32_t nw = g->p.blocks * g->p.warps_per_block;
    uint32_t other = below(g, nw);
    if (g->p.blocks > 1 && other / g->p.warps_per_block == gw / g->p.warps_per_block)
        other = (other + g->p.warps_per_block) % nw;
    uint32_t kd = below(g, g->p.pool_words), kf = below(g, g->p.pool_words);
    uint32_t a = g->pool[kd], f = g->pool[kf == kd ? (kf + 1) % g->p.pool_words : kf];
    uint32_t pl = below(g, g->p.lanes), cl = below(g, g->p.lanes);
    push_access(g, gw, SCORD_DET_EV_STORE, (uint8_t)below(g, 2), 0, 2, a, pl, 0x2e00);
    uint32_t cf = below(g, 10);     /* consumer fence: 0-5 after the flag, 6 early, 7-9 none */
    if (cf == 6)
        push_fence(g, other, 1, 0x2e40);
    uint32_t pf = below(g, 10);     /* producer fence: 0-7 device, 8 block, 9 none */
    if (pf < 9)
        push_fence(g, gw, pf < 8, 0x2e04);
    push_access(g, gw, SCORD_DET_EV_ATOMIC, 1, 1, 2, f, pl, 0x2e08);
    push_access(g, other, SCORD_DET_EV_ATOMIC, 1, 1, 2, f, cl, 0x2e44);
    if (cf < 6)
        push_fence(g, other, 1, 0x2e48);
    uint32_t ck = below(g, 10);     /* consumer access: 0-5 load, 6-8 store, 9 atomic */
    uint8_t kind = ck < 6 ? SCORD_DET_EV_LOAD : ck < 9 ? SCORD_DET_EV_STORE : SCORD_DET_EV_ATOMIC;
    uint8_t strong = below(g, 10) < 3;
    uint32_t lanes = 1 + below(g, 3);
    for (uint32_t i = 0; i < lanes && cl + i < g->p.lanes; i++)
        push_access(g, other, kind, strong, 1, 2, a, cl + i, 0x2e4c);
}

static void generate(scord_evgen_t *g)
{
    uint32_t nwarps = g->p.blocks * g->p.warps_per_block;
    uint32_t gw = below(g, nwarps);
    g->npend = g->ipend = 0;
    if (g->burst_left) {
        /* the kernel's burst of device fences, a pending buffer at a time */
        uint32_t n = g->burst_left < 64 ? g->burst_left : 64;
        for (uint32_t i = 0; i < n; i++)
            push_fence(g, below(g, nwarps), 1, 0x2f00);
        g->burst_left -= n;
        return;
    }
    uint32_t r = below(g, 108);
    if (r >= 100) {
        message_pass(g, gw);
    } else if (r < 32) {
        uint8_t kind = below(g, 5) < 3 ? SCORD_DET_EV_LOAD : SCORD_DET_EV_STORE;
        warp_access(g, gw, kind, below(g, 10) < 3, 0);
    } else if (r < 40) {
        warp_access(g, gw, SCORD_DET_EV_ATOMIC, 1, (uint8_t)below(g, 2));
    } else if (r < 46) {
        push_fence(g, gw, (uint8_t)below(g, 2), 0x2800 + 4 * below(g, 4));
    } else if (r < 48) {
        push_barrier(g, gw);
    } else if (r < 64) {
        lock_step(g, gw);
    } else if (r < 67) {
        uint32_t s = below(g, 100);
        if (s < 80 && g->p.untracked_addr)
            push_access(g, gw, below(g, 2) ? SCORD_DET_EV_STORE : SCORD_DET_EV_LOAD, 0, 0, 2,
                        g->p.untracked_addr, 0, 0x2a00);
        else if (g->p.intrude_addr)
            push_access(g, gw, SCORD_DET_EV_STORE, 0, 0, 2, g->p.intrude_addr, 0, 0x2a04);
        else
            push_fence(g, gw, 0, 0x2a08);
    } else if (r < 74) {
        /* program-order burst of one lane of a warp on one word */
        uint32_t a = g->pool[below(g, g->p.pool_words)];
        uint8_t st = (uint8_t)below(g, 2);
        uint32_t lane = below(g, g->p.lanes);
        push_access(g, gw, SCORD_DET_EV_STORE, st, 0, 2, a, lane, 0x2b00);
        push_access(g, gw, SCORD_DET_EV_LOAD, st, 0, 2, a, lane, 0x2b04);
        if (below(g, 2))
            push_access(g, gw, SCORD_DET_EV_STORE, st, 0, 2, a, lane, 0x2b08);
    } else if (r < 78) {
        g->wsync[gw]++;  /* a warp sync makes no event: try again */
    } else if (r < 90) {
        intra_warp_pair(g, gw);
    } else {
        scoped_atomic_pair(g, gw);
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
            memset(g->wsync, 0, sizeof g->wsync);
            memset(g->bar, 0, sizeof g->bar);
            g->npend = g->ipend = 0;
            g->burst_left = g->p.fence_burst;
            return 0;
        }
        generate(g);
    }
    *ev = g->pend[g->ipend++];
    g->since_kernel++;
    return 1;
}
