// Warp-level operations from C++ with CUDA's names and types: shuffles
// (idx, up, down, xor; whole warp and 4-lane segments) of int, unsigned,
// long, unsigned long, long long, unsigned long long, float and double,
// the pre-Volta forms, votes, __activemask in divergent code,
// __match_any/all_sync, __reduce_*_sync, and the block votes
// __syncthreads_count/_and/_or. Run: --grid 2 --block 16 (two 8-lane
// warps a block; any warp size of 4 lanes or more works).
//
// Written for SIMT as compiled by GCC: every warp operation runs in
// converged code, the values are integer bit patterns (no soft-float
// calls between them, whose lanes take different paths), and a thread
// only records which checks failed (a bit each, no branch) until all warp
// operations are done; then it prints them. A branch between warp
// operations is where GCC's jump threading may copy one into both arms
// (scord-nvcc compiles with -fno-thread-jumps for that reason; see
// run.sh).
#include <scord_cuda.h>

#include "check.h"

// Lane l's value of type T: distinct for every lane, with bits in both
// halves of the 64-bit types, made from integers.
template <class T> __device__ T val(unsigned l) { return (T)(l * 3u + 1u); }
template <> __device__ long long val<long long>(unsigned l) { return -(long long)(l + 1) * 0x100000001ll; }
template <> __device__ unsigned long long val<unsigned long long>(unsigned l)
{
    return 0xf0000000f0000000ull + l * 0x100000001ull;
}
template <> __device__ float val<float>(unsigned l) { return __uint_as_float(0x3f800000u + (l << 16)); }
template <> __device__ double val<double>(unsigned l)
{
    return __longlong_as_double((long long)(0xc202a05f20000000ull + l * 0x0000000100020000ull));
}

template <class T> __device__ unsigned long long bits(T v) { return (unsigned long long)v; }
template <> __device__ unsigned long long bits<float>(float v) { return __float_as_uint(v); }
template <> __device__ unsigned long long bits<double>(double v)
{
    return (unsigned long long)__double_as_longlong(v);
}

// Bit k of the result: check k of this type failed.
template <class T> __device__ unsigned shuffles(unsigned lane, unsigned ws)
{
    const unsigned full = 0xffffffffu, seg = lane & ~3u;
    const T v = val<T>(lane), pair = val<T>(lane / 2), same = val<T>(0);
    // what each check must see
    const unsigned long long w0 = bits(val<T>(3 % ws)), w1 = bits(val<T>(lane >= 1 ? lane - 1 : lane)),
                             w2 = bits(val<T>(lane + 2 < ws ? lane + 2 : lane)), w3 = bits(val<T>(lane ^ 1)),
                             w4 = bits(val<T>(seg + 2)), w5 = bits(val<T>(lane - seg >= 1 ? lane - 1 : lane)),
                             w6 = bits(val<T>(lane - seg + 1 < 4 ? lane + 1 : lane)),
                             w7 = bits(val<T>(lane ^ 2)), w8 = bits(val<T>(1)), w9 = bits(val<T>(lane ^ 3));
    const unsigned all = ws >= 32 ? full : (1u << ws) - 1u;
    // the operations, back to back
    T r0 = __shfl_sync(full, v, 3 % ws);
    T r1 = __shfl_up_sync(full, v, 1);
    T r2 = __shfl_down_sync(full, v, 2);
    T r3 = __shfl_xor_sync(full, v, 1);
    T r4 = __shfl_sync(full, v, 2, 4);
    T r5 = __shfl_up_sync(full, v, 1, 4);
    T r6 = __shfl_down_sync(full, v, 1, 4);
    T r7 = __shfl_xor_sync(full, v, 2, 4);
    T r8 = __shfl(v, 1);
    T r9 = __shfl_xor(v, 3);
    unsigned m0 = __match_any_sync(full, pair);
    int p1 = -1, p2 = -1;
    unsigned m1 = __match_all_sync(full, same, &p1);
    unsigned m2 = __match_all_sync(full, v, &p2);
    // the verdict, without branches
    unsigned bad = 0;
    bad |= (unsigned)(bits(r0) != w0) << 0;
    bad |= (unsigned)(bits(r1) != w1) << 1;
    bad |= (unsigned)(bits(r2) != w2) << 2;
    bad |= (unsigned)(bits(r3) != w3) << 3;
    bad |= (unsigned)(bits(r4) != w4) << 4;
    bad |= (unsigned)(bits(r5) != w5) << 5;
    bad |= (unsigned)(bits(r6) != w6) << 6;
    bad |= (unsigned)(bits(r7) != w7) << 7;
    bad |= (unsigned)(bits(r8) != w8) << 8;
    bad |= (unsigned)(bits(r9) != w9) << 9;
    bad |= (unsigned)(m0 != 3u << (lane & ~1u)) << 10;
    bad |= (unsigned)(m1 != all || p1 != 1) << 11;
    bad |= (unsigned)(m2 != 0u || p2 != 0) << 12;
    return bad;
}

