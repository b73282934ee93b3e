// expect: clean
// A CUDA program as written for nvcc: race-free vector addition.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void vecadd(const float *a, const float *b, float *c, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        c[i] = a[i] + b[i];
}

int main()
{
    const int n = 100;
    float ha[n], hb[n], hc[n];
    for (int i = 0; i < n; i++) {
        ha[i] = (float)i;
        hb[i] = 2.0f * (float)i;
    }
    float *da, *db, *dc;
    cudaMalloc(&da, n * sizeof(float));
    cudaMalloc((void **)&db, n * sizeof(float));
    cudaMalloc(&dc, n * sizeof(float));
    cudaMemcpy(da, ha, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(db, hb, n * sizeof(float), cudaMemcpyHostToDevice);
    dim3 block(32);
    dim3 grid((n + block.x - 1) / block.x);
    vecadd<<<grid, block>>>(da, db, dc, n);
    cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) {
        printf("launch: %s\n", cudaGetErrorString(err));
        return 1;
    }
    cudaMemcpy(hc, dc, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        if (hc[i] != 3.0f * (float)i) {
            printf("c[%d] = %g, expected %g\n", i, hc[i], 3.0 * i);
            return 1;
        }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    printf("vecadd ok\n");
    return 0;
}
