/* "sim" backend: the in-process cycle model (sim/gpu_sim.h).
 * URI options: trace=FILE (FST waveform), latency=N (memory latency). */
#define _POSIX_C_SOURCE 200809L /* strdup, strtok_r */
#include "backend.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_sim.h"
#include "scord.h"

/* Large enough for any realistic study, small enough that the settle time
 * after a reset (a few latencies) stays short. */
#define SIM_MAX_LATENCY 100000u

static int parse_options(const char *options, char **trace, unsigned *latency, char *err)
{
    char *copy = strdup(options);
    if (!copy)
        return SCORD_ERR_NO_MEM;
    int rc = SCORD_OK;
    char *save = NULL;
    for (char *opt = strtok_r(copy, ",", &save); opt; opt = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(opt, '=');
        if (!eq) {
            snprintf(err, SCORD_BACKEND_ERRLEN, "sim: option '%s' needs a value (NAME=VALUE)", opt);
            rc = SCORD_ERR_INVALID_ARG;
            break;
        }
        *eq = '\0';
        const char *val = eq + 1;
        if (strcmp(opt, "trace") == 0) {
            if (!*val) {
                snprintf(err, SCORD_BACKEND_ERRLEN, "sim: trace= needs a file name");
                rc = SCORD_ERR_INVALID_ARG;
                break;
            }
            free(*trace);
            *trace = strdup(val);
            if (!*trace) {
                rc = SCORD_ERR_NO_MEM;
                break;
            }
        } else if (strcmp(opt, "latency") == 0) {
            char *end;
            errno = 0;
            unsigned long v = strtoul(val, &end, 0);
            if (errno || end == val || *end || val[0] == '-' || v < 1 || v > SIM_MAX_LATENCY) {
                snprintf(err, SCORD_BACKEND_ERRLEN,
                         "sim: latency '%s' is not a number of cycles in 1..%u", val,
                         SIM_MAX_LATENCY);
                rc = SCORD_ERR_INVALID_ARG;
                break;
            }
            *latency = (unsigned)v;
        } else {
            snprintf(err, SCORD_BACKEND_ERRLEN,
                     "sim: unknown option '%s' (known: trace=FILE, latency=N)", opt);
            rc = SCORD_ERR_INVALID_ARG;
            break;
        }
    }
    free(copy);
    return rc;
}

static int sim_open(void **ctx, const char *options, char *err)
{
    char *trace = NULL;
    unsigned latency = 0;
    int rc = parse_options(options, &trace, &latency, err);
    if (rc) {
        free(trace);
        return rc;
    }
    gpu_sim *sim = gpu_sim_create(latency);
    if (!sim) {
        free(trace);
        snprintf(err, SCORD_BACKEND_ERRLEN, "sim: cannot create the cycle model");
        return SCORD_ERR_NO_DEVICE;
    }
    if (trace && gpu_sim_trace_open(sim, trace)) {
        snprintf(err, SCORD_BACKEND_ERRLEN, "sim: cannot write trace file '%s'", trace);
        free(trace);
        gpu_sim_destroy(sim);
        return SCORD_ERR_IO;
    }
    free(trace);
    *ctx = sim;
    return SCORD_OK;
}

static void sim_close(void *ctx) { gpu_sim_destroy(ctx); }

static int sim_reg_read(void *ctx, uint32_t idx, uint32_t *value)
{
    *value = gpu_sim_reg_read(ctx, idx);
    return SCORD_OK;
}

static int sim_reg_write(void *ctx, uint32_t idx, uint32_t value)
{
    gpu_sim_reg_write(ctx, idx, value);
    return SCORD_OK;
}

static int sim_mem_read(void *ctx, uint32_t addr, void *dst, size_t n)
{
    if ((size_t)addr > gpu_sim_mem_size(ctx) || n > gpu_sim_mem_size(ctx) - addr)
        return SCORD_ERR_RANGE;
    memcpy(dst, gpu_sim_mem(ctx) + addr, n);
    return SCORD_OK;
}

static int sim_mem_write(void *ctx, uint32_t addr, const void *src, size_t n)
{
    if ((size_t)addr > gpu_sim_mem_size(ctx) || n > gpu_sim_mem_size(ctx) - addr)
        return SCORD_ERR_RANGE;
    memcpy(gpu_sim_mem(ctx) + addr, src, n);
    return SCORD_OK;
}

static int sim_advance(void *ctx, uint32_t cycles)
{
    gpu_sim_step(ctx, cycles);
    return SCORD_OK;
}

static uint32_t sim_settle_cycles(void *ctx)
{
    /* Every read accepted before the reset is answered within one latency
     * of the last acceptance; a few more cycles absorb the pipeline. */
    return 2 * gpu_sim_latency(ctx) + 16;
}

const struct scord_backend scord_backend_sim = {
    .name = "sim",
    .open = sim_open,
    .close = sim_close,
    .reg_read = sim_reg_read,
    .reg_write = sim_reg_write,
    .mem_read = sim_mem_read,
    .mem_write = sim_mem_write,
    .advance = sim_advance,
    .settle_cycles = sim_settle_cycles,
};
