/* Host side of the "beyond" group (sw/bench/beyond, beyond.def): the
 * inputs, the launch of a manifest row, and the reference results the
 * race-free kernels are checked against (enum beyond_check, beyond.h). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "beyond.h"
#include "scor.h"

/* The launch's shape in this GPU's numbers. */
struct shape {
    uint32_t nb, nt, nw, ws; /* blocks, threads and warps per block, lanes per warp */
};

static uint32_t resolve(uint32_t v, uint32_t ws)
{
    return v & 0x80000000u ? (v & 0xffffu) * ws : v;
}

static void set_byte(uint32_t *w, uint32_t i, uint32_t v)
{
    w[i / 4] |= (v & 0xffu) << 8 * (i % 4);
}
static void set_half(uint32_t *w, uint32_t i, uint32_t v)
{
    w[i / 2] |= (v & 0xffffu) << 16 * (i % 2);
}

/* The lane-major index of beyond_il(). */
static uint32_t il(const struct shape *s, uint32_t t)
{
    return t % s->ws * s->nw + t / s->ws;
}

/* The reference result of check c into exp (BEYOND_OUT_WORDS, zeroed);
 * -1 if the shape does not fit the check (a manifest error). */
static int reference(unsigned c, const struct beyond_kernel *k, const struct shape *s,
                     const uint32_t *in, uint32_t *exp)
{
    uint32_t nthreads = s->nb * s->nt, nwarps = s->nb * s->nw;
    switch (c) {
    case BC_BLOCK_SUM:
        if (nthreads > BEYOND_IN_WORDS)
            return -1;
        for (uint32_t b = 0; b < s->nb; b++)
            for (uint32_t t = 0; t < s->nt; t++)
                exp[b] += in[b * s->nt + t];
        return 0;
    case BC_WARP_SUM:
        if (nwarps * s->ws > BEYOND_IN_WORDS)
            return -1;
        for (uint32_t w = 0; w < nwarps; w++)
            for (uint32_t l = 0; l < s->ws; l++)
                exp[w] += in[w * s->ws + l];
        return 0;
    case BC_MATMUL: {
        uint32_t n = k->n;
        if (2 * n * n > BEYOND_IN_WORDS || n * n > BEYOND_OUT_WORDS)
            return -1;
        for (uint32_t r = 0; r < n; r++)
            for (uint32_t col = 0; col < n; col++)
                for (uint32_t i = 0; i < n; i++)
                    exp[r * n + col] += in[r * n + i] * in[n * n + i * n + col];
        return 0;
    }
    case BC_HIST:
        if (k->n > BEYOND_IN_WORDS)
            return -1;
        for (uint32_t i = 0; i < k->n; i++)
            exp[in[i] % BEYOND_BINS]++;
        return 0;
    case BC_STENCIL: {
        uint32_t a[2][256] = {{0}}, cur = 0;
        if (s->nb != 1 || s->nt > 256)
            return -1;
        memcpy(a[0], in, s->nt * 4);
        for (uint32_t step = 0; step < BEYOND_STEPS; step++, cur ^= 1)
            for (uint32_t t = 0; t < s->nt; t++)
                a[cur ^ 1][t] = (t ? a[cur][t - 1] : 0) + a[cur][t] +
                                (t + 1 < s->nt ? a[cur][t + 1] : 0);
        memcpy(exp, a[cur], s->nt * 4);
        return 0;
    }
    case BC_HANDOFF:
        for (uint32_t l = 0; l < s->ws; l++)
            exp[l] = beyond_f(in[l], l);
        return 0;
    case BC_TABLE:
        if (BEYOND_BINS + nthreads > BEYOND_IN_WORDS)
            return -1;
        for (uint32_t i = 0; i < nthreads; i++)
            exp[i] = in[in[BEYOND_BINS + i] % BEYOND_BINS] * 3u + 1u;
        return 0;
    case BC_BALLOT:
        if (nwarps * s->ws > BEYOND_IN_WORDS)
            return -1;
        for (uint32_t w = 0; w < nwarps; w++)
            for (uint32_t l = 0; l < s->ws; l++)
                exp[w] |= (uint32_t)(in[w * s->ws + l] > BEYOND_THRESHOLD) << l;
        return 0;
    case BC_EXCHANGE:
        if (nthreads > BEYOND_IN_WORDS)
            return -1;
        for (uint32_t g = 0; g < nthreads; g++)
            exp[g] = beyond_f(in[g ^ 1u], g ^ 1u);
        return 0;
    case BC_BYTES:
    case BC_HALVES:
        if (s->nb != 1 || 2 * s->nt * 2 > 4 * BEYOND_OUT_WORDS)
            return -1;
        for (uint32_t t = 0; t < s->nt; t++) {
            void (*set)(uint32_t *, uint32_t, uint32_t) = c == BC_BYTES ? set_byte : set_half;
            set(exp, t, beyond_f(in[t], t));
            set(exp, s->nt + il(s, t), beyond_f(in[t], s->nt + t));
        }
        return 0;
    case BC_SCOPED:
        exp[0] = in[0] + in[1];
        return 0;
    case BC_SCOPED3:
        exp[0] = in[0] + in[1];
        exp[1] = in[0] + in[2];
        return 0;
    case BC_SUM3:
        exp[0] = in[0] + in[1] + in[2];
        return 0;
    case BC_LOCKED:
        if (nwarps > BEYOND_IN_WORDS)
            return -1;
        for (uint32_t w = 0; w < nwarps; w++)
            exp[0] += in[w];
        exp[1] = nwarps;
        return 0;
    case BC_MAP:
        if (nthreads > BEYOND_IN_WORDS || nthreads > BEYOND_OUT_WORDS)
            return -1;
        for (uint32_t g = 0; g < nthreads; g++)
            exp[g] = beyond_f(in[g], g);
        return 0;
    default:
        return -1;
    }
}

