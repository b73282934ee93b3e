// ScoR application uts as a CUDA program: the twin of sw/bench/apps/uts
// (kernel.c, host.c, args.h): unbalanced tree search with local and global
// stacks.
//
// A forest of deterministic trees: node (key, depth) has
// uts_children(key, depth) children (0..6, 3 on average, none at depth
// levels-1), child i having key uts_child_key(key, i). The kernel visits
// every node once and counts them; the host compares with its own walk.
//
// Workers: lane 0 of every warp. Each block has two stacks of nodes in
// device memory: a local one (only its own warps use it; block-scope lock)
// and a global one (anyone may steal from it; device-scope lock). A worker
// pops from its local stack, else from the global stacks (its own first),
// expands the node and pushes the children to its local stack while it
// holds fewer than `lmax` nodes, the rest to its block's global stack.
// *pending counts the nodes created and not yet expanded; the search ends
// when it reaches 0. The host puts the roots on block 0's global stack.
// Locks are a CAS acquire followed by a fence and a fence followed by an
// exchange release; the stack data are plain accesses inside the critical
// sections.
//
// Stack layout (words): [UTS_LOCK] lock, [UTS_AVAIL] nodes on it (global
// stacks: kept with atomics, read without the lock as a hint), [UTS_TOP]
// count, then `cap` nodes of two words (key, depth). Stack 2b is block b's
// local stack, 2b+1 its global one.
//
// RACEY (-DRACEY=1) injects what ScoR's UTS does: the global stacks, shared
// by all blocks, are locked with block-scope CAS / exchange, and their node
// counters are updated and probed with block-scope atomics. Six races:
// uts_pop_lock, uts_push_lock (a global stack's lock, taken by a stealer /
// by its owner), uts_top, uts_node (the stack's top and node slots under
// that lock), uts_avail (the node counter), uts_probe (a stealer's read of
// the counter before it locks). A racy lock spins UTS_RACEY_SPINS times at
// most, and a worker that finds no work UTS_IDLE_MAX times in a row stops:
// a racy run may be wrong but ends.
//
// Launch as scord-scor's: 6 roots, 5 levels, one block of one core's every
// thread per core, stacks of 1024 nodes, local stacks filled to 8.
#include "apps.cuh"

#define UTS_LOCK 0u
#define UTS_AVAIL 8u
#define UTS_TOP 16u
#define UTS_NODES 24u
#define UTS_STACK_WORDS(cap) (UTS_NODES + 2u * (cap))
#define UTS_MAX_CHILDREN 6u
#define UTS_SEED 0x075EEDu
#define UTS_CAP 1024u
#define UTS_LMAX 8u

#if RACEY
#define UTS_IDLE_MAX 16u
#else
#define UTS_IDLE_MAX 256u
#endif
#define UTS_RACEY_SPINS 256u

__host__ __device__ static inline uint32_t uts_mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return x;
}
__host__ __device__ static inline uint32_t uts_children(uint32_t key, uint32_t depth,
                                                        uint32_t levels)
{
    if (depth + 1 >= levels)
        return 0;
    return (uint32_t)(((uint64_t)uts_mix(key ^ 0x9E3779B9u) * 7u) >> 32);
}
__host__ __device__ static inline uint32_t uts_child_key(uint32_t key, uint32_t i)
{
    return uts_mix(key * 8u + i + 1u);
}

// The launch's buffers and parameters, gathered by the kernel (kernel.c's
// struct uts_args; a struct of pointers cannot be a kernel parameter).
struct uts_args {
    uint32_t *stacks, *pending, *count, *err;
    uint32_t cap, lmax, depth, wpb;
};

struct node {
    uint32_t key, depth;
};

__device__ __noinline__ static int pop_local(uint32_t *st, uint32_t cap, node *n)
{
    int got = 0;
    while (atomicCAS_block(&st[UTS_LOCK], 0u, 1u) != 0u)
        ;
    __threadfence_block();
    uint32_t t = st[UTS_TOP];
    if (t > 0 && t <= cap) {
        t--;
        n->key = st[UTS_NODES + 2 * t];
        n->depth = st[UTS_NODES + 2 * t + 1];
        st[UTS_TOP] = t;
        got = 1;
    }
    __threadfence_block();
    atomicExch_block(&st[UTS_LOCK], 0u);
    return got;
}

