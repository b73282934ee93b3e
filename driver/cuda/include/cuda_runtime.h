/* The CUDA runtime API of scord: what a CUDA program's host code calls,
 * run on the open SIMT GPU (the cycle model or a board) through libscord,
 * with the race detector armed for every launch (driver/cuda/cudart.c).
 *
 * Written for this project from CUDA's documented API: the names and
 * numeric values are CUDA's, so host code written for CUDA compiles and
 * compares error codes unchanged; only the subset below is provided. The
 * header works from C (C99 and later) and C++; in C++ it adds what CUDA's
 * own header adds there: dim3's constructors, default arguments and the
 * templates that take a typed pointer or a symbol by reference.
 *
 * Device pointers are device byte addresses (32-bit) carried in a pointer:
 * (void *)(uintptr_t)addr. Host code may do arithmetic on them, never
 * dereference them.
 *
 * Execution model: one device (0), one stream (the default stream, 0).
 * A launch returns at once; the next call that touches the device (a
 * copy, a memset, a launch, cudaFree, an event record, a synchronize)
 * waits for it, then prints its printf output on stdout and its races on
 * stderr (docs: driver/cuda/cudart.c's head comment lists the environment
 * variables). */
#ifndef SCORD_CUDA_RUNTIME_H
#define SCORD_CUDA_RUNTIME_H

#include <stddef.h>
#include <stdint.h>

/* The API level this header follows (CUDA 12.0's runtime, as a subset). */
#define CUDART_VERSION 12000

/* Default arguments exist only in C++; C callers pass every argument. */
#ifdef __cplusplus
#define SCORD_CUDA_DEFAULT(v) = v
#else
#define SCORD_CUDA_DEFAULT(v)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* CUDA's values (the current ones: cudaErrorLaunchFailure is 719, and 4 is
 * cudaErrorCudartUnloading), so code comparing numbers still works. */
enum cudaError {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3,
    cudaErrorCudartUnloading = 4,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidSymbol = 13,
    cudaErrorInvalidHostPointer = 16,
    cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorMissingConfiguration = 52,
    cudaErrorInvalidDeviceFunction = 98,
    cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101,
    cudaErrorInvalidKernelImage = 200,
    cudaErrorNoKernelImageForDevice = 209,
    cudaErrorUnsupportedLimit = 215,
    cudaErrorInvalidResourceHandle = 400,
    cudaErrorSymbolNotFound = 500,
    cudaErrorNotReady = 600,
    cudaErrorIllegalAddress = 700,
    cudaErrorLaunchOutOfResources = 701,
    cudaErrorLaunchTimeout = 702,
    cudaErrorAssert = 710,
    cudaErrorIllegalInstruction = 715,
    cudaErrorMisalignedAddress = 716,
    cudaErrorInvalidPc = 718,
    cudaErrorLaunchFailure = 719,
    cudaErrorNotSupported = 801,
    cudaErrorUnknown = 999
};
typedef enum cudaError cudaError_t;

enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4 /* the direction found from the pointers */
};
typedef enum cudaMemcpyKind cudaMemcpyKind;

enum cudaLimit {
    cudaLimitStackSize = 0,      /* read only: the stack of each thread */
    cudaLimitPrintfFifoSize = 1, /* the device printf buffer of each launch */
    cudaLimitMallocHeapSize = 2  /* not supported: no malloc in kernels */
};
typedef enum cudaLimit cudaLimit;

/* Streams and events are opaque handles, as in CUDA. The only stream is
 * the default one: 0 (cudaStreamLegacy and cudaStreamPerThread name it
 * too); any other handle is refused with cudaErrorInvalidValue. */
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
#define cudaStreamDefault 0x00
#define cudaStreamNonBlocking 0x01

#define cudaEventDefault 0x00
#define cudaEventBlockingSync 0x01
#define cudaEventDisableTiming 0x02

