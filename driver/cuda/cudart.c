/* The CUDA runtime of scord: cuda_runtime.h and scord_cuda_host.h on
 * libscord (scord.h), so that the host code of a CUDA program, rewritten
 * by scord-nvcc and compiled by the system's compiler, runs its kernels on
 * the GPU (the cycle model linked into libscord, or a board) with the race
 * detector armed for every launch.
 *
 * Environment, read when the device opens (the first call that needs it):
 *
 *   SCORD_DEVICE           libscord's device URI (scord_open); default "sim",
 *                          the cycle model inside libscord.a, of the
 *                          configuration the program was linked against
 *   SCORD_DETECT_MODE      full (the default, as `scord run`), cache, sparse
 *                          or off (no detector)
 *   SCORD_CUDA_TIMEOUT_MS  wall-clock limit of one launch, default 600000
 *                          (10 minutes of simulation), 0 for none
 *   SCORD_CUDA_VERBOSE     set and not "0": every failing call says why on
 *                          stderr (libscord's detail), as CUDA never does
 *   SCORD_CHECK_EXITCODE   N (1..255): when the program ends and races were
 *                          found, exit with N (`scord check --error-exitcode`);
 *                          0 or unset: the program's own status
 *   SCORD_SARIF            FILE: at the end, every race of the program as a
 *                          SARIF 2.1.0 log (`scord check --sarif FILE`), as
 *                          `scord run --sarif` writes one (driver/cli/sarif.c)
 *
 * The model, and why:
 *
 * - One device, one stream. A launch returns at once and the kernel runs
 *   when a later call waits for it: any call that touches the device (a
 *   copy, a memset, another launch, cudaFree, an event record, a
 *   synchronize) waits first, which is the default stream's order. The
 *   cycle model only advances while libscord waits, so a query waits too
 *   rather than answer "not ready" forever.
 * - The wait is where the launch is reported, as CUDA reports a kernel's
 *   errors at the next synchronizing call: its printf output on stdout,
 *   then its fault (stderr; the error is sticky until cudaDeviceReset, as
 *   CUDA's), then its races on stderr in `scord run`'s format
 *   (scord_race_format, with both accesses' source lines from the image's
 *   DWARF). At exit the race summary line follows, as `scord run` ends.
 * - Device pointers are device addresses; a table of allocations checks
 *   every pointer before libscord sees it, and reuses freed blocks
 *   (libscord's allocator only grows, and shrinks all at once).
 * - Time (events) is the GPU's cycles over the launches, at the device's
 *   clock: the board's as it reports it, and for the cycle model the
 *   ULX3S board's 45 MHz (fpga/boards/ulx3s/board.mk), the clock this GPU
 *   is built to run at.
 *
 * One mutex serialises the calls (CUDA's runtime is thread safe); the last
 * error and the pending launch configurations are per host thread, as in
 * CUDA. */
#define _POSIX_C_SOURCE 200809L
#include "scord_cuda_host.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sarif.h" /* scord run's SARIF writer (driver/cli), linked into the runtime */
#include "scord.h"
#include "scord_defs.h"

#define PROG "scord-cuda"
#define DEFAULT_TIMEOUT_MS 600000u
/* The cycle model has no clock of its own: the board's default is the
 * one its cycles would take on hardware. */
#define NOMINAL_CLOCK_KHZ 45000u
/* CUDA's limit on __constant__ data, which code sizes its tables by; here
 * constants are plain device memory. */
#define CONST_MEM_BYTES 65536u
#define MAX_PENDING_CONFIGS 8

struct alloc {
    uint32_t addr, size; /* line-aligned block of device memory */
    bool live;           /* false: freed, kept for reuse */
};

struct var {
    const void *shadow;    /* the host object cudaMemcpyToSymbol is given */
    const char *name;      /* its symbol in the image */
    size_t size;           /* registered (host) size */
    uint32_t addr, dev_size; /* from the image when the device opens; addr 0: absent */
};

struct CUevent_st {
    uint64_t cycles; /* device time when recorded */
    bool recorded;
};

struct launch_config {
    dim3 grid, block;
    size_t shmem;
    cudaStream_t stream;
};

static struct runtime {
    pthread_mutex_t lock;
    /* Registered by the program's constructors, before main. */
    const void *image;
    size_t image_len;
    const char *source, *other_source; /* other_source: a second image's */
    struct var *vars;
    size_t nvars, vars_cap;
    bool exit_hooked;
    /* The device, opened at the first call that needs it. */
    scord_device *dev;
    scord_kernel *kernel;
    cudaError_t init_error; /* why it could not be opened: every call fails so */
    struct scord_info info;
    struct scord_properties props;
    struct scord_detector_config det;
    char uri[256];
    unsigned timeout_ms;
    uint32_t clock_khz;
    struct alloc *allocs; /* sorted by address */
    size_t nallocs, allocs_cap, nlive;
    /* The launch not yet waited for. */
    bool running;
    char kernel_name[128];
    cudaError_t sticky; /* a kernel's fault: every call returns it until a reset */
    /* Over the whole program. */
    uint64_t cycles;
    struct scord_race_tally tally;
    struct scord_race *kept; /* every race, for SCORD_SARIF */
    size_t nkept, kept_cap;
    bool checked; /* a launch with the detector armed was waited for */
    bool exiting;
    struct CUevent_st **events;
    size_t nevents, events_cap;
} rt = {.lock = PTHREAD_MUTEX_INITIALIZER};

static _Thread_local cudaError_t last_error;
static _Thread_local const char *api; /* the API function running: messages name it */
static _Thread_local struct launch_config configs[MAX_PENDING_CONFIGS];
static _Thread_local int nconfigs;

/* ---- error codes and messages -------------------------------------------- */

static const struct {
    cudaError_t code;
    const char *name, *text;
} errors[] = {
    {cudaSuccess, "cudaSuccess", "no error"},
    {cudaErrorInvalidValue, "cudaErrorInvalidValue", "invalid argument"},
    {cudaErrorMemoryAllocation, "cudaErrorMemoryAllocation", "out of memory"},
    {cudaErrorInitializationError, "cudaErrorInitializationError", "initialization error"},
    {cudaErrorCudartUnloading, "cudaErrorCudartUnloading", "driver shutting down"},
    {cudaErrorInvalidConfiguration, "cudaErrorInvalidConfiguration",
     "invalid configuration argument"},
    {cudaErrorInvalidSymbol, "cudaErrorInvalidSymbol", "invalid device symbol"},
    {cudaErrorInvalidHostPointer, "cudaErrorInvalidHostPointer", "invalid host pointer"},
    {cudaErrorInvalidDevicePointer, "cudaErrorInvalidDevicePointer", "invalid device pointer"},
    {cudaErrorInvalidMemcpyDirection, "cudaErrorInvalidMemcpyDirection",
     "invalid copy direction for memcpy"},
    {cudaErrorMissingConfiguration, "cudaErrorMissingConfiguration",
     "__global__ function call is not configured"},
    {cudaErrorInvalidDeviceFunction, "cudaErrorInvalidDeviceFunction", "invalid device function"},
    {cudaErrorNoDevice, "cudaErrorNoDevice", "no CUDA-capable device is detected"},
    {cudaErrorInvalidDevice, "cudaErrorInvalidDevice", "invalid device ordinal"},
    {cudaErrorInvalidKernelImage, "cudaErrorInvalidKernelImage", "device kernel image is invalid"},
    {cudaErrorNoKernelImageForDevice, "cudaErrorNoKernelImageForDevice",
     "no kernel image is available for execution on the device"},
    {cudaErrorUnsupportedLimit, "cudaErrorUnsupportedLimit",
     "limit is not supported on this architecture"},
    {cudaErrorInvalidResourceHandle, "cudaErrorInvalidResourceHandle", "invalid resource handle"},
    {cudaErrorSymbolNotFound, "cudaErrorSymbolNotFound", "named symbol not found"},
    {cudaErrorNotReady, "cudaErrorNotReady", "device not ready"},
    {cudaErrorIllegalAddress, "cudaErrorIllegalAddress",
     "an illegal memory access was encountered"},
    {cudaErrorLaunchOutOfResources, "cudaErrorLaunchOutOfResources",
     "too many resources requested for launch"},
    {cudaErrorLaunchTimeout, "cudaErrorLaunchTimeout", "the launch timed out and was terminated"},
    {cudaErrorAssert, "cudaErrorAssert", "device-side assert triggered"},
    {cudaErrorIllegalInstruction, "cudaErrorIllegalInstruction",
     "an illegal instruction was encountered"},
    {cudaErrorMisalignedAddress, "cudaErrorMisalignedAddress", "misaligned address"},
    {cudaErrorInvalidPc, "cudaErrorInvalidPc", "invalid program counter"},
    {cudaErrorLaunchFailure, "cudaErrorLaunchFailure", "unspecified launch failure"},
    {cudaErrorNotSupported, "cudaErrorNotSupported", "operation not supported"},
    {cudaErrorUnknown, "cudaErrorUnknown", "unknown error"},
};