/* NULL if got equals exp, else where they first differ, into buf. */
static const char *compare(const uint32_t *got, const uint32_t *exp, char *buf, size_t len)
{
    for (uint32_t i = 0; i < BEYOND_OUT_WORDS; i++)
        if (got[i] != exp[i]) {
            snprintf(buf, len, "out[%" PRIu32 "] = 0x%08" PRIx32 ", expected 0x%08" PRIx32, i,
                     got[i], exp[i]);
            return buf;
        }
    return NULL;
}

/* ---- the host-device class: what the host does while the kernel runs ---- */

enum { BH_IN, BH_OUT, BH_AUX };
struct host_action {
    const char *name;
    uint32_t call, buffer, offset, bytes; /* host.def */
};
#define SCOR_BEYOND_HOST(n, c, b, o, by) {n, c, b, o, by},
static const struct host_action host_actions[] = {
#include "host.def"
};
#undef SCOR_BEYOND_HOST

/* The call, on the buffers of this launch. */
struct host_call {
    const struct host_action *act;
    scord_addr addr;
    uint32_t bytes;
};

static int host_during(struct scor_ctx *ctx)
{
    const struct host_call *c = ctx->during_arg;
    static unsigned char buf[4 * BEYOND_IN_WORDS];
    if (c->bytes > sizeof buf) {
        snprintf(ctx->msg, sizeof ctx->msg, "%s: host call of %" PRIu32 " bytes", c->act->name,
                 c->bytes);
        return -1;
    }
    memset(buf, 0x5a, c->bytes);
    int err;
    if (c->act->call == SCORD_HOST_MEMCPY_HTOD)
        err = scord_memcpy_htod(ctx->dev, c->addr, buf, c->bytes);
    else if (c->act->call == SCORD_HOST_MEMCPY_DTOH)
        err = scord_memcpy_dtoh(ctx->dev, buf, c->addr, c->bytes);
    else
        err = scord_memset(ctx->dev, c->addr, 0, c->bytes);
    if (err)
        snprintf(ctx->msg, sizeof ctx->msg, "%s: the host's call while the kernel runs: %s",
                 c->act->name, scord_error_name(err));
    return err ? -1 : 0;
}

/* Padding after `in` and `out` (words): with it, in[0], out[0] and aux[0]
 * are 64 and 160 words apart modulo 256 and 512 words (the buffers are
 * 512 words: 0 modulo both),
 * so in cache mode (one metadata entry per 32 granules, direct mapped by
 * granule modulo the entries) the few hundred words the kernels touch at
 * the start of the three buffers do not evict each other's history. */
