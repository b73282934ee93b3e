// expect: clean
// expect-output: lambdas: ok
// Lambdas in device code (as g++ takes them): a local lambda, one
// capturing by reference, one passed to a device function template, and
// a volatile access inside a lambda (strong, as anywhere in device code).
#include <cstdio>
#include <cuda_runtime.h>

template <class F> __device__ int apply_twice(F f, int x) { return f(f(x)); }

__global__ void kern(int *out, volatile int *v)
{
    int i = threadIdx.x;
    auto sq = [](int x) { return x * x; };
    int acc = 0;
    auto add = [&](int x) { acc += x; };
    add(sq(i));
    add(apply_twice([i](int x) { return x + i; }, 1));
    auto peek = [v]() { return v[0]; };
    out[i] = acc + peek();
}

int main()
{
    int *out, *v, h[8], one = 100;
    cudaMalloc(&out, sizeof h);
    cudaMalloc(&v, sizeof(int));
    cudaMemcpy(v, &one, sizeof one, cudaMemcpyHostToDevice);
    kern<<<1, 8>>>(out, v);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    int ok = 1;
    for (int i = 0; i < 8; i++)
        ok &= h[i] == i * i + 1 + 2 * i + 100;
    printf("lambdas: %s\n", ok ? "ok" : "WRONG");
    return !ok;
}
