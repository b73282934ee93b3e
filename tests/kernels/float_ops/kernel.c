#include <scord_gpu.h>

#include "args.h"

/* Keep the compiler from folding or moving the operation being timed: the
 * operands come out of an empty asm after the first cycle read, the result
 * goes into one before the second (volatile asms keep their order). */
#define FO_OPAQUE(x) __asm__ volatile("" : "+r"(x))
#define FO_SINK(x) __asm__ volatile("" : : "r"(x))

/* out = the fewest cycles of `R r = EXPR` (operands a_, b_ of type T, set
 * from a0, b0) over FO_REPS tries, less `base`; out[FO_NTIMED] the
 * instructions it retired (the core's count: this warp is alone on it). */
#define FO_MEASURE(T, R, EXPR, base, out)                                        \
    do {                                                                     \
        unsigned best_ = ~0u, n_ = 0;                                        \
        for (int k_ = 0; k_ < FO_REPS; k_++) {                               \
            T a_ = a0, b_ = b0;                                              \
            unsigned i0_ = __scord_csr_instret();                            \
            unsigned t0_ = __clock();                                        \
            FO_OPAQUE(a_);                                                   \
            FO_OPAQUE(b_);                                                   \
            R r_ = EXPR;                                                     \
            FO_SINK(r_);                                                     \
            unsigned t_ = __clock() - t0_;                                   \
            n_ = __scord_csr_instret() - i0_;                                \
            best_ = t_ < best_ ? t_ : best_;                                 \
        }                                                                    \
        (&out)[0] = best_ - (base)[0];                                       \
        (&out)[FO_NTIMED] = n_ - (base)[FO_NTIMED];                          \
    } while (0)

static void timing(uint32_t *out)
{
    /* the measurement's own cost, per type of operand */
    uint32_t fbase[FO_NTIMED + 1], dbase[FO_NTIMED + 1], ibase[FO_NTIMED + 1];
    const uint32_t zero[FO_NTIMED + 1] = {0};
    {
        float a0 = 3.14159274f, b0 = 2.71828175f;
        FO_MEASURE(float, float, a_, zero, fbase[0]);
        FO_MEASURE(float, float, a_ + b_, fbase, out[FO_T_fadd]);
        FO_MEASURE(float, float, a_ * b_, fbase, out[FO_T_fmul]);
        FO_MEASURE(float, float, a_ / b_, fbase, out[FO_T_fdiv]);
        FO_MEASURE(float, float, sqrtf(a_), fbase, out[FO_T_fsqrt]);
        FO_MEASURE(float, int, a_ < b_, fbase, out[FO_T_flt]);
        FO_MEASURE(float, int32_t, (int32_t)a_, fbase, out[FO_T_f2i]);
        FO_MEASURE(float, double, (double)a_, fbase, out[FO_T_f2d]);
    }
    {
        int32_t a0 = 123456789, b0 = 0;
        FO_MEASURE(int32_t, int32_t, a_, zero, ibase[0]);
        FO_MEASURE(int32_t, float, (float)a_, ibase, out[FO_T_i2f]);
    }
    {
        double a0 = 3.141592653589793, b0 = 2.718281828459045;
        FO_MEASURE(double, double, a_, zero, dbase[0]);
        FO_MEASURE(double, double, a_ + b_, dbase, out[FO_T_dadd]);
        FO_MEASURE(double, double, a_ * b_, dbase, out[FO_T_dmul]);
        FO_MEASURE(double, double, a_ / b_, dbase, out[FO_T_ddiv]);
        FO_MEASURE(double, double, sqrt(a_), dbase, out[FO_T_dsqrt]);
        FO_MEASURE(double, int, a_ < b_, dbase, out[FO_T_dlt]);
        FO_MEASURE(double, float, (float)a_, dbase, out[FO_T_d2f]);
    }
}

__global__ void kernel_main(const struct float_ops_args *a)
{
    if (a->mode == FO_TIMING) {
        if (blockIdx.x == 0 && threadIdx.x == 0)
            timing(a->fout);
        return;
    }
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= a->n)
        return;
    const uint32_t *f = &a->fin[3 * i], *d = &a->din[4 * i];
    fo_float(f[0], f[1], f[2], &a->fout[FO_FW * i]);
    fo_double((uint64_t)d[1] << 32 | d[0], (uint64_t)d[3] << 32 | d[2], f[2], &a->dout[FO_DW * i]);
}