const char *cudaGetErrorName(cudaError_t error)
{
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
        if (errors[i].code == error)
            return errors[i].name;
    return "unrecognized error code";
}

const char *cudaGetErrorString(cudaError_t error)
{
    for (size_t i = 0; i < sizeof errors / sizeof errors[0]; i++)
        if (errors[i].code == error)
            return errors[i].text;
    return "unrecognized error code";
}

static bool verbose(void)
{
    static int v = -1; /* read once: the environment does not change under us */
    if (v < 0) {
        const char *s = getenv("SCORD_CUDA_VERBOSE");
        v = s && *s && strcmp(s, "0") != 0;
    }
    return v;
}

/* A message the user must see whatever the settings: a kernel's fault, a
 * device that cannot open, what this runtime does not support. stdout
 * first, so the program's own output stays before it. */
__attribute__((format(printf, 1, 2))) static void say(const char *fmt, ...)
{
    fflush(stdout);
    va_list ap;
    va_start(ap, fmt);
    fputs(PROG ": ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* A call's failure: e, and why on stderr with SCORD_CUDA_VERBOSE (CUDA
 * itself only returns the code). */
__attribute__((format(printf, 2, 3))) static cudaError_t fail(cudaError_t e, const char *fmt, ...)
{
    if (verbose()) {
        fflush(stdout);
        va_list ap;
        va_start(ap, fmt);
        fprintf(stderr, PROG ": %s: %s: ", api ? api : "?", cudaGetErrorName(e));
        vfprintf(stderr, fmt, ap);
        fputc('\n', stderr);
        va_end(ap);
    }
    return e;
}

static const char *detail(int rc)
{
    const char *d = scord_last_error_detail(rt.dev);
    return *d ? d : scord_strerror(rc);
}

/* libscord's errors of the memory calls as CUDA's. */
static cudaError_t from_scord(int rc)
{
    switch (rc) {
    case SCORD_OK: return cudaSuccess;
    case SCORD_ERR_INVALID_ARG:
    case SCORD_ERR_RANGE: return cudaErrorInvalidValue;
    case SCORD_ERR_NO_MEM: return cudaErrorMemoryAllocation;
    case SCORD_ERR_NO_DEVICE: return cudaErrorNoDevice;
    case SCORD_ERR_ELF: return cudaErrorInvalidKernelImage;
    case SCORD_ERR_TIMEOUT: return cudaErrorLaunchTimeout;
    case SCORD_ERR_LAUNCH: return cudaErrorInvalidConfiguration;
    case SCORD_ERR_BUSY: return cudaErrorNotReady;
    case SCORD_ERR_NOT_SUPPORTED: return cudaErrorNotSupported;
    default: return cudaErrorUnknown; /* IO: the link to the device failed */
    }
}

static void begin(const char *name)
{
    pthread_mutex_lock(&rt.lock);
    api = name;
}

/* Every API function ends here: the error becomes this thread's last one
 * (not "not ready", which is an answer, not a failure). */
static cudaError_t end(cudaError_t e)
{
    if (e != cudaSuccess && e != cudaErrorNotReady)
        last_error = e;
    api = NULL;
    pthread_mutex_unlock(&rt.lock);
    return e;
}
#define BEGIN() begin(__func__)

cudaError_t cudaGetLastError(void)
{
    cudaError_t e = last_error;
    last_error = cudaSuccess;
    /* A sticky error outlives the reset: it is the device's state. */
    pthread_mutex_lock(&rt.lock);
    if (e == cudaSuccess)
        e = rt.sticky;
    pthread_mutex_unlock(&rt.lock);
    return e;
}

cudaError_t cudaPeekAtLastError(void)
{
    cudaError_t e = last_error;
    pthread_mutex_lock(&rt.lock);
    if (e == cudaSuccess)
        e = rt.sticky;
    pthread_mutex_unlock(&rt.lock);
    return e;
}

/* ---- the device: opening, closing, the exit ------------------------------- */

static void at_exit(void);

static void hook_exit(void)
{
    if (!rt.exit_hooked)
        rt.exit_hooked = atexit(at_exit) == 0;
}

static bool parse_uint(const char *s, unsigned long max, unsigned long *out)
{
    if (!s || !(*s >= '0' && *s <= '9'))
        return false;
    char *e;
    unsigned long v = strtoul(s, &e, 10);
    if (*e || v > max)
        return false;
    *out = v;
    return true;
}

/* The environment's settings; false (after a message) for a bad one. */
static bool read_settings(void)
{
    const char *uri = getenv("SCORD_DEVICE");
    snprintf(rt.uri, sizeof rt.uri, "%s", uri && *uri ? uri : "sim");
    /* `scord run`'s default: full mode, 4-byte granules, 256 records. */
    rt.det = (struct scord_detector_config){1, 0, 4, SCORD_DETECTOR_DEFAULT_RING};
    const char *mode = getenv("SCORD_DETECT_MODE");
    if (mode && *mode && strcmp(mode, "full") != 0) {
        if (strcmp(mode, "cache") == 0) {
            rt.det.cache_mode = 1;
        } else if (strcmp(mode, "sparse") == 0) {
            rt.det.cache_mode = 2;
        } else if (strcmp(mode, "off") == 0) {
            rt.det.enable = 0;
        } else {
            say("SCORD_DETECT_MODE='%s': expected full, cache, sparse or off", mode);
            return false;
        }
    }
    const char *t = getenv("SCORD_CUDA_TIMEOUT_MS");
    unsigned long ms = DEFAULT_TIMEOUT_MS;
    if (t && *t && !parse_uint(t, UINT_MAX, &ms)) {
        say("SCORD_CUDA_TIMEOUT_MS='%s': expected milliseconds (0: no limit)", t);
        return false;
    }
    rt.timeout_ms = (unsigned)ms;
    return true;
}

/* The board says its clock in its description ("clock 45.000 MHz"); the
 * cycle model has none. */
static uint32_t device_clock_khz(void)
{
    char line[512];
    if (scord_describe(rt.dev, line, sizeof line) == SCORD_OK) {
        const char *c = strstr(line, "clock ");
        unsigned mhz, frac;
        if (c && sscanf(c, "clock %u.%3u MHz", &mhz, &frac) == 2 && mhz && mhz < 4000)
            return mhz * 1000u + frac;
    }
    return NOMINAL_CLOCK_KHZ;
}

static void resolve_var(struct var *v)
{
    scord_addr a = 0;
    uint32_t size = 0;
    if (rt.kernel && scord_kernel_symbol_info(rt.kernel, v->name, &a, &size) == SCORD_OK) {
        v->addr = a;
        v->dev_size = size;
    } else {
        v->addr = v->dev_size = 0;
    }
}

static void close_device(void)
{
    scord_kernel_free(rt.kernel);
    scord_close(rt.dev);
    rt.kernel = NULL;
    rt.dev = NULL;
    rt.running = false;
    rt.nallocs = rt.nlive = 0;
}

static cudaError_t open_now(void)
{
    hook_exit();
    if (!read_settings())
        return cudaErrorInitializationError;
    /* The image holds every kernel, and loading one resets the device's
     * allocator: two images cannot take turns. */
    if (rt.other_source) {
        say("kernel images of %s and %s are both registered: a program may have only one",
            rt.source, rt.other_source);
        return cudaErrorInvalidKernelImage;
    }
    int rc = scord_open(&rt.dev, rt.uri);
    if (rc) {
        const char *d = scord_last_error_detail(NULL);
        say("cannot open device '%s': %s", rt.uri, *d ? d : scord_strerror(rc));
        rt.dev = NULL;
        return cudaErrorNoDevice;
    }
    scord_get_info(rt.dev, &rt.info);
    scord_get_properties(rt.dev, &rt.props);
    if (rt.image && (rc = scord_load_kernel_image(rt.dev, rt.image, rt.image_len, &rt.kernel))) {
        say("%s: kernel image: %s", rt.source, detail(rc));
        close_device();
        return cudaErrorInvalidKernelImage;
    }
    /* Before any allocation: with the detector the heap stays inside the
     * window it can track. */
    if ((rc = scord_detector_configure(rt.dev, &rt.det))) {
        say("race detector: %s%s", detail(rc),
            rc == SCORD_ERR_NO_MEM ? " (try SCORD_DETECT_MODE=cache)" : "");
        close_device();
        return cudaErrorInitializationError;
    }
    for (size_t i = 0; i < rt.nvars; i++)
        resolve_var(&rt.vars[i]);
    rt.clock_khz = device_clock_khz();
    return cudaSuccess;
}

static cudaError_t open_device(void)
{
    if (rt.dev)
        return cudaSuccess;
    if (rt.init_error == cudaSuccess)
        rt.init_error = open_now();
    return rt.init_error;
}

static cudaError_t finish_launch(void);

/* The device for a call: opened if need be, its sticky error returned;
 * with wait, the launch in flight waited for first (its errors are then
 * this call's, as CUDA reports them at the next synchronizing call). */
static cudaError_t use_device(bool wait)
{
    if (rt.exiting)
        return fail(cudaErrorCudartUnloading, "the program is exiting");
    cudaError_t e = open_device();
    if (e)
        return e;
    if (rt.sticky)
        return fail(rt.sticky, "an earlier kernel failed; cudaDeviceReset clears it");
    if (wait && rt.running)
        return finish_launch();
    return cudaSuccess;
}

/* ---- the end of a launch: fault, printf, races ----------------------------- */

static cudaError_t fault_error(uint32_t cause)
{
    switch (cause) {
    case SCORD_FAULT_ILLEGAL: return cudaErrorIllegalInstruction;
    case SCORD_FAULT_MISALIGNED: return cudaErrorMisalignedAddress;
    case SCORD_FAULT_BOUNDS:
    case SCORD_FAULT_SMEM: return cudaErrorIllegalAddress;
    case SCORD_FAULT_FETCH: return cudaErrorInvalidPc;
    /* ecall/ebreak: only a deliberate stop (assert, trap) executes one */
    case SCORD_FAULT_ECALL: return cudaErrorAssert;
    default: return cudaErrorLaunchFailure;
    }
}

static cudaError_t report_fault(void)
{
    struct scord_fault f;
    memset(&f, 0, sizeof f);
    scord_get_fault(rt.dev, &f);
    cudaError_t e = fault_error(f.cause);
    char where[320] = "";
    struct scord_srcloc loc;
    if (rt.kernel && scord_kernel_addr2line(rt.kernel, f.pc, &loc) == SCORD_OK && loc.line) {
        /* The file's base name, as the race reports give it. */
        const char *slash = strrchr(loc.file, '/');
        snprintf(where, sizeof where, " (%s:%u, in %s)", slash ? slash + 1 : loc.file,
                 (unsigned)loc.line, loc.function);
    }
    say("kernel '%s' faulted: %s (cause %u) at pc 0x%08x%s, address 0x%08x%s, core %u warp %u "
        "lane %u: %s, sticky until cudaDeviceReset",
        rt.kernel_name, scord_fault_name(f.cause), (unsigned)f.cause, (unsigned)f.pc, where,
        (unsigned)f.addr,
        f.cause == SCORD_FAULT_BOUNDS && f.addr < SCORD_MEM_GUARD ? " (null page)" : "",
        (unsigned)f.core, (unsigned)f.warp, (unsigned)f.lane, cudaGetErrorName(e));
    return e;
}

/* The kernel's printf output on stdout, as the kernel wrote it (CUDA adds
 * nothing to a line); what could not be printed on stderr. */
static void print_printf(void)
{
    struct scord_printf_line lines[64];
    struct scord_printf_info info;
    size_t n;
    do {
        int rc = scord_printf_drain(rt.dev, lines, sizeof lines / sizeof lines[0], &n, &info);
        if (rc) {
            say("kernel '%s': printf output: %s", rt.kernel_name, detail(rc));
            return;
        }
        for (size_t i = 0; i < n; i++) {
            const struct scord_printf_line *l = &lines[i];
            if (!l->error) {
                fputs(l->text, stdout);
                fputc('\n', stdout);
            } else if (l->has_thread) {
                say("kernel '%s': printf error in block (%u,%u,%u) thread (%u,%u,%u): %s",
                    rt.kernel_name, (unsigned)l->block_idx.x, (unsigned)l->block_idx.y,
                    (unsigned)l->block_idx.z, (unsigned)l->thread_idx.x,
                    (unsigned)l->thread_idx.y, (unsigned)l->thread_idx.z, l->text);
            } else {
                say("kernel '%s': printf error: %s", rt.kernel_name, l->text);
            }
        }
    } while (info.remaining);
    if (info.lost)
        say("kernel '%s': printf buffer full: %u line%s lost (%u printed; a buffer of %u bytes: "
            "cudaDeviceSetLimit(cudaLimitPrintfFifoSize, ...) makes it larger)",
            rt.kernel_name, (unsigned)info.lost, info.lost == 1 ? "" : "s",
            (unsigned)info.records, (unsigned)info.buffer_bytes);
    fflush(stdout);
}

static void print_race(const struct scord_race *r)
{
    char small[2048];
    int len = scord_race_format(rt.kernel, r, small, sizeof small);
    if (len < 0)
        return;
    if ((size_t)len < sizeof small) {
        fputs(small, stderr);
        return;
    }
    char *big = malloc((size_t)len + 1);
    if (big && scord_race_format(rt.kernel, r, big, (size_t)len + 1) >= 0)
        fputs(big, stderr);
    free(big);
}

/* With SCORD_SARIF set, the races are also kept for the log written at
 * the end (all launches of one image: the log's one run). */
static void keep_races(const struct scord_race *races, size_t n)
{
    const char *path = getenv("SCORD_SARIF");
    if (!path || !*path || !n)
        return;
    if (rt.nkept + n > rt.kept_cap) {
        size_t cap = rt.kept_cap ? 2 * rt.kept_cap : 64;
        while (cap < rt.nkept + n)
            cap *= 2;
        struct scord_race *k = realloc(rt.kept, cap * sizeof *k);
        if (!k) {
            say("out of host memory: races left out of the SARIF log");
            return;
        }
        rt.kept = k;
        rt.kept_cap = cap;
    }
    memcpy(rt.kept + rt.nkept, races, n * sizeof *races);
    rt.nkept += n;
}

/* The SARIF log of SCORD_SARIF, while the image is still loaded (source
 * lines); written even without races, as `scord run --sarif` does. */
static void write_sarif(void)
{
    const char *path = getenv("SCORD_SARIF");
    if (!path || !*path || !rt.checked)
        return;
    FILE *f = strcmp(path, "-") ? fopen(path, "w") : stdout;
    if (!f) {
        say("cannot write the SARIF log '%s': %s", path, strerror(errno));
        return;
    }
    struct sarif_run run = {
        .tool_version = "cuda",
        .kernel = rt.source,
        .kernel_finished = !rt.sticky,
        .dropped = (uint32_t)(rt.tally.dropped > UINT32_MAX ? UINT32_MAX : rt.tally.dropped),
    };
    int rc = sarif_write(f, rt.kernel, rt.kept, rt.nkept, &run);
    if ((f != stdout && fclose(f)) || rc)
        say("writing the SARIF log '%s' failed: %s", path, strerror(errno));
}

/* Every race of the launch out of the ring, printed as `scord run` prints
 * them (to stderr: stdout is the program's), counted for the summary. */
static void report_races(void)
{
    if (!rt.det.enable)
        return;
    rt.checked = true;
    size_t chunk = rt.det.ring_records ? rt.det.ring_records : SCORD_DETECTOR_DEFAULT_RING;
    struct scord_race *races = malloc(chunk * sizeof *races);
    if (!races) {
        say("out of host memory for the race reports of kernel '%s'", rt.kernel_name);
        return;
    }
    struct scord_ring_info info;
    memset(&info, 0, sizeof info);
    uint32_t invalid = 0;
    fflush(stdout);
    /* A ring's worth per drain; a board streams records while the kernel
     * runs and may hold more, so drain until nothing is left. */
    for (;;) {
        size_t got = 0;
        int rc = scord_ring_drain(rt.dev, races, chunk, &got, &info);
        if (rc) {
            say("kernel '%s': reading the race ring: %s", rt.kernel_name, detail(rc));
            free(races);
            return;
        }
        for (size_t i = 0; i < got; i++)
            print_race(&races[i]);
        keep_races(races, got);
        scord_race_tally_add(&rt.tally, races, got, 0);
        invalid += info.invalid;
        if (!info.remaining || (!got && !info.invalid))
            break;
    }
    free(races);
    scord_race_tally_add(&rt.tally, NULL, 0, info.drops); /* the launch's, once */
    if (invalid)
        say("warning: %u malformed race records skipped", (unsigned)invalid);
    if (info.remaining)
        say("warning: %u race records left in the ring", (unsigned)info.remaining);
    if (info.status & SCORD_DET_STATUS_INTRUSION)
        say("warning: kernel '%s' wrote into the race detector's metadata or ring: the metadata "
            "can no longer be trusted, nor the reports of this launch",
            rt.kernel_name);
}

/* Wait for the launch in flight and report it. */
static cudaError_t finish_launch(void)
{
    int rc = scord_wait(rt.dev, rt.timeout_ms);
    rt.running = false;
    struct scord_counters c;
    if (scord_read_counters(rt.dev, &c) == SCORD_OK)
        rt.cycles += c.cycles;
    cudaError_t e = cudaSuccess;
    switch (rc) {
    case SCORD_OK:
        break;
    case SCORD_ERR_KERNEL_FAULT:
        e = rt.sticky = report_fault();
        break;
    case SCORD_ERR_TIMEOUT:
        say("kernel '%s' timed out (SCORD_CUDA_TIMEOUT_MS=%u): %s", rt.kernel_name,
            rt.timeout_ms, detail(rc));
        e = rt.sticky = cudaErrorLaunchTimeout;
        break;
    case SCORD_ERR_LAUNCH: /* the GPU refused what the library let through */
        e = fail(cudaErrorInvalidConfiguration, "kernel '%s': %s", rt.kernel_name, detail(rc));
        break;
    default:
        say("kernel '%s': %s", rt.kernel_name, detail(rc));
        e = rt.sticky = cudaErrorLaunchFailure;
        break;
    }
    print_printf();
    report_races();
    return e;
}

static void at_exit(void)
{
    pthread_mutex_lock(&rt.lock);
    api = "exit";
    /* A launch never waited for still runs to its end, and is reported. */
    if (rt.dev && rt.running && !rt.sticky)
        finish_launch();
    rt.exiting = true;
    if (rt.checked) {
        char line[256];
        if (scord_race_summary_format(&rt.tally, line, sizeof line) > 0) {
            fflush(stdout);
            fputs(line, stderr);
        }
    }
    write_sarif();
    /* Closing ends a waveform trace properly (SCORD_DEVICE=sim:trace=...). */
    if (rt.dev)
        close_device();
    bool races = rt.tally.races || rt.tally.distinct;
    pthread_mutex_unlock(&rt.lock);
    const char *s = getenv("SCORD_CHECK_EXITCODE");
    unsigned long code;
    if (s && *s && !parse_uint(s, 255, &code)) {
        say("SCORD_CHECK_EXITCODE='%s' ignored: expected 0 to 255", s);
    } else if (s && *s && races && code) {
        /* 0 leaves the program's own status (`scord check
         * --error-exitcode 0`). The other exit handlers and destructors
         * are skipped: flush what the program wrote, as exit would. */
        fflush(NULL);
        _exit((int)code);
    }
}

/* ---- registration (from the program's constructors) ---------------------- */

void __scordCudaRegisterImage(const void *elf, size_t len, const char *source)
{
    pthread_mutex_lock(&rt.lock);
    if (!rt.image || rt.image == elf) {
        rt.image = elf;
        rt.image_len = len;
        rt.source = source ? source : "?";
    } else if (!rt.other_source) {
        rt.other_source = source ? source : "?";
    }
    /* Hooked this early, the summary comes after every exit handler the
     * program registers later. */
    hook_exit();
    pthread_mutex_unlock(&rt.lock);
}

void __scordCudaRegisterVar(const void *host_shadow, const char *device_name, size_t size)
{
    pthread_mutex_lock(&rt.lock);
    if (host_shadow && device_name) {
        if (rt.nvars == rt.vars_cap) {
            size_t cap = rt.vars_cap ? 2 * rt.vars_cap : 16;
            struct var *nv = realloc(rt.vars, cap * sizeof *nv);
            if (!nv) {
                say("out of host memory registering variable '%s'", device_name);
                pthread_mutex_unlock(&rt.lock);
                return;
            }
            rt.vars = nv;
            rt.vars_cap = cap;
        }
        struct var *v = &rt.vars[rt.nvars++];
        *v = (struct var){host_shadow, device_name, size, 0, 0};
        if (rt.kernel)
            resolve_var(v);
    }
    pthread_mutex_unlock(&rt.lock);
}

/* ---- device memory ---------------------------------------------------------- */

/* Index of the first allocation whose end lies above addr. */
static size_t alloc_search(uint32_t addr)
{
    size_t lo = 0, hi = rt.nallocs;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((uint64_t)rt.allocs[mid].addr + rt.allocs[mid].size <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static uint32_t var_size(const struct var *v)
{
    uint64_t s = v->size ? v->size : v->dev_size;
    if (v->dev_size && v->dev_size < s)
        s = v->dev_size;
    return s > UINT32_MAX ? UINT32_MAX : (uint32_t)s;
}

/* Whether [p, p+n) (n >= 1) is device memory this program may use: inside
 * one live allocation or one __device__ variable of the image. */
static bool device_range(const void *p, size_t n, uint32_t *addr)
{
    uintptr_t a = (uintptr_t)p;
    if (!rt.dev || a > UINT32_MAX || n > UINT32_MAX)
        return false;
    uint64_t end = (uint64_t)a + n;
    size_t i = alloc_search((uint32_t)a);
    if (i < rt.nallocs && rt.allocs[i].live && rt.allocs[i].addr <= a &&
        end <= (uint64_t)rt.allocs[i].addr + rt.allocs[i].size) {
        *addr = (uint32_t)a;
        return true;
    }
    for (size_t k = 0; k < rt.nvars; k++) {
        const struct var *v = &rt.vars[k];
        if (v->addr && v->addr <= a && end <= (uint64_t)v->addr + var_size(v)) {
            *addr = (uint32_t)a;
            return true;
        }
    }
    return false;
}

static bool is_device(const void *p)
{
    uint32_t a;
    return device_range(p, 1, &a);
}

static bool alloc_insert(size_t at, struct alloc a)
{
    if (rt.nallocs == rt.allocs_cap) {
        size_t cap = rt.allocs_cap ? 2 * rt.allocs_cap : 64;
        struct alloc *na = realloc(rt.allocs, cap * sizeof *na);
        if (!na)
            return false;
        rt.allocs = na;
        rt.allocs_cap = cap;
    }
    memmove(rt.allocs + at + 1, rt.allocs + at, (rt.nallocs - at) * sizeof *rt.allocs);
    rt.allocs[at] = a;
    rt.nallocs++;
    return true;
}

static cudaError_t heap_alloc(size_t size, uint32_t *addr)
{
    uint32_t line = rt.info.line_bytes ? rt.info.line_bytes : 32;
    if (size > UINT32_MAX - line)
        return fail(cudaErrorMemoryAllocation, "%zu bytes: more than device memory", size);
    uint32_t need = (uint32_t)((size + line - 1) / line * line);
    /* A freed block first (the smallest that fits), split to size. */
    size_t best = SIZE_MAX;
    for (size_t i = 0; i < rt.nallocs; i++)
        if (!rt.allocs[i].live && rt.allocs[i].size >= need &&
            (best == SIZE_MAX || rt.allocs[i].size < rt.allocs[best].size))
            best = i;
    if (best != SIZE_MAX) {
        struct alloc *b = &rt.allocs[best];
        if (b->size - need >= line) {
            struct alloc rest = {b->addr + need, b->size - need, false};
            if (!alloc_insert(best + 1, rest))
                return fail(cudaErrorMemoryAllocation, "out of host memory");
            b = &rt.allocs[best];
            b->size = need;
        }
        b->live = true;
        rt.nlive++;
        *addr = b->addr;
        return cudaSuccess;
    }
    scord_addr a;
    int rc = scord_malloc(rt.dev, need, &a);
    if (rc == SCORD_ERR_NO_MEM && rt.det.enable) {
        /* The detector's window limits the heap (2 MiB of the default 16
         * MiB in full mode): not what a CUDA programmer expects. */
        say("cudaMalloc of %zu bytes: %s (SCORD_DETECT_MODE=cache tracks a larger heap)", size,
            detail(rc));
        return cudaErrorMemoryAllocation;
    }
    if (rc)
        return fail(from_scord(rc), "%zu bytes: %s", size, detail(rc));
    if (!alloc_insert(alloc_search(a), (struct alloc){a, need, true}))
        return fail(cudaErrorMemoryAllocation, "out of host memory");
    rt.nlive++;
    *addr = a;
    return cudaSuccess;
}

static cudaError_t heap_free(uintptr_t p)
{
    size_t i = p <= UINT32_MAX ? alloc_search((uint32_t)p) : rt.nallocs;
    if (i >= rt.nallocs || rt.allocs[i].addr != p || !rt.allocs[i].live)
        return fail(cudaErrorInvalidValue,
                    "%p is not an address cudaMalloc returned, or was freed already", (void *)p);
    rt.allocs[i].live = false;
    rt.nlive--;
    if (!rt.nlive) {
        /* Everything is free: libscord's allocator starts over. */
        scord_free_all(rt.dev);
        rt.nallocs = 0;
        return cudaSuccess;
    }
    /* Merge with free neighbours that touch it (arguments of a running
     * launch may have sat between two blocks). */
    if (i + 1 < rt.nallocs && !rt.allocs[i + 1].live &&
        rt.allocs[i].addr + rt.allocs[i].size == rt.allocs[i + 1].addr) {
        rt.allocs[i].size += rt.allocs[i + 1].size;
        memmove(rt.allocs + i + 1, rt.allocs + i + 2, (rt.nallocs - i - 2) * sizeof *rt.allocs);
        rt.nallocs--;
    }
    if (i > 0 && !rt.allocs[i - 1].live &&
        rt.allocs[i - 1].addr + rt.allocs[i - 1].size == rt.allocs[i].addr) {
        rt.allocs[i - 1].size += rt.allocs[i].size;
        memmove(rt.allocs + i, rt.allocs + i + 1, (rt.nallocs - i - 1) * sizeof *rt.allocs);
        rt.nallocs--;
    }
    return cudaSuccess;
}

cudaError_t cudaMalloc(void **devPtr, size_t size)
{
    BEGIN();
    if (!devPtr)
        return end(fail(cudaErrorInvalidValue, "devPtr is NULL"));
    cudaError_t e = use_device(false);
    if (e)
        return end(e);
    if (size == 0) {
        *devPtr = NULL;
        return end(cudaSuccess);
    }
    uint32_t a = 0;
    if ((e = heap_alloc(size, &a)))
        return end(e);
    *devPtr = (void *)(uintptr_t)a;
    return end(cudaSuccess);
}

cudaError_t cudaFree(void *devPtr)
{
    BEGIN();
    /* CUDA's cudaFree waits for the device; cudaFree(0) is the usual way
     * to open it early. */
    cudaError_t e = use_device(true);
    if (e || !devPtr)
        return end(e);
    return end(heap_free((uintptr_t)devPtr));
}

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
    BEGIN();
    if (!ptr)
        return end(fail(cudaErrorInvalidValue, "ptr is NULL"));
    *ptr = malloc(size ? size : 1);
    return end(*ptr ? cudaSuccess : fail(cudaErrorMemoryAllocation, "%zu bytes", size));
}

cudaError_t cudaHostAlloc(void **ptr, size_t size, unsigned int flags)
{
    (void)flags; /* host memory is host memory: nothing to pin or map */
    return cudaMallocHost(ptr, size);
}

cudaError_t cudaFreeHost(void *ptr)
{
    free(ptr);
    return cudaSuccess;
}

static cudaError_t bad_range(const char *what, const void *p, size_t n)
{
    return fail(cudaErrorInvalidValue,
                "%s %p (+%zu bytes) is not inside one cudaMalloc block or __device__ variable",
                what, p, n);
}

/* A copy of n bytes, the device waited for already. */
static cudaError_t copy(void *dst, const void *src, size_t n, enum cudaMemcpyKind kind)
{
    if (kind == cudaMemcpyDefault)
        kind = is_device(dst) ? (is_device(src) ? cudaMemcpyDeviceToDevice : cudaMemcpyHostToDevice)
                              : (is_device(src) ? cudaMemcpyDeviceToHost : cudaMemcpyHostToHost);
    if ((unsigned)kind > cudaMemcpyDeviceToDevice)
        return fail(cudaErrorInvalidMemcpyDirection, "kind %d", (int)kind);
    if (!n)
        return cudaSuccess;
    if (!dst || !src)
        return fail(cudaErrorInvalidValue, "NULL %s", dst ? "source" : "destination");
    bool dst_dev = kind == cudaMemcpyHostToDevice || kind == cudaMemcpyDeviceToDevice;
    bool src_dev = kind == cudaMemcpyDeviceToHost || kind == cudaMemcpyDeviceToDevice;
    uint32_t da = 0, sa = 0;
    if (dst_dev && !device_range(dst, n, &da))
        return bad_range("destination", dst, n);
    if (src_dev && !device_range(src, n, &sa))
        return bad_range("source", src, n);
    /* A device address taken for host memory would be dereferenced here:
     * refuse it rather than crash. */
    if (!dst_dev && is_device(dst))
        return fail(cudaErrorInvalidValue, "destination %p is device memory, the kind says host",
                    dst);
    if (!src_dev && is_device(src))
        return fail(cudaErrorInvalidValue, "source %p is device memory, the kind says host", src);
    int rc = SCORD_OK;
    switch (kind) {
    case cudaMemcpyHostToHost:
        memmove(dst, src, n);
        break;
    case cudaMemcpyHostToDevice:
        rc = scord_memcpy_htod(rt.dev, da, src, n);
        break;
    case cudaMemcpyDeviceToHost:
        rc = scord_memcpy_dtoh(rt.dev, dst, sa, n);
        break;
    default: {
        /* Through the host, whole, so overlapping ranges copy as memmove. */
        void *tmp = malloc(n);
        if (!tmp)
            return fail(cudaErrorMemoryAllocation, "out of host memory for %zu bytes", n);
        rc = scord_memcpy_dtoh(rt.dev, tmp, sa, n);
        if (!rc)
            rc = scord_memcpy_htod(rt.dev, da, tmp, n);
        free(tmp);
        break;
    }
    }
    return rc ? fail(from_scord(rc), "%s", detail(rc)) : cudaSuccess;
}

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind)
{
    BEGIN();
    cudaError_t e = use_device(true);
    return end(e ? e : copy(dst, src, count, kind));
}

static cudaError_t check_stream(cudaStream_t s)
{
    uintptr_t v = (uintptr_t)s;
    if (v == 0 || v == (uintptr_t)cudaStreamLegacy || v == (uintptr_t)cudaStreamPerThread)
        return cudaSuccess;
    say("%s: stream %p: only the default stream (0) is supported", api ? api : "?", (void *)s);
    return cudaErrorInvalidValue;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind,
                            cudaStream_t stream)
{
    BEGIN();
    cudaError_t e = check_stream(stream);
    if (!e)
        e = use_device(true);
    return end(e ? e : copy(dst, src, count, kind));
}

static cudaError_t set(void *p, int value, size_t n)
{
    uint32_t a;
    if (!n)
        return cudaSuccess;
    if (!device_range(p, n, &a))
        return bad_range("memory", p, n);
    int rc = scord_memset(rt.dev, a, value, n);
    return rc ? fail(from_scord(rc), "%s", detail(rc)) : cudaSuccess;
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
    BEGIN();
    cudaError_t e = use_device(true);
    return end(e ? e : set(devPtr, value, count));
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count, cudaStream_t stream)
{
    BEGIN();
    cudaError_t e = check_stream(stream);
    if (!e)
        e = use_device(true);
    return end(e ? e : set(devPtr, value, count));
}

/* ---- __device__ and __constant__ variables -------------------------------- */

/* The device address of bytes [offset, offset+count) of the variable whose
 * host shadow is symbol. */
static cudaError_t symbol_range(const void *symbol, size_t offset, size_t count, uint32_t *addr,
                                uint32_t *size)
{
    const struct var *v = NULL;
    for (size_t i = 0; i < rt.nvars && !v; i++)
        if (rt.vars[i].shadow == symbol)
            v = &rt.vars[i];
    if (!v)
        return fail(cudaErrorInvalidSymbol,
                    "%p is not a registered __device__ or __constant__ variable", symbol);
    if (!v->addr) {
        say("%s: variable '%s' is not in the kernel image%s", api ? api : "?", v->name,
            rt.kernel ? "" : " (no image registered)");
        return cudaErrorInvalidSymbol;
    }
    uint32_t s = var_size(v);
    if (offset > s || count > s - offset)
        return fail(cudaErrorInvalidValue, "%zu bytes at offset %zu of '%s', which has %u", count,
                    offset, v->name, (unsigned)s);
    *addr = v->addr + (uint32_t)offset;
    if (size)
        *size = s;
    return cudaSuccess;
}

static cudaError_t to_symbol(const void *symbol, const void *src, size_t count, size_t offset,
                             enum cudaMemcpyKind kind)
{
    if (kind != cudaMemcpyHostToDevice && kind != cudaMemcpyDeviceToDevice &&
        kind != cudaMemcpyDefault)
        return fail(cudaErrorInvalidMemcpyDirection, "kind %d into a symbol", (int)kind);
    uint32_t a;
    cudaError_t e = symbol_range(symbol, offset, count, &a, NULL);
    return e ? e : copy((void *)(uintptr_t)a, src, count, kind);
}

static cudaError_t from_symbol(void *dst, const void *symbol, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
    if (kind != cudaMemcpyDeviceToHost && kind != cudaMemcpyDeviceToDevice &&
        kind != cudaMemcpyDefault)
        return fail(cudaErrorInvalidMemcpyDirection, "kind %d out of a symbol", (int)kind);
    uint32_t a;
    cudaError_t e = symbol_range(symbol, offset, count, &a, NULL);
    return e ? e : copy(dst, (const void *)(uintptr_t)a, count, kind);
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
                               enum cudaMemcpyKind kind)
{
    BEGIN();
    cudaError_t e = use_device(true);
    return end(e ? e : to_symbol(symbol, src, count, offset, kind));
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
                                 enum cudaMemcpyKind kind)
{
    BEGIN();
    cudaError_t e = use_device(true);
    return end(e ? e : from_symbol(dst, symbol, count, offset, kind));
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
                                    size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream)
{
    BEGIN();
    cudaError_t e = check_stream(stream);
    if (!e)
        e = use_device(true);
    return end(e ? e : to_symbol(symbol, src, count, offset, kind));
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
                                      enum cudaMemcpyKind kind, cudaStream_t stream)
{
    BEGIN();
    cudaError_t e = check_stream(stream);
    if (!e)
        e = use_device(true);
    return end(e ? e : from_symbol(dst, symbol, count, offset, kind));
}

cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol)
{
    BEGIN();
    if (!devPtr)
        return end(fail(cudaErrorInvalidValue, "devPtr is NULL"));
    uint32_t a = 0;
    cudaError_t e = use_device(false);
    if (!e)
        e = symbol_range(symbol, 0, 0, &a, NULL);
    if (!e)
        *devPtr = (void *)(uintptr_t)a;
    return end(e);
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
    BEGIN();
    if (!size)
        return end(fail(cudaErrorInvalidValue, "size is NULL"));
    uint32_t a = 0, s = 0;
    cudaError_t e = use_device(false);
    if (!e)
        e = symbol_range(symbol, 0, 0, &a, &s);
    if (!e)
        *size = s;
    return end(e);
}

