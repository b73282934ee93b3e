/* scord_nvcc_parse.h: what scord-nvcc's Clang parse of a .cu file sees
 * before the file (libclang, -x cuda --cuda-host-only -nocudainc).
 *
 * Only declarations: nothing here is compiled into a program. The parse
 * finds the kernels (CUDA's global attribute), the device functions and
 * variables, the launches (<<<>>> calls cudaConfigureCall, declared here)
 * and the volatile accesses of device code; it must accept every device
 * built-in a CUDA program may call, so they are declared loosely
 * (templates), and g++'s device compile against scord_cuda.h is what
 * checks their arguments. The host side's names (cudaMalloc, dim3, ...)
 * come from our cuda_runtime.h, included first. */
#ifndef SCORD_NVCC_PARSE_H
#define SCORD_NVCC_PARSE_H

#include <stdio.h>
#include <cuda_runtime.h>

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __managed__ __attribute__((managed))
#define __forceinline__ __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __launch_bounds__(...) __attribute__((launch_bounds(__VA_ARGS__)))
#define __CUDACC__ 1

/* printf in device code: CUDA's device code has no C variadic functions,
 * so the device's printf is a variadic template here (the device
 * compile's printf is scord_cuda.h's). */
template <class... A> __device__ int printf(const char *format, A... args);

extern "C" int cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0, cudaStream_t stream = 0);

#include "scord_nvcc_builtins.h"

/* The C library's math and string functions in device code: a host
 * function cannot be called there, so each has a device declaration here
 * (static, as Clang's own CUDA headers declare theirs: a device function
 * may overload a host one; the C-only names, sqrtf, memcpy, ..., which a
 * static declaration would merely redeclare, as a device template taking
 * and returning what the host one does); the device compile calls
 * picolibc's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define SCORD_PARSE_C(f) template <class... A> __device__ auto f(A... a) -> decltype(::f(a...));
#define SCORD_PARSE_FLT(name) name##f
#define SCORD_PARSE_F1(fn) static __device__ double fn(double); static __device__ float fn(float); \
    SCORD_PARSE_C(SCORD_PARSE_FLT(fn))
#define SCORD_PARSE_F2(fn) static __device__ double fn(double, double); \
    static __device__ float fn(float, float); SCORD_PARSE_C(SCORD_PARSE_FLT(fn))
SCORD_PARSE_F1(sqrt) SCORD_PARSE_F1(cbrt) SCORD_PARSE_F1(exp) SCORD_PARSE_F1(exp2)
SCORD_PARSE_F1(expm1) SCORD_PARSE_F1(log) SCORD_PARSE_F1(log2)
SCORD_PARSE_F1(log10) SCORD_PARSE_F1(log1p) SCORD_PARSE_F1(sin) SCORD_PARSE_F1(cos)
SCORD_PARSE_F1(tan) SCORD_PARSE_F1(asin) SCORD_PARSE_F1(acos) SCORD_PARSE_F1(atan)
SCORD_PARSE_F1(sinh) SCORD_PARSE_F1(cosh) SCORD_PARSE_F1(tanh)
SCORD_PARSE_F1(asinh) SCORD_PARSE_F1(acosh) SCORD_PARSE_F1(atanh)
SCORD_PARSE_F1(fabs) SCORD_PARSE_F1(floor) SCORD_PARSE_F1(ceil)
SCORD_PARSE_F1(round) SCORD_PARSE_F1(trunc) SCORD_PARSE_F1(erf)
SCORD_PARSE_F1(erfc) SCORD_PARSE_F1(rint) SCORD_PARSE_F1(nearbyint)
SCORD_PARSE_F1(tgamma) SCORD_PARSE_F1(lgamma)
SCORD_PARSE_F2(pow) SCORD_PARSE_F2(atan2) SCORD_PARSE_F2(fmod) SCORD_PARSE_F2(fmin)
SCORD_PARSE_F2(fmax) SCORD_PARSE_F2(hypot) SCORD_PARSE_F2(copysign)
SCORD_PARSE_F2(remainder) SCORD_PARSE_F2(fdim)
#undef SCORD_PARSE_F1
#undef SCORD_PARSE_F2
#undef SCORD_PARSE_FLT
static __device__ double fma(double, double, double);
static __device__ double ldexp(double, int);
static __device__ double frexp(double, int *);
static __device__ double modf(double, double *);
static __device__ int abs(int);
static __device__ long abs(long);
static __device__ long long abs(long long);
SCORD_PARSE_C(fmaf) SCORD_PARSE_C(ldexpf) SCORD_PARSE_C(frexpf) SCORD_PARSE_C(modff)
SCORD_PARSE_C(labs) SCORD_PARSE_C(llabs) SCORD_PARSE_C(memcpy) SCORD_PARSE_C(memset)
SCORD_PARSE_C(memcmp) SCORD_PARSE_C(clock)
#undef SCORD_PARSE_C
__device__ float rsqrtf(float);
__device__ double rsqrt(double);
__device__ float __expf(float);
__device__ float __logf(float);
__device__ float __powf(float, float);
__device__ float __sinf(float);
__device__ float __cosf(float);
__device__ float __fdividef(float, float);
__device__ float __saturatef(float);
__device__ int __float2int_rn(float);
__device__ float __int2float_rn(int);

/* min and max as CUDA has them for every arithmetic type (and in host
 * code too, where C++'s std::min is more usual). */
