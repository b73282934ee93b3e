// expect: races
// The same reduction without __syncthreads between the steps: a thread
// reads a partial sum another warp has not written yet (shared memory).
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 32

__global__ void reduce(const int *in, int *out)
{
    __shared__ int s[THREADS];
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if ((int)threadIdx.x < stride)
            s[threadIdx.x] += s[threadIdx.x + stride]; // RACE
    }
    if (threadIdx.x == 0)
        out[blockIdx.x] = s[0];
}

int main()
{
    int h[THREADS], got = 0;
    for (int i = 0; i < THREADS; i++)
        h[i] = 1;
    int *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof(int));
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    reduce<<<1, THREADS>>>(din, dout);
    cudaMemcpy(&got, dout, sizeof(int), cudaMemcpyDeviceToHost);
    printf("sum %d\n", got);
    return 0;
}
