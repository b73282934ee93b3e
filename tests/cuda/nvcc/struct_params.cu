// expect: clean
// expect-output: struct_params: ok
// Kernels taking structs by value that hold pointers and longs (the host
// lays them out with 8-byte pointers, the GPU with 4-byte ones): the
// launch copies each member into the device's layout, nested structs,
// arrays of pointers and a double after a pointer included.
#include <cstdio>
#include <cuda_runtime.h>

struct Span {
    const float *data;
    long count;
};

struct Params {
    Span in;           // a nested struct holding a pointer
    float *out[2];     // an array of pointers
    double scale;      // 8-aligned after a 4-byte pointer on the GPU
    char tag;
    unsigned long n;   // size_t-like: 32 bits on the GPU
    int weights[3];    // the same bytes on both sides
};

__global__ void apply(Params p, int bias)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= p.n || (long)i >= p.in.count)
        return;
    float v = p.in.data[i] * (float)p.scale + (float)(p.weights[i % 3] + bias);
    p.out[i & 1][i / 2] = p.tag == 'x' ? v : -v;
}

typedef struct {
    int *flags;
    int value;
} Anon; // a typedef'd anonymous struct

__global__ void mark(int first, Anon a, long last)
{
    unsigned i = threadIdx.x;
    if ((long)i >= first && (long)i <= last)
        a.flags[i] = a.value;
}

int main()
{
    const unsigned n = 40;
    float h_in[n], h_out[2][n / 2];
    for (unsigned i = 0; i < n; i++)
        h_in[i] = (float)i;
    float *d_in, *d_out0, *d_out1;
    int *d_flags;
    cudaMalloc(&d_in, sizeof h_in);
    cudaMalloc(&d_out0, sizeof h_out[0]);
    cudaMalloc(&d_out1, sizeof h_out[1]);
    cudaMalloc(&d_flags, 32 * sizeof(int));
    cudaMemset(d_flags, 0, 32 * sizeof(int));
    cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice);
    Params p = {{d_in, (long)n}, {d_out0, d_out1}, 0.5, 'x', n, {1, 2, 3}};
    apply<<<(n + 15) / 16, 16>>>(p, 10);
    Anon a = {d_flags, 7};
    mark<<<1, 32>>>(3, a, 9L);
    cudaMemcpy(h_out[0], d_out0, sizeof h_out[0], cudaMemcpyDeviceToHost);
    cudaMemcpy(h_out[1], d_out1, sizeof h_out[1], cudaMemcpyDeviceToHost);
    int flags[32];
    cudaMemcpy(flags, d_flags, sizeof flags, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (unsigned i = 0; i < n; i++) {
        float want = (float)i * 0.5f + (float)(p.weights[i % 3] + 10);
        if (h_out[i & 1][i / 2] != want) {
            printf("out[%u] = %g, expected %g\n", i, h_out[i & 1][i / 2], want);
            bad = 1;
        }
    }
    for (int i = 0; i < 32; i++)
        if (flags[i] != (i >= 3 && i <= 9 ? 7 : 0)) {
            printf("flags[%d] = %d\n", i, flags[i]);
            bad = 1;
        }
    printf("struct_params: %s\n", bad ? "WRONG" : "ok");
    return bad;
}
