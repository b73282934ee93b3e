/* cuda_runtime.h from C (run.sh builds this with -std=c99 -pedantic): the
 * same runtime without C++'s defaults and templates, one launch.
 *
 *   c_host KERNEL.elf    prints "ok c" at its end */
#include <cuda_runtime.h>
#include <scord_cuda_host.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OK(call)                                                                          \
    do {                                                                                  \
        cudaError_t e_ = (call);                                                          \
        if (e_ != cudaSuccess) {                                                          \
            fprintf(stderr, "CHECK FAILED line %d: %s: %s\n", __LINE__, #call,            \
                    cudaGetErrorString(e_));                                              \
            exit(90);                                                                     \
        }                                                                                 \
    } while (0)

struct vecadd_args {
    uint32_t kernel, a, b, c, n;
};

int main(int argc, char **argv)
{
    static unsigned char image[1 << 20];
    FILE *f = argc == 2 ? fopen(argv[1], "rb") : NULL;
    if (!f)
        return 2;
    size_t len = fread(image, 1, sizeof image, f);
    fclose(f);
    __scordCudaRegisterImage(image, len, "kernel.c");

    int count = 0;
    struct cudaDeviceProp prop;
    OK(cudaGetDeviceCount(&count));
    OK(cudaGetDeviceProperties(&prop, 0));
    enum { N = 16 };
    int h[N], back[N];
    for (int i = 0; i < N; i++)
        h[i] = 3 * i;
    void *a, *c;
    OK(cudaMalloc(&a, sizeof h));
    OK(cudaMalloc(&c, sizeof h));
    OK(cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice));
    struct vecadd_args va = {0, (uint32_t)(uintptr_t)a, (uint32_t)(uintptr_t)a,
                             (uint32_t)(uintptr_t)c, N};
    dim3 grid = {1, 1, 1}, block = {(unsigned)prop.maxThreadsPerBlock, 1, 1};
    __scordCudaPushCallConfiguration(grid, block, 0, 0);
    OK(__scordCudaLaunch("vecadd", &va, sizeof va));
    OK(cudaMemcpy(back, c, sizeof back, cudaMemcpyDeviceToHost));
    for (int i = 0; i < N; i++)
        if (back[i] != 6 * i) {
            fprintf(stderr, "CHECK FAILED: c[%d] = %d\n", i, back[i]);
            return 90;
        }
    OK(cudaMemcpyAsync(back, c, sizeof back, cudaMemcpyDeviceToHost, 0));
    OK(cudaFree(a));
    OK(cudaFree(c));
    printf("ok c (%d device, %s)\n", count, prop.name);
    return 0;
}
