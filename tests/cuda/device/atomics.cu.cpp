// Atomics of every type CUDA has, from C++ (scord_cuda.h's overloads), by
// every thread of 2 blocks of 16: device scope on device memory, block
// scope on each block's own words, both on shared memory; a spin lock
// (atomicCAS / atomicExch) around plain data. The last block checks the
// totals. Run: --grid 2 --block 16, detector armed: no race may be found.
#include <scord_cuda.h>

#include "check.h"

#define NB 2u
#define NT 16u
#define N (NB * NT)
#define ROUNDS 3u

// Device scope. Initial values avoid a CAS from 0 where the test makes
// one itself (it would be a lock acquire for the detector): the CAS-loop
// counters start at 1000, the 16-bit ones at 7.
__device__ int d_iadd, d_isub, d_imin, d_imax, d_iexch, d_iand = -1, d_ior, d_ixor;
__device__ int d_icas = 1000;
__device__ unsigned d_uadd, d_usub = 1000000u, d_umin = 5000u, d_umax, d_uand = ~0u, d_uor, d_uxor;
__device__ unsigned d_uinc, d_udec = 1000u, d_ucas = 1000u;
__device__ unsigned long long d_ulladd, d_ullmin = ~0ull, d_ullmax, d_ullexch, d_ullcas, d_ulland = ~0ull,
    d_ullor, d_ullxor, d_ullsub = 1ull << 40;
__device__ long long d_llmin, d_llmax, d_lladd;
__device__ float d_fadd, d_fexch;
__device__ double d_dadd;
__device__ int32_t d_i32;
__device__ uint32_t d_u32 = 100u;
__device__ unsigned short d_us[2] = {7, 7};
__device__ unsigned d_lock, d_locked;
__device__ unsigned d_wrapinc, d_wrapdec;

// Per thread: the old values some operations return.
__device__ int o_iexch[N];
__device__ unsigned o_uinc[N];
__device__ unsigned long long o_ullexch[N];
__device__ float o_fexch[N];

// Per block: the block-scope and shared-memory results, copied out by
// thread 0 (block-scope atomics are for the block's own data).
struct block_out {
    int iadd, imin, imax;
    unsigned uinc, uor, ucas;
    unsigned long long ulladd, ullcas;
    long long llmin;
    float fadd;
    double dadd;
    unsigned short us[2];
    int s_iadd;
    unsigned s_uinc, s_umax;
    unsigned long long s_ulladd, s_ullcas;
    long long s_llmin, s_llmax;
    float s_fadd;
    double s_dadd;
    unsigned short s_us[2];
    unsigned s_exch_sum;
};
__device__ block_out b_out[NB];
__device__ int b_iadd[NB], b_imin[NB], b_imax[NB];
__device__ unsigned b_uinc[NB], b_uor[NB], b_ucas[NB] = {0xa000u, 0xa000u};
__device__ unsigned long long b_ulladd[NB], b_ullcas[NB];
__device__ long long b_llmin[NB];
__device__ float b_fadd[NB];
__device__ double b_dadd[NB];
__device__ unsigned short b_us[NB][2] = {{0x8000, 0x8000}, {0x8000, 0x8000}};

