#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"

/* Every special class in each operand position: zeros of both signs, two
 * normals, the largest finite value, the smallest subnormal, infinity, a
 * NaN; then random pairs (inexact results, rounding). Each pair costs
 * thousands of cycles (soft float), hence so few. */
static const uint32_t f_special[] = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xc0200000u,
    0x7f7fffffu, 0x00000001u, 0x7f800000u, 0x7fc00000u,
};
static const uint64_t d_special[] = {
    0x0000000000000000u, 0x8000000000000000u, 0x3ff0000000000000u, 0xc004000000000000u,
    0x7fefffffffffffffu, 0x0000000000000001u, 0x7ff0000000000000u, 0x7ff8000000000000u,
};
#define NS 8
#define N_RANDOM 8
#define N_CASES (NS + NS * NS + N_RANDOM)

/* Which result words are floating-point values ('f' a float, 'd' the low
 * word of a double, whose high word follows) and so fall under the NaN
 * rule; 0 for integers and flags. */
static const char f_kind[FO_FW] = {'f', 'f', 'f', 'f', 0, 'f', 0, 'd', 0, 0,
                                   0,   'f', 'f', 0,   0, 'f', 'f'};
static const char d_kind[FO_DW] = {'d', 0, 'd', 0, 'd', 0, 'd', 0, 0,   'd', 0, 'f', 0, 0,
                                   0,   0, 0,   0, 'd', 0, 'd', 0, 'd', 0,   'd', 0, 'd', 0};
#define F_QNAN 0x7fc00000u      /* RISC-V's canonical NaNs */
#define D_QNAN_HI 0x7ff80000u

/* The host's result words -> what the device must give. */
static void canonical(const char *kind, uint32_t *w, int nw)
{
    for (int k = 0; k < nw; k++) {
        if (kind[k] == 'f' && (w[k] & 0x7fffffffu) > 0x7f800000u)
            w[k] = F_QNAN;
        if (kind[k] == 'd' && ((w[k + 1] & 0x7fffffffu) > 0x7ff00000u ||
                               ((w[k + 1] & 0x7fffffffu) == 0x7ff00000u && w[k])))
            w[k] = 0, w[k + 1] = D_QNAN_HI;
    }
}

/* A random operand: raw bits (every class, mostly huge or tiny) or a
 * moderate value with few significant bits, so sums and products stay
 * ordinary numbers. */
static uint32_t rand_f(uint32_t *s)
{
    uint32_t r = kt_rand(s);
    if (r & 1)
        return kt_rand(s);
    float v = (float)(int32_t)(kt_rand(s) % 2000000u - 1000000) / 1024.0f;
    return fo_fu(v);
}
static uint64_t rand_d(uint32_t *s)
{
    uint32_t r = kt_rand(s);
    if (r & 1)
        return (uint64_t)kt_rand(s) << 32 | kt_rand(s);
    double v = (double)(int32_t)kt_rand(s) / 65536.0;
    return fo_du(v);
}

static int check(const char *type, const char *kind, int nw, const uint32_t *in, int in_words,
                 const uint32_t *got, const uint32_t *want, uint32_t n)
{
    unsigned bad = 0;
    for (uint32_t i = 0; i < n; i++)
        for (int k = 0; k < nw; k++) {
            if (got[i * nw + k] == want[i * nw + k])
                continue;
            if (bad++ < 8) {
                printf("  %s case %u (", type, i);
                for (int j = 0; j < in_words; j++)
                    printf("%s0x%08x", j ? " " : "", in[i * in_words + j]);
                printf("), word %d%s: got 0x%08x, expected 0x%08x\n", k,
                       kind[k] ? " (a value)" : "", got[i * nw + k], want[i * nw + k]);
            }
        }
    if (bad)
        return kt_fail("%u %s result words differ from the host's IEEE results", bad, type);
    return 0;
}

