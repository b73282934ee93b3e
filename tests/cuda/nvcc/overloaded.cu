// expect: clean
// expect-output: overloaded: ok
// Overloaded kernels: one name, three parameter lists; each launch runs
// the overload the host's overload resolution picked.
#include <cstdio>
#include <cuda_runtime.h>

namespace ops {
__global__ void scale(float *p, float f) { p[threadIdx.x] *= f; }
__global__ void scale(int *p, int f) { p[threadIdx.x] *= f + 1; }
__global__ void scale(int *p) { p[threadIdx.x] = -p[threadIdx.x]; }
} // namespace ops

int main()
{
    float hf[8];
    int hi[8];
    for (int i = 0; i < 8; i++) {
        hf[i] = (float)i;
        hi[i] = i;
    }
    float *df;
    int *di;
    cudaMalloc(&df, sizeof hf);
    cudaMalloc(&di, sizeof hi);
    cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
    ops::scale<<<1, 8>>>(df, 0.5f);
    ops::scale<<<1, 8>>>(di, 2);
    ops::scale<<<1, 8>>>(di);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < 8; i++)
        if (hf[i] != 0.5f * (float)i || hi[i] != -3 * i) {
            printf("[%d]: %g %d\n", i, hf[i], hi[i]);
            bad = 1;
        }
    printf("overloaded: %s\n", bad ? "WRONG" : "ok");
    return bad;
}
