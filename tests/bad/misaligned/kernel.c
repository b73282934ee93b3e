/* Must stop the GPU with ERR_MISALIGNED: a word load from an address that
 * is 2 mod 4. The asm keeps GCC from splitting the access (it would, since
 * kernels are built with -mstrict-align). */
#include <scord_gpu.h>

static uint32_t words[4];

__global__ void kernel_main(void *arg)
{
    (void)arg;
    const char *p = (const char *)words + 2;
    uint32_t v;
    __asm__ volatile("lw %0, 0(%1)" : "=r"(v) : "r"(p) : "memory");
    words[0] = v;
}
