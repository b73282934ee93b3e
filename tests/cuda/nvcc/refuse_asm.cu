// expect: error inline assembly in device code (PTX) is not supported
#include <cuda_runtime.h>

__global__ void lane(unsigned *out)
{
    unsigned id;
    asm("mov.u32 %0, %%laneid;" : "=r"(id)); // ERROR
    out[threadIdx.x] = id;
}

int main() { return 0; }