__global__ void warp_kernel()
{
    const unsigned lane = __lane_id(), ws = (unsigned)warpSize, tid = threadIdx.x, nt = blockDim.x;
    const unsigned full = 0xffffffffu, all = ws >= 32 ? full : (1u << ws) - 1u;
    unsigned third = 0;
    for (unsigned l = 0; l < ws; l += 3)
        third |= 1u << l;

    // ---- every warp operation, converged ------------------------------
    unsigned bad[8];
    bad[0] = shuffles<int>(lane, ws);
    bad[1] = shuffles<unsigned>(lane, ws);
    bad[2] = shuffles<long>(lane, ws);
    bad[3] = shuffles<unsigned long>(lane, ws);
    bad[4] = shuffles<long long>(lane, ws);
    bad[5] = shuffles<unsigned long long>(lane, ws);
    bad[6] = shuffles<float>(lane, ws);
    bad[7] = shuffles<double>(lane, ws);

    unsigned am = __activemask();
    int sh = __shfl_sync(full, (short)(-(int)lane), 0); // promoted to int
    unsigned b0 = __ballot_sync(full, lane % 3 == 0), b1 = __ballot(lane % 3 == 0);
    int a0 = __any_sync(full, lane == ws - 1), a1 = __any_sync(full, 0), a2 = __all_sync(full, lane < ws),
        a3 = __all_sync(full, lane != 0), a4 = __any(lane == 1), a5 = __all(1);
    int q0 = __reduce_add_sync(full, (int)lane + 1);
    unsigned q1 = __reduce_add_sync(full, lane);
    int q2 = __reduce_min_sync(full, 100 - (int)lane);
    unsigned q3 = __reduce_max_sync(full, lane * 7u), q4 = __reduce_or_sync(full, 1u << lane),
             q5 = __reduce_and_sync(full, ~(1u << lane)), q6 = __reduce_xor_sync(full, 1u << (lane & 1));
    int c0 = __syncthreads_count(tid % 3 == 0), c1 = __syncthreads_count(1), c2 = __syncthreads_and(tid < nt),
        c3 = __syncthreads_and(tid != nt - 1), c4 = __syncthreads_or(tid == 5), c5 = __syncthreads_or(0);
    // divergent: only lanes 0-2 run these (the mask says so)
    unsigned dm = 0, db = 0;
    int ds = 0;
    if (lane < 3) {
        dm = __activemask();
        db = __ballot_sync(7u, 1);
        ds = __shfl_sync(7u, (int)lane * 10, 2);
    }
    __syncwarp();

    // ---- the checks --------------------------------------------------
    static const char *const type_name[8] = {"int", "unsigned", "long", "unsigned long", "long long",
                                             "unsigned long long", "float", "double"};
    for (int k = 0; k < 8; k++)
        if (bad[k])
            CHECK_EQ(type_name[k], bad[k], 0); // bit i: check i of shuffles<T>
    CHECK_EQ("lane id", lane, tid % ws);
    CHECK_EQ("activemask", am, all);
    CHECK_EQ("shfl short", sh, 0);
    CHECK_EQ("ballot", b0, third);
    CHECK_EQ("ballot (old)", b1, third);
    CHECK_EQ("any", a0, 1);
    CHECK_EQ("any none", a1, 0);
    CHECK_EQ("all", a2, 1);
    CHECK_EQ("all but one", a3, 0);
    CHECK_EQ("any (old)", a4, 1);
    CHECK_EQ("all (old)", a5, 1);
    CHECK_EQ("reduce add", q0, (int)(ws * (ws + 1) / 2));
    CHECK_EQ("reduce add unsigned", q1, ws * (ws - 1) / 2);
    CHECK_EQ("reduce min", q2, 100 - (int)(ws - 1));
    CHECK_EQ("reduce max", q3, (ws - 1) * 7u);
    CHECK_EQ("reduce or", q4, all);
    CHECK_EQ("reduce and", q5, ~all);
    CHECK_EQ("reduce xor", q6, ws / 2 % 2 ? 3u : 0u);
    CHECK_EQ("syncthreads_count", c0, (int)((nt + 2) / 3));
    CHECK_EQ("syncthreads_count all", c1, (int)nt);
    CHECK_EQ("syncthreads_and true", c2, 1);
    CHECK_EQ("syncthreads_and false", c3, 0);
    CHECK_EQ("syncthreads_or true", c4, 1);
    CHECK_EQ("syncthreads_or false", c5, 0);
    if (lane < 3) {
        CHECK_EQ("activemask divergent", dm, 7u);
        CHECK_EQ("ballot divergent", db, 7u);
        CHECK_EQ("shfl divergent", ds, 20);
    }

    if (check_last_block())
        check_report("warp");
}

extern "C" void kernel_main(void *) { warp_kernel(); }
