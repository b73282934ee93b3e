/* Must stop the GPU with ERR_ILLEGAL: an all-zero word is defined illegal
 * in RISC-V, whatever extensions a core implements. */
#include <scord_gpu.h>

__global__ void kernel_main(void *arg)
{
    (void)arg;
    __asm__ volatile(".word 0x00000000" ::: "memory");
}
