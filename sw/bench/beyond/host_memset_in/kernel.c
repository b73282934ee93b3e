/* host_memset_in: every thread reads its word of in; while the kernel
 * runs the host clears in (host.def: scord_memset), so a thread reads the
 * input or zero, as the copy and its load happen to fall. A host write
 * against the kernel's loads: HOST_DEVICE (docs/detector.md §15). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned g = __block_linear() * beyond_threads() + beyond_tid();
    a->out[g] = beyond_f(a->in[g], g); // scor:race hd
}