#define cudaHostAllocDefault 0x00
#define cudaHostAllocPortable 0x01
#define cudaHostAllocMapped 0x02
#define cudaHostAllocWriteCombined 0x04

/* Grid and block shapes. In C++ an unset dimension is 1, as in CUDA
 * (dim3 b(32) is 32x1x1); in C every field is set by hand. */
struct dim3 {
    unsigned int x, y, z;
#ifdef __cplusplus
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
        : x(vx), y(vy), z(vz)
    {
    }
#endif
};
typedef struct dim3 dim3;

/* What cudaGetDeviceProperties answers: CUDA's field names and units
 * (memory in bytes, clocks in kHz), filled from libscord's
 * scord_get_properties(); the layout is this header's own. */
struct cudaDeviceProp {
    char name[256];                  /* "scord <configuration> (<backend>)" */
    size_t totalGlobalMem;           /* device memory (the heap is smaller: stacks, detector) */
    size_t sharedMemPerBlock;        /* static + dynamic shared memory of one block */
    int regsPerBlock;                /* 32 per thread x threads per block */
    int warpSize;
    size_t memPitch;                 /* no pitched copies: device memory */
    int maxThreadsPerBlock;
    int maxThreadsDim[3];
    int maxGridSize[3];              /* capped at INT_MAX */
    int clockRate;                   /* kHz: the clock events convert cycles with */
    size_t totalConstMem;            /* __constant__ data lives in device memory: 64 KiB, CUDA's */
    int major, minor;                /* 7.0: the warp-synchronous (_sync) API is there */
    size_t textureAlignment;         /* no textures: the cache line */
    int deviceOverlap;               /* 0: copies never overlap kernels */
    int multiProcessorCount;         /* cores */
    int kernelExecTimeoutEnabled;    /* 1: SCORD_CUDA_TIMEOUT_MS */
    int integrated;
    int canMapHostMemory;
    int computeMode;
    int concurrentKernels;
    int ECCEnabled;
    int pciBusID, pciDeviceID, pciDomainID;
    int asyncEngineCount;
    int unifiedAddressing;
    int memoryClockRate;             /* kHz: the GPU's clock (memory is on its clock) */
    int memoryBusWidth;              /* bits */
    int l2CacheSize;
    int maxThreadsPerMultiProcessor;
    size_t sharedMemPerMultiprocessor;
    int regsPerMultiprocessor;
    int managedMemory;
    int isMultiGpuBoard;
    size_t sharedMemPerBlockOptin;
    int maxBlocksPerMultiProcessor;
    int cooperativeLaunch;
    size_t localMemPerThread;        /* scord's own: the stack of each thread */
};
typedef struct cudaDeviceProp cudaDeviceProp;

/* ---- errors -------------------------------------------------------------- */
/* The last error of this host thread, reset to cudaSuccess (a sticky error
 * from a faulted kernel stays until cudaDeviceReset). */
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
/* CUDA's text for the code ("an illegal memory access was encountered"). */
const char *cudaGetErrorString(cudaError_t error);
/* The enumerator's name ("cudaErrorIllegalAddress"). */
const char *cudaGetErrorName(cudaError_t error);

/* ---- device -------------------------------------------------------------- */
cudaError_t cudaGetDeviceCount(int *count);
cudaError_t cudaSetDevice(int device);
cudaError_t cudaGetDevice(int *device);
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaThreadSynchronize(void); /* CUDA's older name */
/* Waits for the device, reports its races, then closes it: allocations
 * are gone, __device__ variables go back to their initial values and a
 * sticky error is cleared at the next call, which opens it again. */
cudaError_t cudaDeviceReset(void);
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value);
cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit);
cudaError_t cudaDriverGetVersion(int *version);
cudaError_t cudaRuntimeGetVersion(int *version);

