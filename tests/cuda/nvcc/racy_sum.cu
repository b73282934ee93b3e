// expect: races
// Every thread adds into one word with a plain read-modify-write: the
// classic lost update, racy across the threads of a block and across blocks.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void sum(const int *a, int *total, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        *total += a[i]; // RACE
}

int main()
{
    const int n = 64;
    int ha[n];
    for (int i = 0; i < n; i++)
        ha[i] = 1;
    int *da, *dt, ht = 0;
    cudaMalloc(&da, sizeof ha);
    cudaMalloc(&dt, sizeof(int));
    cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice);
    cudaMemset(dt, 0, sizeof(int));
    sum<<<2, 32>>>(da, dt, n);
    cudaDeviceSynchronize();
    cudaMemcpy(&ht, dt, sizeof(int), cudaMemcpyDeviceToHost);
    printf("total %d (64 without the race)\n", ht);
    return 0;
}
