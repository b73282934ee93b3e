/* uts: unbalanced tree search with local and global stacks (see args.h).
 *
 * Locks are a CAS acquire followed by a fence and a fence followed by an
 * exchange release, the pattern the detector infers (docs/detector.md §4):
 * block scope for the local stacks, device scope for the global ones. The
 * stack data are plain accesses inside the critical sections; the node a
 * worker pops is copied to registers there.
 *
 * RACEY injects what ScoR's UTS does: the global stacks, shared by all
 * blocks, are locked with block-scope CAS / exchange, and their node
 * counters are updated and probed with block-scope atomics. Six races:
 *   uts_pop_lock   a global stack's lock, taken and released by a stealer
 *   uts_push_lock  the same lock, taken and released by its owner to push
 *   uts_top        the stack's top, read and written under that lock
 *   uts_node       the stack's node slots, written by a push, read by a pop
 *   uts_avail      the node counter: a push adds, a pop subtracts
 *   uts_probe      a stealer's read of the counter before it locks
 * With block-scope locks two blocks can be inside one critical section at
 * once: every index read from a stack is range checked, so a RACEY run
 * loses or repeats nodes but never writes outside its stacks, and a worker
 * that finds no work UTS_IDLE_MAX times in a row stops even if *pending
 * never reaches 0, and a racy lock spins UTS_RACEY_SPINS times at most
 * (in the race-free build it only stops early while other
 * workers still hold the remaining nodes, which they finish). */
#include <scord_gpu.h>

#include "args.h"

#ifndef RACEY
#define RACEY 0
#endif

/* A worker that found no work this many times in a row stops. RACEY: small,
 * because *pending is then unreliable (nodes are lost or expanded twice, so
 * it may stay above 0; it may also drop below 0, which ends the search) and
 * each idle try may spin UTS_RACEY_SPINS times on every global lock. */
#if RACEY
#define UTS_IDLE_MAX 16u
#else
#define UTS_IDLE_MAX 256u
#endif
/* RACEY: a block-scope CAS runs in the core's L1, which is not coherent, so
 * a stealer from another block can spin forever on a stale "held" line of
 * another block's global lock. The racy lock gives up after this many tries
 * and enters the critical section anyway (the device fence there drops the
 * stale line for the next time): a racy run may be wrong but ends. */
#define UTS_RACEY_SPINS 256u
#define STEP __attribute__((noipa))

struct node {
    uint32_t key, depth;
};

STEP static int pop_local(volatile uint32_t *st, uint32_t cap, struct node *n)
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

/* Pushes nodes while the local stack holds fewer than lmax; returns how many. */
STEP static uint32_t push_local(volatile uint32_t *st, uint32_t lmax, const struct node *n,
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

STEP static int pop_global(volatile uint32_t *st, uint32_t cap, struct node *n)
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

/* Pushes all nodes; returns 1 if the stack was full (nodes lost). */
STEP static int push_global(volatile uint32_t *st, uint32_t cap, const struct node *n,
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

void kernel_main(void *arg)
{
    if (__lane_id() != 0)
        return;
    const struct uts_args *a = arg;
    unsigned b = __block_linear(), nb = __scord_csr_grid_dim_x();
    uint32_t cap = a->cap, sw = UTS_STACK_WORDS(cap);
    volatile uint32_t *local = a->stacks + 2 * b * sw;
    volatile uint32_t *global = local + sw;
    uint32_t count = 0, idle = 0;

    for (;;) {
        struct node n;
        int got = pop_local(local, cap, &n);
        for (unsigned i = 0; i < nb && !got; i++) {
            unsigned v = b + i < nb ? b + i : b + i - nb;
            got = pop_global(a->stacks + (2 * v + 1) * sw, cap, &n);
        }
        if (!got) {
            if ((int32_t)atomicAdd(a->pending, 0u) <= 0 || ++idle > UTS_IDLE_MAX)
                break;
            continue;
        }
        idle = 0;
        count++;
        struct node kids[UTS_MAX_CHILDREN];
        uint32_t nk = uts_children(n.key, n.depth, a->depth);
        for (uint32_t i = 0; i < nk; i++) {
            kids[i].key = uts_child_key(n.key, i);
            kids[i].depth = n.depth + 1;
        }
        uint32_t done = nk ? push_local(local, a->lmax, kids, nk) : 0;
        if (done < nk && push_global(global, cap, kids + done, nk - done))
            atomicOr(a->err, 1u);
        /* After the pushes: *pending never reads 0 while a node is left. */
        if (nk != 1)
            atomicAdd(a->pending, nk - 1);
    }
    a->count[b * a->wpb + __warp_id()] = count;
}
