/* Host side of a ScoR application (sw/bench/apps/<name>/host.c), called by
 * the suite runner (`make scor` and the tests).
 *
 * The runner loads the kernel of one build (build/sw/<dir>/kernel.elf, or
 * kernel_racey.elf: the same kernel.c compiled with -DRACEY=1), configures
 * the race detector (off, full metadata or cache; a granularity), then
 * calls app->run. run allocates device memory (scord_malloc; the runner
 * frees everything afterwards with scord_free_all), fills the inputs,
 * launches through ctx->launch as often as the algorithm needs and, when
 * ctx->racey is 0, checks the output against a reference computed on the
 * host. Kernels mark the lines of injected races with `scor:race ID`
 * comments, as sw/bench/micro/micro.h describes; app->paper_races of
 * them (distinct IDs) exist in the RACEY build.
 *
 * Inputs are generated on the host from a fixed seed: every run of a
 * workload sees the same data, whatever the detector configuration. */
#ifndef SCORD_SCOR_APP_H
#define SCORD_SCOR_APP_H

#include <stddef.h>
#include <stdint.h>

#include "scord.h"

struct scor_ctx {
    scord_device *dev;
    const scord_kernel *kernel; /* the ELF of this build */
    struct scord_info info;     /* the GPU's shape */
    int racey;                  /* 1: the RACEY build (output not checked) */
    int large;                  /* 1: the larger input size (`make scor SCOR_LARGE=1`) */
    /* Launch ctx->kernel and wait for it to end. The runner arms the
     * detector as configured, drains and keeps the races, adds the cycles
     * and memory counters to the workload's totals. Returns 0, or -1 with
     * ctx->msg set (a fault, a timeout, a driver error). */
    int (*launch)(struct scor_ctx *ctx, struct scord_dim3 grid, struct scord_dim3 block,
                  const void *args, size_t args_size);
    /* NULL, or what launch calls between the kernel's start and the wait:
     * the host's own work while the kernel runs (the beyond group's
     * host-device kernels copy then). 0, or -1 with ctx->msg set. */
    int (*during)(struct scor_ctx *ctx);
    void *during_arg;
    void *runner;  /* the runner's own state */
    char msg[256]; /* why run or launch failed */
};

struct scor_app {
    const char *name;     /* short name as in the paper: "mm", "red", "r110", "gcol", "gcon",
                             "1dc", "uts" */
    const char *dir;      /* source folder, e.g. "sw/bench/apps/mm" */
    unsigned paper_races; /* unique races of the RACEY build (ScoRD Table VI) */
    /* 0: ran, and (race-free build) the output is right; -1: failed,
     * ctx->msg says why. */
    int (*run)(struct scor_ctx *ctx);
};

/* Helpers for the applications' host code (driver/scor/apps.c). */

/* scord_malloc `bytes` and fill them from src (NULL: zeros). Returns 0, or
 * -1 with ctx->msg naming `who` (the application) and the driver's error. */
int scor_upload(struct scor_ctx *ctx, const char *who, const void *src, size_t bytes,
                scord_addr *addr);

/* The inputs' generator (xorshift32): deterministic; *s must not be 0. */
static inline uint32_t scor_rand32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

/* The seven applications, in Table VI's order (sw/bench/apps/<name>/host.c). */
extern const struct scor_app scor_app_mm, scor_app_red, scor_app_r110, scor_app_gcol,
    scor_app_gcon, scor_app_1dc, scor_app_uts;

#endif
