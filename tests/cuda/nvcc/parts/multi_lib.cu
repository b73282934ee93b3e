// The second .cu file of multi_file.cu's program: a kernel, a device
// function and a __device__ variable of its own, and a host function that
// launches its kernel.
#include <cuda_runtime.h>

__device__ int lib_calls;

__device__ int triple(int x) { return 3 * x; }

__global__ void lib_kernel(int *p)
{
    p[threadIdx.x] = triple(p[threadIdx.x]);
    atomicAdd(&lib_calls, 1);
}

void lib_launch(int *p, int n)
{
    lib_kernel<<<1, n>>>(p);
}

int lib_count()
{
    int h = 0;
    cudaMemcpyFromSymbol(&h, lib_calls, sizeof h);
    return h;
}
