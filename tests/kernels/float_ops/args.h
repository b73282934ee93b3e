/* float_ops: float and double arithmetic in kernels, which the lanes (no F
 * or D extension) run as calls into libgcc's soft-float routines and
 * picolibc's sqrt/sqrtf.
 *
 * Mode FO_VALUES: thread i of the grid takes case i (a pair of floats and a
 * pair of doubles, as bits) and writes the results of fo_float() and
 * fo_double() below, as bits. The host runs the same two functions on its
 * own IEEE hardware and compares every word: the results must be equal bit
 * for bit, except that where the host's result is a NaN the device's must
 * be RISC-V's canonical NaN (the F and D extensions' rule, which libgcc's
 * RISC-V soft-float follows; x86 keeps payloads and signs instead).
 *
 * Mode FO_TIMING (one thread): cycles of one operation of each kind,
 * measured with the cycle CSR around it (the smallest of FO_REPS tries,
 * the instruction cache warm), less the cycles of an empty measurement;
 * docs/isa.md gives the figures. */
#ifndef T_FLOAT_OPS_ARGS_H
#define T_FLOAT_OPS_ARGS_H
#include <math.h>
#include <stdint.h>

#include "scord_kargs.h"

enum { FO_VALUES, FO_TIMING };

/* Words of results per case. */
#define FO_FW 17
#define FO_DW 28

/* What is timed, in order (FO_TIMING writes the cycles of each, then the
 * instructions of each, into fout). */
#define FO_TIMED(X)            \
    X(fadd, "float +")         \
    X(fmul, "float *")         \
    X(fdiv, "float /")         \
    X(fsqrt, "sqrtf")          \
    X(flt, "float <")          \
    X(i2f, "int -> float")     \
    X(f2i, "float -> int")     \
    X(dadd, "double +")        \
    X(dmul, "double *")        \
    X(ddiv, "double /")        \
    X(dsqrt, "sqrt")           \
    X(dlt, "double <")         \
    X(f2d, "float -> double")  \
    X(d2f, "double -> float")
#define FO_ENUM(n, s) FO_T_##n,
enum { FO_TIMED(FO_ENUM) FO_NTIMED };
#undef FO_ENUM
#define FO_REPS 3

struct float_ops_args {
    SCORD_PTR(uint32_t) fin;  /* [3i], [3i+1]: case i's floats a, b; [3i+2] its parts */
    SCORD_PTR(uint32_t) din;  /* [4i .. 4i+3]: case i's doubles a, b (low word first) */
    SCORD_PTR(uint32_t) fout; /* [FO_FW i ..]: fo_float(case i) */
    SCORD_PTR(uint32_t) dout; /* [FO_DW i ..]: fo_double(case i) */
    uint32_t n;               /* cases (FO_VALUES) */
    uint32_t mode;
};
SCORD_KARGS_SIZE(struct float_ops_args, 24);

static inline float fo_f(uint32_t u)
{
    union { uint32_t u; float f; } x = {.u = u};
    return x.f;
}
static inline uint32_t fo_fu(float f)
{
    union { float f; uint32_t u; } x = {.f = f};
    return x.u;
}
static inline double fo_d(uint64_t u)
{
    union { uint64_t u; double d; } x = {.u = u};
    return x.d;
}
static inline uint64_t fo_du(double d)
{
    union { double d; uint64_t u; } x = {.d = d};
    return x.u;
}

/* Out-of-range conversions to integers are undefined in C (and differ:
 * x86 gives 0x80000000, libgcc saturates), so each is guarded by a range
 * test, itself a comparison under test; FO_NONE marks "not converted". */
#define FO_NONE 0x5A5A5A5Au

/* What a case computes (results of parts left out are 0): the binary
 * operations always; the unary ones (sqrt, conversions), which depend on a
 * alone, once per value of a; the two short programs on random cases. */
#define FO_UNARY 1u
#define FO_PROGRAM 2u

