/* scord_gpu.h: what a kernel for the open SIMT GPU includes.
 *
 * A kernel is a C file with one entry point, called by every thread:
 *
 *     #include <scord_gpu.h>
 *     #include "args.h"            // struct shared with the host program
 *
 *     __global__ void kernel_main(const struct vecadd_args *a)
 *     {
 *         unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
 *         if (i < a->n)
 *             a->c[i] = a->a[i] + a->b[i];
 *     }
 *
 * The runtime (sw/runtime/crt0.S) gives every thread its stack, sets gp and
 * calls kernel_main(arg) with the pointer the host passed to scord_launch;
 * returning ends the thread.
 *
 * Shared memory, as in CUDA: `__shared__ float tile[16][16];` (in a kernel
 * or at file scope) is one copy per block, in the block's slice of its
 * core's banked shared memory, uninitialised at the block's start, seen by
 * the block's threads only. CUDA's dynamic shared memory,
 * `extern __shared__ float buf[];`, is written
 * `SCORD_DYNAMIC_SHARED(float, buf);` here; its size is given at launch
 * (scord_launch_shared, `scord run --shared BYTES`). Blocks cooperate
 * with each other through device memory, which is why the scoped
 * operations below exist.
 *
 * Warp-level operations (CUDA names): __syncwarp, __activemask,
 * __ballot_sync, __any_sync, __all_sync, __shfl_sync, __shfl_up_sync,
 * __shfl_down_sync, __shfl_xor_sync. warpSize is this GPU's lanes per warp
 * (8 on the default configuration, not CUDA's 32): write loops over
 * lanes with it.
 *
 * Memory model in one paragraph (docs/architecture.md has the table): plain
 * loads may hit a stale line of this core's L1; ld_strong_* / st_strong_*
 * go to the L2, which every core sees. __threadfence() waits for this
 * core's writes to reach the L2 and drops the L1, so plain loads after it
 * see other blocks' data. Atomics named atomicXxx() are device scope (L2);
 * atomicXxx_block() only work among the threads of one block (one core),
 * and are faster.
 *
 * C++ (g++ -std=gnu++17, freestanding; scord_cuda.h builds CUDA's device
 * API on this header): the same functions and instructions. What C picks
 * with _Generic (the atomics, the shuffles) are overloads there, and what
 * takes an optional argument in C (__syncwarp, a shuffle's width) a
 * default argument; threadIdx and blockIdx are uint3 and dim3 has CUDA's
 * constructors. The C preprocessor output and code are unchanged.
 *
 * Every helper is static inline; those with side effects are `asm volatile`
 * with a "memory" clobber so the compiler neither drops nor reorders them
 * around other memory accesses. CSRs whose value never changes during a
 * thread's life (tid, dimensions, ...) are read with a non-volatile asm so
 * the compiler may reuse one read: `threadIdx.x` in a loop costs nothing.
 */
#ifndef SCORD_GPU_H
#define SCORD_GPU_H

#include <stdarg.h>
#include <stdint.h>

#include "scord_defs.h" /* generated from config/regmap.def: numbers only */
#include "scord_kargs.h"

