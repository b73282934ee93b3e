/* scord_nvcc_builtins.h: CUDA's device built-ins as declarations, for
 * scord-nvcc's Clang parse (scord_nvcc_parse.h, with CUDA's attributes)
 * and for its host units (scord_nvcc_host.h, where __device__ means
 * nothing): device functions in a program's own headers (.cuh) are not
 * blanked out of the host unit, so they must compile there too, as with
 * nvcc; they are never called on the host, so declarations are enough
 * (the vector types' make_ functions, usable on both sides, have bodies).
 * The device compile has none of this: scord_cuda.h defines them all. */
#ifndef SCORD_NVCC_BUILTINS_H
#define SCORD_NVCC_BUILTINS_H

#define SCORD_PARSE_VEC(T, N) struct N##2 { T x, y; }; struct N##3 { T x, y, z; }; \
    struct N##4 { T x, y, z, w; }; \
    static inline __host__ __device__ N##2 make_##N##2(T x, T y) { return N##2{x, y}; } \
    static inline __host__ __device__ N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; } \
    static inline __host__ __device__ N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }
SCORD_PARSE_VEC(int, int)
SCORD_PARSE_VEC(unsigned, uint)
SCORD_PARSE_VEC(float, float)
SCORD_PARSE_VEC(double, double)
SCORD_PARSE_VEC(char, char)
SCORD_PARSE_VEC(unsigned char, uchar)
SCORD_PARSE_VEC(long long, longlong)
SCORD_PARSE_VEC(unsigned long long, ulonglong)
#undef SCORD_PARSE_VEC

extern const __device__ uint3 threadIdx;
extern const __device__ uint3 blockIdx;
extern const __device__ dim3 blockDim;
extern const __device__ dim3 gridDim;
extern const __device__ int warpSize;

__device__ void __syncthreads(void);
__device__ int __syncthreads_count(int);
__device__ int __syncthreads_and(int);
__device__ int __syncthreads_or(int);
__device__ void __syncwarp(unsigned mask = 0xffffffffu);
__device__ void __threadfence(void);
__device__ void __threadfence_block(void);
__device__ void __threadfence_system(void);
__device__ unsigned __activemask(void);
__device__ unsigned __ballot_sync(unsigned, int);
__device__ int __any_sync(unsigned, int);
__device__ int __all_sync(unsigned, int);
template <class T> __device__ T __shfl_sync(unsigned, T, int, int = 32);
template <class T> __device__ T __shfl_up_sync(unsigned, T, unsigned, int = 32);
template <class T> __device__ T __shfl_down_sync(unsigned, T, unsigned, int = 32);
template <class T> __device__ T __shfl_xor_sync(unsigned, T, int, int = 32);
__device__ int __popc(unsigned);
__device__ int __popcll(unsigned long long);
__device__ int __clz(int);
__device__ int __clzll(long long);
__device__ int __ffs(int);
__device__ int __ffsll(long long);
__device__ unsigned __brev(unsigned);
template <class T> __device__ T __ldg(const T *);
template <class T> __device__ T __ldca(const T *);
template <class T> __device__ T __ldcg(const T *);
template <class T> __device__ T __ldcs(const T *);
template <class T> __device__ T __ldlu(const T *);
template <class T> __device__ T __ldcv(const T *);
template <class T> __device__ void __stwb(T *, T);
template <class T> __device__ void __stcg(T *, T);
template <class T> __device__ void __stcs(T *, T);
template <class T> __device__ void __stwt(T *, T);
__device__ long long clock64(void);
__device__ void __nanosleep(unsigned);

#define SCORD_PARSE_ATOMIC(name) \
    template <class T, class U> __device__ T name(T *, U); \
    template <class T, class U> __device__ T name##_block(T *, U); \
    template <class T, class U> __device__ T name##_system(T *, U);
SCORD_PARSE_ATOMIC(atomicAdd)
SCORD_PARSE_ATOMIC(atomicSub)
SCORD_PARSE_ATOMIC(atomicExch)
SCORD_PARSE_ATOMIC(atomicMin)
SCORD_PARSE_ATOMIC(atomicMax)
SCORD_PARSE_ATOMIC(atomicInc)
SCORD_PARSE_ATOMIC(atomicDec)
SCORD_PARSE_ATOMIC(atomicAnd)
SCORD_PARSE_ATOMIC(atomicOr)
SCORD_PARSE_ATOMIC(atomicXor)
#undef SCORD_PARSE_ATOMIC
template <class T, class U, class V> __device__ T atomicCAS(T *, U, V);
template <class T, class U, class V> __device__ T atomicCAS_block(T *, U, V);
template <class T, class U, class V> __device__ T atomicCAS_system(T *, U, V);


#endif
