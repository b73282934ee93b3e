/* scord-isa-tests: runs the generated ISA program (tests/isa/gen_isa.c) in
 * every lane of one block and reports one line per instruction:
 *
 *   PASS isa/add
 *   FAIL isa/div: 2 failed checks in 8 lanes; first: lane 3, case 812: div 0x80000000, ...
 *
 * plus one line per read-only CSR (isa/csr.<name>), judged here against the
 * launch and the device's configuration, and isa/exit.
 *
 *   scord-isa-tests [--device URI] [--sw-dir DIR] [--timeout MS] [-v]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa_table.h"
#include "kernel_tests.h"
#include "unit.h"

/* The verdict on isa/NAME: passed if why is empty. */
static void report(const char *name, const char *why)
{
    if (why && why[0])
        unit_fail("%s", why);
    unit_reportf(!(why && why[0]), "isa/%s", name);
}

struct results {
    uint32_t fails[ISA_MAX_THREADS * ISA_MAX_INSNS];
    uint32_t first[ISA_MAX_THREADS * ISA_MAX_INSNS];
    uint32_t csr[ISA_MAX_THREADS * ISA_DUMP_WORDS];
    uint32_t done[ISA_MAX_THREADS], after_exit[ISA_MAX_THREADS];
};

static int read_symbol(struct kt *t, const char *name, void *dst, size_t bytes)
{
    scord_addr a = scord_kernel_symbol(t->kernel, name);
    if (a == 0)
        return kt_fail("symbol %s missing from the ISA program", name);
    return kt_read(t, dst, a, bytes);
}

static void report_insns(const struct results *r, uint32_t nt, int all_done)
{
    for (int i = 0; i < ISA_NUM_INSNS; i++) {
        if (!strcmp(isa_insn_names[i], "exit"))
            continue; /* judged from the exit markers below */
        uint32_t total = 0, lanes = 0, first_lane = 0, first_case = 0;
        for (uint32_t l = 0; l < nt; l++) {
            uint32_t n = r->fails[l * ISA_MAX_INSNS + i];
            if (n == 0)
                continue;
            if (lanes++ == 0) {
                first_lane = l;
                first_case = r->first[l * ISA_MAX_INSNS + i];
            }
            total += n;
        }
        char why[512] = "";
        if (total) {
            const char *desc = first_case >= 1 && first_case <= ISA_NUM_CASES
                                   ? isa_case_desc[first_case]
                                   : "(case id out of range)";
            snprintf(why, sizeof why, "%u failed checks in %u of %u lanes; first: lane %u, case %u: %s",
                     total, lanes, nt, first_lane, first_case, desc);
        } else if (!all_done) {
            snprintf(why, sizeof why, "not every lane reached the end of the program");
        }
        report(isa_insn_names[i], why);
    }
}

