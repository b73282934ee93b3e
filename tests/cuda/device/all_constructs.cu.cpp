// Compile test of the device headers (scord_cuda.h, scord_gpu.h in C++,
// sw/include/cuda-device): every CUDA construct they provide, used from
// device functions and kernels as scord-nvcc's device unit would present
// them (scord_cuda.h first; volatile accesses, extern __shared__ and
// __shared__ in templates already rewritten as the translator does). It
// must compile warning-free with -Wall -Wextra at -O0 and -O2 and link;
// it is not run (tests/cuda/device/run.sh runs the kernels beside it).
#include <scord_cuda.h>

#include <cuda_runtime.h>
#include <device_launch_parameters.h>
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <algorithm>
#include <array>
#include <cassert>
#include <cfloat>
#include <chrono>
#include <climits>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>
#include <stdio.h>
#include <math.h>
#include <assert.h>

using namespace std;

// What declarations the translator keeps from host code may name.
typedef std::vector<float> host_vec;
using std::cout;
struct host_side {
    cudaStream_t stream;
    cudaEvent_t ev;
    cudaError_t err;
    cudaMemcpyKind kind;
};

#if !defined(__CUDACC__) || !defined(__CUDA_ARCH__) || __CUDA_ARCH__ < 600
#error "device compile macros"
#endif

__constant__ float coeffs[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__device__ unsigned g_counter;
__device__ unsigned long long g_ull;
__device__ volatile int g_flag;
__shared__ float ns_tile[8]; // namespace-scope __shared__

static_assert(sizeof(int2) == 8 && alignof(int2) == 8, "int2");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(double2) == 16 && alignof(double2) == 16, "double2");
static_assert(sizeof(uint3) == 12 && sizeof(dim3) == 12, "uint3, dim3");
static_assert(std::numeric_limits<int>::max() == INT_MAX, "limits");
static_assert(std::is_same<std::remove_cv_t<const volatile int>, int>::value, "traits");
static_assert(min(3, 5u) == 3u && max(2.0f, 1.0) == 2.0, "mixed min/max");

struct pod {
    int a;
    short b;
    char c;
};

__device__ __forceinline__ int fi(int x) { return x + 1; }
__device__ __noinline__ int ni(int x) { return x * 3; }
__host__ __device__ inline int hd(int x) { return x - 1; }

