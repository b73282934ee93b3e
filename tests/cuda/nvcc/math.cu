// expect: clean
// The C library's math and memory functions in device code, float and
// double, as CUDA programs call them; compared with the host's results.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void compute(const float *x, float *f, double *d)
{
    int i = threadIdx.x;
    float v = x[i];
    f[i] = sqrtf(v) + expf(-v) + fabsf(v - 2.0f) + fminf(v, 1.5f) + powf(v, 2.0f) + rsqrtf(v);
    d[i] = sqrt((double)v) + log((double)v + 1.0) + floor((double)v * 3.5) + fabs(-1.0 * v);
    if (i == 0) {
        int bits;
        memcpy(&bits, &v, sizeof bits);
        f[32] = (float)(bits != 0);
    }
}

int main()
{
    float hx[32], hf[33];
    double hd[32];
    for (int i = 0; i < 32; i++)
        hx[i] = 0.25f + 0.5f * (float)i;
    float *x, *f;
    double *d;
    cudaMalloc(&x, sizeof hx);
    cudaMalloc(&f, sizeof hf);
    cudaMalloc(&d, sizeof hd);
    cudaMemcpy(x, hx, sizeof hx, cudaMemcpyHostToDevice);
    compute<<<1, 32>>>(x, f, d);
    cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, d, sizeof hd, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 32; i++) {
        float v = hx[i];
        float wf = sqrtf(v) + expf(-v) + fabsf(v - 2.0f) + fminf(v, 1.5f) + powf(v, 2.0f) +
                   1.0f / sqrtf(v);
        double wd = sqrt((double)v) + log((double)v + 1.0) + floor((double)v * 3.5) + fabs(-1.0 * v);
        if (fabsf(hf[i] - wf) > 1e-3f * fabsf(wf) || fabs(hd[i] - wd) > 1e-9 * fabs(wd)) {
            printf("x = %g: device %g %g, host %g %g\n", v, hf[i], hd[i], wf, wd);
            return 1;
        }
    }
    printf(hf[32] == 1.0f ? "math ok\n" : "memcpy WRONG\n");
    return hf[32] == 1.0f ? 0 : 1;
}
