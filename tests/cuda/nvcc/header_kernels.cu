// expect: clean
// expect-output: header_kernels: 42 6 3.5
// Kernels defined in a header of the program's own (a template, a plain
// one), device functions with volatile accesses and a launch in an inline
// host function there: the header is translated as the .cu is (edited
// copies for each side, its #line kept for the reports).
#include <cstdio>
#include <cuda_runtime.h>
#include "parts/header_kernels.cuh"

int main()
{
    int *ip, *data, *flag, *out, hi[8], got = 0;
    float *fp, hf[8];
    cudaMalloc(&ip, sizeof hi);
    cudaMalloc(&fp, sizeof hf);
    cudaMalloc(&data, sizeof(int));
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&out, sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    fill_ints(ip, 8, 5);
    fill<<<1, 8>>>(fp, 2.5f);
    relay<<<2, 32>>>(data, flag, out);
    cudaMemcpy(hi, ip, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hf, fp, sizeof hf, cudaMemcpyDeviceToHost);
    cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost);
    printf("header_kernels: %d %d %g\n", got, hi[7], (double)hf[3]);
    return got == 42 && hi[7] == 6 && hf[3] == 3.5f ? 0 : 1;
}
