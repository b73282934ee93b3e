// expect: clean
// __device__ and __constant__ variables, set and read by the host with
// cudaMemcpyToSymbol / cudaMemcpyFromSymbol; a __host__ __device__ helper
// used on both sides; a namespace.
#include <cstdio>
#include <cuda_runtime.h>

namespace cfg {
__constant__ int scale;
}
__device__ int results[64];

__host__ __device__ inline int twice(int x) { return 2 * x; }

__global__ void fill(int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        results[i] = twice(i) * cfg::scale;
}

int main()
{
    int s = 3, h[64];
    cudaMemcpyToSymbol(cfg::scale, &s, sizeof s);
    fill<<<2, 32>>>(64);
    cudaMemcpyFromSymbol(h, results, sizeof h);
    for (int i = 0; i < 64; i++)
        if (h[i] != twice(i) * 3) {
            printf("results[%d] = %d\n", i, h[i]);
            return 1;
        }
    printf("symbols ok\n");
    return 0;
}
