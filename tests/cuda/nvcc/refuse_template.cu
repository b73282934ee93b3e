// expect: error template kernel 'scale': template kernels are not supported yet
#include <cuda_runtime.h>

template <class T>
__global__ void scale(T *p, T f) // ERROR
{
    p[threadIdx.x] *= f;
}

int main()
{
    float *p;
    cudaMalloc(&p, 32 * sizeof(float));
    scale<<<1, 32>>>(p, 2.0f);
    return 0;
}
