/* Host side of the bad kernels: each must stop the GPU with the right cause
 * (or, for endless, be stopped by the timeout), and the GPU must run a good
 * kernel afterwards. */
#include <stdio.h>

#include "../kernels/vecadd/args.h"
#include "kernel_tests.h"
#include "scord_defs.h"

static const uint32_t kt_cause_illegal = SCORD_FAULT_ILLEGAL;
static const uint32_t kt_cause_misaligned = SCORD_FAULT_MISALIGNED;
static const uint32_t kt_cause_bounds = SCORD_FAULT_BOUNDS;
static const uint32_t kt_cause_ecall = SCORD_FAULT_ECALL;
static const uint32_t kt_cause_smem = SCORD_FAULT_SMEM;

struct bad_case {
    const char *name;
    const uint32_t *cause; /* NULL: expect a timeout */
    int pc_is_entry;       /* faults on the first instruction of kernel_main */
    int check_addr;
    uint32_t addr;
};

static int run_case(scord_device *dev, const char *sw_dir, const struct bad_case *c)
{
    char rel[128];
    snprintf(rel, sizeof rel, "tests/bad/%s", c->name);
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, rel))
        goto out;
    struct scord_fault f;
    /* Several warps and blocks: only the first fault may be reported. */
    if (kt_run_expect_fault(&t, kt_dim(2, 1, 1), kt_dim(t.max_block, 1, 1),
                            c->cause ? *c->cause : 0, c->cause ? kt_timeout_ms : 1000, &f)) {
        char why[512];
        snprintf(why, sizeof why, "%s", kt_reason());
        kt_reset_reason();
        kt_fail("%s: %s", c->name, why);
        goto out;
    }
    if (c->cause && c->pc_is_entry) {
        scord_addr entry = scord_kernel_symbol(t.kernel, "kernel_main");
        if (f.pc != entry) {
            kt_fail("%s: fault pc 0x%08x, expected kernel_main 0x%08x", c->name, f.pc, entry);
            goto out;
        }
    }
    if (c->cause && c->check_addr && f.addr != c->addr) {
        kt_fail("%s: fault address 0x%08x, expected 0x%08x", c->name, f.addr, c->addr);
        goto out;
    }
    if (c->cause && (f.core >= t.info.cores || f.warp >= t.info.warps || f.lane >= t.info.threads)) {
        kt_fail("%s: fault in core %u warp %u lane %u: not a thread of this GPU", c->name, f.core,
                f.warp, f.lane);
        goto out;
    }
    r = 0;
out:
    kt_end(&t);
    return r;
}

int test_faults(scord_device *dev, const char *sw_dir)
{
    const struct bad_case cases[] = {
        {"illegal", &kt_cause_illegal, 1, 0, 0},
        {"misaligned", &kt_cause_misaligned, 0, 0, 0},
        {"oob", &kt_cause_bounds, 0, 1, 0xF0000000u},
        {"null", &kt_cause_bounds, 1, 1, 0},
        {"ecall", &kt_cause_ecall, 1, 0, 0},
        {"smem_oob", &kt_cause_smem, 0, 1, SCORD_SMEM_BASE + 64},
        {"smem_lrsc", &kt_cause_smem, 0, 1, SCORD_SMEM_BASE},
        {"cas64_misaligned", &kt_cause_misaligned, 0, 0, 0},
        {"cas64_odd", &kt_cause_illegal, 1, 0, 0},
        {"endless", NULL, 0, 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (run_case(dev, sw_dir, &cases[i]))
            return -1;

    /* The GPU must still work after all of that. */
    enum { N = 100 };
    uint32_t a[N], b[N], c[N], want[N];
    for (uint32_t i = 0; i < N; i++) {
        a[i] = i;
        b[i] = 3 * i + 1;
        want[i] = 4 * i + 1;
    }
    struct kt t;
    int r = -1;
    struct vecadd_args args = {0, 0, 0, N};
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/vecadd") ||
        kt_alloc(&t, sizeof a, a, 0, &args.a) || kt_alloc(&t, sizeof b, b, 0, &args.b) ||
        kt_alloc(&t, sizeof c, NULL, 0, &args.c) ||
        kt_run(&t, kt_dim(2, 1, 1), kt_dim(t.max_block, 1, 1), &args, sizeof args) ||
        kt_read(&t, c, args.c, sizeof c) || kt_check_u32("vecadd after the faults", c, want, N))
        goto out;
    r = 0;
out:
    kt_end(&t);
    return r;
}
