// expect: clean
// expect-output: template ok
// Template kernels, launched with deduced and explicit arguments, a type
// and an integer parameter, two instances of one template.
#include <cstdio>
#include <cuda_runtime.h>

struct pair_t {
    int a, b;
};

template <typename T, int N>
__global__ void scale(T *p, T f)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N)
        p[i] = p[i] * f;
}

template <class T>
__global__ void swap_fields(T *p)
{
    int t = p[threadIdx.x].a;
    p[threadIdx.x].a = p[threadIdx.x].b;
    p[threadIdx.x].b = t;
}

int main()
{
    float hf[32];
    int hi[32];
    pair_t hp[32];
    for (int i = 0; i < 32; i++) {
        hf[i] = (float)i;
        hi[i] = i;
        hp[i].a = i;
        hp[i].b = -i;
    }
    float *df;
    int *di;
    pair_t *dp;
    cudaMalloc(&df, sizeof hf);
    cudaMalloc(&di, sizeof hi);
    cudaMalloc(&dp, sizeof hp);
    cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
    cudaMemcpy(dp, hp, sizeof hp, cudaMemcpyHostToDevice);
    scale<float, 32><<<1, 32>>>(df, 0.5f);
    scale<int, 16><<<1, 32>>>(di, 3);
    swap_fields<<<1, 32>>>(dp);
    cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hp, dp, sizeof hp, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 32; i++)
        if (hf[i] != 0.5f * (float)i || hi[i] != (i < 16 ? 3 * i : i) || hp[i].a != -i ||
            hp[i].b != i) {
            printf("element %d: %g %d %d %d\n", i, hf[i], hi[i], hp[i].a, hp[i].b);
            return 1;
        }
    printf("template ok\n");
    return 0;
}
