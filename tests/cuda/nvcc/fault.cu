// expect: races
// expect-output: cudaErrorIllegalAddress
// expect-output: after the fault: an illegal memory access was encountered
// Bad input: a kernel that races, then writes through a null pointer. The
// fault is reported with the kernel's name and address at the next
// synchronising call, the program sees CUDA's error code and goes on, and
// the races recorded before the fault are still printed.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void racy_then_fault(int *p, int *null_p)
{
    p[0] = (int)threadIdx.x; // RACE
    __syncthreads();
    if (threadIdx.x == 0 && blockIdx.x == 1)
        null_p[0] = 1;
}

int main()
{
    int *p;
    cudaMalloc(&p, sizeof(int));
    racy_then_fault<<<2, 32>>>(p, nullptr);
    cudaError_t e = cudaDeviceSynchronize();
    printf("synchronize: %s\n", cudaGetErrorName(e));
    e = cudaMemcpy(p, p, sizeof(int), cudaMemcpyDeviceToDevice);
    printf("after the fault: %s\n", cudaGetErrorString(e));
    return 0;
}
