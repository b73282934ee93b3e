/* The fault/soak stress kernel (tests/stress/stress.c): one image whose
 * arguments choose what a launch does, so a long run reloads nothing.
 *
 *   FREE     every thread writes its own word (a value from the salt) and
 *            adds 1 to a counter with a device-scope atomic: race-free
 *   RACY     INTERBLOCK: lane 0 of every block stores to one word;
 *            BLKATOM: lane 0 of every block adds to one word with a
 *            block-scope atomic; INTERWARP: lane 0 of every warp of block 0
 *            stores to one word (no fence, no barrier)
 *   FAULT    the last thread of the grid faults (illegal instruction,
 *            misaligned load, load outside memory, ecall); the others do
 *            the FREE work first, and lane 0 of every block stores to one
 *            word (a race whenever two blocks get there before the fault)
 *   ENDLESS  every thread polls a word nobody sets (variant 0), stores to
 *            its own word in a loop (1: the detector is busy with events
 *            and metadata when the timeout's reset comes), or adds to the
 *            counter with device atomics in a loop (2) */
#include <scord_gpu.h>

#include "args.h"

static uint32_t never_set;

__global__ void kernel_main(const struct stress_args *a)
{
    unsigned n = __block_threads(), b = __block_linear();
    unsigned me = b * n + __thread_linear();
    unsigned total = n * gridDim.x * gridDim.y * gridDim.z;
    volatile uint32_t *shared = a->data + total;
    switch (a->mode) {
    case STRESS_FREE:
        a->data[me] = me * 2654435761u ^ a->salt;
        atomicAdd(a->count, 1u);
        break;
    case STRESS_RACY:
        if (__lane_id() != 0)
            break;
        if (a->variant == RACY_INTERBLOCK)
            *shared = b;
        else if (a->variant == RACY_BLKATOM)
            atomicAdd_block(shared, 1u);
        else if (b == 0)
            *shared = __warp_id();
        break;
    case STRESS_FAULT:
        a->data[me] = me * 2654435761u ^ a->salt;
        if (__lane_id() == 0)
            *shared = b; /* races across blocks: records of a kernel that faults */
        if (me != total - 1)
            break;
        if (a->variant == FAULT_ILLEGAL)
            __asm__ volatile(".word 0");
        else if (a->variant == FAULT_MISALIGNED)
            (void)*(volatile uint32_t *)((uintptr_t)a->data + 2);
        else if (a->variant == FAULT_BOUNDS)
            (void)*(volatile uint32_t *)0xFFFFFFF0u;
        else
            __asm__ volatile("ecall");
        break;
    default:
        if (a->variant == ENDLESS_STORE)
            for (uint32_t i = 0; ld_strong_u32(&never_set) == 0; i++)
                a->data[me] = i;
        else if (a->variant == ENDLESS_ATOMIC)
            while (ld_strong_u32(&never_set) == 0)
                atomicAdd(a->count, 1u);
        else
            while (ld_strong_u32(&never_set) == 0)
                ;
        break;
    }
}
