// expect: clean
// Tree reduction in shared memory, with __syncthreads between the steps,
// and the blocks' sums combined with atomicAdd: race-free.
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 32

__device__ int block_sum(int *s)
{
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if ((int)threadIdx.x < stride)
            s[threadIdx.x] += s[threadIdx.x + stride];
        __syncthreads();
    }
    return s[0];
}

__global__ void reduce(const int *in, int *out)
{
    __shared__ int s[THREADS];
    s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    int total = block_sum(s);
    if (threadIdx.x == 0)
        atomicAdd(out, total);
}

int main()
{
    const int blocks = 2, n = blocks * THREADS;
    int h[n], expect = 0, got = 0;
    for (int i = 0; i < n; i++) {
        h[i] = i + 1;
        expect += i + 1;
    }
    int *din, *dout;
    cudaMalloc(&din, sizeof h);
    cudaMalloc(&dout, sizeof(int));
    cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemset(dout, 0, sizeof(int));
    reduce<<<blocks, THREADS>>>(din, dout);
    cudaMemcpy(&got, dout, sizeof(int), cudaMemcpyDeviceToHost);
    if (got != expect) {
        printf("sum %d, expected %d\n", got, expect);
        return 1;
    }
    printf("reduce ok: %d\n", got);
    return 0;
}
