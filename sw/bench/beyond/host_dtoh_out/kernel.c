/* host_dtoh_out: every thread writes its word of out; while the kernel
 * runs the host reads them back (host.def: scord_memcpy_dtoh over out),
 * getting old and new words mixed. A host read against the kernel's
 * stores: HOST_DEVICE (docs/detector.md §15). */
#include "../beyond.h"

__global__ void kernel_main(const struct beyond_args *a)
{
    unsigned g = __block_linear() * beyond_threads() + beyond_tid();
    a->out[g] = beyond_f(a->in[g], g); // scor:race hd
}
