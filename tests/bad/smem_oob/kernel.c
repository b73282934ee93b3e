/* Must stop the GPU with FAULT_SMEM naming 0x40000040: the block has 16
 * bytes of shared memory (its one __shared__ array) and writes 64 bytes
 * into the shared window, past its slice. */
#include <scord_gpu.h>

__shared__ uint32_t four[4];

__global__ void kernel_main(void *arg)
{
    (void)arg;
    four[0] = 1;
    /* the window's address 64 bytes in, past the 16 bytes the block has */
    *(volatile uint32_t *)(SCORD_SMEM_BASE + 64) = 0x0BADF00Du;
}
