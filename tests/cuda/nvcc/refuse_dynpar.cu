// expect: error a kernel launch in device code (dynamic parallelism) is not supported
#include <cuda_runtime.h>

__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p)
{
    if (threadIdx.x == 0)
        child<<<1, 32>>>(p); // ERROR
}

int main() { return 0; }
