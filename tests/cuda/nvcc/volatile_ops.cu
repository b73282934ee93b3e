// expect: clean
// Every form of volatile access in device code (read, assignment,
// compound assignment, increments, through pointers, in shared memory)
// compiles to this GPU's strong accesses and computes what CUDA's would.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int step(volatile int *p)
{
    int old = (*p)++;
    ++*p;
    *p += 10;
    *p -= 2;
    *p <<= 1;
    --(*p);
    return old + p[0];
}

__global__ void ops(volatile int *g, int *out)
{
    __shared__ volatile int s[32];
    s[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    int v = s[(threadIdx.x + 1) % 32];
    if (threadIdx.x == 0) {
        g[0] = 5;
        out[0] = step(g);
        out[1] = g[0];
        out[2] = v;
        volatile int local = 3;
        local *= 7;
        out[3] = local;
        out[4] = (g[1] = 9) + g[1];
    }
}

int main()
{
    int *g, *out, h[5];
    cudaMalloc(&g, 2 * sizeof(int));
    cudaMalloc(&out, sizeof h);
    ops<<<1, 32>>>(g, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    /* g: 5 -> 6 (old 5) -> 7 -> 17 -> 15 -> 30 -> 29; step returns 5 + 29 */
    int want[5] = {34, 29, 1, 21, 18};
    for (int i = 0; i < 5; i++)
        if (h[i] != want[i]) {
            printf("out[%d] = %d, expected %d\n", i, h[i], want[i]);
            return 1;
        }
    printf("volatile ok\n");
    return 0;
}
