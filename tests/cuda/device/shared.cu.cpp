// __shared__ in C++: in a plain function (scord_gpu.h's macro), in
// templates (SCORD_SHARED_BIND, what scord-nvcc rewrites them to, since
// GCC 12 drops the section attribute of a static in a template), at
// namespace scope, and CUDA's dynamic shared memory (`extern __shared__`,
// rewritten to SCORD_EXTERN_SHARED_BIND). Each must be one copy per block
// in the block's shared memory: the addresses lie in the shared window,
// distinct instantiations get distinct storage, and blocks running at
// once do not see each other's values. Run: --grid 4 --block 16 --shared 256.
#include <scord_cuda.h>

#include "check.h"

#define SMEM_BASE 0x40000000u
#define SMEM_END 0x41000000u

__device__ bool in_shared(const void *p)
{
    unsigned a = (unsigned)(uintptr_t)p;
    return a >= SMEM_BASE && a < SMEM_END;
}

__shared__ unsigned ns_words[16]; // namespace scope

// A block reduction in a template: the shared array as the translator
// rewrites `__shared__ T partial[N];`.
template <class T, unsigned N> __device__ T block_sum(T v, const void **where)
{
    typedef T __scord_shty_partial[N];
    SCORD_SHARED_BIND(partial);
    *where = partial;
    unsigned t = threadIdx.x;
    partial[t] = v;
    __syncthreads();
    for (unsigned s = N / 2; s > 0; s /= 2) {
        if (t < s)
            partial[t] += partial[t + s];
        __syncthreads();
    }
    T r = partial[0];
    __syncthreads();
    return r;
}

// Dynamic shared memory, typed two ways as CUDA code does.
template <class T> __device__ T *dyn()
{
    typedef T __scord_shty_d[];
    SCORD_EXTERN_SHARED_BIND(d);
    return d;
}

__device__ unsigned plain_function_shared(unsigned v)
{
    __shared__ unsigned cell[16]; // a plain function: the macro works
    cell[threadIdx.x] = v;
    __syncthreads();
    unsigned r = cell[(threadIdx.x + 1) % 16];
    __syncthreads();
    return r;
}

__global__ void shared_kernel()
{
    const unsigned t = threadIdx.x, b = blockIdx.x;
    const void *pi = nullptr, *pf = nullptr, *pi2 = nullptr;
    // sum over the block of (b*100 + t)
    int si = block_sum<int, 16>((int)(b * 100 + t), &pi);
    float sf = block_sum<float, 16>((float)(b * 100 + t) * 0.5f, &pf);
    long long si2 = block_sum<long long, 16>((long long)(b * 100 + t) << 33, &pi2);
    int want = (int)(16 * b * 100 + 120);
    CHECK_EQ("template int sum", si, want);
    CHECK_EQ("template float sum (x2)", (int)(sf * 2.0f), want);
    CHECK_EQ("template long long sum", si2, (long long)want << 33);
    CHECK_EQ("template int array in shared memory", in_shared(pi), true);
    CHECK_EQ("template float array in shared memory", in_shared(pf), true);
    CHECK_EQ("template long long array in shared memory", in_shared(pi2), true);
    CHECK_EQ("instantiations apart", pi != pf && pi != pi2 && pf != pi2, true);

    // dynamic: this block's bytes, seen as ints and as bytes
    int *di = dyn<int>();
    unsigned char *dc = dyn<unsigned char>();
    CHECK_EQ("dynamic shared address", (unsigned)(uintptr_t)di, (unsigned)(uintptr_t)__scord_dynamic_shared);
    CHECK_EQ("dynamic shared, two types", (const void *)di == (const void *)dc, true);
    CHECK_EQ("dynamic shared in shared memory", in_shared(di), true);
    CHECK_EQ("dynamic shared bytes", __dynamic_shared_bytes(), 256u);
    di[t] = (int)(b * 1000 + t);
    ns_words[t] = b * 7 + t;
    __syncthreads();
    // let the other blocks write theirs meanwhile (all 4 are resident at once)
    __nanosleep(2000);
    __syncthreads();
    CHECK_EQ("dynamic shared is per block", di[(t + 3) % 16], (int)(b * 1000 + (t + 3) % 16));
    CHECK_EQ("dynamic shared as bytes", dc[4 * ((t + 3) % 16)], (unsigned char)((b * 1000 + (t + 3) % 16) & 0xff));
    CHECK_EQ("namespace-scope shared is per block", ns_words[(t + 5) % 16], b * 7 + (t + 5) % 16);
    CHECK_EQ("namespace-scope shared address", in_shared(ns_words), true);
    CHECK_EQ("plain function shared", plain_function_shared(b * 50 + t), b * 50 + (t + 1) % 16);

    if (check_last_block())
        check_report("shared");
}

extern "C" void kernel_main(void *) { shared_kernel(); }