static inline void fo_float(uint32_t ab, uint32_t bb, uint32_t parts, uint32_t *o)
{
    float a = fo_f(ab), b = fo_f(bb);
    for (int k = 0; k < FO_FW; k++)
        o[k] = 0;
    o[0] = fo_fu(a + b);
    o[1] = fo_fu(a - b);
    o[2] = fo_fu(a * b);
    o[3] = fo_fu(a / b);
    o[4] = (uint32_t)(a < b) | (uint32_t)(a <= b) << 1 | (uint32_t)(a == b) << 2 |
           (uint32_t)(a != b) << 3 | (uint32_t)(a > b) << 4 | (uint32_t)(a >= b) << 5;
    if (parts & FO_UNARY) {
        o[5] = fo_fu(sqrtf(a));
        o[6] = (uint32_t)(a != a) | (uint32_t)(a - a != 0.0f) << 1; /* NaN; inf or NaN */
        uint64_t d = fo_du((double)a);
        o[7] = (uint32_t)d;
        o[8] = (uint32_t)(d >> 32);
        o[9] = a > -2147483649.0f && a < 2147483648.0f ? (uint32_t)(int32_t)a : FO_NONE;
        o[10] = a > -1.0f && a < 4294967296.0f ? (uint32_t)a : FO_NONE;
        o[11] = fo_fu((float)(int32_t)ab);
        o[12] = fo_fu((float)ab);
        int64_t wide = a > -9223372036854775808.0f && a < 9223372036854775808.0f ? (int64_t)a : 0;
        o[13] = (uint32_t)wide;
        o[14] = (uint32_t)((uint64_t)wide >> 32);
    }
    if (parts & FO_PROGRAM) {
        o[15] = fo_fu((float)(int64_t)((uint64_t)ab << 32 | bb));
        /* Newton's iteration for 1/b, each step rounded */
        float x = 0.5f;
        for (int k = 0; k < 3; k++)
            x = x * (2.0f - b * x);
        o[16] = fo_fu(x);
    }
}

static inline void fo_double(uint64_t ab, uint64_t bb, uint32_t parts, uint32_t *o)
{
    double a = fo_d(ab), b = fo_d(bb);
    for (int k = 0; k < FO_DW; k++)
        o[k] = 0;
    const double r[] = {a + b, a - b, a * b, a / b};
    for (int k = 0; k < 4; k++) {
        o[2 * k] = (uint32_t)fo_du(r[k]);
        o[2 * k + 1] = (uint32_t)(fo_du(r[k]) >> 32);
    }
    o[8] = (uint32_t)(a < b) | (uint32_t)(a <= b) << 1 | (uint32_t)(a == b) << 2 |
           (uint32_t)(a != b) << 3 | (uint32_t)(a > b) << 4 | (uint32_t)(a >= b) << 5;
    if (parts & FO_UNARY) {
        uint64_t s = fo_du(sqrt(a));
        o[9] = (uint32_t)s;
        o[10] = (uint32_t)(s >> 32);
        o[11] = fo_fu((float)a);
        o[12] = a > -2147483649.0 && a < 2147483648.0 ? (uint32_t)(int32_t)a : FO_NONE;
        o[13] = a > -1.0 && a < 4294967296.0 ? (uint32_t)a : FO_NONE;
        int64_t wide = a > -9223372036854775808.0 && a < 9223372036854775808.0 ? (int64_t)a : 0;
        o[14] = (uint32_t)wide;
        o[15] = (uint32_t)((uint64_t)wide >> 32);
        uint64_t uw = a > -1.0 && a < 18446744073709551616.0 ? (uint64_t)a : 0;
        o[16] = (uint32_t)uw;
        o[17] = (uint32_t)(uw >> 32);
        const double c[] = {(double)(int32_t)ab, (double)(uint32_t)ab, (double)(int64_t)ab,
                            (double)ab};
        for (int k = 0; k < 4; k++) {
            o[18 + 2 * k] = (uint32_t)fo_du(c[k]);
            o[19 + 2 * k] = (uint32_t)(fo_du(c[k]) >> 32);
        }
    }
    if (parts & FO_PROGRAM) {
        /* Horner: a polynomial in a with coefficients from b */
        double p = b;
        for (int k = 1; k < 4; k++)
            p = p * a + b / (double)k;
        o[26] = (uint32_t)fo_du(p);
        o[27] = (uint32_t)(fo_du(p) >> 32);
    }
}
#endif
