/* Must stop the GPU with FAULT_SMEM: lr.w has no reservation in shared
 * memory (use atomicCAS there). */
#include <scord_gpu.h>

__shared__ uint32_t word;

__global__ void kernel_main(void *arg)
{
    (void)arg;
    uint32_t v;
    __asm__ volatile("lr.w %0, (%1)" : "=r"(v) : "r"(&word) : "memory");
    word = v;
}
