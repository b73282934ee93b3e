/* Every thread adds 1 to one counter: with device-scope atomics (the
 * default) the count is right; built with -DRACY=1 they are block-scope,
 * which is wrong across blocks (a scoped race the detector reports).
 * Built by the installed scord-cc in tests/install/test_install.sh. */
#include <scord_gpu.h>

#include "count.h"

void kernel_main(void *arg)
{
    const struct count_args *a = arg;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a->n) {
#if RACY
        atomicAdd_block(a->total, 1u);
#else
        atomicAdd(a->total, 1u);
#endif
    }
}
