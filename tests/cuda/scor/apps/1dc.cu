// ScoR application 1dc as a CUDA program: the twin of sw/bench/apps/1dc
// (kernel.c and host.c): one-dimensional convolution with scoped atomics.
//
// y = x * f (full convolution, n + CONV_TAPS - 1 outputs). Thread i of the
// grid owns input x[i] and scatters x[i] * f[j] into y[i + j] for every tap
// j. Block b owns inputs [b*B, b*B + B) and so touches outputs
// [b*B, b*B + B + CONV_TAPS - 1): the first CONV_TAPS - 1 of them are
// shared with block b-1, those from b*B + B on with block b+1. Shared
// outputs take device-scope atomicAdd, the others atomicAdd_block.
//
// RACEY (-DRACEY=1): every output takes atomicAdd_block, also the shared
// ones (race `shared_out`: a block-scope atomic seen from another block).
//
// Launch as scord-scor's: n = 2048 inputs, blocks of one core's every
// thread (warps x lanes), enough blocks for n.
#include "apps.cuh"

#define CONV_TAPS 9u

__global__ void conv1d(const int32_t *x, const int32_t *f, int32_t *y, uint32_t n)
{
    unsigned lo = blockIdx.x * blockDim.x, i = lo + threadIdx.x;
    if (i >= n)
        return;
    int32_t xi = x[i];
    for (unsigned j = 0; j < CONV_TAPS; j++) {
        unsigned o = i + j;
        int32_t v = xi * f[j];
#if RACEY
        atomicAdd_block(&y[o], v); // scor:race shared_out
#else
        // Shared with the previous block (lo > 0) or the next one (hi < n).
        unsigned hi = lo + blockDim.x;
        if ((lo > 0 && o < lo + CONV_TAPS - 1) || (hi < n && o >= hi))
            atomicAdd(&y[o], v);
        else
            atomicAdd_block(&y[o], v);
#endif
    }
}

int main()
{
    app_gpu gpu = app_gpu_shape();
    uint32_t n = 2048, ny = n + CONV_TAPS - 1;
    uint32_t nt = gpu.warps * gpu.threads; // one block per core
    int32_t *hx = (int32_t *)malloc(n * sizeof *hx), *hy = (int32_t *)malloc(ny * sizeof *hy);
    int32_t hf[CONV_TAPS];
    uint32_t seed = 0x1dc0ffeeu;
    for (uint32_t i = 0; i < n; i++)
        hx[i] = (int32_t)(app_rand32(&seed) % 201) - 100;
    for (uint32_t j = 0; j < CONV_TAPS; j++)
        hf[j] = (int32_t)(app_rand32(&seed) % 17) - 8;

    int32_t *x = app_upload<int32_t>(hx, n * 4);
    int32_t *f = app_upload<int32_t>(hf, sizeof hf);
    int32_t *y = app_upload<int32_t>(nullptr, ny * 4);
    conv1d<<<(n + nt - 1) / nt, nt>>>(x, f, y, n);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(hy, y, ny * 4, cudaMemcpyDeviceToHost));
    int bad = 0;
    for (uint32_t o = 0; o < ny && !RACEY; o++) {
        uint32_t want = 0; // unsigned: wraps like the device's 32-bit adds
        for (uint32_t j = 0; j < CONV_TAPS; j++)
            if (o >= j && o - j < n)
                want += (uint32_t)hx[o - j] * (uint32_t)hf[j];
        if ((uint32_t)hy[o] != want) {
            fprintf(stderr, "1dc: y[%u] = %d, expected %d\n", o, hy[o], (int32_t)want);
            bad = 1;
            break;
        }
    }
    printf("1dc%s: %u outputs%s\n", RACEY ? " (racey)" : "", ny,
           RACEY ? " (not checked)" : bad ? ", WRONG" : ", right");
    free(hx);
    free(hy);
    return bad;
}