/* ---- memory -------------------------------------------------------------- */
cudaError_t cudaMalloc(void **devPtr, size_t size);
cudaError_t cudaFree(void *devPtr);
/* Host memory: plain malloc (nothing is pinned; copies are synchronous). */
cudaError_t cudaMallocHost(void **ptr, size_t size);
cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags);
cudaError_t cudaFreeHost(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);
cudaError_t cudaMemset(void *devPtr, int value, size_t count);
/* On the default stream only; they complete before returning. */
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream SCORD_CUDA_DEFAULT(0));
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream SCORD_CUDA_DEFAULT(0));

/* __device__ and __constant__ variables, named by their host-side shadow
 * (the object the host code sees under the variable's name). */
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count,
                               size_t offset SCORD_CUDA_DEFAULT(0),
                               enum cudaMemcpyKind kind SCORD_CUDA_DEFAULT(cudaMemcpyHostToDevice));
cudaError_t cudaMemcpyFromSymbol(
    void *dst, const void *symbol, size_t count, size_t offset SCORD_CUDA_DEFAULT(0),
    enum cudaMemcpyKind kind SCORD_CUDA_DEFAULT(cudaMemcpyDeviceToHost));
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind,
                                    cudaStream_t stream SCORD_CUDA_DEFAULT(0));
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind,
                                      cudaStream_t stream SCORD_CUDA_DEFAULT(0));
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol);
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol);

/* ---- streams ------------------------------------------------------------- */
/* Stream 0 only: synchronize waits for the device, query says whether a
 * launch is still to be waited for. Creating a stream fails with
 * cudaErrorNotSupported. */
cudaError_t cudaStreamCreate(cudaStream_t *stream);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags);
cudaError_t cudaStreamDestroy(cudaStream_t stream);
cudaError_t cudaStreamSynchronize(cudaStream_t stream);
cudaError_t cudaStreamQuery(cudaStream_t stream);

/* ---- events -------------------------------------------------------------- */
/* Time on the device is the GPU's cycles: a record waits for the launch in
 * flight and stamps the cycles all launches have run so far; elapsed time
 * is their difference at the device's clock (cudaDeviceProp.clockRate).
 * Copies take no device time. */
cudaError_t cudaEventCreate(cudaEvent_t *event);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags);
cudaError_t cudaEventDestroy(cudaEvent_t event);
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream SCORD_CUDA_DEFAULT(0));
cudaError_t cudaEventSynchronize(cudaEvent_t event);
cudaError_t cudaEventQuery(cudaEvent_t event);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end);

#ifdef __cplusplus
} /* extern "C" */

/* C++: typed pointers and symbols by reference, as CUDA's header has. */
template <class T> static inline cudaError_t cudaMalloc(T **devPtr, size_t size)
{
    return cudaMalloc((void **)(void *)devPtr, size);
}
template <class T> static inline cudaError_t cudaMallocHost(T **ptr, size_t size)
{
    return cudaMallocHost((void **)(void *)ptr, size);
}
template <class T> static inline cudaError_t cudaHostAlloc(T **ptr, size_t size, unsigned int flags)
{
    return cudaHostAlloc((void **)(void *)ptr, size, flags);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src, size_t count,
                                             size_t offset = 0,
                                             enum cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
    return cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol, size_t count,
                                               size_t offset = 0,
                                               enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
    return cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(const T &symbol, const void *src, size_t count,
                                                  size_t offset = 0,
                                                  enum cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                  cudaStream_t stream = 0)
{
    return cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream);
}
template <class T>
static inline cudaError_t cudaMemcpyFromSymbolAsync(
    void *dst, const T &symbol, size_t count, size_t offset = 0,
    enum cudaMemcpyKind kind = cudaMemcpyDeviceToHost, cudaStream_t stream = 0)
{
    return cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, stream);
}
template <class T> static inline cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol)
{
    return cudaGetSymbolAddress(devPtr, (const void *)&symbol);
}
template <class T> static inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol)
{
    return cudaGetSymbolSize(size, (const void *)&symbol);
}
#endif /* __cplusplus */

#endif
