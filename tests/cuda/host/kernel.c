/* The kernels of the CUDA runtime's test (run.sh), laid out as scord-nvcc
 * lays out a program's kernels: one image, and kernel_main dispatching on
 * the 4-byte kernel index that starts every argument block, the kernel's
 * arguments after it. host.cpp builds the same blocks (struct names match).
 *
 * The lines marked LINE_* are found by run.sh in the reports. */
#include <scord_gpu.h>

enum { K_VECADD, K_FAULT, K_RACE, K_PRINTF, K_ENDLESS, K_SYMBOL, K_DYNSHARED, K_MISALIGNED };

struct vecadd_args {
    uint32_t kernel;
    const int *a, *b;
    int *c;
    unsigned n;
};
struct ptr_args {
    uint32_t kernel;
    int *p;
};

/* A __device__ variable with an initial value: host.cpp's shadow is
 * table_shadow, registered as "table". */
int table[4] = {10, 20, 30, 40};

static void vecadd(const struct vecadd_args *a)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < a->n)
        a->c[i] = a->a[i] + a->b[i];
}

static __attribute__((noinline)) void fault(const struct ptr_args *a)
{
    if (threadIdx.x == 0)
        a->p[0] = 1; /* LINE_FAULT: p is NULL */
}

/* Thread 0 of every block adds one to p[0], unsynchronised: a race
 * between blocks. Not inlined, so the reports name its own lines. */
static __attribute__((noinline)) void race(const struct ptr_args *a)
{
    volatile int *p = a->p; /* each access on its own line, in order */
    if (threadIdx.x == 0) {
        int v = p[0]; /* LINE_RACE_LOAD */
        p[0] = v + 1; /* LINE_RACE_STORE */
    }
}

static void hello(void)
{
    printf("hello from block %u thread %u\n", blockIdx.x, threadIdx.x);
}

static void endless(const struct ptr_args *a)
{
    volatile int *flag = a->p;
    while (!*flag)
        ;
}

/* out[i] = table[i] * 2, then table[i] += 1 (one thread). */
static void symbol(const struct ptr_args *a)
{
    if (threadIdx.x == 0 && blockIdx.x == 0)
        for (int i = 0; i < 4; i++) {
            a->p[i] = table[i] * 2;
            table[i] += 1;
        }
}

/* Each thread writes its slot of dynamic shared memory, then reads its
 * neighbour's: needs blockDim.x ints of it. */
static void dynshared(const struct ptr_args *a)
{
    SCORD_DYNAMIC_SHARED(int, slots);
    unsigned t = threadIdx.x;
    slots[t] = (int)t * 3;
    __syncthreads();
    a->p[t] = slots[(t + 1) % blockDim.x];
}

static __attribute__((noinline)) void misaligned(const struct ptr_args *a)
{
    if (threadIdx.x == 0)
        *(volatile int *)((char *)a->p + 2) = 1; /* LINE_MISALIGNED */
}

__global__ void kernel_main(void *arg)
{
    switch (*(const uint32_t *)arg) {
    case K_VECADD: vecadd(arg); break;
    case K_FAULT: fault(arg); break;
    case K_RACE: race(arg); break;
    case K_PRINTF: hello(); break;
    case K_ENDLESS: endless(arg); break;
    case K_SYMBOL: symbol(arg); break;
    case K_DYNSHARED: dynshared(arg); break;
    case K_MISALIGNED: misaligned(arg); break;
    default: break;
    }
}