// Every atomic, each scope, every type CUDA gives it.
__device__ void atomics(int *i, unsigned *u, unsigned long long *ull, long long *ll, float *f,
                        double *d, unsigned short *us, int32_t *i32, uint32_t *u32)
{
    int ri = atomicAdd(i, 1) + atomicSub(i, 1) + atomicExch(i, 2) + atomicMin(i, 0) + atomicMax(i, 9) +
             atomicCAS(i, 9, 10) + atomicAnd(i, 7) + atomicOr(i, 8) + atomicXor(i, 3);
    ri += atomicAdd_block(i, 1) + atomicSub_block(i, 1) + atomicExch_block(i, 2) + atomicMin_block(i, 0) +
          atomicMax_block(i, 9) + atomicCAS_block(i, 9, 10) + atomicAnd_block(i, 7) +
          atomicOr_block(i, 8) + atomicXor_block(i, 3);
    ri += atomicAdd_system(i, 1) + atomicCAS_system(i, 1, 2) + atomicExch_system(i, 0);
    unsigned ru = atomicAdd(u, 1u) + atomicSub(u, 1u) + atomicExch(u, 2u) + atomicMin(u, 0u) +
                  atomicMax(u, 9u) + atomicCAS(u, 9u, 10u) + atomicAnd(u, 7u) + atomicOr(u, 8u) +
                  atomicXor(u, 3u) + atomicInc(u, 10u) + atomicDec(u, 10u);
    ru += atomicInc_block(u, 3u) + atomicDec_block(u, 3u) + atomicInc_system(u, 3u) +
          atomicDec_system(u, 3u) + atomicMinU(i, 1) + atomicMaxU_block(i, 1);
    unsigned long long rull = atomicAdd(ull, 1ull) + atomicExch(ull, 2ull) + atomicMin(ull, 0ull) +
                              atomicMax(ull, 9ull) + atomicCAS(ull, 9ull, 10ull) +
                              atomicAnd(ull, 7ull) + atomicOr(ull, 8ull) + atomicXor(ull, 3ull);
    rull += atomicAdd_block(ull, 1ull) + atomicCAS_block(ull, 1ull, 2ull) + atomicExch_system(ull, 0ull);
    long long rll = atomicMin(ll, -1ll) + atomicMax(ll, 1ll) + atomicAdd(ll, 2ll) + atomicCAS(ll, 0ll, 1ll) +
                    atomicMin_block(ll, -1ll) + atomicMax_system(ll, 5ll);
    float rf = atomicAdd(f, 1.5f) + atomicExch(f, 2.0f) + atomicAdd_block(f, 1.0) + atomicExch_block(f, 0.0f) +
               atomicAdd_system(f, 1.0f);
    double rd = atomicAdd(d, 0.25) + atomicAdd_block(d, 0.5) + atomicAdd_system(d, 1.0);
    unsigned short rus = atomicCAS(us, (unsigned short)0, (unsigned short)1) +
                         atomicCAS_block(us, (unsigned short)1, (unsigned short)2);
    long r32 = atomicAdd(i32, 1) + atomicMin(i32, 0) + atomicCAS(i32, 0, 1);
    unsigned long ru32 = atomicAdd(u32, 1u) + atomicMax(u32, 0u) + atomicInc(u32, 4u) + atomicOr(u32, 1u);
    printf("%d %u %llu %lld %f %f %u %ld %lu\n", ri, ru, rull, rll, (double)rf, rd, (unsigned)rus, r32, ru32);
}

// Warp operations on every type.
template <class T> __device__ T warp_all(T v)
{
    unsigned m = __activemask();
    v += __shfl_sync(m, v, 0);
    v += __shfl_up_sync(m, v, 1);
    v += __shfl_down_sync(m, v, 1, 4);
    v += __shfl_xor_sync(0xffffffffu, v, 1, warpSize);
    v += __shfl(v, 0) + __shfl_up(v, 1) + __shfl_down(v, 1) + __shfl_xor(v, 2);
    int pred = 0;
    unsigned any = __match_any_sync(m, v), all = __match_all_sync(m, v, &pred);
    return v + (T)(any + all + (unsigned)pred);
}
__device__ int warp_ops(int x)
{
    int r = warp_all(x) + (int)warp_all((unsigned)x) + (int)warp_all((long long)x) +
            (int)warp_all((unsigned long long)x) + (int)warp_all((float)x) + (int)warp_all((double)x) +
            (int)warp_all((long)x) + (int)warp_all((unsigned long)x);
    r += (int)__ballot_sync(0xffffffffu, x > 0) + __any_sync(__activemask(), x) + __all_sync(~0u, x);
    r += (int)__ballot(x & 1) + __any(x) + __all(x);
    r += __reduce_add_sync(~0u, x) + (int)__reduce_max_sync(~0u, (unsigned)x) + __reduce_min_sync(~0u, x) +
         (int)(__reduce_and_sync(~0u, 7u) | __reduce_or_sync(~0u, 1u) | __reduce_xor_sync(~0u, 2u));
    __syncwarp();
    __syncwarp(__activemask());
    return r + warpSize;
}

