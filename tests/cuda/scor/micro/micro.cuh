// micro.cuh: what every ScoR microbenchmark twin shares: the variables'
// layout, micro_actor of sw/bench/micro/micro.h in CUDA's terms, and the
// host's part (buffers as scord-scor makes them, the launch's shape, the
// report of what the actors saw). Each twin's main launches its own kernel
// by name (scord-nvcc takes launches as written, not through a macro).
#ifndef MICRO_CUH
#define MICRO_CUH

#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

#define WORDS 64u
#define V(k) ((k) * 4u) // variables 16 bytes apart

// How the threads are launched (enum micro_layout of micro.h).
enum { MICRO_2B, MICRO_2W, MICRO_2B2W, MICRO_1W };

// Which actor this thread is, -1 if none (micro_actor of micro.h).
__device__ static inline int actor(unsigned layout)
{
    unsigned lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize, block = blockIdx.x;
    switch (layout) {
    case MICRO_2B:
        return lane == 0 && warp == 0 ? (int)block : -1;
    case MICRO_2W:
        return lane == 0 && warp < 2 ? (int)warp : -1;
    case MICRO_2B2W:
        return lane == 0 && warp < 2 ? (int)(2 * block + warp) : -1;
    default:
        return lane < 2 && warp == 0 ? (int)lane : -1;
    }
}


// A compiler-only barrier (no instruction): where the C kernel makes plain
// accesses through a C `volatile` pointer (weak on this GPU, yet each one
// emitted, in order), the twin's pointer is plain (a CUDA volatile would
// be strong) and this keeps g++ from merging, dropping or reordering the
// accesses on either side of it (scord-nvcc refuses inline assembly).
__device__ static inline void keep_access() { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

#ifndef __CUDA_ARCH__
// Four zeroed buffers of 2 x 64 words, each from a 256-byte boundary (as
// scord-scor lays out the C version's), and the grid and block of layout:
// MICRO_2B 2 blocks of 1 thread, MICRO_2W 1 block of 2 warps, MICRO_2B2W
// 2 blocks of 2 warps, MICRO_1W 1 warp. 0, or 2 when the device refused.
static inline int micro_setup(unsigned *buf[4], unsigned layout, dim3 *grid, dim3 *block)
{
    static unsigned zero[2 * WORDS];
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess)
        return 2;
    unsigned ws = (unsigned)prop.warpSize;
    for (int i = 0; i < 4; i++) {
        void *p;
        if (cudaMalloc(&p, sizeof zero) != cudaSuccess)
            return 2;
        cudaMemcpy(p, zero, sizeof zero, cudaMemcpyHostToDevice);
        buf[i] = (unsigned *)(((uintptr_t)p + 255u) & ~(uintptr_t)255u);
    }
    *grid = dim3(layout == MICRO_2B || layout == MICRO_2B2W ? 2 : 1);
    *block = dim3(layout == MICRO_2B ? 1 : layout == MICRO_1W ? ws : 2 * ws);
    return 0;
}

// Wait for the launch and print what the actors saw (the out buffer's
// variables). 0, or 2 when the launch failed.
static inline int micro_finish(const char *name, unsigned *buf[4])
{
    static unsigned seen[WORDS];
    cudaError_t e = cudaDeviceSynchronize();
    if (e == cudaSuccess)
        e = cudaMemcpy(seen, buf[3], sizeof seen, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", name, cudaGetErrorString(e));
        return 2;
    }
    printf("%s: out =", name);
    for (unsigned k = 0; k < WORDS / 4; k++)
        printf(" %u", seen[V(k)]);
    printf("\n");
    return 0;
}
#endif

#endif
