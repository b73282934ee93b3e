/* The fault/soak stress kernel (tests/stress/stress.c): one image whose
 * arguments choose what a launch does, so a long run reloads nothing.
 *
 *   FREE     PLAIN: every thread writes its own word (a value from the
 *            salt); SMEM: the same values go through shared memory: each
 *            thread stores its value in a __shared__ word, a barrier, then
 *            writes its neighbour's (thread t + 1 of the block, often of
 *            another warp), and thread 0 writes the block's sum instead,
 *            summed with __shfl_down_sync in each warp (the lanes counted
 *            with __ballot_sync), one __shared__ word per warp, a barrier,
 *            and the shuffles again in warp 0. Both add 1 to a counter
 *            with a device-scope atomic: race-free
 *   RACY     INTERBLOCK: lane 0 of every block stores to one word;
 *            BLKATOM: lane 0 of every block adds to one word with a
 *            block-scope atomic; INTERWARP: lane 0 of every warp of block 0
 *            stores to one word (no fence, no barrier); SH_INTERWARP:
 *            lane 0 of every warp stores to one __shared__ word (SHARED);
 *            SH_INTRAWARP: every lane of a warp stores to that warp's
 *            __shared__ word, one store instruction (SHARED_WARP);
 *            STALE: lane 0 of block 0 stores to one word, fences and
 *            raises a flag (the count word); lane 0 of every other block
 *            polls it with device atomics and loads the word with no fence
 *            after the poll (STALE_READ)
 *   FAULT    the last thread of the grid faults (illegal instruction,
 *            misaligned load, load outside memory, ecall, store just past
 *            the block's shared slice); the others do the FREE work first,
 *            and lane 0 of every block stores to one word (a race whenever
 *            two blocks get there before the fault)
 *   ENDLESS  every thread polls a word nobody sets (variant 0), stores to
 *            its own word in a loop (1: the detector is busy with events
 *            and metadata when the timeout's reset comes), adds to the
 *            counter with device atomics in a loop (2), polls a __shared__
 *            flag its block cleared and nobody sets (3), or races in
 *            shared memory in a loop (4: the lanes of a warp store one
 *            word, lane 0 of every warp another: shared-memory reports are
 *            queued in the cores when the timeout's reset comes; a barrier
 *            after every round takes a new epoch, so the core's epoch
 *            counter wraps every few hundred rounds and the shadow is
 *            swept while the loop races: the reset may come in a sweep),
 *            or makes RACY_STALE's hand-off from thread 0 of block 0 to
 *            thread 0 of every other block (a STALE_READ; the reader marks
 *            its word with bit 31 once it loaded; the other threads end)
 *            and then those two poll a word nobody sets (5: the timeout must keep
 *            the stale-read reports made before it)
 *
 * With STRESS_SH_RACE_FIRST in flags, a FAULT or ENDLESS launch first
 * races in shared memory as ENDLESS 4 does once (SHARED_WARP, and SHARED
 * when the block has two warps), so reports may be in flight when the
 * fault or the timeout ends it. */
#include <scord_gpu.h>

#include "args.h"

static uint32_t never_set;

__shared__ uint32_t sh_thread[STRESS_SH_THREADS]; /* FREE SMEM: one per thread */
__shared__ uint32_t sh_warp[STRESS_SH_THREADS];   /* one per warp */
__shared__ uint32_t sh_race;                      /* lane 0 of every warp */
__shared__ uint32_t sh_flag;                      /* ENDLESS SMEM_POLL */

static inline uint32_t value(unsigned i, uint32_t salt) { return i * 2654435761u ^ salt; }

/* The lanes of one warp store its word (one instruction), lane 0 of every
 * warp the race word: nothing orders them. */
static inline void sh_race_once(unsigned w, unsigned l, uint32_t v)
{
    volatile uint32_t *sw = sh_warp, *sr = &sh_race;
    sw[w] = v + l;
    if (l == 0)
        *sr = w;
}

/* Sum over the warp's first nl lanes, in lane 0 (a missing lane adds 0). */
static uint32_t warp_sum(uint32_t v, unsigned l, unsigned nl)
{
    for (unsigned off = __warp_size() / 2; off > 0; off /= 2) {
        uint32_t u = __shfl_down_sync(SCORD_FULL_MASK, v, off);
        if (l + off < nl)
            v += u;
    }
    return v;
}