__device__ unsigned intrinsics(unsigned x, unsigned long long y, float f, double d)
{
    unsigned r = (unsigned)(__popc(x) + __popcll(y) + __clz((int)x) + __clzll((long long)y) + __ffs((int)x) +
                            __ffsll((long long)y));
    r += __brev(x) + (unsigned)__brevll(y) + __byte_perm(x, r, 0x3210u) + (unsigned)__mulhi((int)x, 3) +
         __umulhi(x, r) + (unsigned)__umul64hi(y, y) + (unsigned)__mul64hi((long long)y, -3) +
         (unsigned)__mul24((int)x, 5) + __umul24(x, 7u) + __sad((int)x, 3, 1u) + __usad(x, 4u, 2u) +
         (unsigned)__hadd((int)x, 1) + __urhadd(x, 1u) + __funnelshift_l(x, r, 3u) + __funnelshift_r(x, r, 5u);
    r += min(x, 3u) + max(x, 4u) + (unsigned)min((int)x, -1) + (unsigned)max(1ll, (long long)y) +
         (unsigned)min(y, 2ull) + (unsigned)min(f, 1.0f) + (unsigned)max(d, 2.0) + (unsigned)min(x, 9) +
         (unsigned)max((short)x, (short)2) + umin(x, 1u) + (unsigned)ullmax(y, 1ull) + (unsigned)min((int)x, warpSize);
    r += std::min(x, 2u) + std::max({1u, x, 3u}) + std::clamp(x, 1u, 5u);
    r += (unsigned)__float_as_int(f) + __float_as_uint(f) + (unsigned)__int_as_float((int)x) +
         (unsigned)__uint_as_float(x) + (unsigned)__double_as_longlong(d) +
         (unsigned)__longlong_as_double((long long)y) + (unsigned)__double2hiint(d) + (unsigned)__double2loint(d) +
         (unsigned)__hiloint2double(1, 2);
    r += (unsigned)__float2int_rn(f) + (unsigned)__float2int_rz(f) + (unsigned)__float2int_rd(f) +
         (unsigned)__float2int_ru(f) + __float2uint_rn(f) + (unsigned)__double2int_rn(d) +
         (unsigned)__int2float_rn((int)x) + (unsigned)__uint2float_rn(x) + (unsigned)__double2float_rn(d);
    return r;
}

__device__ float maths(float f, double d)
{
    float r = sqrtf(f) + sqrt(f) + std::sqrt(f) + expf(f) + exp(f) + logf(f) + log(f) + log2(f) + log10(f) +
              sinf(f) + cosf(f) + tanf(f) + sin(f) + cos(f) + atan2(f, 1.0f) + powf(f, 2.0f) + pow(f, 2.0f) +
              fabsf(f) + fabs(f) + abs(f) + floorf(f) + ceil(f) + roundf(f) + trunc(f) + fminf(f, 1.0f) +
              fmaxf(f, 2.0f) + fmin(f, 1.0f) + fmaf(f, f, f) + fma(f, f, f) + rsqrtf(f) + rsqrt(f) + __expf(f) +
              __logf(f) + __sinf(f) + __cosf(f) + __powf(f, 2.0f) + __fdividef(f, 3.0f) + __saturatef(f) +
              exp10f(f) + cbrtf(f) + hypotf(f, f) + tanhf(f) + erff(f) + fmodf(f, 2.0f) + copysignf(f, -1.0f) +
              __fsqrt_rn(f) + __frcp_rn(f) + __fmul_rn(f, f) + __fadd_rn(f, f) + std::abs(-f) + std::fmax(f, 0.0f);
    float s, c;
    sincosf(f, &s, &c);
    __sincosf(f, &s, &c);
    double rd = sqrt(d) + exp(d) + log(d) + sin(d) + pow(d, 0.5) + fabs(d) + floor(d) + fmin(d, 1.0) + rsqrt(d) +
                std::sqrt(d) + std::abs(d);
    bool cls = isnan(f) || isinf(f) || !isfinite(d) || signbit(f) || std::isnan(d) || std::isinf(f) ||
               ::isnan(d) || isnormal(f);
    r += (float)rd + s + c + (cls ? 1.0f : 0.0f) + FLT_EPSILON + std::numeric_limits<float>::max() * 0.0f +
         (float)(std::numeric_limits<double>::infinity() > 0);
    return r + (float)abs(-3) + (float)std::abs(-4ll) + (float)labs(-5L);
}

