// Self-checking for the C++ device kernels of tests/cuda/device: a failed
// check prints what it saw (device printf) and counts an error; the last
// block to finish prints "<name>: ok" or "<name>: N errors", which run.sh
// looks for. Everything is race-free for the detector: the error count is
// atomic, and the last block reads what the others wrote after a fence,
// the blocks' counter and its own fence (the hand-off scord's docs show).
#ifndef TESTS_CUDA_DEVICE_CHECK_H
#define TESTS_CUDA_DEVICE_CHECK_H

#include <scord_cuda.h>

__device__ unsigned chk_errors;
__device__ unsigned chk_blocks_done;

#define CHECK_EQ(what, got, want)                                              \
    do {                                                                       \
        long long got_ = (long long)(got), want_ = (long long)(want);          \
        if (got_ != want_) {                                                   \
            atomicAdd(&chk_errors, 1u);                                        \
            printf("FAIL %s (line %d): got %lld (0x%llx) want %lld (0x%llx)\n", what, \
                   __LINE__, got_, (unsigned long long)got_, want_, (unsigned long long)want_); \
        }                                                                      \
    } while (0)

// Called by every thread of every block at the end. Returns true in thread
// 0 of the last block, after the fence: it may then read what every block
// wrote and check the totals (before check_report).
__device__ bool check_last_block()
{
    __shared__ int last;
    __syncthreads();
    if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) {
        __threadfence();
        unsigned nblocks = gridDim.x * gridDim.y * gridDim.z;
        last = atomicAdd(&chk_blocks_done, 1u) == nblocks - 1u;
        if (last)
            __threadfence();
    }
    __syncthreads();
    return last && threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0;
}

__device__ void check_report(const char *name)
{
    unsigned e = atomicOr(&chk_errors, 0u);
    if (e)
        printf("%s: %u errors\n", name, e);
    else
        printf("%s: ok\n", name);
}

// Atomic reads (an atomic never races with the other threads' atomics).
__device__ unsigned aread(unsigned *p) { return atomicOr(p, 0u); }
__device__ int aread(int *p) { return atomicOr(p, 0); }
__device__ unsigned long long aread(unsigned long long *p) { return atomicOr(p, 0ull); }
__device__ long long aread(long long *p) { return (long long)atomicOr((unsigned long long *)p, 0ull); }
__device__ float aread(float *p) { return __uint_as_float(atomicOr((unsigned *)p, 0u)); }
__device__ double aread(double *p)
{
    return __longlong_as_double((long long)atomicOr((unsigned long long *)p, 0ull));
}

#endif
