/* host_read_atomic: every thread adds its input to out[0] with a device
 * atomic; while the kernel runs the host reads out[0] (host.def), a
 * partial sum. Atomics order the kernel's threads, not the host: a host
 * read against the kernel's atomics is HOST_DEVICE (docs/detector.md
 * §15). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned g = __block_linear() * beyond_threads() + beyond_tid();
    atomicAdd(&a->out[0], a->in[g]); // scor:race hd
}
