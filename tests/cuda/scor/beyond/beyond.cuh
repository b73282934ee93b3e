// beyond.cuh: what every twin of the beyond group (sw/bench/beyond) shares:
// beyond.h's device helpers in CUDA's terms and the host's part (the three
// buffers as scord-scor lays them out, the launch's shape from the
// manifest row, the result printed). Each twin's main launches its own
// kernel by name (scord-nvcc takes launches as written).
#ifndef BEYOND_CUH
#define BEYOND_CUH

#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

#define BEYOND_IN_WORDS 512u
#define BEYOND_OUT_WORDS 512u
#define BEYOND_AUX_WORDS 512u
// Padding after in and out (words), as driver/scor/beyond.c lays them out:
// in[0], out[0] and aux[0] 64 and 160 words apart modulo 256 words, so the
// cache mode's direct-mapped entries see the C version's collisions.
#define BEYOND_IN_PAD 64u
#define BEYOND_OUT_PAD 96u

// Block shapes of the manifest: threads, or BEYOND_W(k): k warps.
#define BEYOND_W(k) (0x80000000u | (k))
#define BEYOND_BINS 16u
#define BEYOND_THRESHOLD 0xc0u
#define BEYOND_STEPS 4u

__host__ __device__ static inline uint32_t beyond_input(uint32_t i)
{
    uint32_t x = i * 2654435761u + 0x9e3779b9u;
    x ^= x >> 15;
    x *= 0x2c1b3c6du;
    x ^= x >> 12;
    return x & 0xffu;
}

__host__ __device__ static inline uint32_t beyond_f(uint32_t x, uint32_t i)
{
    return x * 7u + i * 3u + 1u;
}

// beyond.h's thread indices: linear in x then y (as __thread_linear and
// __block_linear of scord_gpu.h).
__device__ static inline unsigned beyond_tid() { return threadIdx.x + threadIdx.y * blockDim.x; }
__device__ static inline unsigned beyond_lane() { return beyond_tid() % warpSize; }
__device__ static inline unsigned beyond_warp() { return beyond_tid() / warpSize; }
__device__ static inline unsigned beyond_threads() { return blockDim.x * blockDim.y; }
__device__ static inline unsigned beyond_warps()
{
    return (beyond_threads() + warpSize - 1u) / warpSize;
}
__device__ static inline unsigned beyond_block() { return blockIdx.x + blockIdx.y * gridDim.x; }
__device__ static inline unsigned beyond_gwarp() { return beyond_block() * beyond_warps() + beyond_warp(); }
__device__ static inline unsigned beyond_il(unsigned tid)
{
    return tid % warpSize * beyond_warps() + tid / warpSize;
}
__device__ static inline void beyond_delay(unsigned cycles)
{
    unsigned t0 = (unsigned)clock();
    while ((unsigned)clock() - t0 < cycles)
        ;
}
__device__ static inline void beyond_wait_flag(uint32_t *flag)
{
    while (atomicAdd(flag, 0u) == 0u)
        ;
}

// A compiler-only barrier (no instruction): where the C kernel makes plain
// accesses through a C `volatile` pointer (weak on this GPU, yet each one
// emitted, in order), the twin's pointer is plain (a CUDA volatile would
// be strong) and this keeps g++ from merging, dropping or reordering the
// accesses on either side of it (scord-nvcc refuses inline assembly).
__device__ static inline void keep_access() { __atomic_signal_fence(__ATOMIC_SEQ_CST); }

#ifndef __CUDA_ARCH__
struct beyond_bufs {
    uint32_t *in, *out, *aux;
};

// The buffers (in filled with beyond_input, out and aux zeroed) and the
// grid and block of the manifest row (gx, gy, bx, by). 0, or 2 when the
// device refused.
static inline int beyond_setup(beyond_bufs *b, unsigned gx, unsigned gy, unsigned bx, unsigned by,
                               dim3 *grid, dim3 *block)
{
    static uint32_t init[BEYOND_IN_WORDS + BEYOND_IN_PAD + BEYOND_OUT_WORDS + BEYOND_OUT_PAD +
                         BEYOND_AUX_WORDS];
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, 0) != cudaSuccess)
        return 2;
    unsigned ws = (unsigned)prop.warpSize;
    for (uint32_t i = 0; i < BEYOND_IN_WORDS; i++)
        init[i] = beyond_input(i);
    void *p;
    if (cudaMalloc(&p, sizeof init + 2048) != cudaSuccess)
        return 2;
    uint32_t *base = (uint32_t *)(((uintptr_t)p + 2047u) & ~(uintptr_t)2047u);
    if (cudaMemcpy(base, init, sizeof init, cudaMemcpyHostToDevice) != cudaSuccess)
        return 2;
    b->in = base;
    b->out = b->in + BEYOND_IN_WORDS + BEYOND_IN_PAD;
    b->aux = b->out + BEYOND_OUT_WORDS + BEYOND_OUT_PAD;
    bx = bx & 0x80000000u ? (bx & 0x7fffffffu) * ws : bx;
    by = by & 0x80000000u ? (by & 0x7fffffffu) * ws : by;
    *grid = dim3(gx, gy);
    *block = dim3(bx, by);
    return 0;
}

// Wait for the launch and print the first words of out. 0, or 2 when the
// launch failed.
static inline int beyond_finish(const char *name, const beyond_bufs *b)
{
    static uint32_t got[BEYOND_OUT_WORDS];
    cudaError_t e = cudaDeviceSynchronize();
    if (e == cudaSuccess)
        e = cudaMemcpy(got, b->out, sizeof got, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        fprintf(stderr, "%s: %s\n", name, cudaGetErrorString(e));
        return 2;
    }
    printf("%s: out =", name);
    for (unsigned k = 0; k < 16; k++)
        printf(" %u", got[k]);
    printf("\n");
    return 0;
}
#endif

#endif
