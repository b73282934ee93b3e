// expect: clean
// Dynamic shared memory (the launch's third parameter) declared as CUDA
// does, at namespace scope and in a kernel; a block reverses its slice.
#include <cstdio>
#include <cuda_runtime.h>

extern __shared__ int shared_ints[];

__global__ void reverse(int *d, int n)
{
    extern __shared__ int s[];
    int t = threadIdx.x;
    s[t] = d[blockIdx.x * n + t];
    __syncthreads();
    d[blockIdx.x * n + t] = s[n - t - 1];
    __syncthreads();
    if (t == 0)
        shared_ints[0] = n;
}

int main()
{
    const int n = 32, blocks = 2;
    int h[n * blocks];
    for (int i = 0; i < n * blocks; i++)
        h[i] = i;
    int *d;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    reverse<<<blocks, n, n * sizeof(int)>>>(d, n);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; b++)
        for (int i = 0; i < n; i++)
            if (h[b * n + i] != b * n + n - i - 1) {
                printf("d[%d] = %d\n", b * n + i, h[b * n + i]);
                return 1;
            }
    printf("dynamic shared ok\n");
    return 0;
}
