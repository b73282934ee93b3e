// expect: races
// The same message passing with plain (not volatile) data and no acquire
// fence in the consumer: its load may hit a stale line of its L1, a race
// (STALE_READ) between the producer's store and the consumer's load.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void mp(int *data, int *flag, int *out)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 0) {
        data[0] = 42; // RACE
        __threadfence();
        atomicExch(flag, 1);
    } else {
        while (atomicAdd(flag, 0) == 0)
            ;
        out[0] = data[0]; // RACE
    }
}

int main()
{
    int *data, *flag, *out, got = 0;
    cudaMalloc(&data, sizeof(int));
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&out, sizeof(int));
    cudaMemset(data, 0, sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    mp<<<2, 32>>>(data, flag, out);
    cudaMemcpy(&got, out, sizeof(int), cudaMemcpyDeviceToHost);
    printf("consumer read %d\n", got);
    return 0;
}
