/* scord_cuda.h: CUDA device code as freestanding C++ for the open SIMT GPU.
 *
 * scord-nvcc's device translation unit is `#include <scord_cuda.h>`, the
 * .cu file with its host-only code removed, and a generated kernel_main
 * that dispatches to the __global__ functions. It is compiled by the
 * RISC-V g++ with scord-cc's flags (-march=rv32ima_zicsr -mabi=ilp32
 * --specs=picolibc.specs -ffreestanding ...) plus -std=gnu++17
 * -fno-exceptions -fno-rtti -fno-threadsafe-statics -fno-use-cxa-atexit,
 * with sw/include/cuda-device first on the include path (<cuda_runtime.h>,
 * <cstdio>, <cmath>, ... of a .cu file resolve there).
 *
 * scord_gpu.h (the C kernels' header, valid C++ too) gives the hardware:
 * threadIdx & co., __syncthreads, the fences, the warp operations, the
 * atomics of the C API as C++ overloads, the strong loads and stores and
 * printf. This header adds what CUDA device code further expects, under
 * CUDA's names: vector types, the atomics CUDA has and the C API has not
 * (atomicInc, atomicDec, 16-bit atomicCAS, the _system scope), the
 * integer and float intrinsics, min/max, the math library's float
 * overloads, __ldg, clock(), assert, and the strong accesses that
 * `volatile` stands for (__scord_vload / __scord_vstore).
 *
 * What needs a rewrite by the translator (GCC cannot be made to do it by
 * a macro; each is explained where its helper is defined below):
 *   - reads of / assignments to volatile lvalues -> __scord_vload /
 *     __scord_vstore;
 *   - `extern __shared__ T name[];` -> SCORD_EXTERN_SHARED_BIND;
 *   - `__shared__` variables declared in a function -> SCORD_SHARED_BIND
 *     (required in templates: GCC 12 ignores section attributes there).
 */
#ifndef SCORD_CUDA_DEV_H
#define SCORD_CUDA_DEV_H

#ifndef __cplusplus
#error "scord_cuda.h is for C++ (CUDA device code); C kernels include scord_gpu.h"
#endif

/* Device compilation of CUDA code: code that tests __CUDA_ARCH__ takes its
 * device path. 700 (Volta): the independent-thread-scheduling model whose
 * _sync warp functions this GPU implements, and above the 600 that CUDA
 * code tests before defining its own atomicAdd(double *). */
#define __CUDACC__ 1
#define __NVCC__ 1
#define __CUDA_ARCH__ 700
#define __CUDACC_VER_MAJOR__ 12
#define __CUDACC_VER_MINOR__ 0
#define __CUDACC_VER_BUILD__ 0

/* The C library's headers first: scord_gpu.h defines printf as a macro, and
 * a later <stdio.h> would then declare __scord_printf_call in its place
 * (their include guards keep them from being read again). */
#include <float.h>
#include <limits.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
/* GCC's and picolibc's <limits.h> give the long long limits to C99 and
 * later only (libstdc++'s <climits> adds them for C++, and there is none). */
#ifndef LLONG_MAX
#define LLONG_MAX __LONG_LONG_MAX__
#endif
#ifndef LLONG_MIN
#define LLONG_MIN (-LLONG_MAX - 1LL)
#endif
#ifndef ULLONG_MAX
#define ULLONG_MAX (LLONG_MAX * 2ULL + 1ULL)
#endif
#if __has_include(<stdio.h>)
#include <stdio.h>
#endif
#if __has_include(<stdlib.h>)
#include <stdlib.h>
#endif
#if __has_include(<string.h>)
#include <string.h>
#endif
#if __has_include(<time.h>)
#include <time.h>
#define SCORD_HAVE_TIME_H 1
#endif
#if __has_include(<math.h>)
#include <math.h>
#define SCORD_HAVE_MATH_H 1
#endif

#include "scord_gpu.h"
#include "cuda-device/vector_types.h"

/* ---- execution spaces and qualifiers --------------------------------------
 *
 * __global__, __device__, __shared__, __forceinline__ and __noinline__ come
 * from scord_gpu.h. A __constant__ variable is an ordinary global in device
 * memory here (no constant cache). __managed__ is not supported (no
 * unified memory): left undefined so that it is a compile error. */
#define __host__
#define __constant__
#define __launch_bounds__(...)
#define __grid_constant__
#define __align__(n) __attribute__((aligned(n)))
#define __builtin_align__(n) __attribute__((aligned(n)))
/* __restrict__ is GCC's own keyword already. */

/* ---- __shared__ in functions, and dynamic shared memory -------------------
 *
 * scord_gpu.h's `__shared__` is `static __attribute__((section(".shared")))`.
 * That is right in a plain function and at namespace scope, but GCC 12
 * silently drops section attributes (and asm labels) of variables in
 * templates (GCC PR 70435): a `__shared__ T buf[N];` in a kernel template
 * would land in device memory, one copy for the whole grid. And `extern
 * __shared__ T buf[];` (CUDA's dynamic shared memory) cannot be spelled
 * with a prefix macro at all: `extern static` is invalid and the name must
 * be bound to the linker's __scord_dynamic_shared.
 *
 * So the translator rewrites, in functions (all of them, or at least in
 * templates and in members of class templates):
 *
 *     __shared__ SPEC D1, D2;       (Di: a declarator naming ni, no initialiser)
 * ->  typedef SPEC D1', D2'; SCORD_SHARED_BIND(n1); SCORD_SHARED_BIND(n2);
 *
 * where Di' is Di with its name ni replaced by __scord_shty_ni (so
 * `__shared__ float tile[16][17];` becomes `typedef float
 * __scord_shty_tile[16][17]; SCORD_SHARED_BIND(tile);`; a `static` before
 * __shared__ goes too), and, anywhere:
 *
 *     extern __shared__ SPEC name[];
 * ->  typedef SPEC __scord_shty_name[]; SCORD_EXTERN_SHARED_BIND(name);
 *
 * (at namespace scope too: the reference is initialised statically, no
 * constructor; there, and in functions outside templates, scord_gpu.h's
 * C form also works: `extern SPEC name[] __asm__("__scord_dynamic_shared");`,
 * which is SCORD_DYNAMIC_SHARED(type, name)).
 *
 * SCORD_SHARED_BIND(n) makes `n` a reference to storage that an asm
 * statement defines in the .shared section, one object per function (per
 * instantiation of a template), as a static would be, whatever GCC does
 * with attributes in templates: a 1-byte static tag gives the object a
 * name that is unique per instantiation (its mangled name), and `.ifndef`
 * keeps the copies of an inlined function from defining it twice. The
 * storage is uninitialised, as CUDA's; no constructor runs (CUDA allows
 * none). The tag costs a byte of .bss and is dropped by --gc-sections. */
