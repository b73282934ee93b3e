// expect: clean
// with: parts/multi_lib.cu
// expect-output: multi-file ok
// A program of two .cu files, each with its kernels, launched from both.
#include <cstdio>
#include <cuda_runtime.h>

void lib_launch(int *p, int n);
int lib_count();

__global__ void add_one(int *p) { p[threadIdx.x] += 1; }

int main()
{
    int h[32], *d;
    for (int i = 0; i < 32; i++)
        h[i] = i;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    add_one<<<1, 32>>>(d);
    lib_launch(d, 32);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 32; i++)
        if (h[i] != 3 * (i + 1)) {
            printf("h[%d] = %d\n", i, h[i]);
            return 1;
        }
    printf(lib_count() == 32 ? "multi-file ok\n" : "lib_calls WRONG\n");
    return 0;
}