template <class T, class U> __host__ __device__ decltype(T() + U()) min(T, U);
template <class T, class U> __host__ __device__ decltype(T() + U()) max(T, U);

/* CUDA features this GPU does not have: declared unavailable, so that a
 * program using one stops at the use with Clang's error naming it
 * ("'texture' is unavailable: ...") instead of compiling into something
 * else. Inline PTX is refused by the translator (an asm statement in
 * device code). */
#define SCORD_NO(what) __attribute__((unavailable(what " is not supported by scord-nvcc")))
template <class T, int dim = 1, int mode = 0> struct SCORD_NO("textures (texture<>)") texture {};
template <class T, int dim = 1> struct SCORD_NO("surfaces (surface<>)") surface {};
typedef unsigned long long cudaTextureObject_t;
typedef unsigned long long cudaSurfaceObject_t;
template <class T> __device__ T tex1Dfetch(cudaTextureObject_t, int) SCORD_NO("tex1Dfetch (textures)");
template <class T> __device__ T tex1D(cudaTextureObject_t, float) SCORD_NO("tex1D (textures)");
template <class T> __device__ T tex2D(cudaTextureObject_t, float, float) SCORD_NO("tex2D (textures)");
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *, const void *, const void *, const void *)
    SCORD_NO("cudaCreateTextureObject (textures)");
cudaError_t cudaStreamCreate(cudaStream_t *) SCORD_NO("cudaStreamCreate (streams other than the default stream)");
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *, unsigned)
    SCORD_NO("cudaStreamCreateWithFlags (streams other than the default stream)");
cudaError_t cudaLaunchCooperativeKernel(const void *, dim3, dim3, void **, size_t, cudaStream_t)
    SCORD_NO("cudaLaunchCooperativeKernel (grid-wide cooperative launch)");
cudaError_t cudaMallocManaged(void **, size_t, unsigned = 1) SCORD_NO("cudaMallocManaged (unified memory)");
namespace cooperative_groups {
struct SCORD_NO("cooperative_groups::grid_group (grid-wide synchronisation)") grid_group {};
grid_group this_grid() SCORD_NO("cooperative_groups::this_grid (grid-wide synchronisation)");
}
namespace nvcuda {
namespace wmma {
template <class... T> struct SCORD_NO("warp matrix functions (nvcuda::wmma)") fragment {};
}
}
#undef SCORD_NO

#endif
