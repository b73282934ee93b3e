/* scord_nvcc_host.h: what scord-nvcc puts before a .cu file's host code
 * (compiled by the system's g++).
 *
 * CUDA's execution-space keywords mean nothing on the host side: device
 * functions are removed from the host translation unit, a kernel's body
 * becomes a stub that packs its arguments and starts it on the GPU
 * (__scord_launch), and __device__ / __constant__ variables stay as host
 * shadows that cudaMemcpyToSymbol maps to the device's copies. */
#ifndef SCORD_NVCC_HOST_H
#define SCORD_NVCC_HOST_H

#include <cuda_runtime.h>
#include <scord_cuda_host.h>
#include "scord_nvcc_layout.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h> /* clock() in device functions the host unit keeps (CUDA's headers include it too) */

#define __host__
#define __device__
#define __global__
#define __shared__
#define __constant__
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __CUDACC__ 1

#include "scord_nvcc_builtins.h"

/* min and max in host code, as CUDA's headers give them (non-templates,
 * so that std::min stays usable beside them) */
#define SCORD_NVCC_MINMAX(T) \
    static inline T min(T a, T b) { return a < b ? a : b; } \
    static inline T max(T a, T b) { return a < b ? b : a; }
SCORD_NVCC_MINMAX(int)
SCORD_NVCC_MINMAX(unsigned)
SCORD_NVCC_MINMAX(long long)
SCORD_NVCC_MINMAX(unsigned long long)
SCORD_NVCC_MINMAX(float)
SCORD_NVCC_MINMAX(double)
#undef SCORD_NVCC_MINMAX

/* The launch syntax k<<<g, b, s, st>>>(args) becomes
 * (__scordCudaPushCallConfiguration(g, b, s, st), k(args)): defaults as
 * CUDA's. */
int __scordCudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem = 0,
                                     cudaStream_t stream = 0);

/* A parameter as the device holds it: a pointer is a 32-bit device address
 * (cudaMalloc's pointers carry it), long and size_t are 32 bits (RV32,
 * ILP32); everything else has the same size and alignment on both sides
 * (a struct parameter holding a pointer or a long arrives here as a local
 * copy in the device's layout, made by the stub: driver/nvcc/params.c). */
template <class T> struct __scord_dev {
    typedef T type;
    static type conv(const T &v) { return v; }
};
template <class T> struct __scord_dev<T *> {
    typedef uint32_t type;
    static type conv(T *p) { return (uint32_t)(uintptr_t)p; }
};
template <class T> struct __scord_dev<T *__restrict> : __scord_dev<T *> {};
template <> struct __scord_dev<long> {
    typedef int32_t type;
    static type conv(long v) { return (int32_t)v; }
};
template <> struct __scord_dev<unsigned long> {
    typedef uint32_t type;
    static type conv(unsigned long v) { return (uint32_t)v; }
};

template <class T> static inline void __scord_put(unsigned char *buf, unsigned off, const T &v)
{
    typename __scord_dev<T>::type d = __scord_dev<T>::conv(v);
    memcpy(buf + off, &d, sizeof d);
}

template <class... P, unsigned... I>
static inline cudaError_t __scord_launch_seq(const char *name, uint32_t id, __scord_seq<I...>,
                                             const P &...args)
{
    typedef __scord_layout<typename __scord_dev<P>::type...> L;
    alignas(8) unsigned char buf[L::total() + 8];
    memcpy(buf, &id, sizeof id);
    (__scord_put(buf, L::offset(I), args), ...);
    return __scordCudaLaunch(name, buf, L::total());
}

/* The index of a template kernel's instance, by the address of its host
 * stub: generated after the file (the instances its launches name). */
#define __SCORD_NO_KERNEL 0xffffffffu
static unsigned __scord_kernel_id(const void *fn);

/* Called by the stub of kernel `name` with its parameters, in order. */
template <class... P> static inline cudaError_t __scord_launch(const char *name, uint32_t id, const P &...args)
{
    if (id == __SCORD_NO_KERNEL) /* the kernel_main it reaches traps */
        fprintf(stderr, "scord-nvcc: kernel '%s' launched with template arguments no launch in "
                        "its file names (through a pointer?): not compiled for the GPU\n", name);
    return __scord_launch_seq(name, id, typename __scord_mkseq<sizeof...(P)>::type(), args...);
}

#endif