// Volatile accesses as the translator rewrites them: scalars of every
// size, a pointer, an enum, a struct; in device, shared and local memory.
enum colour { red, green };
__device__ int vol(volatile int *vi, volatile unsigned char *vb, volatile short *vs,
                   volatile unsigned long long *vl, volatile double *vd, volatile float *vf,
                   volatile pod *vp, int *volatile *vptr, volatile colour *vc, volatile bool *vbool)
{
    __shared__ volatile int sflag;
    volatile int local = 0;
    __scord_vstore(&(sflag), 1);
    __scord_vstore(&(*vi), __scord_vload(&(*vi)) + 1);
    __scord_vstore(&(vb[1]), (unsigned char)7);
    __scord_vstore(&(*vs), -3);
    __scord_vstore(&(*vl), 0x123456789ull);
    __scord_vstore(&(*vd), 2.5);
    __scord_vstore(&(*vf), 1.25f);
    __scord_vstore(&(*vptr), nullptr);
    __scord_vstore(&(*vptr), 0);
    __scord_vstore(&(*vc), green);
    __scord_vstore(&(*vbool), true);
    __scord_vstore(&(g_flag), 3);
    __scord_vstore(&(local), __scord_vload(&(sflag)) + 1);
    pod p = {1, 2, 3};
    __scord_vstore(&(*vp), p);
    pod q = __scord_vload(&(*vp));
    int *ptr = __scord_vload(&(*vptr));
    return __scord_vload(&(*vi)) + __scord_vload(&(vb[1])) + __scord_vload(&(*vs)) +
           (int)__scord_vload(&(*vl)) + (int)__scord_vload(&(*vd)) + (int)__scord_vload(&(*vf)) + q.a + q.b +
           q.c + (ptr ? 1 : 0) + (int)__scord_vload(&(*vc)) + __scord_vload(&(*vbool)) +
           __scord_vload(&(g_flag)) + __scord_vload(&(local)) + __ldg(vs + 0 == nullptr ? &q.a : &p.a) +
           __ldcg(&p.b) + __ldcv(&p.a);
}

// Shared memory: static in a plain function (scord_gpu.h's macro), in a
// template (rewritten to SCORD_SHARED_BIND), dynamic (rewritten extern).
template <class T, int N> __device__ T tile_sum(const T *in)
{
    typedef T __scord_shty_buf[N][2];
    SCORD_SHARED_BIND(buf);
    typedef T __scord_shty_dyn[];
    SCORD_EXTERN_SHARED_BIND(dyn);
    unsigned t = threadIdx.x % N;
    buf[t][0] = in[t];
    dyn[t] = in[t];
    __syncthreads();
    T s = 0;
    for (int i = 0; i < N; i++)
        s += buf[i][0] + dyn[i];
    static_assert(sizeof(buf) == sizeof(T) * N * 2, "reference to the array");
    return s;
}
SCORD_DYNAMIC_SHARED(float, dyn_c); // scord_gpu.h's spelling, at namespace scope

__device__ int sync_ops(int x)
{
    __shared__ int plain_tile[32];
    plain_tile[threadIdx.x % 32] = x;
    __syncthreads();
    int r = __syncthreads_count(x > 0) + __syncthreads_and(x > 1) + __syncthreads_or(x > 2);
    __threadfence();
    __threadfence_block();
    __threadfence_system();
    return r + plain_tile[0] + (int)ns_tile[0] + (int)dyn_c[0];
}

// __restrict__, the cache-hinted loads and stores, __align__.
struct __align__(16) aligned16 {
    float v[4];
};
static_assert(alignof(aligned16) == 16, "__align__");
__device__ void hints(const float *__restrict__ in, float *__restrict__ out, int n)
{
    for (int i = 0; i < n; i++) {
        float v = __ldg(in + i) + __ldca(in + i) + __ldcs(in + i) + __ldlu(in + i) + __ldcg(in + i) +
                  __ldcv(in + i);
        __stcg(out + i, v);
        __stwt(out + i, v);
        __stcs(out + i, v);
        __stwb(out + i, v);
    }
}