// Pushes nodes while the local stack holds fewer than lmax; returns how many.
__device__ __noinline__ static uint32_t push_local(uint32_t *st, uint32_t lmax, const node *n,
                                                   uint32_t count)
{
    uint32_t i = 0;
    while (atomicCAS_block(&st[UTS_LOCK], 0u, 1u) != 0u)
        ;
    __threadfence_block();
    uint32_t t = st[UTS_TOP];
    for (; i < count && t < lmax; i++, t++) {
        st[UTS_NODES + 2 * t] = n[i].key;
        st[UTS_NODES + 2 * t + 1] = n[i].depth;
    }
    st[UTS_TOP] = t;
    __threadfence_block();
    atomicExch_block(&st[UTS_LOCK], 0u);
    return i;
}

__device__ __noinline__ static int pop_global(uint32_t *st, uint32_t cap, node *n)
{
    int got = 0;
#if RACEY
    if (atomicAdd_block(&st[UTS_AVAIL], 0u) == 0u) // scor:race uts_probe
        return 0;
    for (unsigned s = 0; s < UTS_RACEY_SPINS && atomicCAS_block(&st[UTS_LOCK], 0u, 1u) != 0u; s++) // scor:race uts_pop_lock
        ;
#else
    if (atomicAdd(&st[UTS_AVAIL], 0u) == 0u)
        return 0;
    while (atomicCAS(&st[UTS_LOCK], 0u, 1u) != 0u)
        ;
#endif
    __threadfence();
    uint32_t t = st[UTS_TOP]; // scor:race uts_top
    if (t > 0 && t <= cap) {
        t--;
        n->key = st[UTS_NODES + 2 * t];       // scor:race uts_node
        n->depth = st[UTS_NODES + 2 * t + 1]; // scor:race uts_node
        st[UTS_TOP] = t;                      // scor:race uts_top
#if RACEY
        atomicSub_block(&st[UTS_AVAIL], 1u); // scor:race uts_avail
#else
        atomicSub(&st[UTS_AVAIL], 1u);
#endif
        got = 1;
    }
    __threadfence();
#if RACEY
    atomicExch_block(&st[UTS_LOCK], 0u); // scor:race uts_pop_lock
#else
    atomicExch(&st[UTS_LOCK], 0u);
#endif
    return got;
}

// Pushes all nodes; returns 1 if the stack was full (nodes lost).
__device__ __noinline__ static int push_global(uint32_t *st, uint32_t cap, const node *n,
                                               uint32_t count)
{
#if RACEY
    for (unsigned s = 0; s < UTS_RACEY_SPINS && atomicCAS_block(&st[UTS_LOCK], 0u, 1u) != 0u; s++) // scor:race uts_push_lock
        ;
#else
    while (atomicCAS(&st[UTS_LOCK], 0u, 1u) != 0u)
        ;
#endif
    __threadfence();
    uint32_t t = st[UTS_TOP], i = 0; // scor:race uts_top
    for (; i < count && t < cap; i++, t++) {
        st[UTS_NODES + 2 * t] = n[i].key;       // scor:race uts_node
        st[UTS_NODES + 2 * t + 1] = n[i].depth; // scor:race uts_node
    }
    st[UTS_TOP] = t; // scor:race uts_top
#if RACEY
    atomicAdd_block(&st[UTS_AVAIL], i); // scor:race uts_avail
#else
    atomicAdd(&st[UTS_AVAIL], i);
#endif
    __threadfence();
#if RACEY
    atomicExch_block(&st[UTS_LOCK], 0u); // scor:race uts_push_lock
#else
    atomicExch(&st[UTS_LOCK], 0u);
#endif
    return i < count;
}

