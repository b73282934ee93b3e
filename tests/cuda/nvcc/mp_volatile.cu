// expect: clean
// Message passing as ScoR's codes write it: the data is volatile (on this
// GPU a strong access, which reads the L2 every block sees), the producer
// fences before it raises the flag, the consumer polls the flag with an
// atomic. No acquire fence is needed for strong loads: race-free.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void mp(volatile int *data, int *flag, int *out)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 0) {
        data[0] = 42;
        __threadfence();
        atomicExch(flag, 1);
    } else {
        while (atomicAdd(flag, 0) == 0)
            ;
        out[0] = data[0];
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
    return got == 42 ? 0 : 1;
}
