/* cuda_runtime.h in scord-nvcc's device compile (sw/include/cuda-device is
 * first on its include path): the device side of CUDA's runtime header.
 *
 * A .cu file includes <cuda_runtime.h> for its host code; in the device
 * translation unit host functions are gone, but types they use may remain
 * in declarations the translator keeps (a struct with a cudaStream_t
 * member, a typedef). So this declares CUDA's handle and enum types, with
 * CUDA's names and values (the host's header, driver/cuda/include, has
 * the same), and no functions: the runtime API cannot be called from
 * device code here. dim3 and the vector types come from scord_cuda.h.
 * cudaDeviceProp is not declared: its warpSize member would collide with
 * the device's warpSize macro. */
#ifndef SCORD_DEV_CUDA_RUNTIME_H
#define SCORD_DEV_CUDA_RUNTIME_H

#include <scord_cuda.h>

#define CUDART_VERSION 12000

enum cudaError {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInitializationError = 3,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInvalidDevicePointer = 17,
    cudaErrorInvalidMemcpyDirection = 21,
    cudaErrorInvalidDeviceFunction = 98,
    cudaErrorNoDevice = 100,
    cudaErrorInvalidDevice = 101,
    cudaErrorNotReady = 600,
    cudaErrorIllegalAddress = 700,
    cudaErrorLaunchOutOfResources = 701,
    cudaErrorLaunchTimeout = 702,
    cudaErrorAssert = 710,
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
    cudaMemcpyDefault = 4
};
typedef enum cudaMemcpyKind cudaMemcpyKind;

typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;

#endif