/* ---- launches ----------------------------------------------------------------- */

int __scordCudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem, cudaStream_t stream)
{
    if (nconfigs == MAX_PENDING_CONFIGS)
        return 1;
    configs[nconfigs++] = (struct launch_config){grid, block, shmem, stream};
    return 0;
}

cudaError_t __scordCudaLaunch(const char *kernel_name, const void *args, size_t args_len)
{
    begin("launch"); /* what the program wrote was k<<<...>>>(...) */
    const char *name = kernel_name ? kernel_name : "?";
    if (!nconfigs)
        return end(fail(cudaErrorMissingConfiguration, "kernel '%s' launched without <<<...>>>",
                        name));
    struct launch_config c = configs[--nconfigs];
    cudaError_t e = check_stream(c.stream);
    if (!e)
        e = use_device(true);
    if (e)
        return end(e);
    if (!rt.kernel) {
        say("kernel '%s': no kernel image is registered (__scordCudaRegisterImage)", name);
        return end(cudaErrorNoKernelImageForDevice);
    }
    if (args_len && !args)
        return end(fail(cudaErrorInvalidValue, "kernel '%s': %zu bytes of arguments at NULL",
                        name, args_len));
    if (c.shmem > UINT32_MAX)
        return end(fail(cudaErrorInvalidConfiguration, "kernel '%s': %zu bytes of shared memory",
                        name, c.shmem));
    struct scord_dim3 g = {c.grid.x, c.grid.y, c.grid.z}, b = {c.block.x, c.block.y, c.block.z};
    int rc = scord_launch_shared(rt.dev, rt.kernel, g, b, (uint32_t)c.shmem, args, args_len);
    switch (rc) {
    case SCORD_OK:
        rt.running = true;
        snprintf(rt.kernel_name, sizeof rt.kernel_name, "%s", name);
        return end(cudaSuccess);
    case SCORD_ERR_LAUNCH: /* past the device's limits: the detail names each */
        return end(fail(cudaErrorInvalidConfiguration, "kernel '%s' <<<(%u,%u,%u), (%u,%u,%u), "
                        "%zu>>>: %s", name, (unsigned)g.x, (unsigned)g.y, (unsigned)g.z,
                        (unsigned)b.x, (unsigned)b.y, (unsigned)b.z, c.shmem, detail(rc)));
    case SCORD_ERR_NO_MEM: /* arguments, printf buffer or detector window */
        say("kernel '%s': %s", name, detail(rc));
        return end(cudaErrorLaunchOutOfResources);
    case SCORD_ERR_INVALID_ARG:
        return end(fail(cudaErrorInvalidValue, "kernel '%s': %s", name, detail(rc)));
    default:
        say("kernel '%s': launch failed: %s", name, detail(rc));
        rt.sticky = cudaErrorLaunchFailure;
        return end(cudaErrorLaunchFailure);
    }
}

