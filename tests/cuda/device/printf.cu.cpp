// printf from C++ device code: every argument kind (int, unsigned, char,
// long long, unsigned long long, float promoted to double, double, a
// string of the image, a pointer, size_t, int32_t), std::printf, printf
// from a template and from a member function, and assert. run.sh compares
// the output with the lines it expects. Run: --grid 2 --block 4.
//
// Argument 0: the prints. Argument 1: block 1's thread 2 fails an assert:
// CUDA's message, then the launch stops (a fault, exit status 1).
#include <scord_cuda.h>

#include <cassert>
#include <cstdint>
#include <cstdio>

template <class T> __device__ void show(const char *what, T v)
{
    printf("%s %lld\n", what, (long long)v);
}

struct point {
    int x, y;
    __device__ void print() const { std::printf("point (%d, %d)\n", x, y); }
};

__global__ void print_kernel(unsigned mode)
{
    unsigned t = threadIdx.x, b = blockIdx.x;
    if (mode == 1) {
        assert(!(b == 1 && t == 2));
        return;
    }
    if (t == 0)
        printf("b%u: %d %u %c %lld %llu %.2f %.3f %s %p %zu %ld\n", b, -5 - (int)b, 7u + b, 'A' + (char)b,
               -1234567890123ll, 0xfedcba9876543210ull, 1.25f, -2.5 * (b + 1), "image string",
               (void *)0x1234, sizeof(double), (long)(int32_t)-42);
    if (t == 1)
        show("template", -(long long)b * 1000000000000ll);
    if (t == 2) {
        point p = {(int)b, (int)b * 2};
        p.print();
    }
    if (t == 3)
        std::printf("b%u t%u: width [%5d] [%-5d] [%05.1f] %x %X %o %%\n", b, t, 42, 42, 3.14159, 255u, 255u, 8u);
}

extern "C" void kernel_main(void *arg) { print_kernel(*(const unsigned *)arg); }