static void free_smem(const struct stress_args *a, unsigned me, unsigned n)
{
    unsigned t = __thread_linear(), w = __warp_id(), l = __lane_id(), ws = __warp_size();
    volatile uint32_t *st = sh_thread, *sw = sh_warp;
    st[t] = value(me, a->salt);
    __syncthreads();
    uint32_t out = st[t + 1 < n ? t + 1 : 0];
    unsigned nl = (unsigned)__builtin_popcount(__ballot_sync(__activemask(), 1));
    uint32_t s = warp_sum(st[t], l, nl);
    if (l == 0)
        sw[w] = s;
    __syncthreads();
    if (w == 0) {
        uint32_t p = 0;
        for (unsigned i = l; i < (n + ws - 1) / ws; i += ws)
            p += sw[i];
        p = warp_sum(p, l, nl);
        if (l == 0)
            out = p;
    }
    a->data[me] = out;
}

__global__ void kernel_main(const struct stress_args *a)
{
    unsigned n = __block_threads(), b = __block_linear();
    unsigned me = b * n + __thread_linear();
    unsigned total = n * gridDim.x * gridDim.y * gridDim.z;
    unsigned w = __warp_id(), l = __lane_id();
    volatile uint32_t *word = a->data + total;
    switch (a->mode) {
    case STRESS_FREE:
        if (a->variant == FREE_SMEM)
            free_smem(a, me, n);
        else
            a->data[me] = value(me, a->salt);
        atomicAdd(a->count, 1u);
        break;
    case STRESS_RACY:
        if (a->variant == RACY_SH_INTRAWARP) {
            volatile uint32_t *sw = sh_warp;
            sw[w] = l;
            break;
        }
        if (l != 0)
            break;
        if (a->variant == RACY_STALE) {
            if (b == 0) {
                *word = 42u;
                __threadfence();
                atomicExch(a->count, 1u);
            } else {
                while (atomicAdd(a->count, 0u) == 0u)
                    ;
                a->data[me] = *word;
            }
        } else if (a->variant == RACY_INTERBLOCK)
            *word = b;
        else if (a->variant == RACY_BLKATOM)
            atomicAdd_block(word, 1u);
        else if (a->variant == RACY_SH_INTERWARP)
            *(volatile uint32_t *)&sh_race = w;
        else if (b == 0)
            *word = w;
        break;
    case STRESS_FAULT:
        a->data[me] = value(me, a->salt);
        if (a->flags & STRESS_SH_RACE_FIRST)
            sh_race_once(w, l, me);
        if (l == 0)
            *word = b; /* races across blocks: records of a kernel that faults */
        if (me != total - 1)
            break;
        if (a->variant == FAULT_ILLEGAL)
            __asm__ volatile(".word 0");
        else if (a->variant == FAULT_MISALIGNED)
            (void)*(volatile uint32_t *)((uintptr_t)a->data + 2);
        else if (a->variant == FAULT_BOUNDS)
            (void)*(volatile uint32_t *)0xFFFFFFF0u;
        else if (a->variant == FAULT_SMEM)
            *(volatile uint32_t *)(SCORD_SMEM_BASE + __shared_bytes()) = me;
        else
            __asm__ volatile("ecall");
        break;
    default:
        if (a->flags & STRESS_SH_RACE_FIRST)
            sh_race_once(w, l, me);
        if (a->variant == ENDLESS_STORE) {
            for (uint32_t i = 0; ld_strong_u32(&never_set) == 0; i++)
                a->data[me] = i;
        } else if (a->variant == ENDLESS_ATOMIC) {
            while (ld_strong_u32(&never_set) == 0)
                atomicAdd(a->count, 1u);
        } else if (a->variant == ENDLESS_SMEM_POLL) {
            volatile uint32_t *f = &sh_flag;
            if (__thread_linear() == 0)
                *f = 0;
            __syncthreads();
            while (*f == 0)
                ;
        } else if (a->variant == ENDLESS_STALE) {
            /* thread 0 of each block: one writer, one reader a block; the
             * others end (lanes spinning beside the writer could hold its
             * warp on their loop) */
            if (__thread_linear() != 0)
                break;
            if (b == 0) {
                *word = 42u;
                __threadfence();
                atomicExch(a->count, 1u);
            } else {
                while (atomicAdd(a->count, 0u) == 0u)
                    ;
                a->data[me] = *word | 0x80000000u;
            }
            while (ld_strong_u32(&never_set) == 0)
                ;
        } else if (a->variant == ENDLESS_SMEM_RACE) {
            for (uint32_t i = 0;; i++) {
                sh_race_once(w, l, i);
                __syncthreads(); /* a new epoch: the core's clock wraps */
            }
        } else {
            while (ld_strong_u32(&never_set) == 0)
                ;
        }
        break;
    }
}