__device__ long long timing()
{
    clock_t c0 = clock();
    long long c1 = clock64();
    __nanosleep(10);
    return (long long)(clock() - c0) + clock64() - c1 + (long long)std::clock();
}

__device__ int vectors()
{
    int2 a = make_int2(1, 2);
    int4 b = make_int4(1, 2, 3, 4);
    uint2 c = make_uint2(1u, 2u);
    uint3 d = make_uint3(1u, 2u, 3u);
    uint4 e = make_uint4(1u, 2u, 3u, 4u);
    float2 f = make_float2(1.0f, 2.0f);
    float3 g = make_float3(1.0f, 2.0f, 3.0f);
    float4 h = make_float4(1.0f, 2.0f, 3.0f, 4.0f);
    double2 i = make_double2(1.0, 2.0);
    longlong2 j = make_longlong2(1, 2);
    uchar4 k = make_uchar4(1, 2, 3, 4);
    short2 l = make_short2(1, 2);
    dim3 m(4);
    dim3 n = threadIdx;
    uint3 o = blockIdx;
    uint3 p = m;
    dim3 q(blockDim.x, gridDim.y);
    std::array<int, 3> arr = {{1, 2, 3}};
    std::pair<int, float> pr = std::make_pair(1, 2.0f);
    int sw1 = 1, sw2 = 2;
    std::swap(sw1, sw2);
    alignas(pod) unsigned char raw[sizeof(pod)];
    pod *pp = new (raw) pod{1, 2, 3};
    return a.x + b.w + (int)(c.y + d.z + e.w) + (int)(f.y + g.z + h.w) + (int)i.y + (int)j.x + k.z + l.y +
           (int)(m.x + m.y + m.z + n.x + o.x + p.x + q.x + q.y + q.z) + arr[2] + pr.first + sw1 + pp->a;
}

struct args {
    int *i;
    unsigned *u;
    unsigned long long *ull;
    long long *ll;
    float *f;
    double *d;
    unsigned short *us;
    pod *p;
    int *volatile *ptr;
    colour *col;
    bool *b;
};

__global__ void __launch_bounds__(256) kern(const args *a)
{
    unsigned tid = blockIdx.x * blockDim.x + threadIdx.x;
    atomics(a->i, a->u, a->ull, a->ll, a->f, a->d, a->us, (int32_t *)a->i, (uint32_t *)a->u);
    int w = warp_ops((int)tid);
    unsigned in = intrinsics(tid, g_ull, coeffs[tid % 4], 1.5);
    float m = maths((float)tid, 2.0);
    int v = vol(a->i, (volatile unsigned char *)a->us, (volatile short *)a->us, a->ull, a->d, a->f, a->p,
                a->ptr, a->col, a->b);
    float t = tile_sum<float, 4>(a->f) + (float)tile_sum<int, 8>(a->i) + (float)tile_sum<int, 4>(a->i);
    int s = sync_ops(w);
    long long c = timing();
    int vec = vectors();
    hints(a->f, a->f + 4, 2);
    assert(tid < 1000000u);
    if (tid == 0)
        printf("%d %u %f %d %f %d %lld %d %d %d %d\n", w, in, (double)m, v, (double)t, s, c, vec, fi(1), ni(2),
               hd(3));
    std::printf("std::printf %s\n", "ok");
    if (tid == 1u << 30)
        __trap();
    atomicAdd(&g_counter, 1u);
}

__global__ void other(int *p, float x) { p[threadIdx.x] = (int)(x * warpSize); }

extern "C" void kernel_main(void *arg)
{
    const unsigned *w = (const unsigned *)arg;
    if (w[0] == 0)
        kern((const args *)(w + 1));
    else
        other((int *)(uintptr_t)w[1], 1.0f);
}
