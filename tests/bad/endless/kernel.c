/* Never ends: the host must stop it with a timeout and reset the GPU.
 * The strong load keeps the loop a real memory poll, as in a kernel waiting
 * for a flag nobody sets, rather than an empty loop. */
#include <scord_gpu.h>

static uint32_t never_set;

__global__ void kernel_main(void *arg)
{
    (void)arg;
    while (ld_strong_u32(&never_set) == 0)
        ;
}