#ifdef __cplusplus
extern "C" {
#endif

#define __global__
#define __device__
/* `static`: in a kernel function a __shared__ array is one per block, not
 * one per thread (C would otherwise make it a local variable). */
#define __shared__ static __attribute__((section(".shared")))
/* Dynamic shared memory: declares `type name[]`, placed after the kernel's
 * __shared__ variables (16-byte aligned); as many bytes as the launch gave. */
#define SCORD_DYNAMIC_SHARED(type, name) extern type name[] __asm__("__scord_dynamic_shared")
#ifdef __cplusplus
/* C++ needs `inline` too: an always_inline function that is not inline
 * draws "might not be inlinable" (`__device__ __forceinline__ int f()`). */
#define __forceinline__ inline __attribute__((always_inline))
#else
#define __forceinline__ __attribute__((always_inline))
#endif
#define __noinline__ __attribute__((noinline))

#ifdef __cplusplus
/* C++ (CUDA device code, scord_cuda.h): CUDA's types. threadIdx and
 * blockIdx are uint3, an aggregate; dim3 takes CUDA's defaults of 1
 * (dim3(n) is n x 1 x 1) and converts to and from uint3. */
struct uint3 {
    unsigned x, y, z;
};
#define SCORD_HAVE_UINT3 1 /* for cuda-device/vector_types.h */
struct dim3 {
    unsigned x, y, z;
    constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
    constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
    constexpr operator uint3() const { return uint3{x, y, z}; }
};
#define SCORD_IDX3 uint3
#else
struct dim3 {
    unsigned x, y, z;
};
#define SCORD_IDX3 struct dim3
#endif

/* ---- CSRs ---------------------------------------------------------------- */

/* Constant for the thread's lifetime: pure, so GCC may CSE and hoist it. */
#define SCORD_DEF_CSR_CONST(name, num)                                           \
    static inline unsigned __scord_csr_##name(void)                         \
    {                                                                        \
        unsigned v;                                                          \
        __asm__("csrr %0, %1" : "=r"(v) : "i"(num));                         \
        return v;                                                            \
    }
/* Changes while the thread runs: read every time, in program order. */
#define SCORD_DEF_CSR_LIVE(name, num)                                            \
    static inline unsigned __scord_csr_##name(void)                         \
    {                                                                        \
        unsigned v;                                                          \
        __asm__ volatile("csrr %0, %1" : "=r"(v) : "i"(num) : "memory");     \
        return v;                                                            \
    }

SCORD_DEF_CSR_CONST(mhartid, SCORD_CSR_MHARTID)
SCORD_DEF_CSR_CONST(tid, SCORD_CSR_TID)
SCORD_DEF_CSR_CONST(lane, SCORD_CSR_LANE)
SCORD_DEF_CSR_CONST(warp, SCORD_CSR_WARP)
SCORD_DEF_CSR_CONST(warp_in_blk, SCORD_CSR_WARP_IN_BLK)
SCORD_DEF_CSR_CONST(block_id, SCORD_CSR_BLOCK_ID)
SCORD_DEF_CSR_CONST(core_id, SCORD_CSR_CORE_ID)
SCORD_DEF_CSR_CONST(num_threads, SCORD_CSR_NUM_THREADS)
SCORD_DEF_CSR_CONST(num_warps, SCORD_CSR_NUM_WARPS)
SCORD_DEF_CSR_CONST(num_cores, SCORD_CSR_NUM_CORES)
SCORD_DEF_CSR_CONST(block_dim_x, SCORD_CSR_BLOCK_DIM_X)
SCORD_DEF_CSR_CONST(block_dim_y, SCORD_CSR_BLOCK_DIM_Y)
SCORD_DEF_CSR_CONST(block_dim_z, SCORD_CSR_BLOCK_DIM_Z)
SCORD_DEF_CSR_CONST(grid_dim_x, SCORD_CSR_GRID_DIM_X)
SCORD_DEF_CSR_CONST(grid_dim_y, SCORD_CSR_GRID_DIM_Y)
SCORD_DEF_CSR_CONST(grid_dim_z, SCORD_CSR_GRID_DIM_Z)
SCORD_DEF_CSR_CONST(arg_ptr, SCORD_CSR_ARG_PTR)
SCORD_DEF_CSR_CONST(stack_top, SCORD_CSR_STACK_TOP)
SCORD_DEF_CSR_CONST(smem_bytes, SCORD_CSR_SMEM_BYTES)
SCORD_DEF_CSR_LIVE(tmask, SCORD_CSR_TMASK)
SCORD_DEF_CSR_LIVE(cycle, SCORD_CSR_CYCLE)
SCORD_DEF_CSR_LIVE(cycleh, SCORD_CSR_CYCLEH)
SCORD_DEF_CSR_LIVE(instret, SCORD_CSR_INSTRET)
SCORD_DEF_CSR_LIVE(mscratch, SCORD_CSR_MSCRATCH)

static inline void __scord_set_mscratch(unsigned v)
{
    __asm__ volatile("csrw %0, %1" : : "i"(SCORD_CSR_MSCRATCH), "r"(v) : "memory");
}

/* ---- CUDA-style indices ------------------------------------------------- */

/* always_inline: then `threadIdx.x` keeps only the x part (GCC does not
 * inline struct-returning helpers used several times on its own).
 * Split a linear index over (dx, dy, *). The common 1-D case (index < dx)
 * needs no division: the divider is iterative and costs tens of cycles. */
static inline __attribute__((always_inline)) SCORD_IDX3 __scord_split3(unsigned i, unsigned dx, unsigned dy)
{
    SCORD_IDX3 r;
    if (__builtin_expect(i < dx, 1)) {
        r.x = i;
        r.y = 0;
        r.z = 0;
    } else {
        unsigned q = i / dx;
        r.x = i - q * dx;
        r.y = q % dy;
        r.z = q / dy;
    }
    return r;
}

static inline __attribute__((always_inline)) SCORD_IDX3 __scord_thread_idx(void)
{
    return __scord_split3(__scord_csr_tid(), __scord_csr_block_dim_x(), __scord_csr_block_dim_y());
}
static inline __attribute__((always_inline)) SCORD_IDX3 __scord_block_idx(void)
{
    return __scord_split3(__scord_csr_block_id(), __scord_csr_grid_dim_x(), __scord_csr_grid_dim_y());
}
static inline __attribute__((always_inline)) SCORD_IDX3 __scord_block_dim(void)
{
    SCORD_IDX3 r = {__scord_csr_block_dim_x(), __scord_csr_block_dim_y(), __scord_csr_block_dim_z()};
    return r;
}
static inline __attribute__((always_inline)) SCORD_IDX3 __scord_grid_dim(void)
{
    SCORD_IDX3 r = {__scord_csr_grid_dim_x(), __scord_csr_grid_dim_y(), __scord_csr_grid_dim_z()};
    return r;
}

#define threadIdx (__scord_thread_idx())
#define blockIdx (__scord_block_idx())
#define blockDim (__scord_block_dim())
#define gridDim (__scord_grid_dim())

/* Linear thread index within the block and linear block index: cheaper than
 * recombining threadIdx/blockIdx for multi-dimensional launches. */
static inline unsigned __thread_linear(void) { return __scord_csr_tid(); }
static inline unsigned __block_linear(void) { return __scord_csr_block_id(); }
static inline unsigned __block_threads(void)
{
    return __scord_csr_block_dim_x() * __scord_csr_block_dim_y() * __scord_csr_block_dim_z();
}

static inline unsigned __lane_id(void) { return __scord_csr_lane(); }
static inline unsigned __warp_id(void) { return __scord_csr_warp_in_blk(); } /* within the block */
static inline unsigned __warp_slot(void) { return __scord_csr_warp(); }      /* within the core */
static inline unsigned __core_id(void) { return __scord_csr_core_id(); }
static inline unsigned __hart_id(void) { return __scord_csr_mhartid(); }
static inline unsigned __warp_size(void) { return __scord_csr_num_threads(); }
static inline unsigned __active_mask(void) { return __scord_csr_tmask(); }
/* Shared memory of this block (static + dynamic) and its dynamic part. */
static inline unsigned __shared_bytes(void) { return __scord_csr_smem_bytes(); }
static inline unsigned __dynamic_shared_bytes(void)
{
    extern char __shared_start[], __shared_end[];
    return __scord_csr_smem_bytes() - (unsigned)(__shared_end - __shared_start);
}
static inline unsigned __clock(void) { return __scord_csr_cycle(); }
static inline uint64_t __clock64(void)
{
    unsigned hi, lo;
    do {
        hi = __scord_csr_cycleh();
        lo = __scord_csr_cycle();
    } while (hi != __scord_csr_cycleh());
    return ((uint64_t)hi << 32) | lo;
}

/* ---- SIMT control ------------------------------------------------------- */

#define SCORD_STR_(x) #x
#define SCORD_STR(x) SCORD_STR_(x)

/* Barrier of the whole block. fence.blk first so the barrier also orders
 * memory among the block's warps, as CUDA's __syncthreads does, whatever
 * the LSU does in later revisions. */
static inline void __syncthreads(void)
{
    __asm__ volatile(".insn i %0, %1, x0, x0, 0\n\t"
                     ".insn i %0, %2, x0, x0, 0"
                     :
                     : "i"(SCORD_OPC_SIMT), "i"(SCORD_SIMT_FENCE_BLK), "i"(SCORD_SIMT_BAR)
                     : "memory");
}

/* Device scope: this core's earlier writes reach the L2, its L1 is dropped. */
static inline void __threadfence(void) { __asm__ volatile("fence rw, rw" : : : "memory"); }

/* Block scope: orders this thread's accesses as seen by its block. */
static inline void __threadfence_block(void)
{
    __asm__ volatile(".insn i %0, %1, x0, x0, 0"
                     :
                     : "i"(SCORD_OPC_SIMT), "i"(SCORD_SIMT_FENCE_BLK)
                     : "memory");
}

/* Thread-mask control: lanes whose bit is 0 park, parked lanes whose bit is
 * 1 resume after this instruction. Low level: a parked lane skips whatever
 * the others run until they wake it, and the compiler does not know that,
 * so keep the code between two __tmc() calls free of values needed later
 * by the parked lanes (an asm block is the safe place for it). */
static inline void __tmc(unsigned mask)
{
    __asm__ volatile(".insn i %0, %1, x0, %2, 0"
                     :
                     : "i"(SCORD_OPC_SIMT), "i"(SCORD_SIMT_TMC), "r"(mask)
                     : "memory");
}

/* End this thread now (returning from kernel_main does the same). */
#ifdef __cplusplus
#define SCORD_NORETURN __attribute__((noreturn)) /* C++ has no _Noreturn */
#else
#define SCORD_NORETURN _Noreturn
#endif
static inline SCORD_NORETURN void __exit(void)
{
    __asm__ volatile(".insn i %0, %1, x0, x0, 0"
                     :
                     : "i"(SCORD_OPC_SIMT), "i"(SCORD_SIMT_EXIT)
                     : "memory");
    __builtin_unreachable();
}

/* ---- warp-level operations ------------------------------------------------
 *
 * CUDA's semantics: `mask` names the lanes taking part (bit i: lane i;
 * bits past the warp are ignored, so 0xffffffff is every lane). A lane
 * waits at the instruction until every member that is still running and
 * not waiting at __syncthreads() has reached it, then all execute it
 * together; the lanes then run on together. Naming a lane that never
 * comes cannot hang the warp: when nothing else can run, the waiting lanes
 * execute it alone. Values read from lanes that did not take part are
 * undefined (here: that lane's register). __activemask() does not wait. */
#define SCORD_FULL_MASK 0xffffffffu
#define warpSize ((int)__warp_size())

/* An optional last argument: SCORD_OPT(dflt, __VA_ARGS__) is the first of
 * __VA_ARGS__, or dflt when there is none (GCC's __VA_OPT__, which it
 * offers in every C mode). */
#define SCORD_ARG2(a, b, ...) b
#define SCORD_OPT(dflt, ...) SCORD_ARG2(0 __VA_OPT__(,) __VA_ARGS__, dflt)

static inline void __scord_syncwarp(unsigned mask)
{
    __asm__ volatile(".insn r %0, %1, %2, x0, %3, x0"
                     :
                     : "i"(SCORD_OPC_SIMT), "i"(SCORD_SIMT_WARP), "i"(SCORD_WARP_SYNC), "r"(mask)
                     : "memory");
}
/* __syncwarp() or __syncwarp(mask): also orders the members' memory
 * accesses before it with those after it. */
#ifdef __cplusplus
static inline void __syncwarp(unsigned mask = SCORD_FULL_MASK) { __scord_syncwarp(mask); }
#else
#define __syncwarp(...) __scord_syncwarp(SCORD_OPT(SCORD_FULL_MASK, __VA_ARGS__))
#endif

static inline unsigned __activemask(void)
{
    unsigned m;
    __asm__ volatile(".insn r %1, %2, %3, %0, x0, x0"
                     : "=r"(m)
                     : "i"(SCORD_OPC_SIMT), "i"(SCORD_SIMT_WARP), "i"(SCORD_WARP_ACTIVE)
                     : "memory");
    return m;
}

#define SCORD_DEF_VOTE(name, T, f7)                                              \
    static inline T name(unsigned mask, int pred)                            \
    {                                                                        \
        T r;                                                                 \
        __asm__ volatile(".insn r %1, %2, %3, %0, %4, %5"                    \
                         : "=r"(r)                                           \
                         : "i"(SCORD_OPC_SIMT), "i"(SCORD_SIMT_WARP), "i"(f7),  \
                           "r"(pred), "r"(mask)                              \
                         : "memory");                                        \
        return r;                                                            \
    }
SCORD_DEF_VOTE(__ballot_sync, unsigned, SCORD_WARP_BALLOT)
SCORD_DEF_VOTE(__any_sync, int, SCORD_WARP_ANY)
SCORD_DEF_VOTE(__all_sync, int, SCORD_WARP_ALL)

/* Shuffles of a 32-bit word. b: [4:0] source lane / delta / xor mask,
 * [12:8] width - 1; the member mask travels in the destination register. */
#define SCORD_DEF_SHFL32(name, f7)                                               \
    static inline uint32_t name(unsigned mask, uint32_t v, unsigned b)       \
    {                                                                        \
        __asm__ volatile(".insn r %1, %2, %3, %0, %4, %5"                    \
                         : "+r"(mask)                                        \
                         : "i"(SCORD_OPC_SIMT), "i"(SCORD_SIMT_WARP), "i"(f7),  \
                           "r"(v), "r"(b)                                    \
                         : "memory");                                        \
        return mask;                                                         \
    }
SCORD_DEF_SHFL32(__scord_shfl_idx, SCORD_WARP_SHFL_IDX)
SCORD_DEF_SHFL32(__scord_shfl_up, SCORD_WARP_SHFL_UP)
SCORD_DEF_SHFL32(__scord_shfl_down, SCORD_WARP_SHFL_DOWN)
SCORD_DEF_SHFL32(__scord_shfl_xor, SCORD_WARP_SHFL_XOR)

static inline unsigned __scord_shfl_b(int lane, int width)
{
    return ((unsigned)lane & 31u) | (((unsigned)(width - 1) & 31u) << 8);
}
/* Every type CUDA shuffles: 32-bit ones in one shuffle, 64-bit ones in two
 * (each half from the same lane). */
#define SCORD_DEF_SHFL_TYPES(op)                                                 \
    static inline int __scord_##op##_i(unsigned m, int v, unsigned b)        \
    {                                                                        \
        return (int)__scord_##op(m, (uint32_t)v, b);                         \
    }                                                                        \
    static inline unsigned __scord_##op##_u(unsigned m, unsigned v, unsigned b) \
    {                                                                        \
        return __scord_##op(m, v, b);                                        \
    }                                                                        \
    static inline float __scord_##op##_f(unsigned m, float v, unsigned b)    \
    {                                                                        \
        union { float f; uint32_t u; } x = {.f = v};                         \
        x.u = __scord_##op(m, x.u, b);                                       \
        return x.f;                                                          \
    }                                                                        \
    static inline unsigned long long __scord_##op##_ull(unsigned m, unsigned long long v, \
                                                        unsigned b)          \
    {                                                                        \
        uint32_t lo = __scord_##op(m, (uint32_t)v, b);                       \
        uint32_t hi = __scord_##op(m, (uint32_t)(v >> 32), b);               \
        return ((unsigned long long)hi << 32) | lo;                          \
    }                                                                        \
    static inline long long __scord_##op##_ll(unsigned m, long long v, unsigned b) \
    {                                                                        \
        return (long long)__scord_##op##_ull(m, (unsigned long long)v, b);   \
    }                                                                        \
    static inline double __scord_##op##_d(unsigned m, double v, unsigned b)  \
    {                                                                        \
        union { double d; unsigned long long u; } x = {.d = v};              \
        x.u = __scord_##op##_ull(m, x.u, b);                                 \
        return x.d;                                                          \
    }
