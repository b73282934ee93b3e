// expect: error a launch whose kernel Clang cannot name here
// A template kernel launched from a template function: which instances
// the GPU needs is only known once the template is instantiated.
#include <cuda_runtime.h>

template <class T> __global__ void zero(T *p) { p[threadIdx.x] = T(); }

template <class T> void clear(T *p)
{
    zero<<<1, 32>>>(p); // ERROR
}

int main()
{
    int *p;
    cudaMalloc(&p, 32 * sizeof(int));
    clear(p);
    return 0;
}
