/* Must stop the GPU with ERR_ECALL: kernels have no environment to call. */
#include <scord_gpu.h>

__global__ void kernel_main(void *arg)
{
    (void)arg;
    __asm__ volatile("ecall" ::: "memory");
}
