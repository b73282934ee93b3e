// expect: clean
// expect-output: consumer read 42 and 42
// Volatile accesses in templates' dependent code (`volatile T *`, as the
// CUDA samples' warpReduce writes them) are strong accesses as they are in
// plain functions: message passing with volatile data, a fenced producer
// and an atomic flag is race-free (were the template's accesses left
// plain, the consumer's read would be a race and could see a stale line).
#include <cstdio>
#include <cuda_runtime.h>

template <class T> __device__ void publish(volatile T *slot, T v, int *flag)
{
    slot[0] = v;
    slot[1] += v; // read and write, strong
    __threadfence();
    atomicExch(flag, 1);
}

template <class T> __device__ T take(volatile T *slot, int *flag)
{
    while (atomicAdd(flag, 0) == 0)
        ;
    T first = slot[0];
    return first + (slot[1] - first) / 2;
}

template <class T> __global__ void mp(volatile T *data, int *flag, T *out)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 0)
        publish(data, (T)42, flag);
    else
        out[0] = take(data, flag);
}

int main()
{
    int *di, *flag, *oi, gi = 0;
    float *df, *of, gf = 0;
    cudaMalloc(&di, 2 * sizeof(int));
    cudaMalloc(&df, 2 * sizeof(float));
    cudaMalloc(&flag, 2 * sizeof(int));
    cudaMalloc(&oi, sizeof(int));
    cudaMalloc(&of, sizeof(float));
    cudaMemset(di, 0, 2 * sizeof(int));
    cudaMemset(df, 0, 2 * sizeof(float));
    cudaMemset(flag, 0, 2 * sizeof(int));
    mp<int><<<2, 32>>>(di, flag, oi);
    mp<float><<<2, 32>>>(df, flag + 1, of);
    cudaMemcpy(&gi, oi, sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(&gf, of, sizeof(float), cudaMemcpyDeviceToHost);
    printf("consumer read %d and %g\n", gi, (double)gf);
    return gi == 42 && gf == 42.0f ? 0 : 1;
}
