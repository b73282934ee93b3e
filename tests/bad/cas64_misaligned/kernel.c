/* Must stop the GPU with ERR_MISALIGNED: amocas.d (atomicCAS on an
 * unsigned long long) at an address that is 4 mod 8, word aligned but not
 * 8-byte aligned. */
#include <scord_gpu.h>

static unsigned long long words[2];

__global__ void kernel_main(void *arg)
{
    (void)arg;
    volatile char *p = (volatile char *)words + 4;
    words[1] = scord_cas64(p, 0, 1);
}
