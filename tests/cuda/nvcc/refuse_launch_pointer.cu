// expect: error a launch through a pointer to a kernel
// A launch through a function pointer: which kernel (and which instance)
// runs is only known at run time, so the GPU's dispatch cannot be built.
#include <cuda_runtime.h>

template <class T> __global__ void zero(T *p) { p[threadIdx.x] = T(); }

int main()
{
    int *p;
    cudaMalloc(&p, 32 * sizeof(int));
    void (*k)(int *) = zero<int>;
    k<<<1, 32>>>(p); // ERROR
    return 0;
}