/* ---- device management ---------------------------------------------------------- */

cudaError_t cudaGetDeviceCount(int *count)
{
    BEGIN();
    if (!count)
        return end(fail(cudaErrorInvalidValue, "count is NULL"));
    cudaError_t e = rt.exiting ? cudaErrorCudartUnloading : open_device();
    *count = rt.dev ? 1 : 0;
    return end(e);
}

cudaError_t cudaSetDevice(int device)
{
    BEGIN();
    if (device != 0)
        return end(fail(cudaErrorInvalidDevice, "device %d: there is one, 0", device));
    return end(use_device(false));
}

cudaError_t cudaGetDevice(int *device)
{
    BEGIN();
    if (!device)
        return end(fail(cudaErrorInvalidValue, "device is NULL"));
    *device = 0;
    return end(cudaSuccess);
}

static int clamp_int(uint64_t v) { return v > INT_MAX ? INT_MAX : (int)v; }

cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device)
{
    BEGIN();
    if (!prop)
        return end(fail(cudaErrorInvalidValue, "prop is NULL"));
    if (device != 0)
        return end(fail(cudaErrorInvalidDevice, "device %d: there is one, 0", device));
    cudaError_t e = rt.exiting ? cudaErrorCudartUnloading : open_device();
    if (e)
        return end(e);
    const struct scord_properties *p = &rt.props;
    memset(prop, 0, sizeof *prop);
    size_t scheme = strcspn(rt.uri, ":");
    snprintf(prop->name, sizeof prop->name, "scord %s (%.*s)", p->config ? p->config : "?",
             (int)scheme, rt.uri);
    prop->totalGlobalMem = p->mem_bytes;
    prop->sharedMemPerBlock = p->smem_per_block;
    prop->regsPerBlock = clamp_int((uint64_t)p->regs_per_thread * p->max_threads_per_block);
    prop->warpSize = clamp_int(p->warp_size);
    prop->memPitch = p->mem_bytes;
    prop->maxThreadsPerBlock = clamp_int(p->max_threads_per_block);
    for (int i = 0; i < 3; i++) {
        prop->maxThreadsDim[i] = clamp_int(p->max_block_dim[i]);
        prop->maxGridSize[i] = clamp_int(p->max_grid_dim[i]);
    }
    prop->clockRate = clamp_int(rt.clock_khz);
    prop->totalConstMem = CONST_MEM_BYTES;
    /* Compute capability 7.0: the warp-synchronous functions (__shfl_*_sync,
     * __syncwarp) and 64-bit atomics code checks for are there. */
    prop->major = 7;
    prop->minor = 0;
    prop->textureAlignment = p->line_bytes;
    prop->multiProcessorCount = clamp_int(p->cores);
    prop->kernelExecTimeoutEnabled = rt.timeout_ms != 0;
    prop->memoryClockRate = clamp_int(rt.clock_khz);
    prop->memoryBusWidth = 32;
    prop->l2CacheSize = clamp_int(p->l2_bytes);
    prop->maxThreadsPerMultiProcessor = clamp_int(p->max_threads_per_core);
    prop->sharedMemPerMultiprocessor = p->smem_per_core;
    prop->regsPerMultiprocessor = clamp_int((uint64_t)p->regs_per_thread * p->max_threads_per_core);
    prop->sharedMemPerBlockOptin = p->smem_per_block;
    prop->maxBlocksPerMultiProcessor = clamp_int(p->max_blocks_per_core);
    prop->localMemPerThread = p->stack_bytes;
    return end(cudaSuccess);
}

