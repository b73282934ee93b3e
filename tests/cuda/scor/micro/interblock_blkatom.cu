// ScoR microbenchmark interblock_blkatom as a CUDA program: the twin of
// sw/bench/micro/interblock_blkatom/kernel.c (racy): the same accesses in the
// same order.
// Two blocks add to one counter with block-scope atomics: a block-scope
// atomic is not atomic for another block (Table IV d)
// Launch (MICRO_2B): grid 2, block 1 thread: actor k is block k,
// four zeroed buffers of 64 words, 256-byte aligned, as scord-scor
// launches the C version.
// Lines a race report must name carry "// scor:race ID", as in the C kernel.
#include <cstdio>
#include <cstdint>
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

// d: the data the actors race on, f: flags, l: lock words, o: what they
// saw; layout: as launched
__global__ void interblock_blkatom(unsigned *d, unsigned *f, unsigned *l, unsigned *o, unsigned layout)
{
    switch (actor(layout)) {
    case 0:
        atomicAdd_block(&d[V(0)], 1u); // scor:race blkatom
        break;
    case 1:
        atomicAdd_block(&d[V(0)], 1u); // scor:race blkatom
        break;
    default:
        break;
    }
}

int main()
{
    static unsigned zero[2 * WORDS], seen[WORDS];
    unsigned *buf[4];
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess)
        return 2;
    unsigned ws = prop.warpSize;
    (void)ws;
    for (int i = 0; i < 4; i++) {
        void *p;
        if (cudaMalloc(&p, sizeof zero) != cudaSuccess)
            return 2;
        cudaMemcpy(p, zero, sizeof zero, cudaMemcpyHostToDevice);
        buf[i] = (unsigned *)(((uintptr_t)p + 255u) & ~(uintptr_t)255u);
    }
    interblock_blkatom<<<2, 1>>>(buf[0], buf[1], buf[2], buf[3], MICRO_2B);
    cudaError_t e = cudaDeviceSynchronize();
    if (e == cudaSuccess)
        e = cudaMemcpy(seen, buf[3], sizeof seen, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", "interblock_blkatom", cudaGetErrorString(e));
        return 2;
    }
    printf("interblock_blkatom: out[V(1)], out[V(2)], out[V(3)] = %u %u %u\n", seen[V(1)], seen[V(2)], seen[V(3)]);
    return 0;
}
