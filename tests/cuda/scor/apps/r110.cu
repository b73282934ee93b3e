// ScoR application r110 as a CUDA program: the twin of sw/bench/apps/r110
// (kernel.c and host.c): the rule-110 cellular automaton, with the fence
// scope chosen by whether a cell lies on a block's border.
//
// n cells, one 32-bit word each, cells outside [0, n) are 0. The grid runs
// `iters` generations in one launch, double buffered (generation g is read
// from buffer g % 2 and written to the other). Block b owns the segment
// [b*S, b*S + S), S = n / gridDim.x, thread t the cells b*S + t + k*blockDim.x.
// Per generation a thread computes its cells and stores them (volatile),
// then fences: __threadfence() if it owns one of the segment's two border
// cells (the neighbouring blocks read them), __threadfence_block()
// otherwise. Thread 0 then counts the generation in progress[b] (device
// atomicAdd). Before generation g > 0 the owners of the border cells wait
// until the neighbouring block has finished generation g - 1 (progress
// polled with a device atomic). Cells of another block are read with
// volatile loads. Every block must be resident at once (one block per
// core).
//
// RACEY (-DRACEY=1): a block fence on the border cells too (race `border`),
// and the progress counter incremented with a block-scope atomicAdd (race
// `progress`: the block-scope atomic against the neighbours' device-scope
// polls).
//
// Launch as scord-scor's: one block of one core's every thread per core,
// 4 cells per thread, 32 generations.
#include "apps.cuh"

// Threads with `on` set spin until *p >= g, reading it with a device-scope
// atomic add of 0.
__device__ __forceinline__ void wait_until(int on, uint32_t *p, uint32_t g)
{
    if (on)
        while (atomicAdd(p, 0u) < g)
            ;
}

// A device fence in the threads with `dev` set, a block fence in the others.
__device__ __forceinline__ void fence_dev_or_block(int dev)
{
    if (dev)
        __threadfence();
    else
        __threadfence_block();
}

// *p += 1 in the threads with `on` set: device scope, or block scope (_blk).
__device__ __forceinline__ void count_if(int on, uint32_t *p)
{
    if (on)
        atomicAdd(p, 1u);
}
__device__ __forceinline__ void count_if_blk(int on, uint32_t *p)
{
    if (on)
        atomicAdd_block(p, 1u);
}

// cells: two generations of n + 2 words, 0 at both ends; progress: a
// counter per block, `stride` words apart, zeroed.
__global__ void rule110(uint32_t *cells, uint32_t *progress, uint32_t n, uint32_t iters,
                        uint32_t stride)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, b = blockIdx.x, nb = gridDim.x;
    unsigned seg = n / nb, lo = b * seg, hi = lo + seg;
    uint32_t *done = &progress[b * stride];
    uint32_t *prev_done = done - stride, *next_done = done + stride;
    // Owners of the segment's first and last cell: they talk to the
    // neighbours (bitwise & and |: no branches).
    int left = (tid == 0) & (b > 0), right = (tid == nt - 1) & (b + 1 < nb);

    for (unsigned g = 0; g < iters; g++) {
        // Cell i is word i + 1 of a buffer; words 0 and n + 1 stay 0.
        const uint32_t *cur = cells + (g & 1) * (n + 2);
        uint32_t *nxt = cells + ((g + 1) & 1) * (n + 2);
        // The neighbours may be another block's border cells: volatile.
        const volatile uint32_t *vcur = cur;
        volatile uint32_t *vnxt = nxt;
        unsigned waits = g > 0;
        wait_until(left & waits, prev_done, g);  // scor:race progress
        wait_until(right & waits, next_done, g); // scor:race progress
        for (unsigned i = lo + tid; i < hi; i += nt) {
            uint32_t l = vcur[i];     // scor:race border
            uint32_t r = vcur[i + 2]; // scor:race border
            uint32_t c = cur[i + 1];
            vnxt[i + 1] = (110u >> (l << 2 | c << 1 | r)) & 1; // scor:race border
        }
#if RACEY
        __threadfence_block();
#else
        fence_dev_or_block(left | right);
#endif
        __syncthreads();
#if RACEY
        count_if_blk(tid == 0, done); // scor:race progress
#else
        count_if(tid == 0, done);
#endif
    }
}

int main()
{
    app_gpu gpu = app_gpu_shape();
    // The blocks wait for each other: no more than can be resident, one
    // block of a core's every thread on each core.
    uint32_t nb = gpu.cores, nt = gpu.warps * gpu.threads;
    uint32_t per_thread = 4, iters = 32;
    uint32_t n = nb * nt * per_thread, stride = gpu.line_bytes / 4 ? gpu.line_bytes / 4 : 1;
    // Two buffers of n + 2 words: cell i is word i + 1.
    uint32_t *hcells = (uint32_t *)calloc(2 * ((size_t)n + 2), sizeof *hcells);
    uint32_t *got = (uint32_t *)malloc(n * sizeof *got);
    uint32_t seed = 0x110110u;
    for (uint32_t i = 0; i < n; i++)
        hcells[1 + i] = app_rand32(&seed) >> 31;

    uint32_t *cells = app_upload<uint32_t>(hcells, 2 * (n + 2) * 4);
    uint32_t *progress = app_upload<uint32_t>(nullptr, nb * stride * 4);
    rule110<<<nb, nt>>>(cells, progress, n, iters, stride);
    CHECK(cudaDeviceSynchronize());
    // Reference: the same generations on the host.
    for (uint32_t g = 0; g < iters; g++) {
        const uint32_t *cur = hcells + (g & 1) * (n + 2);
        uint32_t *nxt = hcells + ((g + 1) & 1) * (n + 2);
        for (uint32_t i = 1; i <= n; i++)
            nxt[i] = (110u >> (cur[i - 1] << 2 | cur[i] << 1 | cur[i + 1])) & 1;
    }
    CHECK(cudaMemcpy(got, cells + (iters & 1) * (n + 2) + 1, n * 4, cudaMemcpyDeviceToHost));
    const uint32_t *want = hcells + (iters & 1) * (n + 2) + 1;
    int bad = 0;
    for (uint32_t i = 0; i < n && !RACEY; i++)
        if (got[i] != want[i]) {
            fprintf(stderr, "r110: cell %u after %u generations is %u, expected %u\n", i, iters,
                    got[i], want[i]);
            bad = 1;
            break;
        }
    printf("r110%s: %u cells, %u generations%s\n", RACEY ? " (racey)" : "", n, iters,
           RACEY ? " (not checked)" : bad ? ", WRONG" : ", right");
    free(hcells);
    free(got);
    return bad;
}
