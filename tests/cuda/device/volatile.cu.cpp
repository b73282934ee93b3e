// volatile as scord-nvcc compiles it: every read of a volatile lvalue E is
// __scord_vload(&(E)), every assignment E = V is __scord_vstore(&(E), (V))
// (written out here as the translator would). They must be this GPU's
// strong accesses (run.sh counts them in the image), for 1-, 2-, 4- and
// 8-byte scalars, float, double, pointers, enums and a struct, on device
// memory, shared memory and the stack.
//
// Two hand-offs of volatile data, the writer fencing before it raises the
// flag and the reader not (a strong load goes past the L1, so it needs no
// fence to see the L2): from block 0 to block 1 in device memory, and from
// the first warp of each block to its second in shared memory. The flags
// are atomics: the detector, like ScoRD, reports a flag polled with
// strong (volatile) loads itself (docs/detector.md §9), so CUDA code with
// volatile flags gets reports there. Armed, it must find nothing here;
// the values must arrive.
// Run: --grid 2 --block 16 (two warps a block on 8-lane warps), argument 0.
//
// Argument 1: the device-memory hand-off with plain accesses instead (what
// g++ makes of volatile without the rewrite): the detector must report it
// (the reader's loads are weak and it made no fence: NOT_STRONG or
// STALE_READ), which shows that it is the strong accesses that make the
// run above clean.
#include <scord_cuda.h>

#include "check.h"

enum colour { red = 1, green = 2, blue = 3 };
struct pod {
    int a;
    short b;
    unsigned char c;
};
struct pod8 { // 8-byte aligned: copied in 4-byte strong words
    double d;
    int i;
};
struct bytes3 { // alignment 1: copied bytewise
    unsigned char v[3];
};

struct payload {
    unsigned char u8;
    signed char i8;
    short i16;
    unsigned short u16;
    int i32;
    unsigned u32;
    long long i64;
    unsigned long long u64;
    float f;
    double d;
    int *ptr;
    colour col;
    bool flag;
    pod p;
    pod8 p8;
    bytes3 b3;
};

__device__ volatile payload g_data;
__device__ unsigned g_ready;
__device__ int g_target;

// The values a payload carries, from a seed, and their check.
__device__ void put(volatile payload *d, int s)
{
    __scord_vstore(&(d->u8), (unsigned char)(200 + s));
    __scord_vstore(&(d->i8), (signed char)(-100 - s));
    __scord_vstore(&(d->i16), (short)(-30000 + s));
    __scord_vstore(&(d->u16), (unsigned short)(60000 + s));
    __scord_vstore(&(d->i32), -123456789 - s);
    __scord_vstore(&(d->u32), 0xdeadbeefu + (unsigned)s);
    __scord_vstore(&(d->i64), -0x123456789abcdll - s);
    __scord_vstore(&(d->u64), 0xfedcba9876543210ull + (unsigned long long)s);
    __scord_vstore(&(d->f), 1.5f + (float)s);
    __scord_vstore(&(d->d), -2.25 - s);
    __scord_vstore(&(d->ptr), &g_target + s);
    __scord_vstore(&(d->col), (colour)(1 + s % 3));
    __scord_vstore(&(d->flag), s % 2 == 0);
    pod p = {s * 7, (short)(s - 9), (unsigned char)(s + 3)};
    __scord_vstore(&(d->p), p);
    pod8 p8 = {0.5 * s, -s};
    __scord_vstore(&(d->p8), p8);
    bytes3 b3 = {{(unsigned char)s, (unsigned char)(s + 1), (unsigned char)(s + 2)}};
    __scord_vstore(&(d->b3), b3);
}
__device__ void expect(const char *where, const volatile payload *d, int s)
{
    CHECK_EQ(where, __scord_vload(&(d->u8)), (unsigned char)(200 + s));
    CHECK_EQ(where, __scord_vload(&(d->i8)), (signed char)(-100 - s));
    CHECK_EQ(where, __scord_vload(&(d->i16)), (short)(-30000 + s));
    CHECK_EQ(where, __scord_vload(&(d->u16)), (unsigned short)(60000 + s));
    CHECK_EQ(where, __scord_vload(&(d->i32)), -123456789 - s);
    CHECK_EQ(where, __scord_vload(&(d->u32)), 0xdeadbeefu + (unsigned)s);
    CHECK_EQ(where, __scord_vload(&(d->i64)), -0x123456789abcdll - s);
    CHECK_EQ(where, __scord_vload(&(d->u64)), 0xfedcba9876543210ull + (unsigned long long)s);
    CHECK_EQ(where, __float_as_int(__scord_vload(&(d->f))), __float_as_int(1.5f + (float)s));
    CHECK_EQ(where, __double_as_longlong(__scord_vload(&(d->d))), __double_as_longlong(-2.25 - s));
    CHECK_EQ(where, (long long)(__scord_vload(&(d->ptr)) - &g_target), s);
    CHECK_EQ(where, __scord_vload(&(d->col)), 1 + s % 3);
    CHECK_EQ(where, __scord_vload(&(d->flag)), s % 2 == 0);
    pod p = __scord_vload(&(d->p));
    CHECK_EQ(where, p.a, s * 7);
    CHECK_EQ(where, p.b, (short)(s - 9));
    CHECK_EQ(where, p.c, (unsigned char)(s + 3));
    pod8 p8 = __scord_vload(&(d->p8));
    CHECK_EQ(where, __double_as_longlong(p8.d), __double_as_longlong(0.5 * s));
    CHECK_EQ(where, p8.i, -s);
    bytes3 b3 = __scord_vload(&(d->b3));
    CHECK_EQ(where, b3.v[0] + 256 * b3.v[1] + 65536 * b3.v[2], s + 256 * (s + 1) + 65536 * (s + 2));
}

