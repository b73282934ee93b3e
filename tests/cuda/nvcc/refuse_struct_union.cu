// expect: error with a union holding a pointer or long
// A struct parameter the launch cannot copy member by member into the
// GPU's layout (a union of a pointer and an integer: which member is live
// is not known) is refused at the parameter.
#include <cuda_runtime.h>

struct Slot {
    union {
        int *ptr;
        long bits;
    } u;
    int n;
};

__global__ void use(Slot s) // ERROR
{
    if (threadIdx.x < (unsigned)s.n)
        s.u.ptr[threadIdx.x] = 1;
}

int main()
{
    Slot s = {};
    use<<<1, 8>>>(s);
    return cudaDeviceSynchronize() != cudaSuccess;
}
