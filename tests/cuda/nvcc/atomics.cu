// expect: clean
// CUDA's atomics on the types it defines them for, from every thread of
// two blocks, device and block scope; totals checked on the host.
#include <cstdio>
#include <cuda_runtime.h>

struct counters {
    int add_i;
    unsigned add_u;
    float add_f;
    unsigned long long add_ull;
    int max_i;
    int min_i;
    unsigned or_u;
    int exch_i;
    unsigned inc_u;
};

__global__ void count(counters *c)
{
    __shared__ int in_block;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == 0)
        in_block = 0;
    __syncthreads();
    atomicAdd(&c->add_i, 1);
    atomicAdd(&c->add_u, 2u);
    atomicAdd(&c->add_f, 0.5f);
    atomicAdd(&c->add_ull, 1ull << 33);
    atomicMax(&c->max_i, t);
    atomicMin(&c->min_i, -t);
    atomicOr(&c->or_u, 1u << (t % 32));
    atomicExch(&c->exch_i, 7);
    atomicInc(&c->inc_u, 1000u);
    atomicAdd_block(&in_block, 1);
    __syncthreads();
    if (threadIdx.x == 0 && in_block != (int)blockDim.x)
        atomicAdd(&c->add_i, 1000000);
}

int main()
{
    counters h = {}, *d;
    h.min_i = 100;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    count<<<2, 32>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    int bad = 0;
    bad |= h.add_i != 64;
    bad |= h.add_u != 128u;
    bad |= h.add_f != 32.0f;
    bad |= h.add_ull != 64ull << 33;
    bad |= h.max_i != 63;
    bad |= h.min_i != -63;
    bad |= h.or_u != 0xffffffffu;
    bad |= h.exch_i != 7;
    bad |= h.inc_u != 64u;
    printf("add %d %u %g %llu max %d min %d or %x exch %d inc %u\n", h.add_i, h.add_u,
           h.add_f, h.add_ull, h.max_i, h.min_i, h.or_u, h.exch_i, h.inc_u);
    printf(bad ? "atomics WRONG\n" : "atomics ok\n");
    return bad;
}