// stacks: [2 * grid] stacks; pending: nodes created and not expanded;
// count: [grid * wpb] nodes each worker expanded; err: bit 0, a push found
// both stacks full; cap: nodes per stack; lmax: local stack fill before
// pushing to the global one; depth: the trees' levels; wpb: warps per block.
__global__ void uts_search(uint32_t *stacks, uint32_t *pending, uint32_t *count, uint32_t *err,
                           uint32_t cap, uint32_t lmax, uint32_t depth, uint32_t wpb)
{
    if (threadIdx.x % warpSize != 0)
        return;
    const uts_args args = {stacks, pending, count, err, cap, lmax, depth, wpb};
    const uts_args *a = &args;
    unsigned b = blockIdx.x, nb = gridDim.x;
    uint32_t sw = UTS_STACK_WORDS(a->cap);
    uint32_t *local = a->stacks + 2 * b * sw;
    uint32_t *global = local + sw;
    uint32_t expanded = 0, idle = 0;

    for (;;) {
        node n;
        int got = pop_local(local, a->cap, &n);
        for (unsigned i = 0; i < nb && !got; i++) {
            unsigned v = b + i < nb ? b + i : b + i - nb;
            got = pop_global(a->stacks + (2 * v + 1) * sw, a->cap, &n);
        }
        if (!got) {
            if ((int32_t)atomicAdd(a->pending, 0u) <= 0 || ++idle > UTS_IDLE_MAX)
                break;
            continue;
        }
        idle = 0;
        expanded++;
        node kids[UTS_MAX_CHILDREN];
        uint32_t nk = uts_children(n.key, n.depth, a->depth);
        for (uint32_t i = 0; i < nk; i++) {
            kids[i].key = uts_child_key(n.key, i);
            kids[i].depth = n.depth + 1;
        }
        uint32_t done = nk ? push_local(local, a->lmax, kids, nk) : 0;
        if (done < nk && push_global(global, a->cap, kids + done, nk - done))
            atomicOr(a->err, 1u);
        // After the pushes: *pending never reads 0 while a node is left.
        if (nk != 1)
            atomicAdd(a->pending, nk - 1);
    }
    a->count[b * a->wpb + threadIdx.x / warpSize] = expanded;
}

// Nodes of the tree below (key, depth), itself included.
static uint64_t host_walk(uint32_t key, uint32_t depth, uint32_t levels)
{
    uint64_t n = 1;
    uint32_t nk = uts_children(key, depth, levels);
    for (uint32_t i = 0; i < nk; i++)
        n += host_walk(uts_child_key(key, i), depth + 1, levels);
    return n;
}

int main()
{
    app_gpu gpu = app_gpu_shape();
    uint32_t roots = 6, levels = 5;
    uint32_t nb = gpu.cores ? gpu.cores : 1;
    uint32_t bt = gpu.warps * gpu.threads, wpb = gpu.warps;
    uint32_t sw = UTS_STACK_WORDS(UTS_CAP), nworkers = nb * wpb;
    uint32_t *hstacks = (uint32_t *)calloc((size_t)2 * nb * sw, 4);
    uint32_t *hcount = (uint32_t *)calloc(nworkers, 4);
    uint64_t want = 0;
    uint32_t *g0 = hstacks + sw; // block 0's global stack
    for (uint32_t i = 0; i < roots; i++) {
        uint32_t key = uts_mix(UTS_SEED + i);
        g0[UTS_NODES + 2 * i] = key;
        g0[UTS_NODES + 2 * i + 1] = 0;
        want += host_walk(key, 0, levels);
    }
    g0[UTS_TOP] = roots;
    g0[UTS_AVAIL] = roots;
    uint32_t hpending = roots, flag = 0;
    size_t sbytes = (size_t)2 * nb * sw * 4;
    uint32_t *stacks = app_upload<uint32_t>(hstacks, sbytes);
    uint32_t *pending = app_upload<uint32_t>(&hpending, 4);
    uint32_t *count = app_upload<uint32_t>(nullptr, nworkers * 4);
    uint32_t *err = app_upload<uint32_t>(nullptr, 4);
    uts_search<<<nb, bt>>>(stacks, pending, count, err, UTS_CAP, UTS_LMAX, levels, wpb);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(hcount, count, nworkers * 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&flag, err, 4, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&hpending, pending, 4, cudaMemcpyDeviceToHost));
    uint64_t got = 0;
    for (uint32_t i = 0; i < nworkers; i++)
        got += hcount[i];
    int bad = 0;
    if (!RACEY && flag) {
        fprintf(stderr, "uts: a global stack overflowed (%u nodes)\n", UTS_CAP);
        bad = 1;
    } else if (!RACEY && (got != want || hpending != 0)) {
        fprintf(stderr, "uts: %llu nodes expanded, the trees have %llu (%u pending)\n",
                (unsigned long long)got, (unsigned long long)want, hpending);
        bad = 1;
    }
    printf("uts%s: %llu nodes expanded, the trees have %llu%s\n", RACEY ? " (racey)" : "",
           (unsigned long long)got, (unsigned long long)want,
           RACEY ? " (not checked)" : bad ? ", WRONG" : ", right");
    free(hstacks);
    free(hcount);
    return bad;
}
