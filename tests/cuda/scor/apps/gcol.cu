// ScoR application gcol as a CUDA program: the twin of sw/bench/apps/gcol
// (kernel.c, host.c, rmat.h, steal_host.h): graph colouring with work
// stealing.
//
// One launch is one phase of a colouring round over a graph in CSR form
// (row[n+1], adj[]; undirected, no self loops):
//   GCOL_TENTATIVE  out[v] = in[v] if v is coloured, else the smallest
//                   colour >= 1 no neighbour has in `in` (one of the
//                   first four free ones), marked GCOL_NEW
//   GCOL_CONFLICT   for v marked GCOL_NEW: out[v] = 0 if a neighbour u < v
//                   has in[u] == in[v] (the lower id keeps a contested
//                   colour), else in[v] without the mark; others copied
// The host alternates the two (a -> b, b -> a) until no vertex is reset.
//
// Work: one partition of the vertices per block; the host gives block p the
// first chunk of GCOL_CHUNK vertices of partition p in its descriptor, and
// next[p] hands out the others with atomicAdd. A block that exhausted its
// partition steals chunks from the partition with the most work left.
// done[p] counts the vertices of partition p processed, *count the vertices
// coloured / reset in the launch. Per chunk every thread reads the block's
// descriptor and handles one vertex, the block sums its count through
// `scratch` (two barriers), thread 0 adds it to the launch's total, claims
// the next chunk and publishes it in the descriptor; a barrier, and round
// again.
//
// RACEY (-DRACEY=1) injects what ScoR's GCOL does: thread 0 claims chunks
// of its own partition with a block-scope atomicAdd and counts them in
// done[] with a block-scope atomicAdd too; and the barrier between
// publishing the descriptor and the next chunk reading it is dropped. Six
// races: gcol_own (own head: block-scope claim vs a stealer's device
// claim), gcol_probe (a stealer's probe of that head), gcol_done, gcol_start
// and gcol_end (the descriptor: thread 0's store vs the threads' load),
// gcol_reuse (scratch: thread 0's reads of the last sum vs the next chunk's
// stores).
//
// Divergence and barriers: the GPU reconverges a warp by minimum PC. Every
// divergent step before a barrier is a __noinline__ function, called by
// all threads and defined above the kernel, so that all lanes of a warp
// return from it before the warp reaches the barrier.
//
// Launch as scord-scor's: an R-MAT graph of 2^8 vertices and 2^10 edges
// drawn, one block of 32 threads per core, rounds of two launches until no
// vertex is reset.
#include "apps.cuh"

#define GCOL_BLOCK 32u // threads per block: the reduction is written for 32
#define GCOL_CHUNK GCOL_BLOCK
#define GCOL_NEW 0x80000000u // colour picked in this round
#define GCOL_DESC_WORDS 8u   // per block: [0] start, [1] end
#define GCOL_SEED 0x6C0105EEDull
#define GCOL_MAX_ROUNDS 32u

enum { GCOL_TENTATIVE = 0, GCOL_CONFLICT = 1 };

// The launch's buffers and parameters, gathered by the kernel for its
// helpers (kernel.c's struct gcol_args; a struct of pointers cannot be a
// kernel parameter).
struct gcol_args {
    const uint32_t *row, *adj, *in;
    uint32_t *out;
    const uint32_t *pend;
    uint32_t *next, *done, *desc, *scratch, *count;
    uint32_t n, nparts, phase, round;
};

// Thread 0: claim the next chunk for block b, from its own partition, else
// stolen from the partition with the most vertices left, and publish it in
// the block's descriptor (start == end: no work left).
__device__ __noinline__ static void claim(const gcol_args *a, unsigned tid, unsigned b,
                                          uint32_t *desc, unsigned *part)
{
    if (tid != 0)
        return;
    unsigned s = 0, e = 0, p = b, end = a->pend[b];
#if RACEY
    unsigned h = atomicAdd_block(&a->next[b], GCOL_CHUNK); // scor:race gcol_own
#else
    unsigned h = atomicAdd(&a->next[b], GCOL_CHUNK);
#endif
    if (h < end) {
        s = h;
        e = end - h < GCOL_CHUNK ? end : h + GCOL_CHUNK;
    } else {
        for (;;) {
            unsigned best = b, left = 0;
            for (unsigned v = 0; v < a->nparts; v++) {
                if (v == b)
                    continue;
                // An atomic read: the owner's last claim is an atomic too.
                unsigned hv = atomicAdd(&a->next[v], 0u); // scor:race gcol_probe
                unsigned ev = a->pend[v];
                if (hv < ev && ev - hv > left) {
                    left = ev - hv;
                    best = v;
                }
            }
            if (left == 0)
                break;
            unsigned hs = atomicAdd(&a->next[best], GCOL_CHUNK); // scor:race gcol_own
            unsigned ev = a->pend[best];
            if (hs < ev) {
                s = hs;
                e = ev - hs < GCOL_CHUNK ? ev : hs + GCOL_CHUNK;
                p = best;
                break;
            }
        }
    }
    *part = p;
    desc[0] = s; // scor:race gcol_start
    desc[1] = e; // scor:race gcol_end
}

