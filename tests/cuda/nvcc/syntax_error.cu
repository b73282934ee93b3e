// expect: error expected ';' after expression
#include <cuda_runtime.h>

__global__ void k(int *p)
{
    p[threadIdx.x] = 1 // ERROR
}

int main() { return 0; }