#define IN_PAD 64u
#define OUT_PAD 96u

int beyond_run(struct scor_ctx *ctx, const struct beyond_kernel *k, FILE *note)
{
    struct shape s = {k->gx * k->gy, 0, 0, ctx->info.threads};
    uint32_t bx = resolve(k->bx, s.ws), by = resolve(k->by, s.ws);
    s.nt = bx * by;
    s.nw = (s.nt + s.ws - 1) / s.ws;
    if (!s.nt || s.nw > ctx->info.warps) {
        snprintf(ctx->msg, sizeof ctx->msg, "%s: a block of %" PRIu32 " threads, a core has %u warps of %u",
                 k->name, s.nt, (unsigned)ctx->info.warps, (unsigned)ctx->info.threads);
        return -1;
    }
    uint32_t *in = calloc(BEYOND_IN_WORDS + IN_PAD, 4), *got = calloc(BEYOND_OUT_WORDS, 4),
             *exp = calloc(BEYOND_OUT_WORDS, 4);
    int rc = -1;
    if (!in || !got || !exp) {
        snprintf(ctx->msg, sizeof ctx->msg, "%s: out of host memory", k->name);
        goto out;
    }
    for (uint32_t i = 0; i < BEYOND_IN_WORDS; i++)
        in[i] = beyond_input(i);
    if (k->check && reference(k->check, k, &s, in, exp)) {
        snprintf(ctx->msg, sizeof ctx->msg, "%s: check %u does not fit the shape %ux%u x %ux%u",
                 k->name, k->check, (unsigned)k->gx, (unsigned)k->gy, (unsigned)bx, (unsigned)by);
        goto out;
    }
    struct beyond_args a = {0, 0, 0, k->n};
    if (scor_upload(ctx, k->name, in, (BEYOND_IN_WORDS + IN_PAD) * 4, &a.in) ||
        scor_upload(ctx, k->name, NULL, (BEYOND_OUT_WORDS + OUT_PAD) * 4, &a.out) ||
        scor_upload(ctx, k->name, NULL, BEYOND_AUX_WORDS * 4, &a.aux))
        goto out;
    struct scord_dim3 grid = {k->gx, k->gy, 1}, block = {bx, by, 1};
    /* A host-device kernel: the host's call of host.def between the
     * launch and the wait. */
    struct host_call hc = {NULL, 0, 0};
    for (size_t i = 0; i < sizeof host_actions / sizeof host_actions[0]; i++)
        if (!strcmp(host_actions[i].name, k->name))
            hc.act = &host_actions[i];
    if (hc.act) {
        const scord_addr base[] = {a.in, a.out, a.aux};
        hc.addr = base[hc.act->buffer] + hc.act->offset;
        hc.bytes = hc.act->bytes ? hc.act->bytes : 4 * s.nb * s.nt;
        ctx->during = host_during;
        ctx->during_arg = &hc;
    }
    int launched = ctx->launch(ctx, grid, block, &a, sizeof a);
    ctx->during = NULL;
    ctx->during_arg = NULL;
    if (launched)
        goto out;
    int err = scord_memcpy_dtoh(ctx->dev, got, a.out, BEYOND_OUT_WORDS * 4);
    if (err) {
        snprintf(ctx->msg, sizeof ctx->msg, "%s: reading out: %s", k->name, scord_error_name(err));
        goto out;
    }
    char why[160];
    const char *diff = k->check ? compare(got, exp, why, sizeof why) : NULL;
    if (!k->racy && diff) {
        snprintf(ctx->msg, sizeof ctx->msg, "%s: wrong result: %s", k->name, diff);
        goto out;
    }
    /* A racy kernel's result says what the race did on this GPU. */
    if (k->racy && k->check && note)
        fprintf(note, "  (racy kernel's result: %s%s)\n", diff ? "differs from the race-free one: " : "as the race-free one",
                diff ? diff : "");
    rc = 0;
out:
    free(in);
    free(got);
    free(exp);
    return rc;
}
