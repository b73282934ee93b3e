/* Must stop the GPU with ERR_ILLEGAL: amocas.d with an odd register as its
 * rd pair (a5), a reserved encoding on RV32 (Zacas). */
#include <scord_gpu.h>

__global__ void kernel_main(void *arg)
{
    (void)arg;
    __asm__ volatile(".insn r 0x2f, 3, 0x14, a5, a0, a2" ::: "memory", "a5");
}