// The plain version of put/expect's first field, for mode 1.
__global__ void weak_kernel()
{
    payload *d = (payload *)&g_data; // the volatile qualifier cast away: plain accesses
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        d->i32 = 42;
        __threadfence();
        atomicExch(&g_ready, 1u);
    } else if (blockIdx.x == 1 && threadIdx.x == 0) {
        while (atomicOr(&g_ready, 0u) == 0u)
            ;
        CHECK_EQ("weak hand-off", d->i32, 42);
    }
    if (check_last_block())
        check_report("volatile-weak");
}

__global__ void volatile_kernel()
{
    const unsigned tid = threadIdx.x, blk = blockIdx.x;
    const unsigned producer = 0, consumer = (unsigned)warpSize; // first lane of the second warp

    // ---- device memory, block 0 -> block 1 -----------------------------
    if (blk == 0 && tid == producer) {
        put(&g_data, 5);
        __threadfence();
        atomicExch(&g_ready, 1u);
    } else if (blk == 1 && tid == producer) {
        while (atomicOr(&g_ready, 0u) == 0u)
            ;
        expect("device memory", &g_data, 5);
    }

    // ---- shared memory, warp 0 -> warp 1 of each block -----------------
    __shared__ volatile payload s_data;
    __shared__ unsigned s_ready;
    if (tid == 0)
        s_ready = 0u;
    __syncthreads();
    if (consumer < blockDim.x) {
        if (tid == producer) {
            put(&s_data, 10 + (int)blk);
            __threadfence_block();
            atomicExch_block(&s_ready, 1u);
        } else if (tid == consumer) {
            while (atomicOr_block(&s_ready, 0u) == 0u)
                ;
            expect("shared memory", &s_data, 10 + (int)blk);
        }
    } else if (tid == 0 && blk == 0) {
        printf("volatile: one warp per block, shared-memory hand-off skipped\n");
    }

    // ---- the stack: a thread's own volatile locals ---------------------
    volatile payload l_data;
    volatile int counter = 0;
    for (int k = 0; k < 3; k++)
        __scord_vstore(&(counter), __scord_vload(&(counter)) + 2);
    CHECK_EQ("stack counter", __scord_vload(&(counter)), 6);
    put(&l_data, 20 + (int)tid);
    expect("stack", &l_data, 20 + (int)tid);

    if (check_last_block())
        check_report("volatile");
}

extern "C" void kernel_main(void *arg)
{
    if (*(const unsigned *)arg == 1u)
        weak_kernel();
    else
        volatile_kernel();
}
