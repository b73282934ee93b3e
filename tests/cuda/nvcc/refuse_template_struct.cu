// expect: error a template kernel's struct parameters must not hold pointers
// A template kernel's stub is one body for every instance, so a struct
// parameter that only a template argument makes hold a pointer is refused
// at the launch that names the instance.
#include <cuda_runtime.h>

struct Buf {
    float *p;
    int n;
};

template <class T> __global__ void fill(T t)
{
    if (threadIdx.x < (unsigned)t.n)
        t.p[threadIdx.x] = 1.0f;
}

int main()
{
    Buf b = {nullptr, 0};
    fill<<<1, 8>>>(b); // ERROR
    return cudaDeviceSynchronize() != cudaSuccess;
}
