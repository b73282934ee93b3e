/* Must stop the GPU with ERR_BOUNDS: a store far beyond device memory (every
 * configuration has less than 3.75 GB). */
#include <scord_gpu.h>

__global__ void kernel_main(void *arg)
{
    (void)arg;
    *(volatile uint32_t *)0xF0000000u = 0x0BADF00Du;
}
