// expect: clean
// expect-output: template_shared: ok
// __shared__ variables in kernel templates and in a device function
// template: one array per block and per instance (were it one copy in
// device memory, the two blocks of each launch would race on it).
#include <cstdio>
#include <cuda_runtime.h>

template <class T, int N> __device__ T block_sum(T v)
{
    static __shared__ T part[N];
    part[threadIdx.x] = v;
    __syncthreads();
    for (int s = N / 2; s > 0; s /= 2) {
        if ((int)threadIdx.x < s)
            part[threadIdx.x] += part[threadIdx.x + s];
        __syncthreads();
    }
    return part[0];
}

template <class T, int N> __global__ void sums(const T *in, T *out)
{
    __shared__ T tile[N];
    tile[threadIdx.x] = in[blockIdx.x * N + threadIdx.x];
    __syncthreads();
    T s = block_sum<T, N>(tile[N - 1 - threadIdx.x]);
    if (threadIdx.x == 0)
        out[blockIdx.x] = s;
}

int main()
{
    int hi[32], ho[2];
    float hf[16], hg[2];
    for (int i = 0; i < 32; i++)
        hi[i] = i;
    for (int i = 0; i < 16; i++)
        hf[i] = 0.5f * (float)i;
    int *di, *doi;
    float *df, *dof;
    cudaMalloc(&di, sizeof hi);
    cudaMalloc(&doi, sizeof ho);
    cudaMalloc(&df, sizeof hf);
    cudaMalloc(&dof, sizeof hg);
    cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
    cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
    sums<int, 16><<<2, 16>>>(di, doi);
    sums<float, 8><<<2, 8>>>(df, dof);
    cudaMemcpy(ho, doi, sizeof ho, cudaMemcpyDeviceToHost);
    cudaMemcpy(hg, dof, sizeof hg, cudaMemcpyDeviceToHost);
    int ok = ho[0] == 120 && ho[1] == 376 && hg[0] == 14.0f && hg[1] == 46.0f;
    printf("template_shared: %s (%d %d %g %g)\n", ok ? "ok" : "WRONG", ho[0], ho[1], hg[0], hg[1]);
    return !ok;
}