cudaError_t cudaDeviceSynchronize(void)
{
    BEGIN();
    return end(use_device(true));
}

cudaError_t cudaThreadSynchronize(void)
{
    BEGIN();
    return end(use_device(true));
}

cudaError_t cudaDeviceReset(void)
{
    BEGIN();
    if (rt.exiting)
        return end(fail(cudaErrorCudartUnloading, "the program is exiting"));
    if (rt.dev) {
        /* Its races are still this program's: reported before closing. A
         * faulted kernel was waited for already. */
        if (rt.running)
            finish_launch();
        close_device();
    }
    rt.sticky = cudaSuccess;
    rt.init_error = cudaSuccess;
    last_error = cudaSuccess;
    return end(cudaSuccess);
}

cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value)
{
    BEGIN();
    cudaError_t e = use_device(true);
    if (e)
        return end(e);
    switch (limit) {
    case cudaLimitPrintfFifoSize: {
        if (value < SCORD_PRINTF_MIN_BUFFER || value > rt.info.mem_bytes)
            return end(fail(cudaErrorInvalidValue, "printf buffer of %zu bytes: %u to %u", value,
                            SCORD_PRINTF_MIN_BUFFER, (unsigned)rt.info.mem_bytes));
        int rc = scord_printf_set_buffer(rt.dev, (uint32_t)value);
        return end(rc ? fail(from_scord(rc), "%s", detail(rc)) : cudaSuccess);
    }
    case cudaLimitStackSize: /* fixed by the configuration: only a smaller ask is met */
        return end(value <= rt.props.stack_bytes
                       ? cudaSuccess
                       : fail(cudaErrorUnsupportedLimit, "the stack is %u bytes per thread",
                              (unsigned)rt.props.stack_bytes));
    case cudaLimitMallocHeapSize:
        return end(fail(cudaErrorUnsupportedLimit, "kernels have no malloc"));
    default:
        return end(fail(cudaErrorInvalidValue, "limit %d", (int)limit));
    }
}

