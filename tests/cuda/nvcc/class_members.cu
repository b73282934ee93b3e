// expect: clean
// expect-output: class_members: 42 42
// Member functions: device members of a class and of a class template do
// volatile accesses (strong, as in free functions: the message passing
// below is race-free only so), a host member launches the kernel, a
// host-only member stays out of the device's code.
#include <cstdio>
#include <cuda_runtime.h>

struct Mailbox {
    volatile int *data;
    int *flag;
    __device__ void send(int v)
    {
        *data = v;
        __threadfence();
        atomicExch(flag, 1);
    }
    __device__ int receive() const
    {
        while (atomicAdd(flag, 0) == 0)
            ;
        return *data;
    }
    void reset() { cudaMemset(flag, 0, sizeof(int)); } // host only
};

template <class T> struct Slot {
    volatile T *p;
    __device__ void put(T v) { p[0] = v; }
    __device__ T get() const { return p[0]; }
};

__global__ void relay(Mailbox m, Slot<float> s, int *out)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 0) {
        s.put(42.0f);
        m.send(42);
    } else {
        int v = m.receive();
        out[0] = v;
        out[1] = (int)s.get();
    }
}

struct Runner {
    Mailbox m;
    Slot<float> s;
    int *out;
    void run() { relay<<<2, 32>>>(m, s, out); }
};

int main()
{
    int *data, *flag, *out, got[2] = {0, 0};
    float *fs;
    cudaMalloc(&data, sizeof(int));
    cudaMalloc(&flag, sizeof(int));
    cudaMalloc(&out, 2 * sizeof(int));
    cudaMalloc(&fs, sizeof(float));
    Runner r{{data, flag}, {fs}, out};
    r.m.reset();
    r.run();
    cudaMemcpy(got, out, sizeof got, cudaMemcpyDeviceToHost);
    printf("class_members: %d %d\n", got[0], got[1]);
    return got[0] == 42 && got[1] == 42 ? 0 : 1;
}