SCORD_DEF_SHFL_TYPES(shfl_idx)
SCORD_DEF_SHFL_TYPES(shfl_up)
SCORD_DEF_SHFL_TYPES(shfl_down)
SCORD_DEF_SHFL_TYPES(shfl_xor)
#ifndef __cplusplus
#define SCORD_SHFL_PICK(op, v)                                                   \
    _Generic((v), unsigned: __scord_##op##_u, unsigned long: __scord_##op##_u,  \
             float: __scord_##op##_f, double: __scord_##op##_d,              \
             long long: __scord_##op##_ll, unsigned long long: __scord_##op##_ull, \
             default: __scord_##op##_i)

/* __shfl_sync(mask, var, srcLane[, width]): var of lane srcLane (modulo
 * width, within this lane's segment of width lanes). */
#define __shfl_sync(mask, var, lane, ...)                                        \
    SCORD_SHFL_PICK(shfl_idx, var)((mask), (var),                            \
        __scord_shfl_b((lane), SCORD_OPT(warpSize, __VA_ARGS__)))
/* var of lane (this - delta); lanes below the segment's first keep theirs. */
#define __shfl_up_sync(mask, var, delta, ...)                                    \
    SCORD_SHFL_PICK(shfl_up, var)((mask), (var),                             \
        __scord_shfl_b((delta), SCORD_OPT(warpSize, __VA_ARGS__)))
/* var of lane (this + delta); lanes past the segment's last keep theirs. */
#define __shfl_down_sync(mask, var, delta, ...)                                  \
    SCORD_SHFL_PICK(shfl_down, var)((mask), (var),                           \
        __scord_shfl_b((delta), SCORD_OPT(warpSize, __VA_ARGS__)))
/* var of lane (this ^ laneMask); a lane of a later segment: its own. */
#define __shfl_xor_sync(mask, var, laneMask, ...)                                \
    SCORD_SHFL_PICK(shfl_xor, var)((mask), (var),                            \
        __scord_shfl_b((laneMask), SCORD_OPT(warpSize, __VA_ARGS__)))
#else /* __cplusplus */
/* C++: overloads with CUDA's signature, T f(unsigned mask, T var, int lane,
 * int width = warpSize), on the same functions as C's _Generic picks: long
 * and unsigned long (int32_t and uint32_t on RV32) as int and unsigned,
 * smaller integers, bool and enums by promotion to int as C's `default:`. */
extern "C++" {
#define SCORD_CXX_SHFL1(name, op, T, sfx, ST)                                  \
    static inline T name(unsigned mask, T var, int lane, int width = warpSize) \
    {                                                                        \
        return (T)__scord_##op##_##sfx(mask, (ST)var, __scord_shfl_b(lane, width)); \
    }
#define SCORD_CXX_SHFL(name, op)                                               \
    SCORD_CXX_SHFL1(name, op, int, i, int)                                   \
    SCORD_CXX_SHFL1(name, op, long, i, int)                                  \
    SCORD_CXX_SHFL1(name, op, unsigned, u, unsigned)                         \
    SCORD_CXX_SHFL1(name, op, unsigned long, u, unsigned)                    \
    SCORD_CXX_SHFL1(name, op, long long, ll, long long)                      \
    SCORD_CXX_SHFL1(name, op, unsigned long long, ull, unsigned long long)   \
    SCORD_CXX_SHFL1(name, op, float, f, float)                               \
    SCORD_CXX_SHFL1(name, op, double, d, double)
SCORD_CXX_SHFL(__shfl_sync, shfl_idx)
SCORD_CXX_SHFL(__shfl_up_sync, shfl_up)
SCORD_CXX_SHFL(__shfl_down_sync, shfl_down)
SCORD_CXX_SHFL(__shfl_xor_sync, shfl_xor)
}
#endif /* __cplusplus */

/* ---- strong (L1-bypassing) loads and stores ----------------------------- */

#define SCORD_DEF_LD_STRONG(name, T, f3)                                         \
    static inline T name(const volatile void *p)                             \
    {                                                                        \
        T v;                                                                 \
        __asm__ volatile(".insn i %1, %2, %0, 0(%3)"                         \
                         : "=r"(v)                                           \
                         : "i"(SCORD_OPC_LOAD_STRONG), "i"(f3), "r"(p)       \
                         : "memory");                                        \
        return v;                                                            \
    }
SCORD_DEF_LD_STRONG(ld_strong_u32, uint32_t, 2)
SCORD_DEF_LD_STRONG(ld_strong_i32, int32_t, 2)
SCORD_DEF_LD_STRONG(ld_strong_u16, uint16_t, 5)
SCORD_DEF_LD_STRONG(ld_strong_i16, int16_t, 1)
SCORD_DEF_LD_STRONG(ld_strong_u8, uint8_t, 4)
SCORD_DEF_LD_STRONG(ld_strong_i8, int8_t, 0)

#define SCORD_DEF_ST_STRONG(name, T, f3)                                         \
    static inline void name(volatile void *p, T v)                           \
    {                                                                        \
        __asm__ volatile(".insn s %0, %1, %3, 0(%2)"                         \
                         :                                                   \
                         : "i"(SCORD_OPC_STORE_STRONG), "i"(f3), "r"(p), "r"(v) \
                         : "memory");                                        \
    }
SCORD_DEF_ST_STRONG(st_strong_u32, uint32_t, 2)
SCORD_DEF_ST_STRONG(st_strong_u16, uint16_t, 1)
SCORD_DEF_ST_STRONG(st_strong_u8, uint8_t, 0)

/* ---- atomics: all return the old value ---------------------------------- */

/* Device scope: the standard A-extension instructions, run at the L2. */
#define SCORD_DEF_AMO_DEV(name, T, mnem)                                         \
    static inline T name(volatile T *p, T v)                                 \
    {                                                                        \
        T old;                                                               \
        __asm__ volatile(mnem " %0, %2, (%1)" : "=r"(old) : "r"(p), "r"(v) : "memory"); \
        return old;                                                          \
    }
/* Block scope: the same layout under opcode custom-1, run in the L1. */
#define SCORD_DEF_AMO_BLK(name, T, f5)                                           \
    static inline T name(volatile T *p, T v)                                 \
    {                                                                        \
        T old;                                                               \
        __asm__ volatile(".insn r %3, 2, %4, %0, %1, %2"                     \
                         : "=r"(old)                                         \
                         : "r"(p), "r"(v), "i"(SCORD_OPC_AMO_BLK), "i"((f5) << 2) \
                         : "memory");                                        \
        return old;                                                          \
    }
#define SCORD_DEF_AMO(base, T, mnem, f5)                                    \
    SCORD_DEF_AMO_DEV(scord_##base, T, mnem)                                     \
    SCORD_DEF_AMO_BLK(scord_##base##_block, T, f5)

SCORD_DEF_AMO(add_i, int, "amoadd.w", SCORD_AMO_ADD)
SCORD_DEF_AMO(add_u, unsigned, "amoadd.w", SCORD_AMO_ADD)
SCORD_DEF_AMO(exch_i, int, "amoswap.w", SCORD_AMO_SWAP)
SCORD_DEF_AMO(exch_u, unsigned, "amoswap.w", SCORD_AMO_SWAP)
SCORD_DEF_AMO(and_i, int, "amoand.w", SCORD_AMO_AND)
SCORD_DEF_AMO(and_u, unsigned, "amoand.w", SCORD_AMO_AND)
SCORD_DEF_AMO(or_i, int, "amoor.w", SCORD_AMO_OR)
SCORD_DEF_AMO(or_u, unsigned, "amoor.w", SCORD_AMO_OR)
SCORD_DEF_AMO(xor_i, int, "amoxor.w", SCORD_AMO_XOR)
SCORD_DEF_AMO(xor_u, unsigned, "amoxor.w", SCORD_AMO_XOR)
SCORD_DEF_AMO(min_i, int, "amomin.w", SCORD_AMO_MIN)
SCORD_DEF_AMO(min_u, unsigned, "amominu.w", SCORD_AMO_MINU)
SCORD_DEF_AMO(max_i, int, "amomax.w", SCORD_AMO_MAX)
SCORD_DEF_AMO(max_u, unsigned, "amomaxu.w", SCORD_AMO_MAXU)

/* amocas.w: the compare value travels in rd, hence "+r". */
#define SCORD_DEF_CAS(name, T, opc)                                          \
    static inline T name(volatile T *p, T compare, T v)                      \
    {                                                                        \
        __asm__ volatile(".insn r %3, 2, %4, %0, %1, %2"                     \
                         : "+r"(compare)                                     \
                         : "r"(p), "r"(v), "i"(opc), "i"(SCORD_AMO_CAS << 2) \
                         : "memory");                                        \
        return compare;                                                      \
    }
SCORD_DEF_CAS(scord_cas_i, int, 0x2F)
SCORD_DEF_CAS(scord_cas_u, unsigned, 0x2F)
SCORD_DEF_CAS(scord_cas_i_block, int, SCORD_OPC_AMO_BLK)
SCORD_DEF_CAS(scord_cas_u_block, unsigned, SCORD_OPC_AMO_BLK)

/* ---- atomics on float ---------------------------------------------------
 *
 * CUDA's atomicAdd and atomicExch on float, in both scopes and in device or
 * shared memory. The lanes have no F extension: the sum is computed by
 * libgcc's soft-float __addsf3 between an atomic read and a compare-and-swap
 * (amocas.w), retried until no other thread wrote the word in between; the
 * comparison is of bits, so NaNs and -0.0 need no special case.
 *
 * Not CUDA's textbook loop (a plain load, then atomicCAS(p, old, old + v)
 * until it holds), for two reasons: the plain load of a word that other
 * threads update atomically is a race of its own; and a CAS whose compare
 * value is 0 and whose new value is not, when it succeeds, is exactly how
 * the race detector recognises a lock being taken (docs/detector.md §4.2).
 * Adding to a float holding +0.0 (bits 0) that way would leave the warp
 * holding a lock that nothing ever releases, and after its next fence or
 * __syncthreads() its accesses would be reported as lockset races against
 * every other warp's: false alarms on correct code. So these functions never
 * CAS from 0: a word holding +0.0 is first claimed with amomaxu(p, 1), which
 * turns 0 into 1, leaves every other value as it is and takes no lock, and
 * the CAS then goes from 1. Their one convention: to atomicAdd and atomicExch
 * on float, a word holding bits 0x00000001 holds +0.0 (the claim); a claim
 * never outlives the atomicAdd that made it. The price: a running sum equal
 * to exactly 2^-149 (the smallest positive subnormal, bits 0x00000001) is
 * read as +0.0 by the next atomicAdd, and a plain read racing an atomicAdd
 * onto +0.0 may see 2^-149.
 *
 * 64-bit types (below) need no claim: the detector infers locks from 32-bit
 * CAS only (docs/detector.md §4.2). */
static inline float __scord_u2f(uint32_t u)
{
    union { uint32_t u; float f; } x = {.u = u};
    return x.f;
}
static inline uint32_t __scord_f2u(float f)
{
    union { float f; uint32_t u; } x = {.f = f};
    return x.u;
}
#define SCORD_F32_CLAIM 1u /* bits of a +0.0 being claimed by an atomicAdd */
static inline float __scord_f32_value(uint32_t bits)
{
    return bits == SCORD_F32_CLAIM ? 0.0f : __scord_u2f(bits);
}

#define SCORD_DEF_FADD(name, maxu, cas)                                          \
    static inline float name(volatile void *p, float v)                      \
    {                                                                        \
        volatile unsigned *w = (volatile unsigned *)p;                       \
        unsigned cur = 0u;                                                   \
        for (;;) {                                                           \
            if (cur == 0u) { /* read it; if it is +0.0, claim it */          \
                cur = maxu(w, SCORD_F32_CLAIM);                              \
                if (cur == 0u)                                               \
                    cur = SCORD_F32_CLAIM;                                   \
            }                                                                \
            float old = __scord_f32_value(cur);                              \
            unsigned seen = cas(w, cur, __scord_f2u(old + v));               \
            if (seen == cur)                                                 \
                return old;                                                  \
            cur = seen;                                                      \
        }                                                                    \
    }
SCORD_DEF_FADD(scord_add_f, scord_max_u, scord_cas_u)
SCORD_DEF_FADD(scord_add_f_block, scord_max_u_block, scord_cas_u_block)

static inline float scord_exch_f(volatile void *p, float v)
{
    return __scord_f32_value(scord_exch_u((volatile unsigned *)p, __scord_f2u(v)));
}
static inline float scord_exch_f_block(volatile void *p, float v)
{
    return __scord_f32_value(scord_exch_u_block((volatile unsigned *)p, __scord_f2u(v)));
}

/* amocas.d (Zacas on RV32): compare value and old value in the register
 * pair rd/rd+1, new value in rs2/rs2+1, both pairs even-numbered (GCC
 * places a 64-bit "r" operand in any two registers, so the pairs are
 * pinned: a4/a5 and a2/a3). 8-byte aligned, device or shared memory (a
 * misaligned address faults, docs/isa.md). */
#define SCORD_DEF_CAS64(name, opc)                                           \
    static inline uint64_t name(volatile void *p, uint64_t compare, uint64_t v) \
    {                                                                        \
        register uint32_t c_lo __asm__("a4") = (uint32_t)compare;            \
        register uint32_t c_hi __asm__("a5") = (uint32_t)(compare >> 32);    \
        register uint32_t n_lo __asm__("a2") = (uint32_t)v;                  \
        register uint32_t n_hi __asm__("a3") = (uint32_t)(v >> 32);          \
        __asm__ volatile(".insn r %5, 3, %6, a4, %4, a2"                     \
                         : "+r"(c_lo), "+r"(c_hi)                            \
                         : "r"(n_lo), "r"(n_hi), "r"(p), "i"(opc),           \
                           "i"(SCORD_AMO_CAS << 2)                           \
                         : "memory");                                        \
        return (uint64_t)c_hi << 32 | c_lo;                                  \
    }
SCORD_DEF_CAS64(scord_cas64, 0x2F)
SCORD_DEF_CAS64(scord_cas64_block, SCORD_OPC_AMO_BLK)

/* The other 64-bit atomics are CAS loops on amocas.d, as CUDA builds them
 * where the hardware has no instruction. The first guess is 0, not a plain
 * read of *p: that read would race with the other threads' atomics (the
 * detector would rightly say so); a failed CAS reads the value atomically.
 * When the operation would leave the value it read as it is (a min above
 * the current minimum), that failed CAS is the atomic operation: no write
 * needed, which keeps min and max from contending. Values are compared as
 * bits (a NaN, -0.0). */
#define SCORD_DEF_RMW64(name, T, cas, expr)                                  \
    static inline T name(volatile T *p, T v)                                 \
    {                                                                        \
        T old = 0, assumed;                                                  \
        for (;;) {                                                           \
            assumed = old;                                                   \
            T n = (expr);                                                    \
            uint64_t nb, ab;                                                 \
            __builtin_memcpy(&nb, &n, 8);                                    \
            __builtin_memcpy(&ab, &assumed, 8);                              \
            uint64_t ob = cas((volatile void *)p, ab, nb);                   \
            __builtin_memcpy(&old, &ob, 8);                                  \
            if (ob == ab)                                                    \
                break;                                                       \
            assumed = old;                                                   \
            n = (expr);                                                      \
            __builtin_memcpy(&nb, &n, 8);                                    \
            if (nb == ob)                                                    \
                break;                                                       \
        }                                                                    \
        return old;                                                          \
    }
#define SCORD_DEF_RMW64_BOTH(base, T, expr)                                  \
    SCORD_DEF_RMW64(scord_##base, T, scord_cas64, expr)                      \
    SCORD_DEF_RMW64(scord_##base##_block, T, scord_cas64_block, expr)
SCORD_DEF_RMW64_BOTH(add_ull, unsigned long long, assumed + v)
SCORD_DEF_RMW64_BOTH(add_ll, long long, (long long)((unsigned long long)assumed + (unsigned long long)v))
SCORD_DEF_RMW64_BOTH(exch_ull, unsigned long long, v)
SCORD_DEF_RMW64_BOTH(exch_ll, long long, v)
SCORD_DEF_RMW64_BOTH(min_ull, unsigned long long, v < assumed ? v : assumed)
SCORD_DEF_RMW64_BOTH(min_ll, long long, v < assumed ? v : assumed)
SCORD_DEF_RMW64_BOTH(max_ull, unsigned long long, v > assumed ? v : assumed)
SCORD_DEF_RMW64_BOTH(max_ll, long long, v > assumed ? v : assumed)
SCORD_DEF_RMW64_BOTH(and_ull, unsigned long long, assumed & v)
SCORD_DEF_RMW64_BOTH(or_ull, unsigned long long, assumed | v)
SCORD_DEF_RMW64_BOTH(xor_ull, unsigned long long, assumed ^ v)
SCORD_DEF_RMW64_BOTH(add_d, double, assumed + v)

#define SCORD_DEF_CAS64_T(name, T, cas)                                      \
    static inline T name(volatile T *p, T compare, T v)                      \
    {                                                                        \
        return (T)cas((volatile void *)p, (uint64_t)compare, (uint64_t)v);   \
    }
SCORD_DEF_CAS64_T(scord_cas_ull, unsigned long long, scord_cas64)
SCORD_DEF_CAS64_T(scord_cas_ll, long long, scord_cas64)
SCORD_DEF_CAS64_T(scord_cas_ull_block, unsigned long long, scord_cas64_block)
SCORD_DEF_CAS64_T(scord_cas_ll_block, long long, scord_cas64_block)

#ifndef __cplusplus
/* What the CUDA names below select for a type they do not take: a compile
 * error (GCC's error attribute) instead of an integer operation on its bits. */
int __scord_atomic_float_unsupported(volatile void *p, ...)
    __attribute__((error("this atomic takes integers only (on float: atomicAdd, atomicExch)")));
int __scord_atomic_double_unsupported(volatile void *p, ...)
    __attribute__((error("on double only atomicAdd (CAS through unsigned long long)")));
#define SCORD_NO_F __scord_atomic_float_unsupported
#define SCORD_NO_D __scord_atomic_double_unsupported

/* CUDA names, overloaded on the pointee type: unsigned int and unsigned long
 * (uint32_t is unsigned long on RV32) select the unsigned operation, which
 * matters for min/max; any other 32-bit type (int, long, int32_t) the signed
 * one; long long and unsigned long long the 64-bit operations on amocas.d;
 * float (atomicAdd, atomicExch) and double (atomicAdd) their own. */
#define SCORD_PICK_ALL(p, fi, fu, fll, full, ff, fd)                         \
    _Generic(*(p), unsigned: fu, unsigned long: fu, long long: fll,          \
             unsigned long long: full, float: ff, double: fd, default: fi)
#define SCORD_PICK64(p, fi, fu, fll, full) SCORD_PICK_ALL(p, fi, fu, fll, full, SCORD_NO_F, SCORD_NO_D)
#define SCORD_PICK(p, fi, fu) SCORD_PICK_ALL(p, fi, fu, SCORD_NO_D, SCORD_NO_D, SCORD_NO_F, SCORD_NO_D)
#define SCORD_ARG(p) ((volatile void *)(p))

#define atomicAdd(p, v)                                                      \
    SCORD_PICK_ALL(p, scord_add_i, scord_add_u, scord_add_ll, scord_add_ull, scord_add_f,     \
                   scord_add_d)(SCORD_ARG(p), v)
#define atomicSub(p, v) SCORD_PICK64(p, scord_add_i, scord_add_u, scord_add_ll, scord_add_ull)(SCORD_ARG(p), -(v))
#define atomicExch(p, v)                                                     \
    SCORD_PICK_ALL(p, scord_exch_i, scord_exch_u, scord_exch_ll, scord_exch_ull, scord_exch_f, \
                   SCORD_NO_D)(SCORD_ARG(p), v)
#define atomicCAS(p, c, v) SCORD_PICK64(p, scord_cas_i, scord_cas_u, scord_cas_ll, scord_cas_ull)(SCORD_ARG(p), c, v)
#define atomicMin(p, v) SCORD_PICK64(p, scord_min_i, scord_min_u, scord_min_ll, scord_min_ull)(SCORD_ARG(p), v)
#define atomicMax(p, v) SCORD_PICK64(p, scord_max_i, scord_max_u, scord_max_ll, scord_max_ull)(SCORD_ARG(p), v)
#define atomicAnd(p, v) SCORD_PICK64(p, scord_and_i, scord_and_u, scord_and_ull, scord_and_ull)(SCORD_ARG(p), v)
#define atomicOr(p, v) SCORD_PICK64(p, scord_or_i, scord_or_u, scord_or_ull, scord_or_ull)(SCORD_ARG(p), v)
#define atomicXor(p, v) SCORD_PICK64(p, scord_xor_i, scord_xor_u, scord_xor_ull, scord_xor_ull)(SCORD_ARG(p), v)

#define atomicAdd_block(p, v)                                                \
    SCORD_PICK_ALL(p, scord_add_i_block, scord_add_u_block, scord_add_ll_block,             \
                   scord_add_ull_block, scord_add_f_block, scord_add_d_block)(SCORD_ARG(p), v)
#define atomicSub_block(p, v) SCORD_PICK64(p, scord_add_i_block, scord_add_u_block, scord_add_ll_block, scord_add_ull_block)(SCORD_ARG(p), -(v))
#define atomicExch_block(p, v)                                               \
    SCORD_PICK_ALL(p, scord_exch_i_block, scord_exch_u_block, scord_exch_ll_block,          \
                   scord_exch_ull_block, scord_exch_f_block, SCORD_NO_D)(SCORD_ARG(p), v)
#define atomicCAS_block(p, c, v) SCORD_PICK64(p, scord_cas_i_block, scord_cas_u_block, scord_cas_ll_block, scord_cas_ull_block)(SCORD_ARG(p), c, v)
#define atomicMin_block(p, v) SCORD_PICK64(p, scord_min_i_block, scord_min_u_block, scord_min_ll_block, scord_min_ull_block)(SCORD_ARG(p), v)
#define atomicMax_block(p, v) SCORD_PICK64(p, scord_max_i_block, scord_max_u_block, scord_max_ll_block, scord_max_ull_block)(SCORD_ARG(p), v)
#define atomicAnd_block(p, v) SCORD_PICK64(p, scord_and_i_block, scord_and_u_block, scord_and_ull_block, scord_and_ull_block)(SCORD_ARG(p), v)
#define atomicOr_block(p, v) SCORD_PICK64(p, scord_or_i_block, scord_or_u_block, scord_or_ull_block, scord_or_ull_block)(SCORD_ARG(p), v)
#define atomicXor_block(p, v) SCORD_PICK64(p, scord_xor_i_block, scord_xor_u_block, scord_xor_ull_block, scord_xor_ull_block)(SCORD_ARG(p), v)
#else /* __cplusplus */
/* C++: the same names as overloads on the pointee type, each calling the
 * function the C macro picks (so the same instructions): int and long
 * (int32_t) the signed 32-bit operation, unsigned and unsigned long
 * (uint32_t) the unsigned one, long long and unsigned long long the 64-bit
 * ones, float (atomicAdd, atomicExch) and double (atomicAdd) their own. A
 * pointee type without an overload is a compile error. `volatile` pointers
 * are taken too, as in C. */
extern "C++" {
/* name(p, v) -> (T)fn((volatile CT *)p, (CT)(v)) */
#define SCORD_CXX_AMO(name, T, fn, CT)                                         \
    static inline T name(volatile T *p, T v) { return (T)fn((volatile CT *)p, (CT)v); }
/* atomicSub: the add of the negated value, negated as unsigned (no
 * overflow on INT_MIN), as C's -(v) does in practice. */
#define SCORD_CXX_SUB(name, T, fn, CT, UT)                                     \
    static inline T name(volatile T *p, T v)                                 \
    {                                                                        \
        return (T)fn((volatile CT *)p, (CT)(0 - (UT)v));                     \
    }
#define SCORD_CXX_CAS(name, T, fn, CT)                                         \
    static inline T name(volatile T *p, T compare, T v)                      \
    {                                                                        \
        return (T)fn((volatile CT *)p, (CT)compare, (CT)v);                  \
    }
/* One scope: B is empty (device) or _block, S the C functions' suffix. */
#define SCORD_CXX_ATOMICS(B, S)                                                \
    SCORD_CXX_AMO(atomicAdd##B, int, scord_add_i##S, int)                    \
    SCORD_CXX_AMO(atomicAdd##B, long, scord_add_i##S, int)                   \
    SCORD_CXX_AMO(atomicAdd##B, unsigned, scord_add_u##S, unsigned)          \
    SCORD_CXX_AMO(atomicAdd##B, unsigned long, scord_add_u##S, unsigned)     \
    SCORD_CXX_AMO(atomicAdd##B, long long, scord_add_ll##S, long long)       \
    SCORD_CXX_AMO(atomicAdd##B, unsigned long long, scord_add_ull##S, unsigned long long) \
    SCORD_CXX_AMO(atomicAdd##B, float, scord_add_f##S, float)                \
    SCORD_CXX_AMO(atomicAdd##B, double, scord_add_d##S, double)              \
    SCORD_CXX_SUB(atomicSub##B, int, scord_add_i##S, int, unsigned)          \
    SCORD_CXX_SUB(atomicSub##B, long, scord_add_i##S, int, unsigned)         \
    SCORD_CXX_SUB(atomicSub##B, unsigned, scord_add_u##S, unsigned, unsigned) \
    SCORD_CXX_SUB(atomicSub##B, unsigned long, scord_add_u##S, unsigned, unsigned) \
    SCORD_CXX_SUB(atomicSub##B, long long, scord_add_ll##S, long long, unsigned long long) \
    SCORD_CXX_SUB(atomicSub##B, unsigned long long, scord_add_ull##S, unsigned long long, \
                  unsigned long long)                                        \
    SCORD_CXX_AMO(atomicExch##B, int, scord_exch_i##S, int)                  \
    SCORD_CXX_AMO(atomicExch##B, long, scord_exch_i##S, int)                 \
    SCORD_CXX_AMO(atomicExch##B, unsigned, scord_exch_u##S, unsigned)        \
    SCORD_CXX_AMO(atomicExch##B, unsigned long, scord_exch_u##S, unsigned)   \
    SCORD_CXX_AMO(atomicExch##B, long long, scord_exch_ll##S, long long)     \
    SCORD_CXX_AMO(atomicExch##B, unsigned long long, scord_exch_ull##S, unsigned long long) \
    SCORD_CXX_AMO(atomicExch##B, float, scord_exch_f##S, float)              \
    SCORD_CXX_CAS(atomicCAS##B, int, scord_cas_i##S, int)                    \
    SCORD_CXX_CAS(atomicCAS##B, long, scord_cas_i##S, int)                   \
    SCORD_CXX_CAS(atomicCAS##B, unsigned, scord_cas_u##S, unsigned)          \
    SCORD_CXX_CAS(atomicCAS##B, unsigned long, scord_cas_u##S, unsigned)     \
    SCORD_CXX_CAS(atomicCAS##B, long long, scord_cas_ll##S, long long)       \
    SCORD_CXX_CAS(atomicCAS##B, unsigned long long, scord_cas_ull##S, unsigned long long) \
    SCORD_CXX_AMO(atomicMin##B, int, scord_min_i##S, int)                    \
    SCORD_CXX_AMO(atomicMin##B, long, scord_min_i##S, int)                   \
    SCORD_CXX_AMO(atomicMin##B, unsigned, scord_min_u##S, unsigned)          \
    SCORD_CXX_AMO(atomicMin##B, unsigned long, scord_min_u##S, unsigned)     \
    SCORD_CXX_AMO(atomicMin##B, long long, scord_min_ll##S, long long)       \
    SCORD_CXX_AMO(atomicMin##B, unsigned long long, scord_min_ull##S, unsigned long long) \
    SCORD_CXX_AMO(atomicMax##B, int, scord_max_i##S, int)                    \
    SCORD_CXX_AMO(atomicMax##B, long, scord_max_i##S, int)                   \
    SCORD_CXX_AMO(atomicMax##B, unsigned, scord_max_u##S, unsigned)          \
    SCORD_CXX_AMO(atomicMax##B, unsigned long, scord_max_u##S, unsigned)     \
    SCORD_CXX_AMO(atomicMax##B, long long, scord_max_ll##S, long long)       \
    SCORD_CXX_AMO(atomicMax##B, unsigned long long, scord_max_ull##S, unsigned long long) \
    SCORD_CXX_BITS(atomicAnd##B, scord_and, S)                               \
    SCORD_CXX_BITS(atomicOr##B, scord_or, S)                                 \
    SCORD_CXX_BITS(atomicXor##B, scord_xor, S)
#define SCORD_CXX_BITS(name, fn, S)                                            \
    SCORD_CXX_AMO(name, int, fn##_i##S, int)                                 \
    SCORD_CXX_AMO(name, long, fn##_i##S, int)                                \
    SCORD_CXX_AMO(name, unsigned, fn##_u##S, unsigned)                       \
    SCORD_CXX_AMO(name, unsigned long, fn##_u##S, unsigned)                  \
    SCORD_CXX_AMO(name, long long, fn##_ull##S, unsigned long long)          \
    SCORD_CXX_AMO(name, unsigned long long, fn##_ull##S, unsigned long long)
SCORD_CXX_ATOMICS(, )
SCORD_CXX_ATOMICS(_block, _block)
}
#endif /* __cplusplus */

/* Explicitly unsigned min/max, for callers holding an int * to unsigned data. */
#define atomicMinU(p, v) scord_min_u((volatile unsigned *)(p), (unsigned)(v))
#define atomicMaxU(p, v) scord_max_u((volatile unsigned *)(p), (unsigned)(v))
#define atomicMinU_block(p, v) scord_min_u_block((volatile unsigned *)(p), (unsigned)(v))
#define atomicMaxU_block(p, v) scord_max_u_block((volatile unsigned *)(p), (unsigned)(v))


/* ---- printf --------------------------------------------------------------
 *
 * CUDA's device printf: printf(fmt, ...) in a kernel appends one record (the
 * block and thread, the format string's address, the arguments' raw words)
 * to a buffer in device memory; after the launch the host library formats
 * the records and prints them, each line with the block and thread it came
 * from, every thread's lines in its program order (docs/architecture.md,
 * "printf in kernels", has the record format and the limits). Formats:
 * %d %i %u %x %X %o %c %s %p %f %F %e %E %g %G %a %A and %%, with flags,
 * width, precision (also `*`) and the length modifiers hh h l ll j z t
 * (l is 32-bit here, ll and j 64-bit). Returns the number of arguments
 * recorded, or -1 when the record found no room (the host counts those
 * calls exactly) or the launch gave no buffer.
 *
 * The format must be a string of the kernel image (a literal); a %s
 * argument in the image or in device memory is read by the host after the
 * kernel has ended (a string on the thread's stack may be overwritten by
 * then: print such text with %c or from device memory).
 *
 * The host finds __scord_printf in the kernel's ELF and writes there, at
 * each launch, where the buffer is: a kernel that never calls printf has
 * neither the function nor the variable (the linker drops both), so it
 * costs nothing. The buffer lies outside the race detector's tracked
 * window and records are reserved with a device-scope atomic add, so
 * printf never makes a race report and all lanes of all cores append at
 * once without losing a record. */
struct __scord_printf_desc {
    unsigned *buf; /* PRINTF_HDR_WORDS header words, then the records; 0: no buffer */
    unsigned cap;  /* record words the buffer holds */
    unsigned gen;  /* the launch's number: a record's check, so stale words never pass */
    unsigned reserved;
};
/* Weak: every file of a kernel may include this header; one copy stays. */
__attribute__((weak)) struct __scord_printf_desc __scord_printf;

/* A '*' width or precision at *p takes an int argument word: 1 when it
 * was taken (or there is none), 0 when the arguments are full. */
static inline __attribute__((always_inline)) int __scord_printf_star(const char **p, unsigned *n,
                                                                     unsigned *nw)
{
    if (**p != '*')
        return 1;
    if (*n == SCORD_PRINTF_MAX_ARGS)
        return 0;
    ++*n;
    ++*nw;
    ++*p;
    return 1;
}

/* The argument words a format takes: a conversion's value in one word, or
 * two (bit i of *wide) for long long and double, as va_arg reads them.
 * Stops at the first conversion it does not know (the host names it) and
 * after PRINTF_MAX_ARGS arguments. The host parses by the same rules. */
static inline __attribute__((always_inline)) unsigned __scord_printf_scan(const char *p,
                                                                          unsigned *wide,
                                                                          unsigned *words)
{
    unsigned n = 0, w = 0, nw = 0;
    for (char c; (c = *p++);) {
        if (c != '%')
            continue;
        if (*p == '%') {
            p++;
            continue;
        }
        while (*p == '-' || *p == '+' || *p == ' ' || *p == '#' || *p == '0')
            p++;
        if (!__scord_printf_star(&p, &n, &nw))
            break;
        while (*p >= '0' && *p <= '9')
            p++;
        if (*p == '.') {
            p++;
            if (!__scord_printf_star(&p, &n, &nw))
                break;
            while (*p >= '0' && *p <= '9')
                p++;
        }
        unsigned big = 0, len = 0;
        if (*p == 'h') {
            p += p[1] == 'h' ? 2 : 1;
            len = 1;
        } else if (*p == 'l') {
            big = p[1] == 'l';
            p += big ? 2 : 1;
            len = 1;
        } else if (*p == 'j') {
            big = 1;
            p++;
            len = 1;
        } else if (*p == 'z' || *p == 't') {
            p++;
            len = 1;
        }
        c = *p++;
        if (c == 'd' || c == 'i' || c == 'u' || c == 'x' || c == 'X' || c == 'o' ||
            (c == 'c' && !big)) {
            /* one word, or two for ll / j */
        } else if ((c == 's' || c == 'p') && !len) {
            big = 0;
        } else if (c == 'f' || c == 'F' || c == 'e' || c == 'E' || c == 'g' || c == 'G' ||
                   c == 'a' || c == 'A') {
            big = 1; /* float arguments are promoted to double */
        } else {
            break; /* unknown: the host reports it; nothing after it is read */
        }
        if (n == SCORD_PRINTF_MAX_ARGS)
            break;
        w |= big << n;
        nw += 1 + big;
        n++;
    }
    *wide = w;
    *words = nw;
    return n;
}

static __attribute__((unused, noinline, format(printf, 1, 2))) int __scord_printf_call(
    const char *fmt, ...)
{
    unsigned wide, words, n = __scord_printf_scan(fmt, &wide, &words);
    unsigned len = SCORD_PRINTF_REC_WORDS + words;
    unsigned *buf = __scord_printf.buf, cap = __scord_printf.cap;
    if (!buf)
        return -1;
    /* Device scope: lanes and warps of every core reserve disjoint words. */
    unsigned off = scord_add_u((volatile unsigned *)buf, len);
    if (off > cap || len > cap - off) {
        /* The first call that does not fit owns [off, cap): it marks the
         * end of the records there, so the host tells the words after
         * the last record from a damaged one. */
        if (off < cap)
            buf[SCORD_PRINTF_HDR_WORDS + off] =
                SCORD_PRINTF_MAGIC << 24 | SCORD_PRINTF_END << 16 | (__scord_printf.gen & 0xffffu);
        scord_add_u((volatile unsigned *)buf + 1, 1u);
        return -1;
    }
    unsigned *r = buf + SCORD_PRINTF_HDR_WORDS + off;
    unsigned blk = __scord_csr_block_id(), tid = __scord_csr_tid();
    r[1] = blk;
    r[2] = tid;
    r[3] = (unsigned)fmt;
    va_list ap;
    va_start(ap, fmt);
    unsigned *a = r + SCORD_PRINTF_REC_WORDS;
    for (unsigned i = 0; i < n; i++) {
        if (wide >> i & 1) {
            /* A double or long long: an aligned register pair (or 8-byte
             * aligned stack slot) of the RV32 calling convention; va_arg
             * of a 64-bit integer reads either the same way. */
            unsigned long long v = va_arg(ap, unsigned long long);
            *a++ = (unsigned)v;
            *a++ = (unsigned)(v >> 32);
        } else {
            *a++ = va_arg(ap, unsigned);
        }
    }
    va_end(ap);
    r[0] = SCORD_PRINTF_MAGIC << 24 | words << 16 |
           ((__scord_printf.gen ^ blk ^ tid ^ (unsigned)fmt ^ ((unsigned)fmt >> 16)) & 0xffffu);
    return (int)n;
}
/* A macro, so a kernel may include <stdio.h> too. */
#define printf(...) __scord_printf_call(__VA_ARGS__)

#ifdef __cplusplus
}
#endif
#endif
