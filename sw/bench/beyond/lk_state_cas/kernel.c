/* lk_state_cas: a hand-off through a state word that a CAS steps from 1 to
 * 2: block 0 writes the values with strong stores, fences and sets the
 * state to 1 with an exchange; lane 0 of block 1 waits until its
 * atomicCAS(state, 1, 2) finds 1, then the warp fences and reads the values
 * with strong loads. A CAS from a non-zero value is a state machine's
 * step, not a lock's acquire (docs/detector.md §4.2): block 1 holds no
 * lock and needs none. Race free. out[l] = f(in[l], l). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    uint32_t *state = &a->aux[0], *val = &a->aux[16];
    unsigned l = beyond_lane();
    if (__block_linear() == 0) {
        st_strong_u32(&val[l], beyond_f(a->in[l], l));
        __threadfence();
        if (l == 0)
            atomicExch(state, 1u);
    } else {
        if (l == 0)
            while (atomicCAS(state, 1u, 2u) != 1u)
                ;
        __syncwarp();
        __threadfence();
        a->out[l] = ld_strong_u32(&val[l]);
    }
}
