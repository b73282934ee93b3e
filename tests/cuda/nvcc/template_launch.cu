// expect: races
// expect-output: template_launch: ok
// Launches inside templates: a function template, a member template of a
// class and a class template's member launch kernel templates with their
// own template arguments; each instantiation names its kernel instance
// (found in Clang's instantiated bodies), and the instances run. One of
// them races, reported at its line.
#include <cstdio>
#include <cuda_runtime.h>

template <class T> __global__ void fill(T *p, T v) { p[threadIdx.x] = v; }

template <class T> __global__ void sum_racy(T *p, T *out)
{
    *out += p[threadIdx.x]; // RACE
}

template <class T> void clear(T *p, int n) { fill<<<1, n>>>(p, T()); }

struct Filler {
    int n;
    template <class T> void operator()(T *p, T v) const { fill<T><<<1, n>>>(p, v); }
};

template <class T> struct Summer {
    T *out;
    void run(T *p, int n) { sum_racy<<<1, n>>>(p, out); }
};

int main()
{
    int *pi, *oi;
    double *pd;
    cudaMalloc(&pi, 8 * sizeof(int));
    cudaMalloc(&oi, sizeof(int));
    cudaMalloc(&pd, 8 * sizeof(double));
    clear(pi, 8);
    clear(pd, 8);
    Filler f{8};
    f(pi, 5);
    f(pd, 2.5);
    cudaMemset(oi, 0, sizeof(int));
    Summer<int> s{oi};
    s.run(pi, 8);
    int hi[8], got = 0;
    double hd[8];
    cudaMemcpy(hi, pi, sizeof hi, cudaMemcpyDeviceToHost);
    cudaMemcpy(hd, pd, sizeof hd, cudaMemcpyDeviceToHost);
    cudaMemcpy(&got, oi, sizeof got, cudaMemcpyDeviceToHost);
    int ok = cudaGetLastError() == cudaSuccess && got > 0;
    for (int i = 0; i < 8; i++)
        ok &= hi[i] == 5 && hd[i] == 2.5;
    printf("template_launch: %s\n", ok ? "ok" : "WRONG");
    return !ok;
}