__device__ static inline unsigned ctz32(uint32_t x)
{
    unsigned n = 0;
    if (!(x & 0xFFFFu)) {
        n += 16;
        x >>= 16;
    }
    if (!(x & 0xFFu)) {
        n += 8;
        x >>= 8;
    }
    if (!(x & 0xFu)) {
        n += 4;
        x >>= 4;
    }
    if (!(x & 3u)) {
        n += 2;
        x >>= 2;
    }
    return n + !(x & 1u);
}

// A free colour for v (one no neighbour has in a->in): the first, second,
// third or fourth free one, chosen by a hash of v and the round.
__device__ static inline unsigned pick_colour(const gcol_args *a, unsigned v)
{
    unsigned k0 = a->row[v], k1 = a->row[v + 1];
    unsigned skip = ((v ^ (a->round << 16)) * 2654435761u) >> 30;
    for (unsigned base = 1;; base += 32) {
        uint32_t used = 0;
        for (unsigned k = k0; k < k1; k++) {
            unsigned d = a->in[a->adj[k]] - base;
            if (d < 32)
                used |= 1u << d;
        }
        uint32_t avail = ~used;
        while (avail && skip) {
            avail &= avail - 1;
            skip--;
        }
        if (avail)
            return base + ctz32(avail);
    }
}

// Thread tid's vertex of chunk [s, e). Returns 1 if it was coloured
// (tentative phase) or reset (conflict phase).
__device__ __noinline__ static unsigned do_vertex(const gcol_args *a, unsigned s, unsigned e,
                                                  unsigned tid)
{
    unsigned v = s + tid;
    if (v >= e)
        return 0;
    unsigned c = a->in[v], r = c, changed = 0;
    if (a->phase == GCOL_TENTATIVE) {
        if (c == 0) {
            r = pick_colour(a, v) | GCOL_NEW;
            changed = 1;
        }
    } else if (c & GCOL_NEW) {
        // Coloured in this round: a neighbour coloured in this round too
        // may have picked the same colour; the lower id keeps it.
        r = c & ~GCOL_NEW;
        for (unsigned k = a->row[v]; k < a->row[v + 1]; k++) {
            unsigned u = a->adj[k];
            if (u < v && a->in[u] == c) {
                r = 0;
                changed = 1;
                break;
            }
        }
    }
    // Device atomic: the result is visible to the next launch, and a vertex
    // processed twice (a RACEY build's lost claim) is no new race.
    atomicExch(&a->out[v], r);
    return changed;
}

// First level of the block's sum: 32 values to 16.
__device__ __noinline__ static void reduce_half(uint32_t *scratch, unsigned tid, unsigned n)
{
    if (tid < 16) {
        unsigned sum = n + scratch[tid + 16];
        scratch[tid] = sum;
    }
}

// Thread 0: add up the 16 partial sums, account for the chunk [s, e).
__device__ __noinline__ static void finish(const gcol_args *a, uint32_t *scratch, unsigned tid,
                                           unsigned b, unsigned part, unsigned s, unsigned e)
{
    if (tid != 0)
        return;
    unsigned sum = 0;
    for (unsigned i = 0; i < 16; i++)
        sum += scratch[i]; // scor:race gcol_reuse
    if (sum)
        atomicAdd(a->count, sum);
#if RACEY
    if (part == b)
        atomicAdd_block(&a->done[part], e - s); // scor:race gcol_done
    else
#endif
        atomicAdd(&a->done[part], e - s); // scor:race gcol_done
    (void)b;
}

