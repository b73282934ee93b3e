// ScoR application red as a CUDA program: the twin of sw/bench/apps/red
// (kernel.c and host.c): sum of an array with scoped fences and a ticket
// (ScoRD Fig. 4).
//
// Each thread sums a grid-strided share of `in`. The block then reduces its
// threads' sums as a tree, without a barrier: at level w (w = the largest
// power of two below blockDim.x, halved down to 1) threads [w, 2w) publish
// their sum (volatile store to scratch, __threadfence_block, flag set with
// a block-scope atomic) and threads [0, w) wait for the flag of thread
// t + w (polled with a block-scope atomic) and add its sum (volatile load).
// Thread 0 then stores the block's sum to partial[block] (volatile), makes
// it visible to the device (__threadfence) and takes a ticket (atomicAdd);
// the block that draws the last ticket adds up every partial[] into *total.
//
// RACEY (-DRACEY=1): no fence before the flag (race `flag`: the consumer
// warp's load of a sum another warp stored without a fence), and a block
// fence instead of the device fence before the ticket (race `ticket`: the
// last block's load of another block's partial sum).
//
// Launch as scord-scor's: 16 blocks of one core's every thread, 16 inputs
// per thread.
#include "apps.cuh"

// In the threads with `on` set: *slot = v, [block fence,] *flag |= 1.
__device__ __forceinline__ void publish(int on, volatile uint32_t *slot, uint32_t v, uint32_t *flag)
{
    if (on) {
        *slot = v;
#if !RACEY
        __threadfence_block();
#endif
        atomicOr_block(flag, 1u);
    }
}

// Cycles a poller waits between two polls (a tight poll loop starves the
// publishing warp of the same core of the detector's event port).
#define POLL_BACKOFF 128

// In the threads with `on` set: wait until *flag != 0 (polled with a
// block-scope atomic OR of 0), then return *slot; 0 in the others.
__device__ __forceinline__ uint32_t take(int on, uint32_t *flag, const volatile uint32_t *slot)
{
    uint32_t v = 0;
    if (on) {
        while (atomicOr_block(flag, 0u) == 0u) {
            unsigned t0 = (unsigned)clock();
            while ((unsigned)clock() - t0 < POLL_BACKOFF)
                ;
        }
        v = *slot;
    }
    return v;
}

__global__ void reduce(const uint32_t *in, uint32_t *scratch, uint32_t *ready,
                       volatile uint32_t *partial, uint32_t *ticket, volatile uint32_t *total,
                       uint32_t n)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, b = blockIdx.x, nb = gridDim.x;
    uint32_t *s = scratch + b * nt, *flags = ready + b * nt;

    uint32_t sum = 0;
    for (unsigned i = b * nt + tid; i < n; i += nb * nt)
        sum += in[i];

    // Level w: threads [w, 2w) publish their sum, threads [0, w) add the
    // sum of thread t + w.
    unsigned top = 1;
    while (2 * top < nt)
        top <<= 1;
    for (unsigned w = top; w > 0; w >>= 1) {
        publish((tid >= w) & (tid < 2 * w), &s[tid], sum, &flags[tid]); // scor:race flag
        sum += take((tid < w) & (tid + w < nt), &flags[tid + w], &s[tid + w]); // scor:race flag
    }

    if (tid == 0) {
        partial[b] = sum; // scor:race ticket
#if RACEY
        __threadfence_block();
#else
        __threadfence();
#endif
        if (atomicAdd(ticket, 1u) == nb - 1) {
            uint32_t t = 0;
            for (unsigned k = 0; k < nb; k++)
                t += partial[k]; // scor:race ticket
            *total = t;
        }
    }
}

int main()
{
    app_gpu gpu = app_gpu_shape();
    uint32_t nb = 16, per_thread = 16;
    uint32_t nt = gpu.warps * gpu.threads; // one block per core
    uint32_t n = nb * nt * per_thread;
    uint32_t *hin = (uint32_t *)malloc(n * sizeof *hin);
    uint32_t seed = 0x5eed0ed1u, want = 0;
    for (uint32_t i = 0; i < n; i++)
        want += hin[i] = app_rand32(&seed) >> 8;

    uint32_t *in = app_upload<uint32_t>(hin, n * 4);
    uint32_t *scratch = app_upload<uint32_t>(nullptr, nb * nt * 4);
    uint32_t *ready = app_upload<uint32_t>(nullptr, nb * nt * 4);
    uint32_t *partial = app_upload<uint32_t>(nullptr, nb * 4);
    uint32_t *ticket = app_upload<uint32_t>(nullptr, 4);
    uint32_t *total = app_upload<uint32_t>(nullptr, 4);
    reduce<<<nb, nt>>>(in, scratch, ready, partial, ticket, total, n);
    CHECK(cudaDeviceSynchronize());
    uint32_t got;
    CHECK(cudaMemcpy(&got, total, 4, cudaMemcpyDeviceToHost));
    int bad = !RACEY && got != want;
    printf("red%s: total 0x%08x, expected 0x%08x%s\n", RACEY ? " (racey)" : "", got, want,
           RACEY ? " (not checked)" : bad ? ", WRONG" : ", right");
    free(hin);
    return bad;
}