static int run_values(struct kt *t)
{
    int r = -1;
    uint32_t n = N_CASES;
    uint32_t *fin = malloc(n * 3 * 4), *din = malloc(n * 4 * 4);
    uint32_t *fgot = malloc(n * FO_FW * 4), *fwant = malloc(n * FO_FW * 4);
    uint32_t *dgot = malloc(n * FO_DW * 4), *dwant = malloc(n * FO_DW * 4);
    if (!fin || !din || !fgot || !fwant || !dgot || !dwant) {
        kt_fail("out of host memory");
        goto out;
    }
    uint32_t seed = 74;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t fa, fb, parts;
        uint64_t da, db;
        /* Cases that do the same amount of work side by side: lanes of a
         * warp that take other paths through the routines run one after
         * the other, so one costly lane in every warp would cost each. */
        if (i < NS) {
            fa = fb = f_special[i];
            da = db = d_special[i];
            parts = FO_UNARY;
        } else if (i < NS + NS * NS) {
            uint32_t j = i - NS;
            fa = f_special[j / NS], fb = f_special[j % NS];
            da = d_special[j / NS], db = d_special[j % NS];
            parts = 0;
        } else {
            fa = rand_f(&seed), fb = rand_f(&seed);
            da = rand_d(&seed), db = rand_d(&seed);
            parts = FO_UNARY | FO_PROGRAM;
        }
        fin[3 * i] = fa, fin[3 * i + 1] = fb, fin[3 * i + 2] = parts;
        din[4 * i] = (uint32_t)da, din[4 * i + 1] = (uint32_t)(da >> 32);
        din[4 * i + 2] = (uint32_t)db, din[4 * i + 3] = (uint32_t)(db >> 32);
        fo_float(fa, fb, parts, &fwant[i * FO_FW]);
        canonical(f_kind, &fwant[i * FO_FW], FO_FW);
        fo_double(da, db, parts, &dwant[i * FO_DW]);
        canonical(d_kind, &dwant[i * FO_DW], FO_DW);
    }
    struct float_ops_args args = {0, 0, 0, 0, n, FO_VALUES};
    if (kt_alloc(t, n * 3 * 4, fin, 0, &args.fin) || kt_alloc(t, n * 4 * 4, din, 0, &args.din) ||
        kt_alloc(t, n * FO_FW * 4, NULL, 0xEE, &args.fout) ||
        kt_alloc(t, n * FO_DW * 4, NULL, 0xEE, &args.dout))
        goto out;
    uint32_t bs = t->max_block;
    if (kt_run(t, kt_dim((n + bs - 1) / bs, 1, 1), kt_dim(bs, 1, 1), &args, sizeof args) ||
        kt_read(t, fgot, args.fout, n * FO_FW * 4) || kt_read(t, dgot, args.dout, n * FO_DW * 4))
        goto out;
    struct scord_counters c;
    if (kt_verbose && scord_read_counters(t->dev, &c) == SCORD_OK)
        printf("  %u cases: %u cycles, %u thread instructions\n", n, c.cycles, c.thread_instrs);
    if (check("float", f_kind, FO_FW, fin, 3, fgot, fwant, n) ||
        check("double", d_kind, FO_DW, din, 4, dgot, dwant, n))
        goto out;
    r = kt_no_races(t);
out:
    free(fin);
    free(din);
    free(fgot);
    free(fwant);
    free(dgot);
    free(dwant);
    return r;
}

/* One thread times one operation of each kind (args.h); -v prints them. */
static int run_timing(struct kt *t)
{
    uint32_t cyc[2 * FO_NTIMED]; /* cycles, then instructions */
    struct float_ops_args args = {0, 0, 0, 0, 0, FO_TIMING};
    if (kt_alloc(t, sizeof cyc, NULL, 0xEE, &args.fout) ||
        kt_run(t, kt_dim(1, 1, 1), kt_dim(1, 1, 1), &args, sizeof args) ||
        kt_read(t, cyc, args.fout, sizeof cyc))
        return -1;
    static const char *const names[] = {
#define FO_NAME(n, s) s,
        FO_TIMED(FO_NAME)
#undef FO_NAME
    };
    if (kt_verbose) {
        printf("  soft float, one operation (one thread, cache warm): cycles, instructions\n");
        for (int k = 0; k < FO_NTIMED; k++)
            printf("    %-16s %5u %5u\n", names[k], cyc[k], cyc[FO_NTIMED + k]);
    }
    /* A library call costs more than a handful of cycles; a figure near 0
     * (or wrapped) means the measurement did not surround the call. */
    for (int k = 0; k < FO_NTIMED; k++)
        if (cyc[k] < 8 || cyc[k] > 20000 || cyc[FO_NTIMED + k] < 4 ||
            cyc[FO_NTIMED + k] > cyc[k])
            return kt_fail("%s took %u cycles, %u instructions: not a soft-float call measured",
                           names[k], cyc[k], cyc[FO_NTIMED + k]);
    return 0;
}

int test_float_ops(scord_device *dev, const char *sw_dir)
{
    int r = kt_run_race_free(dev, sw_dir, "tests/kernels/float_ops", run_values);
    if (r)
        return r;
    struct scord_detector_config off = {0, 0, 4, 1024};
    return kt_run_with_detector(dev, sw_dir, "tests/kernels/float_ops", &off, run_timing);
}
