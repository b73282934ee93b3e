/* lk_two_locks: lane 0 of each of two blocks updates out[0] under a
 * device-scope lock, each block under its own lock word (acquire: CAS
 * from 0 to 1 and a fence; release: a fence and an exchange of 0). Both
 * acquires succeed, two different locks are held (their words have
 * different Bloom bits): the sections exclude nothing. Block 1 starts a
 * while after block 0 (in time only), so the detector sees block 0's
 * fenced update first: a lock-set race. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned b = __block_linear();
    uint32_t *lock = &a->aux[4 * b];
    if (beyond_tid() != 0)
        return;
    if (b != 0)
        beyond_delay(2000);
    while (atomicCAS(lock, 0u, 1u) != 0u)
        ;
    __threadfence();
    a->out[0] = a->out[0] + a->in[b]; // scor:race twolocks
    __threadfence();
    atomicExch(lock, 0u);
}
