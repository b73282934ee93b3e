// expect: error kernel 'fill' is defined in a header
// A kernel defined in a header the program includes: its host stub and
// device dispatch are made from the .cu files only (not yet from headers).
#include <cuda_runtime.h>
#include "parts/header_kernel.cuh"

int main()
{
    int *p;
    cudaMalloc(&p, 32 * sizeof(int));
    fill<<<1, 32>>>(p); // ERROR
    return 0;
}
