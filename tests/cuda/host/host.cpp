// The host side of the CUDA runtime's test (run.sh), written as the code
// scord-nvcc generates would call the runtime, without the translator: the
// kernel image (kernel.c, built by scord-cc) is read from a file and
// registered, and each launch pushes its configuration and passes its
// packed argument block, as a kernel's host stub does.
//
//   host KERNEL.elf CASE    runs one case; prints "ok CASE" at its end
//
// A failed check prints "CHECK FAILED" with the line and exits 90.
#include <cuda_runtime.h>
#include <scord_cuda_host.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(cond, ...)                                                                 \
    do {                                                                                 \
        if (!(cond)) {                                                                   \
            fflush(stdout);                                                              \
            fprintf(stderr, "CHECK FAILED %s:%d: %s: ", __FILE__, __LINE__, #cond);      \
            fprintf(stderr, __VA_ARGS__);                                                \
            fputc('\n', stderr);                                                         \
            exit(90);                                                                    \
        }                                                                                \
    } while (0)
#define EXPECT(call, code)                                                               \
    do {                                                                                 \
        cudaError_t e_ = (call);                                                         \
        CHECK(e_ == (code), "got %s (%d), expected %s", cudaGetErrorName(e_), (int)e_,   \
              cudaGetErrorName(code));                                                   \
    } while (0)
#define OK(call) EXPECT(call, cudaSuccess)

// kernel.c's dispatcher indexes and argument blocks (device pointers are
// 32-bit addresses).
enum { K_VECADD, K_FAULT, K_RACE, K_PRINTF, K_ENDLESS, K_SYMBOL, K_DYNSHARED, K_MISALIGNED };
struct vecadd_args {
    uint32_t kernel, a, b, c, n;
};
struct ptr_args {
    uint32_t kernel, p;
};

// The host shadow of kernel.c's `int table[4]`.
static int table_shadow[4];
static int not_registered;

static uint32_t dev(const void *p) { return (uint32_t)(uintptr_t)p; }

static cudaError_t launch(const char *name, dim3 grid, dim3 block, size_t shmem,
                          cudaStream_t stream, const void *args, size_t len)
{
    __scordCudaPushCallConfiguration(grid, block, shmem, stream);
    return __scordCudaLaunch(name, args, len);
}

static cudaError_t launch_ptr(const char *name, uint32_t kernel, dim3 grid, dim3 block,
                              const void *p)
{
    ptr_args a = {kernel, dev(p)};
    return launch(name, grid, block, 0, 0, &a, sizeof a);
}

static int threads_per_block()
{
    cudaDeviceProp prop;
    OK(cudaGetDeviceProperties(&prop, 0));
    return prop.maxThreadsPerBlock;
}

// c = a + b on n ints, checked.
static void vecadd_ok(int n)
{
    int *ha = new int[n], *hb = new int[n], *hc = new int[n];
    for (int i = 0; i < n; i++) {
        ha[i] = i;
        hb[i] = 1000 * i;
    }
    int *da, *db, *dc;
    OK(cudaMalloc(&da, n * sizeof(int)));
    OK(cudaMalloc(&db, n * sizeof(int)));
    OK(cudaMalloc(&dc, n * sizeof(int)));
    OK(cudaMemcpy(da, ha, n * sizeof(int), cudaMemcpyHostToDevice));
    OK(cudaMemcpy(db, hb, n * sizeof(int), cudaMemcpyHostToDevice));
    OK(cudaMemset(dc, 0xff, n * sizeof(int)));
    int tpb = threads_per_block();
    vecadd_args va = {K_VECADD, dev(da), dev(db), dev(dc), (uint32_t)n};
    OK(launch("vecadd", dim3((n + tpb - 1) / tpb), dim3(tpb), 0, 0, &va, sizeof va));
    OK(cudaMemcpy(hc, dc, n * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++)
        CHECK(hc[i] == 1001 * i, "c[%d] = %d", i, hc[i]);
    OK(cudaFree(da));
    OK(cudaFree(db));
    OK(cudaFree(dc));
    delete[] ha;
    delete[] hb;
    delete[] hc;
}

static void case_basic()
{
    int count = 0, d = -1;
    OK(cudaGetDeviceCount(&count));
    CHECK(count == 1, "%d devices", count);
    OK(cudaSetDevice(0));
    OK(cudaGetDevice(&d));
    CHECK(d == 0, "device %d", d);
    cudaDeviceProp prop;
    OK(cudaGetDeviceProperties(&prop, 0));
    CHECK(!strncmp(prop.name, "scord ", 6), "name '%s'", prop.name);
    CHECK(prop.warpSize > 0 && prop.maxThreadsPerBlock >= prop.warpSize &&
              prop.multiProcessorCount > 0 && prop.totalGlobalMem > 0 &&
              prop.sharedMemPerBlock > 0 && prop.clockRate > 0 && prop.maxGridSize[0] > 0,
          "properties");
    printf("device: %s, %d cores, warp %d, %d threads per block, %d kHz\n", prop.name,
           prop.multiProcessorCount, prop.warpSize, prop.maxThreadsPerBlock, prop.clockRate);

    // A launch between two events: device time passes.
    cudaEvent_t start, stop;
    OK(cudaEventCreate(&start));
    OK(cudaEventCreate(&stop));
    OK(cudaEventRecord(start, 0));
    vecadd_ok(100);
    OK(cudaEventRecord(stop));
    OK(cudaEventSynchronize(stop));
    OK(cudaEventQuery(stop));
    float ms = -1;
    OK(cudaEventElapsedTime(&ms, start, stop));
    CHECK(ms > 0 && ms < 1000, "%f ms", (double)ms);
    OK(cudaEventDestroy(start));
    OK(cudaEventDestroy(stop));

    // Everything freed: the allocator starts over at the same address.
    void *p1, *p2, *p3;
    OK(cudaMalloc(&p1, 100));
    OK(cudaFree(p1));
    OK(cudaMalloc(&p2, 100));
    CHECK(p2 == p1, "%p then %p", p1, p2);
    // A freed block is reused, split to the size asked.
    OK(cudaMalloc(&p3, 4096));
    OK(cudaFree(p2));
    void *p4;
    OK(cudaMalloc(&p4, 32));
    CHECK(p4 == p1, "%p reused as %p", p1, p4);
    OK(cudaMalloc(&p1, 0));
    CHECK(p1 == NULL, "0 bytes gave %p", p1);
    OK(cudaFree(NULL));

    // Device to device, default kind, async on stream 0, memset.
    int h[64], back[64];
    for (int i = 0; i < 64; i++)
        h[i] = i * 7;
    OK(cudaMemcpyAsync(p3, h, sizeof h, cudaMemcpyHostToDevice, 0));
    OK(cudaMemcpy((char *)p3 + 1024, p3, sizeof h, cudaMemcpyDeviceToDevice));
    OK(cudaMemcpy(back, (char *)p3 + 1024, sizeof h, cudaMemcpyDefault));
    CHECK(!memcmp(h, back, sizeof h), "device to device");
    OK(cudaMemsetAsync(p3, 0x5a, 8, cudaStreamPerThread));
    OK(cudaMemcpy(back, p3, 8, cudaMemcpyDeviceToHost));
    CHECK(back[0] == 0x5a5a5a5a && back[1] == 0x5a5a5a5a, "memset %x", back[0]);
    int hh[4] = {1, 2, 3, 4}, hh2[4];
    OK(cudaMemcpy(hh2, hh, sizeof hh, cudaMemcpyDefault)); // host to host
    CHECK(!memcmp(hh, hh2, sizeof hh), "host to host");

    // __device__ variables: initial value, copies both ways, address.
    int t[4];
    OK(cudaMemcpyFromSymbol(t, table_shadow, sizeof t));
    CHECK(t[0] == 10 && t[3] == 40, "initial table %d %d", t[0], t[3]);
    int in[4] = {1, 2, 3, 4};
    OK(cudaMemcpyToSymbol(table_shadow, in, sizeof in));
    OK(launch_ptr("symbol", K_SYMBOL, 1, 1, p3));
    OK(cudaMemcpy(t, p3, sizeof t, cudaMemcpyDeviceToHost));
    CHECK(t[0] == 2 && t[1] == 4 && t[2] == 6 && t[3] == 8, "out %d %d %d %d", t[0], t[1], t[2],
          t[3]);
    OK(cudaMemcpyFromSymbol(t, table_shadow, 2 * sizeof(int), 2 * sizeof(int)));
    CHECK(t[0] == 4 && t[1] == 5, "table[2..3] %d %d", t[0], t[1]);
    void *taddr;
    size_t tsize = 0;
    OK(cudaGetSymbolAddress(&taddr, table_shadow));
    OK(cudaGetSymbolSize(&tsize, table_shadow));
    CHECK(tsize == sizeof table_shadow, "size %zu", tsize);
    OK(cudaMemcpy(t, taddr, sizeof t, cudaMemcpyDeviceToHost));
    CHECK(t[0] == 2 && t[3] == 5, "through the address %d %d", t[0], t[3]);

    // Dynamic shared memory: blockDim ints of it.
    int tpb = threads_per_block();
    ptr_args ds = {K_DYNSHARED, dev(p3)};
    OK(launch("dynshared", 1, tpb, tpb * sizeof(int), 0, &ds, sizeof ds));
    int *got = new int[tpb];
    OK(cudaMemcpy(got, p3, tpb * sizeof(int), cudaMemcpyDeviceToHost));
    for (int i = 0; i < tpb; i++)
        CHECK(got[i] == ((i + 1) % tpb) * 3, "slot %d: %d", i, got[i]);
    delete[] got;

    int *hp;
    OK(cudaMallocHost(&hp, 16));
    hp[3] = 1;
    OK(cudaFreeHost(hp));
    OK(cudaFree(p3));
    OK(cudaFree(p4));
    OK(cudaDeviceSynchronize());
    OK(cudaGetLastError());
}

static void case_errors()
{
    int h[16] = {0};
    void *p;
    OK(cudaMalloc(&p, 64));
    // Pointers that are not device memory, or not all of it.
    EXPECT(cudaFree((void *)0x12345), cudaErrorInvalidValue);
    EXPECT(cudaGetLastError(), cudaErrorInvalidValue);
    EXPECT(cudaGetLastError(), cudaSuccess);
    EXPECT(cudaFree((char *)p + 4), cudaErrorInvalidValue);
    EXPECT(cudaPeekAtLastError(), cudaErrorInvalidValue);
    EXPECT(cudaPeekAtLastError(), cudaErrorInvalidValue);
    EXPECT(cudaGetLastError(), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy((void *)0x7ff000, h, 16, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(p, h, 65, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(h, (char *)p + 60, 8, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
    EXPECT(cudaMemcpy(h, p, 16, cudaMemcpyHostToDevice), cudaErrorInvalidValue); // h as device
    EXPECT(cudaMemcpy(p, h, 16, (cudaMemcpyKind)7), cudaErrorInvalidMemcpyDirection);
    EXPECT(cudaMemset((char *)p + 32, 0, 64), cudaErrorInvalidValue);
    EXPECT(cudaMemcpyToSymbol(not_registered, h, 4), cudaErrorInvalidSymbol);
    EXPECT(cudaMemcpyToSymbol(table_shadow, h, 20), cudaErrorInvalidValue);
    EXPECT(cudaMemcpyToSymbol(table_shadow, h, 4, 0, cudaMemcpyDeviceToHost),
           cudaErrorInvalidMemcpyDirection);
    EXPECT(cudaFree(p), cudaSuccess);
    EXPECT(cudaFree(p), cudaErrorInvalidValue); // twice

    // Launches the device refuses: not sticky, the next call succeeds.
    OK(cudaMalloc(&p, 64));
    int tpb = threads_per_block();
    ptr_args pa = {K_SYMBOL, dev(p)};
    EXPECT(launch("too_big", 1, 2 * tpb, 0, 0, &pa, sizeof pa), cudaErrorInvalidConfiguration);
    EXPECT(cudaGetLastError(), cudaErrorInvalidConfiguration);
    OK(cudaDeviceSynchronize());
    EXPECT(launch("no_threads", dim3(1), dim3(0), 0, 0, &pa, sizeof pa),
           cudaErrorInvalidConfiguration);
    EXPECT(launch("shared", 1, 1, 1u << 30, 0, &pa, sizeof pa), cudaErrorInvalidConfiguration);
    EXPECT(launch("stream", 1, 1, 0, (cudaStream_t)0x1234, &pa, sizeof pa),
           cudaErrorInvalidValue);
    EXPECT(__scordCudaLaunch("unconfigured", &pa, sizeof pa), cudaErrorMissingConfiguration);
    OK(cudaGetLastError() == cudaErrorMissingConfiguration ? cudaSuccess : cudaErrorUnknown);

    // Devices, streams, events, limits.
    cudaDeviceProp prop;
    EXPECT(cudaSetDevice(1), cudaErrorInvalidDevice);
    EXPECT(cudaGetDeviceProperties(&prop, 3), cudaErrorInvalidDevice);
    cudaStream_t s;
    EXPECT(cudaStreamCreate(&s), cudaErrorNotSupported);
    OK(cudaStreamSynchronize(0));
    OK(cudaStreamQuery(0));
    cudaEvent_t e1, e2;
    float ms;
    OK(cudaEventCreate(&e1));
    OK(cudaEventCreateWithFlags(&e2, cudaEventDisableTiming));
    EXPECT(cudaEventElapsedTime(&ms, e1, e2), cudaErrorInvalidResourceHandle); // unrecorded
    OK(cudaEventDestroy(e1));
    EXPECT(cudaEventDestroy(e1), cudaErrorInvalidResourceHandle);
    EXPECT(cudaEventRecord(e1), cudaErrorInvalidResourceHandle);
    OK(cudaEventDestroy(e2));
    size_t v = 0;
    OK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize));
    CHECK(v > 0, "printf buffer %zu", v);
    OK(cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 4096));
    OK(cudaDeviceGetLimit(&v, cudaLimitPrintfFifoSize));
    CHECK(v == 4096, "printf buffer %zu", v);
    EXPECT(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 1 << 20), cudaErrorUnsupportedLimit);
    EXPECT(cudaGetLastError(), cudaErrorUnsupportedLimit);
    int ver = 0;
    OK(cudaRuntimeGetVersion(&ver));
    CHECK(ver == CUDART_VERSION, "version %d", ver);

    // CUDA's names and texts.
    CHECK(!strcmp(cudaGetErrorString(cudaErrorIllegalAddress),
                  "an illegal memory access was encountered"), "text");
    CHECK(!strcmp(cudaGetErrorName(cudaErrorInvalidConfiguration),
                  "cudaErrorInvalidConfiguration"), "name");
    CHECK(!strcmp(cudaGetErrorString(cudaSuccess), "no error"), "success text");
    CHECK(!strcmp(cudaGetErrorName((cudaError_t)12345), "unrecognized error code"), "unknown");
    CHECK(cudaErrorLaunchFailure == 719 && cudaErrorIllegalAddress == 700 &&
              cudaErrorInvalidConfiguration == 9 && cudaErrorLaunchTimeout == 702,
          "CUDA's values");

    // After all that, the device still works.
    OK(cudaFree(p));
    vecadd_ok(40);
    OK(cudaGetLastError());
}

// A kernel fault: reported at the next synchronizing call, sticky until
// cudaDeviceReset; then the program goes on.
static void case_fault()
{
    void *buf;
    OK(cudaMalloc(&buf, 64));
    OK(launch_ptr("fault", K_FAULT, 1, 1, NULL)); // the launch itself succeeds
    EXPECT(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
    EXPECT(cudaGetLastError(), cudaErrorIllegalAddress);
    EXPECT(cudaGetLastError(), cudaErrorIllegalAddress); // sticky
    EXPECT(cudaMalloc(&buf, 64), cudaErrorIllegalAddress);
    EXPECT(cudaMemcpy(&buf, buf, 4, cudaMemcpyDeviceToHost), cudaErrorIllegalAddress);
    OK(cudaDeviceReset());
    OK(cudaGetLastError());
    vecadd_ok(50);

    OK(cudaMalloc(&buf, 64));
    OK(launch_ptr("misaligned", K_MISALIGNED, 1, 1, buf));
    int h;
    EXPECT(cudaMemcpy(&h, buf, 4, cudaMemcpyDeviceToHost), cudaErrorMisalignedAddress);
    OK(cudaDeviceReset());
    // __device__ variables are back to their initial values after a reset.
    int t[4];
    OK(cudaMemcpyFromSymbol(t, table_shadow, sizeof t));
    CHECK(t[0] == 10, "table after reset %d", t[0]);
    vecadd_ok(20);
    printf("continued after the faults\n");
}

static void case_race()
{
    int *x;
    OK(cudaMalloc(&x, sizeof(int)));
    OK(cudaMemset(x, 0, sizeof(int)));
    OK(launch_ptr("race", K_RACE, 2, 1, x));
    OK(cudaDeviceSynchronize());
    int h = -1;
    OK(cudaMemcpy(&h, x, sizeof h, cudaMemcpyDeviceToHost));
    CHECK(h == 1 || h == 2, "x = %d", h);
}

// Launched, never waited for: the exit still runs it and reports it.
static void case_pending()
{
    int *x;
    OK(cudaMalloc(&x, sizeof(int)));
    OK(cudaMemset(x, 0, sizeof(int)));
    OK(launch_ptr("race", K_RACE, 2, 1, x));
}

static void case_printf()
{
    printf("before the kernel\n");
    OK(launch_ptr("hello", K_PRINTF, 2, 2, NULL));
    OK(cudaDeviceSynchronize());
    printf("after the kernel\n");
}

static void case_timeout()
{
    int *flag;
    OK(cudaMalloc(&flag, sizeof(int)));
    OK(cudaMemset(flag, 0, sizeof(int)));
    OK(launch_ptr("endless", K_ENDLESS, 1, 1, flag));
    EXPECT(cudaDeviceSynchronize(), cudaErrorLaunchTimeout);
    EXPECT(cudaGetLastError(), cudaErrorLaunchTimeout);
    OK(cudaDeviceReset());
    vecadd_ok(10);
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: %s KERNEL.elf CASE\n", argv[0]);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    CHECK(f, "cannot open %s", argv[1]);
    static unsigned char image[1 << 20];
    size_t len = fread(image, 1, sizeof image, f);
    fclose(f);
    CHECK(len > 0 && len < sizeof image, "%s: %zu bytes", argv[1], len);
    __scordCudaRegisterImage(image, len, "kernel.c");
    __scordCudaRegisterVar(table_shadow, "table", sizeof table_shadow);

    const char *c = argv[2];
    if (!strcmp(c, "basic"))
        case_basic();
    else if (!strcmp(c, "errors"))
        case_errors();
    else if (!strcmp(c, "fault"))
        case_fault();
    else if (!strcmp(c, "race"))
        case_race();
    else if (!strcmp(c, "pending"))
        case_pending();
    else if (!strcmp(c, "printf"))
        case_printf();
    else if (!strcmp(c, "timeout"))
        case_timeout();
    else {
        fprintf(stderr, "unknown case '%s'\n", c);
        return 2;
    }
    printf("ok %s\n", c);
    return 0;
}