#define SCORD_SHARED_BIND(name)                                                \
    static char __scord_shtag_##name;                                          \
    __scord_shty_##name *__scord_shptr_##name;                                 \
    __asm__(".ifndef %1.shared\n\t"                                            \
            ".pushsection .shared.scord_bind,\"aw\",@nobits\n\t"             \
            ".balign %2\n"                                                     \
            "%1.shared:\n\t"                                                   \
            ".zero %3\n\t"                                                     \
            ".popsection\n\t"                                                  \
            ".endif\n\t"                                                       \
            "lui %0, %%hi(%1.shared)\n\t"                                     \
            "addi %0, %0, %%lo(%1.shared)"                                    \
            : "=r"(__scord_shptr_##name)                                       \
            : "s"(&__scord_shtag_##name), "i"(alignof(__scord_shty_##name)),   \
              "i"(sizeof(__scord_shty_##name)));                               \
    __scord_shty_##name &name = *__scord_shptr_##name

/* The dynamic part of the block's shared memory (scord_launch_shared,
 * `scord run --shared`, the third <<<>>> parameter), after the static
 * variables, 16-byte aligned (sw/runtime/link.ld). */
extern "C" unsigned char __scord_dynamic_shared[];
#define SCORD_EXTERN_SHARED_BIND(name)                                         \
    __scord_shty_##name &name = *reinterpret_cast<__scord_shty_##name *>(__scord_dynamic_shared)

/* ---- synchronisation --------------------------------------------------- */

/* System scope is device scope here: there is no host-coherent memory. */
static inline void __threadfence_system(void) { __threadfence(); }

/* __syncthreads_count/_and/_or: a barrier that also reduces a predicate
 * over the block. One counter in shared memory; three barriers, because
 * shared memory starts uninitialised and threads may have exited (they
 * count as arrived at a barrier): the first barrier ends the previous
 * call's reads, every thread then clears the counter (all write 0, with an
 * atomic so that the writes do not race), the second barrier orders the
 * clearing before the counting, every thread adds its 0 or 1, and the
 * third makes the sum complete before anyone reads it. No branch: GCC may
 * copy the code after a branch into both arms (jump threading), and a
 * warp operation or barrier copied so is executed at two PCs, each time
 * by part of the warp (docs/architecture.md, warp-level operations); a
 * ballot and one atomic per warp would need one. */
static inline unsigned __scord_syncthreads_reduce(int pred)
{
    typedef unsigned __scord_shty_cnt;
    SCORD_SHARED_BIND(cnt);
    __syncthreads();
    scord_and_u_block(&cnt, 0u);
    __syncthreads();
    scord_add_u_block(&cnt, pred != 0);
    __syncthreads();
    return cnt;
}
static inline int __syncthreads_count(int pred) { return (int)__scord_syncthreads_reduce(pred); }
static inline int __syncthreads_and(int pred) { return __scord_syncthreads_reduce(!pred) == 0; }
static inline int __syncthreads_or(int pred) { return __scord_syncthreads_reduce(pred) != 0; }

/* ---- atomics beyond scord_gpu.h's ---------------------------------------
 *
 * scord_gpu.h overloads atomicAdd, Sub, Exch, CAS, Min, Max, And, Or, Xor
 * (and their _block forms) on int, unsigned, long, unsigned long (int32_t,
 * uint32_t), long long, unsigned long long, float and double as CUDA
 * has them. The _system forms are the device-scope ones: no host-coherent
 * memory. Macros, so that overload resolution is exactly the plain name's. */
#define atomicAdd_system atomicAdd
#define atomicSub_system atomicSub
#define atomicExch_system atomicExch
#define atomicCAS_system atomicCAS
#define atomicMin_system atomicMin
#define atomicMax_system atomicMax
#define atomicAnd_system atomicAnd
#define atomicOr_system atomicOr
#define atomicXor_system atomicXor
#define atomicInc_system atomicInc
#define atomicDec_system atomicDec

/* atomicInc: old >= val ? 0 : old + 1. A compare-and-swap loop, but never
 * a CAS from 0: the race detector takes a CAS that turns 0 into non-zero
 * for a lock being acquired (docs/detector.md §4.2), and a counter at 0 is
 * no lock. 0 -> 1 is made by amomaxu(p, 1) instead, which changes no other
 * value (scord_gpu.h's float atomics do the same). val == 0 always stores
 * 0: amoand with 0 (an exchange writing 0 would release a lock). */
#define SCORD_DEF_ATOMIC_INC(name, S)                                          \
    static inline unsigned name(volatile unsigned *p, unsigned val)            \
    {                                                                          \
        if (val == 0u)                                                         \
            return scord_and_u##S(p, 0u);                                      \
        unsigned cur = 0u;                                                     \
        for (;;) {                                                             \
            if (cur == 0u) {                                                   \
                cur = scord_max_u##S(p, 1u);                                   \
                if (cur == 0u)                                                 \
                    return 0u; /* 0 -> 1 done: 0 < val */                      \
            }                                                                  \
            unsigned seen = scord_cas_u##S(p, cur, cur >= val ? 0u : cur + 1u); \
            if (seen == cur)                                                   \
                return cur;                                                    \
            cur = seen;                                                        \
        }                                                                      \
    }
/* atomicDec: (old == 0 || old > val) ? val : old - 1. The first guess (1)
 * is a CAS whose compare value is not 0; a failed CAS reads the value
 * atomically. Its one CAS from 0 (0 -> val, val != 0) cannot be avoided
 * (no other instruction turns 0 into val and leaves every other value
 * alone): the detector takes it for a lock acquire, which nothing
 * releases; so a wrapping atomicDec can make later accesses of its warp
 * look locked (false lock-set reports, docs/detector.md §9). */
#define SCORD_DEF_ATOMIC_DEC(name, S)                                          \
    static inline unsigned name(volatile unsigned *p, unsigned val)            \
    {                                                                          \
        unsigned cur = 1u;                                                     \
        for (;;) {                                                             \
            unsigned n = (cur == 0u || cur > val) ? val : cur - 1u;            \
            if (n == cur)                                                      \
                return cur; /* 0 with val 0: nothing to write */               \
            unsigned seen = scord_cas_u##S(p, cur, n);                         \
            if (seen == cur)                                                   \
                return cur;                                                    \
            cur = seen;                                                        \
        }                                                                      \
    }
SCORD_DEF_ATOMIC_INC(atomicInc, )
SCORD_DEF_ATOMIC_INC(atomicInc_block, _block)
SCORD_DEF_ATOMIC_DEC(atomicDec, )
SCORD_DEF_ATOMIC_DEC(atomicDec_block, _block)
/* uint32_t is unsigned long on RV32. */
static inline unsigned long atomicInc(volatile unsigned long *p, unsigned long v)
{
    return atomicInc((volatile unsigned *)p, (unsigned)v);
}
static inline unsigned long atomicInc_block(volatile unsigned long *p, unsigned long v)
{
    return atomicInc_block((volatile unsigned *)p, (unsigned)v);
}
static inline unsigned long atomicDec(volatile unsigned long *p, unsigned long v)
{
    return atomicDec((volatile unsigned *)p, (unsigned)v);
}
static inline unsigned long atomicDec_block(volatile unsigned long *p, unsigned long v)
{
    return atomicDec_block((volatile unsigned *)p, (unsigned)v);
}

/* 16-bit atomicCAS: a 32-bit CAS on the aligned word holding it, retried
 * while only the other half changes. It starts from an atomic read (amoor
 * with 0), not a plain load, which would race with the other threads'
 * CASes. Its CAS touches the other half too (with the value it holds), so
 * the detector sees an atomic on both; and a CAS taking the whole word
 * from 0 to non-zero is taken for a lock acquire, as a 16-bit lock is. */
#define SCORD_DEF_CAS16(name, S)                                               \
    static inline unsigned short name(volatile unsigned short *p, unsigned short compare, \
                                      unsigned short v)                        \
    {                                                                          \
        volatile unsigned *w = (volatile unsigned *)((uintptr_t)p & ~(uintptr_t)3); \
        unsigned sh = ((unsigned)(uintptr_t)p & 2u) * 8u; /* little endian */  \
        unsigned cur = scord_or_u##S(w, 0u);                                   \
        for (;;) {                                                             \
            unsigned short old = (unsigned short)(cur >> sh);                  \
            if (old != compare)                                                \
                return old;                                                    \
            unsigned n = (cur & ~(0xffffu << sh)) | ((unsigned)v << sh);       \
            if (n == cur)                                                      \
                return old; /* compare == v: nothing to write */               \
            unsigned seen = scord_cas_u##S(w, cur, n);                         \
            if (seen == cur)                                                   \
                return old;                                                    \
            cur = seen;                                                        \
        }                                                                      \
    }
SCORD_DEF_CAS16(atomicCAS, )
SCORD_DEF_CAS16(atomicCAS_block, _block)

/* ---- warp operations beyond scord_gpu.h's ----------------------------- */

/* The pre-Volta spellings (no mask): every active lane. */
#define SCORD_DEF_SHFL_OLD(old, now, T)                                        \
    static inline T old(T var, int lane, int width = warpSize)                 \
    {                                                                          \
        return now(__activemask(), var, lane, width);                          \
    }
#define SCORD_DEF_SHFL_OLD_ALL(old, now)                                       \
    SCORD_DEF_SHFL_OLD(old, now, int)                                          \
    SCORD_DEF_SHFL_OLD(old, now, long)                                         \
    SCORD_DEF_SHFL_OLD(old, now, unsigned)                                     \
    SCORD_DEF_SHFL_OLD(old, now, unsigned long)                                \
    SCORD_DEF_SHFL_OLD(old, now, long long)                                    \
    SCORD_DEF_SHFL_OLD(old, now, unsigned long long)                           \
    SCORD_DEF_SHFL_OLD(old, now, float)                                        \
    SCORD_DEF_SHFL_OLD(old, now, double)
SCORD_DEF_SHFL_OLD_ALL(__shfl, __shfl_sync)
SCORD_DEF_SHFL_OLD_ALL(__shfl_up, __shfl_up_sync)
SCORD_DEF_SHFL_OLD_ALL(__shfl_down, __shfl_down_sync)
SCORD_DEF_SHFL_OLD_ALL(__shfl_xor, __shfl_xor_sync)
static inline unsigned __ballot(int pred) { return __ballot_sync(__activemask(), pred); }
static inline int __any(int pred) { return __any_sync(__activemask(), pred); }
static inline int __all(int pred) { return __all_sync(__activemask(), pred); }

/* __match_any_sync / __match_all_sync (no match instruction here): each
 * lane compares its value with every member's, one shuffle per member of
 * mask (warpSize shuffles at most). float and double compare as bits, as
 * CUDA's do. The loops have no branch but their own (uniform) one: a
 * branch between two warp operations is where GCC's jump threading may
 * copy the second into both arms (see __syncthreads_count). */
static inline unsigned __scord_members(unsigned mask)
{
    return warpSize >= 32 ? mask : mask & ((1u << warpSize) - 1u);
}
template <class U> static inline unsigned __scord_match_any(unsigned mask, U value)
{
    unsigned r = 0;
    for (unsigned left = __scord_members(mask); left; left &= left - 1u) {
        int src = __builtin_ctz(left);
        r |= (unsigned)(__shfl_sync(mask, value, src) == value) << src;
    }
    return r;
}
#define SCORD_DEF_MATCH(T, U)                                                  \
    static inline unsigned __match_any_sync(unsigned mask, T value)            \
    {                                                                          \
        return __scord_match_any(mask, __builtin_bit_cast(U, value));          \
    }                                                                          \
    static inline unsigned __match_all_sync(unsigned mask, T value, int *pred) \
    {                                                                          \
        unsigned m = __scord_members(mask);                                    \
        *pred = __scord_match_any(mask, __builtin_bit_cast(U, value)) == m;    \
        return *pred ? m : 0u;                                                 \
    }
SCORD_DEF_MATCH(int, unsigned)
SCORD_DEF_MATCH(unsigned, unsigned)
SCORD_DEF_MATCH(long, unsigned)
SCORD_DEF_MATCH(unsigned long, unsigned)
SCORD_DEF_MATCH(long long, unsigned long long)
SCORD_DEF_MATCH(unsigned long long, unsigned long long)
SCORD_DEF_MATCH(float, unsigned)
SCORD_DEF_MATCH(double, unsigned long long)
#undef SCORD_DEF_MATCH

/* __reduce_*_sync (sm_80): the members' values combined, by the same
 * one-shuffle-per-member loop, in lane order. */
#define SCORD_DEF_REDUCE(name, T, op)                                          \
    static inline T name(unsigned mask, T value)                               \
    {                                                                          \
        unsigned left = __scord_members(mask);                                 \
        T r = __shfl_sync(mask, value, __builtin_ctz(left | 0x80000000u));     \
        for (left &= left - 1u; left; left &= left - 1u) {                     \
            T a = r, b = __shfl_sync(mask, value, __builtin_ctz(left));        \
            r = (op);                                                          \
        }                                                                      \
        return r;                                                              \
    }
SCORD_DEF_REDUCE(__reduce_add_sync, int, a + b)
SCORD_DEF_REDUCE(__reduce_add_sync, unsigned, a + b)
/* min and max as masks, not branches */
#define SCORD_MASK_PICK(a, b, take_b)                                          \
    (((a) & ~(0u - (unsigned)(take_b))) | ((b) & (0u - (unsigned)(take_b))))
SCORD_DEF_REDUCE(__reduce_min_sync, int, (int)SCORD_MASK_PICK((unsigned)a, (unsigned)b, b < a))
SCORD_DEF_REDUCE(__reduce_min_sync, unsigned, SCORD_MASK_PICK(a, b, b < a))
SCORD_DEF_REDUCE(__reduce_max_sync, int, (int)SCORD_MASK_PICK((unsigned)a, (unsigned)b, b > a))
SCORD_DEF_REDUCE(__reduce_max_sync, unsigned, SCORD_MASK_PICK(a, b, b > a))
#undef SCORD_MASK_PICK
SCORD_DEF_REDUCE(__reduce_and_sync, unsigned, a & b)
SCORD_DEF_REDUCE(__reduce_or_sync, unsigned, a | b)
SCORD_DEF_REDUCE(__reduce_xor_sync, unsigned, a ^ b)
#undef SCORD_DEF_REDUCE

/* ---- integer intrinsics -------------------------------------------------
 * No Zbb: popcount, clz and ctz are libgcc calls or short sequences. */
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
static inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned __brev(unsigned x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
    return __builtin_bswap32(x);
}
static inline unsigned long long __brevll(unsigned long long x)
{
    return (unsigned long long)__brev((unsigned)x) << 32 | __brev((unsigned)(x >> 32));
}
/* Byte i of the result: byte s[i] (selector nibble i, low 3 bits) of the
 * 8 bytes y:x. */
static inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s)
{
    unsigned long long b = (unsigned long long)y << 32 | x;
    unsigned r = 0;
    for (unsigned i = 0; i < 4; i++)
        r |= (unsigned)((b >> (((s >> (4 * i)) & 7u) * 8)) & 0xffu) << (8 * i);
    return r;
}
static inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
static inline unsigned __umulhi(unsigned a, unsigned b)
{
    return (unsigned)(((unsigned long long)a * b) >> 32);
}
static inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b)
{
    unsigned long long al = (unsigned)a, ah = a >> 32, bl = (unsigned)b, bh = b >> 32;
    unsigned long long mid = (al * bl >> 32) + (unsigned)(ah * bl) + (unsigned)(al * bh);
    return ah * bh + (ah * bl >> 32) + (al * bh >> 32) + (mid >> 32);
}
static inline long long __mul64hi(long long a, long long b)
{
    unsigned long long h = __umul64hi((unsigned long long)a, (unsigned long long)b);
    if (a < 0)
        h -= (unsigned long long)b;
    if (b < 0)
        h -= (unsigned long long)a;
    return (long long)h;
}
static inline int __mul24(int a, int b)
{
    return ((int)((unsigned)a << 8) >> 8) * ((int)((unsigned)b << 8) >> 8);
}
static inline unsigned __umul24(unsigned a, unsigned b)
{
    return (a & 0xffffffu) * (b & 0xffffffu);
}
static inline int __hadd(int a, int b) { return (int)(((long long)a + b) >> 1); }
static inline int __rhadd(int a, int b) { return (int)(((long long)a + b + 1) >> 1); }
static inline unsigned __uhadd(unsigned a, unsigned b)
{
    return (unsigned)(((unsigned long long)a + b) >> 1);
}
static inline unsigned __urhadd(unsigned a, unsigned b)
{
    return (unsigned)(((unsigned long long)a + b + 1) >> 1);
}
static inline unsigned __sad(int x, int y, unsigned z)
{
    return z + (x > y ? (unsigned)x - (unsigned)y : (unsigned)y - (unsigned)x);
}
static inline unsigned __usad(unsigned x, unsigned y, unsigned z)
{
    return z + (x > y ? x - y : y - x);
}
static inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s)
{
    return (unsigned)(((unsigned long long)hi << 32 | lo) << (s & 31u) >> 32);
}
static inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s)
{
    return (unsigned)(((unsigned long long)hi << 32 | lo) >> (s & 31u));
}

/* ---- min / max ------------------------------------------------------------
 * CUDA's device min and max: non-template overloads for the same-type
 * cases (so an argument that converts, like warpSize, finds them), a
 * template for mixed arithmetic types with the usual arithmetic
 * conversions (min(int, unsigned) is unsigned, as CUDA's). Floating point:
 * fmin/fmax semantics, a NaN loses. No <type_traits> here: a small trait. */
template <class T> struct __scord_is_arith {
    static constexpr bool value = false;
};
#define SCORD_ARITH(T)                                                         \
    template <> struct __scord_is_arith<T> {                                   \
        static constexpr bool value = true;                                    \
    };
SCORD_ARITH(bool)
SCORD_ARITH(char)
SCORD_ARITH(signed char)
SCORD_ARITH(unsigned char)
SCORD_ARITH(short)
SCORD_ARITH(unsigned short)
SCORD_ARITH(int)
SCORD_ARITH(unsigned)
SCORD_ARITH(long)
SCORD_ARITH(unsigned long)
SCORD_ARITH(long long)
SCORD_ARITH(unsigned long long)
SCORD_ARITH(float)
SCORD_ARITH(double)
SCORD_ARITH(long double)
SCORD_ARITH(wchar_t)
SCORD_ARITH(char16_t)
SCORD_ARITH(char32_t)
#undef SCORD_ARITH
template <bool B, class T = void> struct __scord_enable_if {};
template <class T> struct __scord_enable_if<true, T> {
    typedef T type;
};
template <class R> static inline constexpr R __scord_min(R a, R b)
{
    if constexpr (__is_same(R, float) || __is_same(R, double) || __is_same(R, long double))
        return a != a ? b : b != b ? a : b < a ? b : a;
    else
        return b < a ? b : a;
}
template <class R> static inline constexpr R __scord_max(R a, R b)
{
    if constexpr (__is_same(R, float) || __is_same(R, double) || __is_same(R, long double))
        return a != a ? b : b != b ? a : b > a ? b : a;
    else
        return b > a ? b : a;
}
#define SCORD_MINMAX(T)                                                        \
    static inline constexpr T min(T a, T b) { return __scord_min<T>(a, b); }   \
    static inline constexpr T max(T a, T b) { return __scord_max<T>(a, b); }
SCORD_MINMAX(int)
SCORD_MINMAX(unsigned)
SCORD_MINMAX(long)
SCORD_MINMAX(unsigned long)
SCORD_MINMAX(long long)
SCORD_MINMAX(unsigned long long)
SCORD_MINMAX(float)
SCORD_MINMAX(double)
#undef SCORD_MINMAX
template <class A, class B, class R = decltype(true ? A() : B())>
static inline constexpr
    typename __scord_enable_if<__scord_is_arith<A>::value && __scord_is_arith<B>::value, R>::type
    min(A a, B b)
{
    return __scord_min<R>((R)a, (R)b);
}
template <class A, class B, class R = decltype(true ? A() : B())>
static inline constexpr
    typename __scord_enable_if<__scord_is_arith<A>::value && __scord_is_arith<B>::value, R>::type
    max(A a, B b)
{
    return __scord_max<R>((R)a, (R)b);
}
static inline constexpr unsigned umin(unsigned a, unsigned b) { return b < a ? b : a; }
static inline constexpr unsigned umax(unsigned a, unsigned b) { return b > a ? b : a; }
static inline constexpr unsigned long long ullmin(unsigned long long a, unsigned long long b)
{
    return b < a ? b : a;
}
static inline constexpr unsigned long long ullmax(unsigned long long a, unsigned long long b)
{
    return b > a ? b : a;
}
static inline constexpr long long llmin(long long a, long long b) { return b < a ? b : a; }
static inline constexpr long long llmax(long long a, long long b) { return b > a ? b : a; }

/* ---- bit casts and conversions ----------------------------------------- */
static inline float __int_as_float(int x) { return __builtin_bit_cast(float, x); }
static inline int __float_as_int(float x) { return __builtin_bit_cast(int, x); }
static inline float __uint_as_float(unsigned x) { return __builtin_bit_cast(float, x); }
static inline unsigned __float_as_uint(float x) { return __builtin_bit_cast(unsigned, x); }
static inline double __longlong_as_double(long long x) { return __builtin_bit_cast(double, x); }
static inline long long __double_as_longlong(double x) { return __builtin_bit_cast(long long, x); }
static inline double __hiloint2double(int hi, int lo)
{
    return __builtin_bit_cast(double, (unsigned long long)(unsigned)hi << 32 | (unsigned)lo);
}
static inline int __double2hiint(double x)
{
    return (int)(__builtin_bit_cast(unsigned long long, x) >> 32);
}
static inline int __double2loint(double x)
{
    return (int)__builtin_bit_cast(unsigned long long, x);
}
/* Round toward zero: C's conversions. (The _rn, _rd, _ru forms need the
 * math library's rounding functions, below.) */
static inline int __float2int_rz(float x) { return (int)x; }
static inline unsigned __float2uint_rz(float x) { return (unsigned)x; }
static inline long long __float2ll_rz(float x) { return (long long)x; }
static inline int __double2int_rz(double x) { return (int)x; }
static inline unsigned __double2uint_rz(double x) { return (unsigned)x; }
static inline long long __double2ll_rz(double x) { return (long long)x; }
static inline float __int2float_rn(int x) { return (float)x; }
static inline float __uint2float_rn(unsigned x) { return (float)x; }
static inline float __ll2float_rn(long long x) { return (float)x; }
static inline double __int2double_rn(int x) { return (double)x; }
static inline double __uint2double_rn(unsigned x) { return (double)x; }
static inline double __ll2double_rn(long long x) { return (double)x; }
static inline float __double2float_rn(double x) { return (float)x; }
/* The _rn arithmetic: soft float rounds to nearest already. */
static inline float __fadd_rn(float a, float b) { return a + b; }
static inline float __fsub_rn(float a, float b) { return a - b; }
static inline float __fmul_rn(float a, float b) { return a * b; }
static inline float __fdiv_rn(float a, float b) { return a / b; }
static inline float __frcp_rn(float a) { return 1.0f / a; }
static inline float __fdividef(float a, float b) { return a / b; }
static inline float fdividef(float a, float b) { return a / b; }
static inline double __dadd_rn(double a, double b) { return a + b; }
static inline double __dsub_rn(double a, double b) { return a - b; }
static inline double __dmul_rn(double a, double b) { return a * b; }
static inline double __ddiv_rn(double a, double b) { return a / b; }
static inline double __drcp_rn(double a) { return 1.0 / a; }
static inline float __saturatef(float x)
{
    return x != x ? 0.0f : x < 0.0f ? 0.0f : x > 1.0f ? 1.0f : x;
}

/* ---- the math library ----------------------------------------------------
 * CUDA device code calls the math functions without including anything
 * and gets float overloads of the double names (sqrt(1.0f) is a float).
 * picolibc's libm (inside its libc.a) computes them in soft float. Its
 * classification macros (isnan, ...) become functions, as in C++'s
 * <cmath>, so that std::isnan and ::isnan both work. */
#ifdef SCORD_HAVE_MATH_H
#define SCORD_MATH1(fn)                                                        \
    static inline float fn(float x) { return fn##f(x); }
#define SCORD_MATH2(fn)                                                        \
    static inline float fn(float x, float y) { return fn##f(x, y); }
SCORD_MATH1(sqrt) SCORD_MATH1(cbrt) SCORD_MATH1(exp) SCORD_MATH1(exp2) SCORD_MATH1(expm1)
SCORD_MATH1(log) SCORD_MATH1(log2) SCORD_MATH1(log10) SCORD_MATH1(log1p) SCORD_MATH1(logb)
SCORD_MATH1(sin) SCORD_MATH1(cos) SCORD_MATH1(tan) SCORD_MATH1(asin) SCORD_MATH1(acos)
SCORD_MATH1(atan) SCORD_MATH1(sinh) SCORD_MATH1(cosh) SCORD_MATH1(tanh) SCORD_MATH1(asinh)
SCORD_MATH1(acosh) SCORD_MATH1(atanh) SCORD_MATH1(fabs) SCORD_MATH1(floor) SCORD_MATH1(ceil)
SCORD_MATH1(round) SCORD_MATH1(trunc) SCORD_MATH1(rint) SCORD_MATH1(nearbyint) SCORD_MATH1(erf)
SCORD_MATH1(erfc) SCORD_MATH1(lgamma) SCORD_MATH1(tgamma)
SCORD_MATH2(atan2) SCORD_MATH2(pow) SCORD_MATH2(fmod) SCORD_MATH2(fmin) SCORD_MATH2(fmax)
SCORD_MATH2(hypot) SCORD_MATH2(copysign) SCORD_MATH2(remainder) SCORD_MATH2(fdim)
SCORD_MATH2(nextafter)
#undef SCORD_MATH1
#undef SCORD_MATH2
static inline float fma(float x, float y, float z) { return fmaf(x, y, z); }
static inline float ldexp(float x, int e) { return ldexpf(x, e); }
static inline float frexp(float x, int *e) { return frexpf(x, e); }
static inline float modf(float x, float *i) { return modff(x, i); }
static inline long lround(float x) { return lroundf(x); }
static inline long long llround(float x) { return llroundf(x); }
static inline long lrint(float x) { return lrintf(x); }
static inline long long llrint(float x) { return llrintf(x); }
static inline float abs(float x) { return fabsf(x); }
static inline double abs(double x) { return fabs(x); }
static inline long abs(long x) { return labs(x); }
static inline long long abs(long long x) { return llabs(x); }
/* CUDA's own additions. The __ forms are CUDA's fast approximations;
 * here they are the accurate functions. */
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline float rsqrt(float x) { return rsqrtf(x); }
static inline float rcbrtf(float x) { return 1.0f / cbrtf(x); }
static inline double rcbrt(double x) { return 1.0 / cbrt(x); }
/* C linkage and inline, as sincos below: GNU extensions in picolibc. */
extern "C" inline float exp10f(float x) { return powf(10.0f, x); }
extern "C" inline double exp10(double x) { return pow(10.0, x); }
#define SCORD_PI 3.14159265358979323846 /* M_PI needs _GNU_SOURCE-like modes */
static inline float sinpif(float x) { return sinf((float)SCORD_PI * x); }
static inline float cospif(float x) { return cosf((float)SCORD_PI * x); }
static inline double sinpi(double x) { return sin(SCORD_PI * x); }
static inline double cospi(double x) { return cos(SCORD_PI * x); }
static inline float __expf(float x) { return expf(x); }
static inline float __exp10f(float x) { return exp10f(x); }
static inline float __logf(float x) { return logf(x); }
static inline float __log2f(float x) { return log2f(x); }
static inline float __log10f(float x) { return log10f(x); }
static inline float __sinf(float x) { return sinf(x); }
static inline float __cosf(float x) { return cosf(x); }
static inline float __tanf(float x) { return tanf(x); }
static inline float __powf(float x, float y) { return powf(x, y); }
/* sincos and sincosf: GNU extensions in picolibc (declared only in GNU
 * modes), standard in CUDA. C linkage, so that a declaration by <math.h>
 * in a GNU mode matches; inline, so that libm's copy is not linked. */
extern "C" inline void sincosf(float x, float *s, float *c)
{
    *s = sinf(x);
    *c = cosf(x);
}
extern "C" inline void sincos(double x, double *s, double *c)
{
    *s = sin(x);
    *c = cos(x);
}
static inline void __sincosf(float x, float *s, float *c)
{
    *s = sinf(x);
    *c = cosf(x);
}
static inline float __fsqrt_rn(float x) { return sqrtf(x); }
static inline double __dsqrt_rn(double x) { return sqrt(x); }
static inline float __frsqrt_rn(float x) { return 1.0f / sqrtf(x); }
static inline float __fmaf_rn(float x, float y, float z) { return fmaf(x, y, z); }
static inline double __fma_rn(double x, double y, double z) { return fma(x, y, z); }
static inline int __float2int_rn(float x) { return (int)lrintf(x); }
static inline int __float2int_rd(float x) { return (int)floorf(x); }
static inline int __float2int_ru(float x) { return (int)ceilf(x); }
static inline unsigned __float2uint_rn(float x) { return (unsigned)llrintf(x); }
static inline long long __float2ll_rn(float x) { return llrintf(x); }
static inline int __double2int_rn(double x) { return (int)lrint(x); }
static inline int __double2int_rd(double x) { return (int)floor(x); }
static inline int __double2int_ru(double x) { return (int)ceil(x); }
static inline long long __double2ll_rn(double x) { return llrint(x); }

/* Classification: functions instead of picolibc's macros. */
#undef isnan
#undef isinf
#undef isfinite
#undef isnormal
#undef signbit
#define SCORD_CLASSIFY(T)                                                      \
    static inline constexpr bool isnan(T x) { return __builtin_isnan(x); }     \
    static inline constexpr bool isinf(T x) { return __builtin_isinf(x); }     \
    static inline constexpr bool isfinite(T x) { return __builtin_isfinite(x); } \
    static inline constexpr bool isnormal(T x) { return __builtin_isnormal(x); } \
    static inline constexpr bool signbit(T x) { return __builtin_signbit(x); }
SCORD_CLASSIFY(float)
SCORD_CLASSIFY(double)
#undef SCORD_CLASSIFY
#endif /* SCORD_HAVE_MATH_H */

/* ---- memory ------------------------------------------------------------ */

/* __ldg (read-only data cache) and the other cache-hinted loads: plain
 * loads, except __ldcg (cache at L2 only) and __ldcv (volatile, fetch
 * again), which are this GPU's strong loads; the stores likewise: __stcg
 * and __stwt (write through) strong, __stcs and __stwb plain. */
template <class T> static inline T __scord_vload(const volatile T *p);
template <class T, class V> static inline void __scord_vstore(volatile T *p, V v);
template <class T> static inline T __ldg(const T *p) { return *p; }
template <class T> static inline T __ldca(const T *p) { return *p; }
template <class T> static inline T __ldcs(const T *p) { return *p; }
template <class T> static inline T __ldlu(const T *p) { return *p; }
template <class T> static inline T __ldcg(const T *p) { return __scord_vload(p); }
template <class T> static inline T __ldcv(const T *p) { return __scord_vload(p); }
template <class T> static inline void __stwb(T *p, T v) { *p = v; }
template <class T> static inline void __stcs(T *p, T v) { *p = v; }
template <class T> static inline void __stcg(T *p, T v) { __scord_vstore(p, v); }
template <class T> static inline void __stwt(T *p, T v) { __scord_vstore(p, v); }

/* ---- volatile: strong loads and stores ------------------------------------
 *
 * CUDA code writes `volatile` for "read and write the memory every thread
 * sees"; on this GPU that is a strong access (ld_strong_* / st_strong_*:
 * past this core's L1, to the L2; in shared memory a plain shared access),
 * and the race detector's strong-operation rules depend on it. g++ would
 * make a volatile access a plain load or store, which may hit a stale L1
 * line, so the translator rewrites, in device code, every read of a
 * volatile lvalue E into __scord_vload(&(E)) and every assignment E = V
 * into __scord_vstore(&(E), (V)) (scord_nvcc_device.h builds E op= V, ++E
 * and E++ from the two).
 *
 * 1-, 2- and 4-byte scalars (integers, enums, pointers, float): one strong
 * access. 8-byte scalars (long long, double): two strong word accesses,
 * low word first; not one access, so a reader racing a writer may see one
 * half old and one new (the hardware has no 64-bit strong access; use
 * atomicCAS / atomicExch on unsigned long long for an indivisible one).
 * Structs, unions and other sizes: strong accesses of the widest unit
 * their alignment allows (4, 2 or 1 bytes), in address order; they must
 * be trivially copyable, as a volatile copy in C++ requires. Arrays and
 * bit-fields have no address to pass: the translator leaves them alone. */
template <class T> static __forceinline__ T __scord_vload(const volatile T *p)
{
    if constexpr (__is_class(T) || __is_union(T) ||
                  (sizeof(T) != 1 && sizeof(T) != 2 && sizeof(T) != 4 && sizeof(T) != 8)) {
        static_assert(__is_trivially_copyable(T), "a volatile object must be trivially copyable");
        struct alignas(T) bytes {
            unsigned char b[sizeof(T)];
        } buf;
        const volatile unsigned char *s = (const volatile unsigned char *)p;
        if constexpr (alignof(T) >= 4 && sizeof(T) % 4 == 0) {
            for (unsigned i = 0; i < sizeof(T); i += 4) {
                uint32_t w = ld_strong_u32(s + i);
                __builtin_memcpy(buf.b + i, &w, 4);
            }
        } else if constexpr (alignof(T) >= 2 && sizeof(T) % 2 == 0) {
            for (unsigned i = 0; i < sizeof(T); i += 2) {
                uint16_t h = ld_strong_u16(s + i);
                __builtin_memcpy(buf.b + i, &h, 2);
            }
        } else {
            for (unsigned i = 0; i < sizeof(T); i++)
                buf.b[i] = ld_strong_u8(s + i);
        }
        return __builtin_bit_cast(T, buf);
    } else if constexpr (sizeof(T) == 1) {
        return __builtin_bit_cast(T, ld_strong_u8(p));
    } else if constexpr (sizeof(T) == 2) {
        return __builtin_bit_cast(T, ld_strong_u16(p));
    } else if constexpr (sizeof(T) == 4) {
        return __builtin_bit_cast(T, ld_strong_u32(p));
    } else {
        uint32_t lo = ld_strong_u32(p);
        uint32_t hi = ld_strong_u32((const volatile unsigned char *)p + 4);
        return __builtin_bit_cast(T, (uint64_t)hi << 32 | lo);
    }
}

/* The value is converted to T first, as the assignment would (a C cast:
 * 0 for a pointer, an int for an enum as the translator's caller gives). */
template <class T, class V> static __forceinline__ void __scord_vstore(volatile T *p, V v)
{
    T t = (T)v;
    if constexpr (__is_class(T) || __is_union(T) ||
                  (sizeof(T) != 1 && sizeof(T) != 2 && sizeof(T) != 4 && sizeof(T) != 8)) {
        static_assert(__is_trivially_copyable(T), "a volatile object must be trivially copyable");
        struct alignas(T) bytes {
            unsigned char b[sizeof(T)];
        };
        bytes buf = __builtin_bit_cast(bytes, t);
        volatile unsigned char *d = (volatile unsigned char *)p;
        if constexpr (alignof(T) >= 4 && sizeof(T) % 4 == 0) {
            for (unsigned i = 0; i < sizeof(T); i += 4) {
                uint32_t w;
                __builtin_memcpy(&w, buf.b + i, 4);
                st_strong_u32(d + i, w);
            }
        } else if constexpr (alignof(T) >= 2 && sizeof(T) % 2 == 0) {
            for (unsigned i = 0; i < sizeof(T); i += 2) {
                uint16_t h;
                __builtin_memcpy(&h, buf.b + i, 2);
                st_strong_u16(d + i, h);
            }
        } else {
            for (unsigned i = 0; i < sizeof(T); i++)
                st_strong_u8(d + i, buf.b[i]);
        }
    } else if constexpr (sizeof(T) == 1) {
        st_strong_u8(p, __builtin_bit_cast(uint8_t, t));
    } else if constexpr (sizeof(T) == 2) {
        st_strong_u16(p, __builtin_bit_cast(uint16_t, t));
    } else if constexpr (sizeof(T) == 4) {
        st_strong_u32(p, __builtin_bit_cast(uint32_t, t));
    } else {
        uint64_t b = __builtin_bit_cast(uint64_t, t);
        st_strong_u32(p, (uint32_t)b);
        st_strong_u32((volatile unsigned char *)p + 4, (uint32_t)(b >> 32));
    }
}

/* No device heap: picolibc's malloc would hand out memory the host's
 * allocator also owns, from every thread at once. A call is a compile
 * error rather than corrupted buffers. */
#if __has_include(<stdlib.h>)
extern "C" {
void *malloc(size_t)
    __attribute__((error("no device malloc on this GPU: allocate with cudaMalloc on the host")));
void *calloc(size_t, size_t) __attribute__((error("no device heap on this GPU")));
void *realloc(void *, size_t) __attribute__((error("no device heap on this GPU")));
void free(void *) __attribute__((error("no device heap on this GPU")));
}
#endif

/* ---- time ------------------------------------------------------------ */

/* clock(): the cycle counter's low 32 bits (CUDA's clock() wraps at 32
 * bits too); clock64(): all 64. A definition of the C library's clock
 * when <time.h> declared it, so <ctime> in the same unit does not clash. */
#ifdef SCORD_HAVE_TIME_H
extern "C" inline clock_t clock(void) { return (clock_t)__clock(); }
#else
typedef unsigned long clock_t;
static inline clock_t clock(void) { return (clock_t)__clock(); }
#endif
static inline long long clock64(void) { return (long long)__clock64(); }
/* __nanosleep(ns): a wait of about ns cycles (no wall clock on the GPU;
 * the cycle model's cycle is the unit). For spin-lock back-off. */
static inline void __nanosleep(unsigned ns)
{
    unsigned start = __clock();
    while (__clock() - start < ns)
        ;
}

/* ---- traps and assert ------------------------------------------------ */

/* ebreak: the GPU stops with ERR_ECALL (docs/architecture.md), which the
 * launch reports, as CUDA's __trap() makes the launch fail. */
static inline SCORD_NORETURN void __trap(void) { __builtin_trap(); }
static inline SCORD_NORETURN void __brkpt(void) { __builtin_trap(); }

/* picolibc's assert() calls __assert_func: this one prints CUDA's message
 * through the device printf (the format and the strings are in the kernel
 * image), then traps. Defined here, it keeps picolibc's stdio-based one
 * out of the image. */
extern "C" inline SCORD_NORETURN void __assert_func(const char *file, int line, const char *func,
                                                    const char *expr)
{
    __scord_printf_call("%s:%d: %s: Assertion `%s` failed.\n", file, line, func ? func : "?",
                        expr);
    __threadfence();
    __builtin_trap();
}

/* ---- printf ---------------------------------------------------------------
 * scord_gpu.h's printf is a macro: std::printf expands to
 * std::__scord_printf_call, which this makes valid. */
namespace std {
using ::__scord_printf_call;
}

/* ---- C++ runtime pieces device code may need -------------------------
 * No exceptions, RTTI or heap. Placement new is in cuda-device/new. A pure
 * virtual call traps; operator delete is what a class with a virtual
 * destructor refers to (its deleting destructor) even if nothing is ever
 * deleted: defined to trap too, there being no heap. Weak, so a program
 * may define its own. */
extern "C" __attribute__((weak)) void __cxa_pure_virtual(void) { __builtin_trap(); }
__attribute__((weak)) void operator delete(void *) noexcept { __builtin_trap(); }
__attribute__((weak)) void operator delete(void *, size_t) noexcept { __builtin_trap(); }

#endif