__global__ void atomics_kernel()
{
    const unsigned tid = threadIdx.x, blk = blockIdx.x, g = blk * blockDim.x + tid;
    const int sg = (int)g;

    // ---- device scope -------------------------------------------------
    atomicAdd(&d_iadd, 1);
    atomicSub(&d_isub, 2);
    atomicMin(&d_imin, sg - 8);
    atomicMax(&d_imax, sg - 8);
    o_iexch[g] = atomicExch(&d_iexch, sg + 1);
    atomicAnd(&d_iand, ~(1 << (g % 31)));
    atomicOr(&d_ior, 1 << (g % 31));
    atomicXor(&d_ixor, (int)(g * 2654435761u));
    for (int cur = 1000;;) {
        int seen = atomicCAS(&d_icas, cur, cur + 1);
        if (seen == cur)
            break;
        cur = seen;
    }
    atomicAdd(&d_uadd, g);
    atomicSub(&d_usub, g);
    atomicMin(&d_umin, g + 500u);
    atomicMax(&d_umax, g * 3u);
    atomicAnd(&d_uand, ~(1u << (g % 32)));
    atomicOr(&d_uor, 1u << (g % 32));
    atomicXor(&d_uxor, g * 40503u);
    o_uinc[g] = atomicInc(&d_uinc, 9u);
    atomicDec(&d_udec, 5000u);
    for (unsigned cur = 1000u;;) {
        unsigned seen = atomicCAS_system(&d_ucas, cur, cur + 2u);
        if (seen == cur)
            break;
        cur = seen;
    }
    atomicAdd(&d_ulladd, (1ull << 33) | 1ull);
    atomicSub(&d_ullsub, 3ull);
    atomicMin(&d_ullmin, (unsigned long long)g << 35 | 5ull);
    atomicMax(&d_ullmax, (unsigned long long)g << 35 | 5ull);
    o_ullexch[g] = atomicExch(&d_ullexch, (unsigned long long)(g + 1) << 20);
    for (unsigned long long cur = 0;;) {
        unsigned long long seen = atomicCAS(&d_ullcas, cur, cur + 0x100000001ull);
        if (seen == cur)
            break;
        cur = seen;
    }
    atomicAnd(&d_ulland, ~(1ull << (g % 64)));
    atomicOr(&d_ullor, 1ull << (g % 64));
    atomicXor(&d_ullxor, (unsigned long long)g * 0x9e3779b97f4a7c15ull);
    atomicMin(&d_llmin, -(long long)g * 1000000007ll);
    atomicMax(&d_llmax, (long long)g * 1000000007ll);
    atomicAdd(&d_lladd, -3ll);
    atomicAdd(&d_fadd, 0.5f);
    o_fexch[g] = atomicExch(&d_fexch, (float)(g + 1));
    atomicAdd(&d_dadd, 0.25);
    atomicAdd(&d_i32, (int32_t)-1);
    atomicAdd(&d_u32, (uint32_t)2);
    for (unsigned short cur = 7;;) { // the two halves of one word, contended
        unsigned short seen = atomicCAS(&d_us[g & 1], cur, (unsigned short)(cur + 1));
        if (seen == cur)
            break;
        cur = seen;
    }

    // ---- block scope on this block's words ----------------------------
    atomicAdd_block(&b_iadd[blk], 2);
    atomicMin_block(&b_imin[blk], -(int)tid);
    atomicMax_block(&b_imax[blk], (int)tid);
    atomicInc_block(&b_uinc[blk], 1000u);
    atomicOr_block(&b_uor[blk], 1u << tid);
    for (unsigned cur = 0xa000u;;) {
        unsigned seen = atomicCAS_block(&b_ucas[blk], cur, cur + 1u);
        if (seen == cur)
            break;
        cur = seen;
    }
    atomicAdd_block(&b_ulladd[blk], 1ull << 32);
    for (unsigned long long cur = 0;;) {
        unsigned long long seen = atomicCAS_block(&b_ullcas[blk], cur, cur + 3ull);
        if (seen == cur)
            break;
        cur = seen;
    }
    atomicMin_block(&b_llmin[blk], -((long long)tid << 33));
    atomicAdd_block(&b_fadd[blk], 1.0f);
    atomicAdd_block(&b_dadd[blk], 0.5);
    for (unsigned short cur = 0x8000;;) {
        unsigned short seen = atomicCAS_block(&b_us[blk][tid & 1], cur, (unsigned short)(cur + 1));
        if (seen == cur)
            break;
        cur = seen;
    }

    // ---- shared memory (both scopes are atomic within the block) -------
    __shared__ int s_iadd;
    __shared__ unsigned s_uinc, s_umax, s_exch;
    __shared__ unsigned long long s_ulladd, s_ullcas;
    __shared__ long long s_llmin, s_llmax;
    __shared__ float s_fadd;
    __shared__ double s_dadd;
    __shared__ unsigned short s_us[2];
    __shared__ unsigned s_exch_sum;
    if (tid == 0) {
        s_iadd = 0;
        s_uinc = 0;
        s_umax = 0;
        s_exch = 0;
        s_exch_sum = 0;
        s_ulladd = 0;
        s_ullcas = 0;
        s_llmin = 0;
        s_llmax = 0;
        s_fadd = 0.0f;
        s_dadd = 0.0;
        s_us[0] = s_us[1] = 0x4000;
    }
    __syncthreads();
    atomicAdd(&s_iadd, 1);
    atomicInc_block(&s_uinc, 7u);
    atomicMax_block(&s_umax, tid * 5u);
    atomicAdd(&s_exch_sum, atomicExch_block(&s_exch, tid + 1u));
    atomicAdd_block(&s_ulladd, 0x10000000001ull);
    for (unsigned long long cur = 0;;) {
        unsigned long long seen = atomicCAS(&s_ullcas, cur, cur + 7ull);
        if (seen == cur)
            break;
        cur = seen;
    }
    atomicMin(&s_llmin, -(long long)tid);
    atomicMax_block(&s_llmax, (long long)tid << 40);
    atomicAdd_block(&s_fadd, 0.25f);
    atomicAdd(&s_dadd, 2.0);
    for (unsigned short cur = 0x4000;;) {
        unsigned short seen = atomicCAS(&s_us[tid & 1], cur, (unsigned short)(cur + 3));
        if (seen == cur)
            break;
        cur = seen;
    }
    __syncthreads();
    if (tid == 0) {
        block_out &o = b_out[blk];
        o.iadd = b_iadd[blk];
        o.imin = b_imin[blk];
        o.imax = b_imax[blk];
        o.uinc = b_uinc[blk];
        o.uor = b_uor[blk];
        o.ucas = b_ucas[blk];
        o.ulladd = b_ulladd[blk];
        o.ullcas = b_ullcas[blk];
        o.llmin = b_llmin[blk];
        o.fadd = b_fadd[blk];
        o.dadd = b_dadd[blk];
        o.us[0] = b_us[blk][0];
        o.us[1] = b_us[blk][1];
        o.s_iadd = s_iadd;
        o.s_uinc = s_uinc;
        o.s_umax = s_umax;
        o.s_ulladd = s_ulladd;
        o.s_ullcas = s_ullcas;
        o.s_llmin = s_llmin;
        o.s_llmax = s_llmax;
        o.s_fadd = s_fadd;
        o.s_dadd = s_dadd;
        o.s_us[0] = s_us[0];
        o.s_us[1] = s_us[1];
        o.s_exch_sum = s_exch_sum + s_exch;
    }

    // ---- a spin lock: lane 0 of each warp, as CUDA's guide writes it ----
    if (__lane_id() == 0) {
        for (unsigned r = 0; r < ROUNDS; r++) {
            while (atomicCAS(&d_lock, 0u, 1u) != 0u)
                ;
            __threadfence();
            d_locked = d_locked + 1u;
            __threadfence();
            atomicExch(&d_lock, 0u);
        }
    }

    // ---- atomicInc / atomicDec wrapping (one thread; see below) ---------
    if (g == 5) {
        unsigned a[6], d[6];
        for (int k = 0; k < 6; k++)
            a[k] = atomicInc(&d_wrapinc, 2u); // 0 1 2 0 1 2
        for (int k = 0; k < 6; k++)
            d[k] = atomicDec(&d_wrapdec, 2u); // 0 2 1 0 2 1
        // atomicDec's 0 -> 2 is a CAS from 0, which the detector takes for
        // a lock taken (scord_cuda.h): release it as a lock is released,
        // or the warp's later accesses would carry it.
        atomicExch(&d_wrapdec, 0u);
        const unsigned want_a[6] = {0, 1, 2, 0, 1, 2}, want_d[6] = {0, 2, 1, 0, 2, 1};
        for (int k = 0; k < 6; k++) {
            CHECK_EQ("atomicInc wrap", a[k], want_a[k]);
            CHECK_EQ("atomicDec wrap", d[k], want_d[k]);
        }
    }

    if (!check_last_block())
        return;

    // ---- the last block's thread 0 checks everything ------------------
    CHECK_EQ("int add", aread(&d_iadd), N);
    CHECK_EQ("int sub", aread(&d_isub), -2 * (int)N);
    CHECK_EQ("int min", aread(&d_imin), -8);
    CHECK_EQ("int max", aread(&d_imax), (int)N - 9);
    CHECK_EQ("int cas loop", aread(&d_icas), 1000 + (int)N);
    long long exs = aread(&d_iexch);
    unsigned inc_hist[10] = {0};
    unsigned long long ullexs = aread(&d_ullexch);
    float fexs = aread(&d_fexch);
    int iand = -1, ior = 0, ixor = 0;
    unsigned uand = ~0u, uor = 0, uxor = 0;
    unsigned long long ulland = ~0ull, ullor = 0, ullxor = 0;
    for (unsigned k = 0; k < N; k++) {
        exs += o_iexch[k];
        ullexs += o_ullexch[k];
        fexs += o_fexch[k];
        if (o_uinc[k] < 10)
            inc_hist[o_uinc[k]]++;
        iand &= ~(1 << (k % 31));
        ior |= 1 << (k % 31);
        ixor ^= (int)(k * 2654435761u);
        uand &= ~(1u << (k % 32));
        uor |= 1u << (k % 32);
        uxor ^= k * 40503u;
        ulland &= ~(1ull << (k % 64));
        ullor |= 1ull << (k % 64);
        ullxor ^= (unsigned long long)k * 0x9e3779b97f4a7c15ull;
    }
    CHECK_EQ("int exch (sum of olds and final)", exs, (long long)N * (N + 1) / 2);
    CHECK_EQ("ull exch (sum of olds and final)", ullexs, ((unsigned long long)N * (N + 1) / 2) << 20);
    CHECK_EQ("float exch (sum of olds and final)", (long long)fexs, (long long)N * (N + 1) / 2);
    CHECK_EQ("int and", aread(&d_iand), iand);
    CHECK_EQ("int or", aread(&d_ior), ior);
    CHECK_EQ("int xor", aread(&d_ixor), ixor);
    CHECK_EQ("unsigned add", aread(&d_uadd), N * (N - 1) / 2);
    CHECK_EQ("unsigned sub", aread(&d_usub), 1000000u - N * (N - 1) / 2);
    CHECK_EQ("unsigned min", aread(&d_umin), 500u);
    CHECK_EQ("unsigned max", aread(&d_umax), (N - 1) * 3u);
    CHECK_EQ("unsigned and", aread(&d_uand), uand);
    CHECK_EQ("unsigned or", aread(&d_uor), uor);
    CHECK_EQ("unsigned xor", aread(&d_uxor), uxor);
    CHECK_EQ("atomicInc final", aread(&d_uinc), N % 10u);
    for (unsigned v = 0; v < 10; v++) // N increments modulo 10 return each value N/10 or N/10+1 times
        CHECK_EQ("atomicInc olds", inc_hist[v], N / 10u + (v < N % 10u ? 1u : 0u));
    CHECK_EQ("atomicDec final", aread(&d_udec), 1000u - N);
    CHECK_EQ("unsigned cas loop (_system)", aread(&d_ucas), 1000u + 2u * N);
    CHECK_EQ("ull add", aread(&d_ulladd), ((1ull << 33) | 1ull) * N);
    CHECK_EQ("ull sub", aread(&d_ullsub), (1ull << 40) - 3ull * N);
    CHECK_EQ("ull min", aread(&d_ullmin), 5ull);
    CHECK_EQ("ull max", aread(&d_ullmax), (unsigned long long)(N - 1) << 35 | 5ull);
    CHECK_EQ("ull cas loop", aread(&d_ullcas), 0x100000001ull * N);
    CHECK_EQ("ull and", aread(&d_ulland), ulland);
    CHECK_EQ("ull or", aread(&d_ullor), ullor);
    CHECK_EQ("ull xor", aread(&d_ullxor), ullxor);
    CHECK_EQ("long long min", aread(&d_llmin), -(long long)(N - 1) * 1000000007ll);
    CHECK_EQ("long long max", aread(&d_llmax), (long long)(N - 1) * 1000000007ll);
    CHECK_EQ("long long add", aread(&d_lladd), -3ll * N);
    CHECK_EQ("float add (x4)", (long long)(aread(&d_fadd) * 4.0f), 2 * (long long)N);
    CHECK_EQ("double add (x4)", (long long)(aread(&d_dadd) * 4.0), (long long)N);
    CHECK_EQ("int32_t add", aread((int *)&d_i32), -(int)N);
    CHECK_EQ("uint32_t add", aread((unsigned *)&d_u32), 100u + 2u * N);
    unsigned usw = aread((unsigned *)d_us);
    CHECK_EQ("16-bit cas, low half", usw & 0xffffu, 7u + N / 2u);
    CHECK_EQ("16-bit cas, high half", usw >> 16, 7u + N / 2u);
    while (atomicCAS(&d_lock, 0u, 1u) != 0u) // read under the lock, as written
        ;
    __threadfence();
    unsigned nwarps = NB * ((NT + (unsigned)warpSize - 1u) / (unsigned)warpSize);
    CHECK_EQ("spin-locked counter", d_locked, nwarps * ROUNDS);
    __threadfence();
    atomicExch(&d_lock, 0u);
    for (unsigned b = 0; b < NB; b++) {
        const block_out &o = b_out[b];
        CHECK_EQ("block int add", o.iadd, 2 * (int)NT);
        CHECK_EQ("block int min", o.imin, -(int)NT + 1);
        CHECK_EQ("block int max", o.imax, (int)NT - 1);
        CHECK_EQ("block atomicInc", o.uinc, NT);
        CHECK_EQ("block or", o.uor, NT >= 32 ? ~0u : (1u << NT) - 1u);
        CHECK_EQ("block cas loop", o.ucas, 0xa000u + NT);
        CHECK_EQ("block ull add", o.ulladd, (unsigned long long)NT << 32);
        CHECK_EQ("block ull cas loop", o.ullcas, 3ull * NT);
        CHECK_EQ("block long long min", o.llmin, -((long long)(NT - 1) << 33));
        CHECK_EQ("block float add", (long long)o.fadd, NT);
        CHECK_EQ("block double add (x2)", (long long)(o.dadd * 2.0), NT);
        CHECK_EQ("block 16-bit cas (0)", o.us[0], 0x8000u + NT / 2u);
        CHECK_EQ("block 16-bit cas (1)", o.us[1], 0x8000u + NT / 2u);
        CHECK_EQ("shared int add", o.s_iadd, NT);
        CHECK_EQ("shared atomicInc", o.s_uinc, NT % 8u);
        CHECK_EQ("shared unsigned max", o.s_umax, (NT - 1u) * 5u);
        CHECK_EQ("shared exch (sum of olds and final)", o.s_exch_sum, NT * (NT + 1u) / 2u);
        CHECK_EQ("shared ull add", o.s_ulladd, 0x10000000001ull * NT);
        CHECK_EQ("shared ull cas loop", o.s_ullcas, 7ull * NT);
        CHECK_EQ("shared long long min", o.s_llmin, -(long long)(NT - 1));
        CHECK_EQ("shared long long max", o.s_llmax, (long long)(NT - 1) << 40);
        CHECK_EQ("shared float add (x4)", (long long)(o.s_fadd * 4.0f), NT);
        CHECK_EQ("shared double add", (long long)o.s_dadd, 2 * (long long)NT);
        CHECK_EQ("shared 16-bit cas (0)", o.s_us[0], 0x4000u + 3u * NT / 2u);
        CHECK_EQ("shared 16-bit cas (1)", o.s_us[1], 0x4000u + 3u * NT / 2u);
    }
    check_report("atomics");
}

extern "C" void kernel_main(void *) { atomics_kernel(); }