cudaError_t cudaDeviceGetLimit(size_t *value, enum cudaLimit limit)
{
    BEGIN();
    if (!value)
        return end(fail(cudaErrorInvalidValue, "value is NULL"));
    cudaError_t e = use_device(false);
    if (e)
        return end(e);
    switch (limit) {
    case cudaLimitPrintfFifoSize:
        *value = scord_printf_get_buffer(rt.dev);
        return end(cudaSuccess);
    case cudaLimitStackSize:
        *value = rt.props.stack_bytes;
        return end(cudaSuccess);
    case cudaLimitMallocHeapSize:
        return end(fail(cudaErrorUnsupportedLimit, "kernels have no malloc"));
    default:
        return end(fail(cudaErrorInvalidValue, "limit %d", (int)limit));
    }
}

cudaError_t cudaDriverGetVersion(int *version)
{
    if (!version)
        return cudaErrorInvalidValue;
    *version = CUDART_VERSION;
    return cudaSuccess;
}

cudaError_t cudaRuntimeGetVersion(int *version)
{
    return cudaDriverGetVersion(version);
}

/* ---- streams (the default one) -------------------------------------------------- */

cudaError_t cudaStreamCreate(cudaStream_t *stream)
{
    BEGIN();
    (void)stream;
    say("cudaStreamCreate: only the default stream (0) is supported");
    return end(cudaErrorNotSupported);
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *stream, unsigned int flags)
{
    BEGIN();
    (void)stream;
    (void)flags;
    say("cudaStreamCreateWithFlags: only the default stream (0) is supported");
    return end(cudaErrorNotSupported);
}

cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
    BEGIN();
    /* No stream can have been created; the default one is not destroyed. */
    return end(fail(cudaErrorInvalidValue, "stream %p was not created", (void *)stream));
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
    BEGIN();
    cudaError_t e = check_stream(stream);
    return end(e ? e : use_device(true));
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
    BEGIN();
    /* Waits: the cycle model runs only while waited for, so "not ready"
     * would be the answer forever. */
    cudaError_t e = check_stream(stream);
    return end(e ? e : use_device(true));
}

/* ---- events ---------------------------------------------------------------------------- */

static bool event_known(cudaEvent_t ev)
{
    for (size_t i = 0; ev && i < rt.nevents; i++)
        if (rt.events[i] == ev)
            return true;
    return false;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
    BEGIN();
    if (!event)
        return end(fail(cudaErrorInvalidValue, "event is NULL"));
    if (flags & ~(unsigned)(cudaEventBlockingSync | cudaEventDisableTiming))
        return end(fail(cudaErrorInvalidValue, "flags 0x%x", flags));
    if (rt.nevents == rt.events_cap) {
        size_t cap = rt.events_cap ? 2 * rt.events_cap : 16;
        struct CUevent_st **ne = realloc(rt.events, cap * sizeof *ne);
        if (!ne)
            return end(fail(cudaErrorMemoryAllocation, "out of host memory"));
        rt.events = ne;
        rt.events_cap = cap;
    }
    struct CUevent_st *ev = calloc(1, sizeof *ev);
    if (!ev)
        return end(fail(cudaErrorMemoryAllocation, "out of host memory"));
    rt.events[rt.nevents++] = ev;
    *event = ev;
    return end(cudaSuccess);
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
    return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
    BEGIN();
    for (size_t i = 0; event && i < rt.nevents; i++)
        if (rt.events[i] == event) {
            rt.events[i] = rt.events[--rt.nevents];
            free(event);
            return end(cudaSuccess);
        }
    return end(fail(cudaErrorInvalidResourceHandle, "event %p", (void *)event));
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
    BEGIN();
    if (!event_known(event))
        return end(fail(cudaErrorInvalidResourceHandle, "event %p", (void *)event));
    cudaError_t e = check_stream(stream);
    if (!e)
        e = use_device(true);
    if (e)
        return end(e);
    event->cycles = rt.cycles;
    event->recorded = true;
    return end(cudaSuccess);
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
    BEGIN();
    if (!event_known(event))
        return end(fail(cudaErrorInvalidResourceHandle, "event %p", (void *)event));
    return end(use_device(true));
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
    BEGIN();
    if (!event_known(event))
        return end(fail(cudaErrorInvalidResourceHandle, "event %p", (void *)event));
    /* A record waited for the work before it: a recorded event is complete. */
    return end(cudaSuccess);
}

cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end_ev)
{
    BEGIN();
    if (!ms)
        return end(fail(cudaErrorInvalidValue, "ms is NULL"));
    if (!event_known(start) || !event_known(end_ev))
        return end(fail(cudaErrorInvalidResourceHandle, "event %p",
                        (void *)(event_known(start) ? end_ev : start)));
    if (!start->recorded || !end_ev->recorded)
        return end(fail(cudaErrorInvalidResourceHandle, "event %p was never recorded",
                        (void *)(start->recorded ? end_ev : start)));
    uint32_t khz = rt.clock_khz ? rt.clock_khz : NOMINAL_CLOCK_KHZ;
    double cycles = end_ev->cycles >= start->cycles ? (double)(end_ev->cycles - start->cycles)
                                                    : -(double)(start->cycles - end_ev->cycles);
    *ms = (float)(cycles / khz);
    return end(cudaSuccess);
}
