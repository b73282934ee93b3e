#include <stddef.h>

#include <scord_gpu.h>

#include "args.h"

/* printf from several blocks and threads with every kind of conversion;
 * the host checks the exact output (tests/kernels/printf/test.c). */
__global__ void kernel_main(const struct printf_args *a)
{
    unsigned t = threadIdx.x, b = blockIdx.x;
    if (a->mode == 1) {
        for (unsigned i = 0; i < a->count; i++)
            printf("line %u of %u.%u\n", i, b, t);
        return;
    }
    if (a->mode == 2) {
        printf("before %u\n", t);
/* The compiler rightly refuses these two; the runtime must say what is
 * wrong with them rather than print garbage. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
#pragma GCC diagnostic ignored "-Wformat-security"
        if (t == 1)
            printf("bad %q conversion %d\n", 5);
        if (t == 2)
            printf(a->text, 7); /* a format in device memory, not in the image */
#pragma GCC diagnostic pop
        printf("after %u\n", t);
        return;
    }
    if (a->mode == 3) {
        /* The kernel damages the buffer: the second record's header. */
        printf("rec %u\n", t);
        __threadfence();
        __syncthreads();
        if (t == 0)
            __scord_printf.buf[SCORD_PRINTF_HDR_WORDS + SCORD_PRINTF_REC_WORDS + 1] = 0xdeadbeefu;
        return;
    }
    printf("b%u t%u: %d %i %5u|%-4x|%08X|%#o %c%c\n", b, t, -(int)t - 1, (int)(t * 100),
           t + b, 0xabu + t, 0xC0FFEEu, 8u + t, 'A' + (int)t, '!');
    if (t % 2 == 0)
        printf("b%u t%u: ll %lld %llu %llx h %hd hh %hhu z %zu l %ld\n", b, t,
               -(long long)0x123456789LL * (t + 1), 0xFFFFFFFFFFFFFFFFull, 0x1122334455667788ull,
               (short)-2, (unsigned char)200, (size_t)42, -7L);
    if (t == 1)
        printf("b%u t%u: f %f %.2f %e %g %8.3g %a | %s | %.3s | %p %s\n", b, t, 1.5, -3.14159,
               12345.678, 0.0001, 2.0 / 3.0, 1.0, "image string", a->text, (void *)0x1234,
               a->text);
    if (t == 3)
        printf("b%u t%u: star [%*d] [%-*d] [%.*f] 100%%", b, t, 6, 42, 4, 7, 3, 2.5);
    if (t == 3)
        printf(" continued\n");
}
