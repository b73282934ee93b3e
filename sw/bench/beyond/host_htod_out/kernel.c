/* host_htod_out: every thread of the grid writes its word of out; while
 * the kernel runs, before scord_wait, the host copies into those words
 * (host.def: scord_memcpy_htod over out). A host write against the
 * kernel's stores: HOST_DEVICE (docs/detector.md §15). The fix is
 * scord_wait before the copy. */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned g = __block_linear() * beyond_threads() + beyond_tid();
    a->out[g] = beyond_f(a->in[g], g); // scor:race hd
}
