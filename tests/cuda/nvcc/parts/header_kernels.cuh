// Kernels, device functions and a launch in a header of the program's
// own (header_kernels.cu): scord-nvcc translates it as it does the .cu.
#pragma once
#include "header_util.h"

template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v + (T)HEADER_BIAS; }

// message passing with volatile data: race-free only if the header's
// volatile accesses are strong, as a .cu file's are
__device__ inline void publish(volatile int *data, int *flag, int v)
{
    *data = v;
    __threadfence();
    atomicExch(flag, 1);
}
__device__ inline int take(volatile int *data, int *flag)
{
    while (atomicAdd(flag, 0) == 0)
        ;
    return *data;
}
__global__ void relay(volatile int *data, int *flag, int *out)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 0)
        publish(data, flag, 42);
    else
        out[0] = take(data, flag);
}

inline void fill_ints(int *p, int n, int v) { fill<<<1, n>>>(p, v); }