__global__ void gcol_phase(const uint32_t *row, const uint32_t *adj, const uint32_t *in,
                           uint32_t *out, const uint32_t *pend, uint32_t *next, uint32_t *done,
                           uint32_t *desc, uint32_t *scratch, uint32_t *count, uint32_t n,
                           uint32_t nparts, uint32_t phase, uint32_t round)
{
    const gcol_args args = {row,  adj,     in,    out, pend,   next,  done,
                            desc, scratch, count, n,   nparts, phase, round};
    const gcol_args *a = &args;
    unsigned tid = threadIdx.x, b = blockIdx.x;
    uint32_t *bdesc = a->desc + b * GCOL_DESC_WORDS;
    uint32_t *bscratch = a->scratch + b * GCOL_BLOCK;
    unsigned part = b;

    // The host hands out the first chunk of every partition in desc.
    for (;;) {
        unsigned s = bdesc[0]; // scor:race gcol_start
        unsigned e = bdesc[1]; // scor:race gcol_end
        if (s >= e)
            break;
        unsigned c = do_vertex(a, s, e, tid);
        bscratch[tid] = c; // scor:race gcol_reuse
        __syncthreads();
        reduce_half(bscratch, tid, c);
        __syncthreads();
        finish(a, bscratch, tid, b, part, s, e);
        claim(a, tid, b, bdesc, &part);
#if !RACEY
        __syncthreads();
#endif
    }
}

static int check_colouring(const rmat_graph *g, const uint32_t *col)
{
    for (uint32_t v = 0; v < g->n; v++) {
        if (col[v] == 0) {
            fprintf(stderr, "gcol: vertex %u is not coloured\n", v);
            return -1;
        }
        for (uint32_t k = g->row[v]; k < g->row[v + 1]; k++)
            if (col[g->adj[k]] == col[v]) {
                fprintf(stderr, "gcol: edge %u-%u joins two vertices of colour %u\n", v,
                        g->adj[k], col[v]);
                return -1;
            }
    }
    return 0;
}

int main()
{
    app_gpu gpu = app_gpu_shape();
    if (gpu.warps * gpu.threads < GCOL_BLOCK) {
        fprintf(stderr, "gcol: needs %u threads per core, the GPU has %u\n", GCOL_BLOCK,
                gpu.warps * gpu.threads);
        return 2;
    }
    rmat_graph g;
    if (rmat_build(&g, 8, 4u << 8, 570, 190, 190, GCOL_SEED))
        return 2;
    uint32_t np = gpu.cores ? gpu.cores : 1;
    uint32_t *pstart = (uint32_t *)malloc(np * 4), *pend = (uint32_t *)malloc(np * 4);
    uint32_t *col = (uint32_t *)malloc(g.n * 4);
    steal_partition(g.n, np, pstart, pend);

    uint32_t *row = app_upload<uint32_t>(g.row, (g.n + 1) * 4);
    uint32_t *adj = app_upload<uint32_t>(g.adj, g.m * 4);
    uint32_t *ca = app_upload<uint32_t>(nullptr, g.n * 4);
    uint32_t *cb = app_upload<uint32_t>(nullptr, g.n * 4);
    steal_bufs st = {};
    st.nparts = np;
    st.chunk = GCOL_CHUNK;
    st.desc_words = GCOL_DESC_WORDS;
    st.block = GCOL_BLOCK;
    steal_alloc(&st, pend);

    uint32_t round, reset = 1, coloured = 0;
    int bad = 0;
    for (round = 0; round < GCOL_MAX_ROUNDS && reset && !bad; round++) {
        steal_reset(&st, pstart, pend);
        gcol_phase<<<np, GCOL_BLOCK>>>(row, adj, ca, cb, st.pend, st.next, st.done, st.desc,
                                        st.scratch, st.count, g.n, np, GCOL_TENTATIVE, round);
        bad = steal_finish("gcol", &st, pstart, pend, &coloured) != 0;
        if (bad)
            break;
        steal_reset(&st, pstart, pend);
        gcol_phase<<<np, GCOL_BLOCK>>>(row, adj, cb, ca, st.pend, st.next, st.done, st.desc,
                                        st.scratch, st.count, g.n, np, GCOL_CONFLICT, round);
        bad = steal_finish("gcol", &st, pstart, pend, &reset) != 0;
    }
    if (!RACEY && !bad) {
        if (reset) {
            fprintf(stderr, "gcol: %u vertices still reset after %u rounds\n", reset, round);
            bad = 1;
        } else {
            CHECK(cudaMemcpy(col, ca, g.n * 4, cudaMemcpyDeviceToHost));
            bad = check_colouring(&g, col) != 0;
        }
    }
    printf("gcol%s: %u vertices, %u adjacency entries, %u rounds%s\n", RACEY ? " (racey)" : "",
           g.n, g.m, round, RACEY ? " (not checked)" : bad ? ", WRONG" : ", right");
    free(pstart);
    free(pend);
    free(col);
    free(g.row);
    free(g.adj);
    return bad;
}
