// expect: error 'cudaStreamCreate' is unavailable: cudaStreamCreate (streams other than the default stream)
#include <cuda_runtime.h>

int main()
{
    cudaStream_t s;
    cudaStreamCreate(&s); // ERROR
    return 0;
}
