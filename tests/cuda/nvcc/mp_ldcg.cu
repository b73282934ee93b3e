// expect: clean
// expect-output: consumer read 42 (plain load of __ldca: 42)
// Message passing through CUDA's cache-hinted intrinsics: __stcg / __ldcg
// (cache at the L2, not the L1) are strong accesses on this GPU, like
// volatile ones, so the consumer needs no acquire fence; __ldca and __stwb
// (L1-cached, write-back) are plain accesses.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void mp(int *data, int *flag, int *out)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 0) {
        __stcg(&data[0], 42);
        __threadfence();
        atomicExch(flag, 1);
    } else {
        while (atomicAdd(flag, 0) == 0)
            ;
        __stwb(&out[0], __ldcg(&data[0]));
        __threadfence();
        __stwb(&out[1], __ldca(&out[0]));
    }
}

int main()
{
    int *data, *flag, *out, got[2] = {0, 0};
    cudaMalloc(&data, sizeof(int));
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&out, 2 * sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    mp<<<2, 32>>>(data, flag, out);
    cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
    printf("consumer read %d (plain load of __ldca: %d)\n", got[0], got[1]);
    return got[0] == 42 && got[1] == 42 ? 0 : 1;
}
