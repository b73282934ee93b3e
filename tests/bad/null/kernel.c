/* Must stop the GPU with ERR_BOUNDS: a load from address 0, inside the
 * guard page [0, MEM_GUARD). Written through asm because GCC turns a
 * dereference of a null constant into a trap instruction. */
#include <scord_gpu.h>

static uint32_t sink;

__global__ void kernel_main(void *arg)
{
    (void)arg;
    uint32_t v;
    __asm__ volatile("lw %0, 0(zero)" : "=r"(v) : : "memory");
    sink = v;
}
