// expect: clean
// expect-output: block 1 warp sum ok
// Device printf and warp shuffles as CUDA programs use them: each warp sums
// its lanes' numbers with __shfl_down_sync; thread 0 of a block prints
// whether its warp's sum is right (0 + 1 + ... + warpSize-1).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void warp_sum(int *out)
{
    int lane = (int)(threadIdx.x % warpSize);
    int v = lane;
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    if (lane == 0)
        out[blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize] = v;
    if (threadIdx.x == 0)
        printf("block %d warp sum %s\n", (int)blockIdx.x,
               v == warpSize * (warpSize - 1) / 2 ? "ok" : "WRONG");
}

int main()
{
    int *out;
    cudaMalloc(&out, 64 * sizeof(int));
    warp_sum<<<2, 32>>>(out);
    return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