/* Per-CSR verdicts from the dump. */
static void report_csrs(const struct results *r, const struct scord_info *info,
                        struct scord_dim3 block, uint32_t nt)
{
    const uint32_t T = info->threads, W = info->warps, C = info->cores;
    char why[ISA_DUMP_WORDS][256];
    memset(why, 0, sizeof why);
#define D(l, k) (r->csr[(l) * ISA_DUMP_WORDS + ISA_CSR_##k])
#define BAD(k, ...)                                                          \
    do {                                                                     \
        if (!why[ISA_CSR_##k][0])                                            \
            snprintf(why[ISA_CSR_##k], sizeof why[0], __VA_ARGS__);          \
    } while (0)
    uint32_t full = T >= 32 ? 0xffffffffu : (1u << T) - 1;
    uint32_t slice = D(0, stack_top) - D(nt > 1 ? 1 : 0, stack_top);
    for (uint32_t l = 0; l < nt; l++) {
        uint32_t lane = l % T, warp = l / T;
        if (D(l, tid) != l)
            BAD(tid, "thread %u reads %u", l, D(l, tid));
        if (D(l, lane) != lane)
            BAD(lane, "thread %u reads %u, expected %u", l, D(l, lane), lane);
        if (D(l, warp_in_blk) != warp)
            BAD(warp_in_blk, "thread %u reads %u, expected %u", l, D(l, warp_in_blk), warp);
        if (D(l, block_id) != 0)
            BAD(block_id, "thread %u reads %u, expected 0", l, D(l, block_id));
        if (D(l, core_id) >= C || D(l, core_id) != D(0, core_id))
            BAD(core_id, "thread %u reads %u (thread 0: %u, %u cores)", l, D(l, core_id),
                D(0, core_id), C);
        if (D(l, warp) >= W || D(l, warp) != D(warp * T, warp))
            BAD(warp, "thread %u reads %u (lane 0 of its warp: %u, %u warp slots)", l, D(l, warp),
                D(warp * T, warp), W);
        for (uint32_t w = 0; w < warp; w++)
            if (lane == 0 && D(l, warp) == D(w * T, warp))
                BAD(warp, "warps %u and %u of the block share slot %u", w, warp, D(l, warp));
        uint32_t hart = (D(l, core_id) * W + D(l, warp)) * T + D(l, lane);
        if (D(l, mhartid) != hart)
            BAD(mhartid, "thread %u reads %u, expected (core*W + warp)*T + lane = %u", l,
                D(l, mhartid), hart);
        if (D(l, num_threads) != T)
            BAD(num_threads, "reads %u, the device reports %u", D(l, num_threads), T);
        if (D(l, num_warps) != W)
            BAD(num_warps, "reads %u, the device reports %u", D(l, num_warps), W);
        if (D(l, num_cores) != C)
            BAD(num_cores, "reads %u, the device reports %u", D(l, num_cores), C);
        if (D(l, block_dim_x) != block.x)
            BAD(block_dim_x, "reads %u, launched %u", D(l, block_dim_x), block.x);
        if (D(l, block_dim_y) != block.y)
            BAD(block_dim_y, "reads %u, launched %u", D(l, block_dim_y), block.y);
        if (D(l, block_dim_z) != block.z)
            BAD(block_dim_z, "reads %u, launched %u", D(l, block_dim_z), block.z);
        if (D(l, grid_dim_x) != 1)
            BAD(grid_dim_x, "reads %u, launched 1", D(l, grid_dim_x));
        if (D(l, grid_dim_y) != 1)
            BAD(grid_dim_y, "reads %u, launched 1", D(l, grid_dim_y));
        if (D(l, grid_dim_z) != 1)
            BAD(grid_dim_z, "reads %u, launched 1", D(l, grid_dim_z));
        if (D(l, word_at_arg_ptr) != ISA_ARG_MAGIC || D(l, arg_ptr) != D(0, arg_ptr) ||
            D(l, arg_ptr) < 0x1000 || D(l, arg_ptr) >= info->mem_bytes)
            BAD(arg_ptr, "thread %u: arg_ptr 0x%08x holds 0x%08x, expected the arguments (0x%08x)",
                l, D(l, arg_ptr), D(l, word_at_arg_ptr), ISA_ARG_MAGIC);
        uint32_t st = D(l, stack_top);
        if (st != D(l, sp_at_entry))
            BAD(stack_top, "thread %u: 0x%08x but sp at kernel entry 0x%08x", l, st,
                D(l, sp_at_entry));
        else if (st % 16 || st > info->mem_bytes || st < 0x1000)
            BAD(stack_top, "thread %u: 0x%08x unaligned or outside memory", l, st);
        else if (slice == 0 || (slice & (slice - 1)) ||
                 st != D(0, stack_top) - (D(l, mhartid) - D(0, mhartid)) * slice)
            BAD(stack_top, "thread %u: 0x%08x not STACK_TOP - (mhartid << STACK_LOG2)", l, st);
        if (D(l, tmask) != full)
            BAD(tmask, "thread %u reads 0x%08x, expected 0x%08x", l, D(l, tmask), full);
        uint32_t dc = D(l, cycle_later) - D(l, cycle), di = D(l, instret_later) - D(l, instret);
        uint32_t dch = D(l, cycleh_later) - D(l, cycleh), dih = D(l, instreth_later) - D(l, instreth);
        if (dc == 0 || dc > 0x40000000u)
            BAD(cycle, "thread %u: 0x%08x then 0x%08x over a 20-iteration loop", l, D(l, cycle),
                D(l, cycle_later));
        if (dch > 1 || (dch == 1 && D(l, cycle_later) > D(l, cycle)))
            BAD(cycleh, "thread %u: %u then %u", l, D(l, cycleh), D(l, cycleh_later));
        if (di < 40 || di > 0x40000000u)
            BAD(instret, "thread %u: %u then %u over >= 40 instructions", l, D(l, instret),
                D(l, instret_later));
        if (dih > 1 || (dih == 1 && D(l, instret_later) > D(l, instret)))
            BAD(instreth, "thread %u: %u then %u", l, D(l, instreth), D(l, instreth_later));
    }
#undef D
#undef BAD
    /* The extra words only support the checks above. */
    for (int k = 0; k < ISA_CSR_cycle_later; k++) {
        char name[64];
        snprintf(name, sizeof name, "csr.%s", isa_dump_names[k]);
        report(name, why[k]);
    }
}

int main(int argc, char **argv)
{
    const char *uri = "sim", *sw_dir = "build/sw";
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--device") && i + 1 < argc)
            uri = argv[++i];
        else if (!strcmp(argv[i], "--sw-dir") && i + 1 < argc)
            sw_dir = argv[++i];
        else if (!strcmp(argv[i], "--timeout") && i + 1 < argc)
            kt_timeout_ms = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose"))
            kt_verbose = 1;
        else {
            fprintf(stderr, "usage: scord-isa-tests [--device URI] [--sw-dir DIR] "
                            "[--timeout MS] [-v]\n");
            return 2;
        }
    }
    scord_device *dev = NULL;
    int err = scord_open(&dev, uri);
    if (err) {
        unit_fail("cannot open device '%s': %s %s", uri, scord_error_name(err),
                  scord_last_error_detail(NULL));
        report("open", unit_why());
        return 1;
    }
    static struct results r;
    struct kt t;
    int rc = 1;
    if (kt_begin(&t, dev, sw_dir, "tests/isa")) {
        report("run", kt_reason());
        goto out;
    }
    /* Whole warps only (a tmc case keeps only odd lanes: a one-lane warp
     * would end), and two rows so block_dim_y is not 1. */
    uint32_t nt = t.max_block < ISA_MAX_THREADS ? t.max_block : ISA_MAX_THREADS;
    nt -= nt % t.info.threads;
    struct scord_dim3 block = nt % 2 == 0 ? kt_dim(nt / 2, 2, 1) : kt_dim(nt, 1, 1);
    uint32_t args[2] = {ISA_ARG_MAGIC, nt};
    if (kt_run(&t, kt_dim(1, 1, 1), block, args, sizeof args) ||
        read_symbol(&t, "isa_fails", r.fails, sizeof r.fails) ||
        read_symbol(&t, "isa_first", r.first, sizeof r.first) ||
        read_symbol(&t, "isa_csr", r.csr, sizeof r.csr) ||
        read_symbol(&t, "isa_done", r.done, sizeof r.done) ||
        read_symbol(&t, "isa_after_exit", r.after_exit, sizeof r.after_exit)) {
        report("run", kt_reason());
        goto out;
    }
    char why[256] = "";
    int all_done = 1;
    for (uint32_t l = 0; l < nt; l++)
        if (r.done[l] != ISA_DONE_MAGIC) {
            if (all_done)
                snprintf(why, sizeof why, "lane %u (and maybe others) never reached the end", l);
            all_done = 0;
        }
    report("run", why);
    report_insns(&r, nt, all_done);
    report_csrs(&r, &t.info, block, nt);
    why[0] = '\0';
    for (uint32_t l = 0; l < nt && !why[0]; l++)
        if (r.after_exit[l] != (l % 2 == 0))
            snprintf(why, sizeof why, "thread %u %s after the exit point", l,
                     l % 2 ? "ran on (it had exited)" : "did not run on (it had not exited)");
    report("exit", why);
    rc = unit_status();
out:
    kt_end(&t);
    scord_close(dev);
    printf("isa tests: %u passed, %u failed\n", unit_passed(), unit_failed());
    return rc;
}
