/* scord-isa-cosim: random RV32IMA programs on our GPU (libscord, any
 * device URI, the cycle model by default) and on QEMU's qemu-riscv32, an
 * independent RISC-V implementation; registers and memory compared at the
 * end of every program (docs/trust.md).
 *
 *   scord-isa-cosim [options] [--directed FILE...]
 *     --device URI        libscord device (default sim)
 *     --qemu PATH         qemu-riscv32 (default: found on PATH)
 *     --seed N            first seed (default 1)
 *     --batches N         launches (default 1)
 *     --blocks N          blocks per launch, one program chain each (default 16)
 *     --lanes N           threads per block: 1 is one lane of a warp; more
 *                         runs every program on N lanes with lane-dependent
 *                         inputs (a power of two; default 1)
 *     --programs N        programs per chain (a power of two; default 32)
 *     --units N           instruction groups per program (default 48)
 *     --timeout MS        per launch (default 120000)
 *     --minimize          shrink each mismatching program (nop for nop) and
 *                         print it in the directed-test format
 *     --save DIR          write each (minimized) mismatch to DIR/<seed>.prog
 *     --print-lanes       print the lanes of a warp of the device and exit
 *     --self-check        check that the comparison sees a difference (a raw
 *                         cycle count), then the directed files, if any
 *     --directed FILE...  run the given directed programs (each alone); one
 *                         PASS/FAIL line per file
 *
 * Prints one PASS/FAIL line per batch (or directed file) and a summary
 * "cosim: N programs (M lane runs), K mismatches"; exits 1 on a mismatch.
 *
 * Image (one ELF per target, the same layout, only the entry and end stubs
 * differ): stubs at 0x1000, the chain table, the program chains, then the
 * data: per thread and program a 256-byte state (input registers, then
 * result registers) and a COSIM_REGION-byte data region. Each program is
 * "load x1..x31 from the state (not gp, tp), body, store x1..x31, step tp
 * and gp to the next program". On the GPU every thread picks its chain
 * and state from its block and thread ids and all run at once; on QEMU one
 * loop runs the threads one after the other, then write()s the data to
 * stdout. The QEMU process runs while the cycle model does.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rvgen.h"
#include "scord.h"
#include "scord_defs.h"
#include "unit.h"

#define BASE 0x1000u
#define STUB_WORDS 64u
#define DONE_ADDR (BASE + 4u * STUB_WORDS)
#define TABLE_ADDR (BASE + 8u * STUB_WORDS)
#define MAX_BLOCKS 64u
#define CODE_ADDR (TABLE_ADDR + 4u * MAX_BLOCKS)
#define STATE_BYTES 256u
#define RESULT_OFF 128u
#define HVAR_BYTES 32u
#define MAX_THREADS 1024u

/* One program with its inputs for every lane that runs it. */
struct prog {
    uint64_t seed;
    struct rvgen_prog body;
    uint32_t lanes;
    uint32_t (*regs)[32];              /* [lane][x] inputs */
    uint8_t (*mem)[COSIM_REGION];      /* [lane] region contents */
};

struct opts {
    const char *device, *qemu, *save;
    uint64_t seed;
    unsigned batches, blocks, lanes, programs, units, timeout_ms;
    int minimize;
};

static struct opts o = {"sim", NULL, NULL, 1, 1, 16, 1, 32, 48, 120000, 0};
static scord_device *dev;
static struct scord_info info;
static unsigned long total_programs, total_lane_runs, total_mismatches;

static void die(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
static void die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("scord-isa-cosim: ", stderr);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(2);
}

static unsigned log2u(unsigned v)
{
    unsigned l = 0;
    while ((1u << l) < v)
        l++;
    return l;
}

/* ---- program inputs ----------------------------------------------------- */

static uint64_t mix(uint64_t a, uint64_t b)
{
    struct rvgen_rng r = {a * 0x100000001B3ull ^ b};
    return rvgen_next(&r);
}

static void prog_alloc(struct prog *p, uint32_t lanes)
{
    p->lanes = lanes;
    p->regs = calloc(lanes, sizeof *p->regs);
    p->mem = calloc(lanes, sizeof *p->mem);
    if (!p->regs || !p->mem)
        die("out of memory");
}

static void prog_free(struct prog *p)
{
    free(p->regs);
    free(p->mem);
    p->regs = NULL;
    p->mem = NULL;
}

/* Body and inputs from the seed alone. Each register (and each data word)
 * is, at random, the same in every lane or drawn per lane, so a warp sees
 * both uniform and divergent operands. */
static void prog_make(struct prog *p, uint64_t seed, uint32_t lanes, uint32_t pc)
{
    struct rvgen_rng r = {seed};
    p->seed = seed;
    prog_alloc(p, lanes);
    rvgen_program(&r, &p->body, pc, o.units);
    for (uint32_t x = 0; x < 32; x++) {
        int uniform = rvgen_below(&r, 2);
        uint32_t v = rvgen_value(&r);
        for (uint32_t l = 0; l < lanes; l++) {
            struct rvgen_rng lr = {mix(seed, (uint64_t)l << 8 | x)};
            p->regs[l][x] = uniform ? v : rvgen_value(&lr);
        }
    }
    for (uint32_t w = 0; w < COSIM_REGION / 4; w++) {
        int uniform = rvgen_below(&r, 2);
        uint32_t v = rvgen_value(&r);
        for (uint32_t l = 0; l < lanes; l++) {
            struct rvgen_rng lr = {mix(seed, (uint64_t)l << 16 | 0x8000u | w)};
            uint32_t u = uniform ? v : rvgen_value(&lr);
            memcpy(&p->mem[l][4 * w], &u, 4);
        }
    }
}

/* ---- image -------------------------------------------------------------- */

struct layout {
    uint32_t blocks, lanes, per_chain, threads;
    uint32_t code_end, state, region, hvar, data_end;
};

struct image {
    uint8_t *bytes; /* [BASE, l.data_end) */
    uint32_t size;
    struct layout l;
};

static void put32(struct image *im, uint32_t addr, uint32_t v)
{
    if (addr < BASE || addr + 4 > BASE + im->size)
        die("internal: write at 0x%08x outside the image", addr);
    memcpy(im->bytes + (addr - BASE), &v, 4);
}

static uint32_t get32(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* Words of one program's prologue + body + epilogue. */
static uint32_t prog_words(const struct prog *p) { return 29 + p->body.nwords + 31 + 2; }

static struct layout plan(struct prog *const *chains, uint32_t blocks, uint32_t lanes,
                          uint32_t per_chain)
{
    struct layout l = {blocks, lanes, per_chain, blocks * lanes, 0, 0, 0, 0, 0};
    uint32_t a = CODE_ADDR;
    for (uint32_t b = 0; b < blocks; b++) {
        for (uint32_t k = 0; k < per_chain; k++)
            a += 4 * prog_words(&chains[b][k]);
        a += 4; /* the jump to the end stub */
    }
    l.code_end = a;
    l.state = (a + 4095) & ~4095u;
    l.region = l.state + l.threads * per_chain * STATE_BYTES;
    l.hvar = l.region + l.threads * per_chain * COSIM_REGION;
    l.data_end = l.hvar + HVAR_BYTES;
    return l;
}

/* The address of program k's code in chain b. */
static uint32_t prog_pc(struct prog *const *chains, uint32_t b, uint32_t k, uint32_t per_chain)
{
    uint32_t a = CODE_ADDR;
    for (uint32_t i = 0; i < b; i++) {
        for (uint32_t j = 0; j < per_chain; j++)
            a += 4 * prog_words(&chains[i][j]);
        a += 4;
    }
    for (uint32_t j = 0; j < k; j++)
        a += 4 * prog_words(&chains[b][j]);
    return a + 4 * 29;
}

struct emitter {
    struct image *im;
    uint32_t pc;
};
static void em(struct emitter *e, uint32_t w)
{
    put32(e->im, e->pc, w);
    e->pc += 4;
}
static void em_li(struct emitter *e, uint32_t rd, uint32_t v)
{
    uint32_t w[2];
    rv_li2(w, rd, v);
    em(e, w[0]);
    em(e, w[1]);
}

enum { T0 = 5, T1 = 6, T2 = 7, T3 = 28, T4 = 29, A0 = 10, A1 = 11, A2 = 12, A7 = 17 };

/* From the thread number in t2: tp, gp, and the jump to its chain. */
static void em_dispatch(struct emitter *e, const struct layout *l)
{
    unsigned lk = log2u(l->per_chain);
    em(e, rv_i(RV_OP_IMM, 1, T3, T2, (int32_t)(lk + 8))); /* * per_chain * 256 */
    em_li(e, COSIM_REG_TP, l->state);
    em(e, rv_r(0, 0, COSIM_REG_TP, COSIM_REG_TP, T3));
    em(e, rv_i(RV_OP_IMM, 1, T3, T2, (int32_t)(lk + log2u(COSIM_REGION))));
    em_li(e, COSIM_REG_GP, l->region);
    em(e, rv_r(0, 0, COSIM_REG_GP, COSIM_REG_GP, T3));
    em(e, rv_i(RV_OP_IMM, 5, T3, T2, (int32_t)log2u(l->lanes))); /* block = thread / lanes */
    em(e, rv_i(RV_OP_IMM, 1, T3, T3, 2));
    em_li(e, T4, TABLE_ADDR);
    em(e, rv_r(0, 0, T4, T4, T3));
    em(e, rv_i(RV_OP_LOAD, 2, T4, T4, 0));
    em(e, rv_i(RV_OP_JALR, 0, 0, T4, 0));
}

/* GPU: thread = block_id * lanes + tid; at the end a device fence (the
 * results reach memory) and the SIMT exit. */
static void em_stubs_gpu(struct image *im)
{
    struct emitter e = {im, BASE};
    em(&e, rv_i(RV_OP_SYSTEM, 2, T0, 0, (int32_t)SCORD_CSR_BLOCK_ID)); /* csrr t0, block_id */
    em(&e, rv_i(RV_OP_SYSTEM, 2, T1, 0, (int32_t)SCORD_CSR_TID));
    em(&e, rv_i(RV_OP_IMM, 1, T2, T0, (int32_t)log2u(im->l.lanes)));
    em(&e, rv_r(0, 0, T2, T2, T1));
    em_dispatch(&e, &im->l);
    e.pc = DONE_ADDR;
    em(&e, 0x0ff0000fu); /* fence rw..., iorw */
    em(&e, rv_i(SCORD_OPC_SIMT, SCORD_SIMT_EXIT, 0, 0, 0));
}

/* QEMU: one loop over the threads, the thread number in memory (hvar);
 * then write(1, data, len) and exit(0). */
static void em_stubs_qemu(struct image *im)
{
    const struct layout *l = &im->l;
    struct emitter e = {im, BASE};
    em_li(&e, T0, l->hvar);
    em(&e, rv_s(RV_OP_STORE, 2, T0, 0, 0));
    uint32_t lane_start = e.pc;
    em_li(&e, T0, l->hvar);
    em(&e, rv_i(RV_OP_LOAD, 2, T2, T0, 0));
    em_dispatch(&e, l);
    e.pc = DONE_ADDR;
    em_li(&e, T0, l->hvar);
    em(&e, rv_i(RV_OP_LOAD, 2, T2, T0, 0));
    em(&e, rv_i(RV_OP_IMM, 0, T2, T2, 1));
    em(&e, rv_s(RV_OP_STORE, 2, T0, T2, 0));
    em_li(&e, T1, l->threads);
    em(&e, rv_b(4, T2, T1, (int32_t)(lane_start - e.pc))); /* blt t2, t1, lane_start */
    /* write(1, state, len): the pipe takes it whole (blocking). */
    uint32_t len = l->hvar - l->state, again = e.pc;
    em_li(&e, A7, 64);
    em(&e, rv_i(RV_OP_IMM, 0, A0, 0, 1));
    em_li(&e, A1, l->state);
    em_li(&e, A2, len);
    em(&e, 0x00000073u); /* ecall */
    em(&e, rv_b(0, A0, A2, 12)); /* all written: on to exit */
    em(&e, rv_i(RV_OP_IMM, 0, A0, 0, 1)); /* else exit(1) */
    em(&e, rv_jal(0, 8));
    (void)again;
    em(&e, rv_i(RV_OP_IMM, 0, A0, 0, 0));
    em_li(&e, A7, 93);
    em(&e, 0x00000073u);
}

/* The chains and data, common to both targets. */
static void em_common(struct image *im, struct prog *const *chains)
{
    const struct layout *l = &im->l;
    struct emitter e = {im, CODE_ADDR};
    for (uint32_t b = 0; b < l->blocks; b++) {
        put32(im, TABLE_ADDR + 4 * b, e.pc);
        for (uint32_t k = 0; k < l->per_chain; k++) {
            const struct prog *p = &chains[b][k];
            for (uint32_t x = 1; x < 32; x++)
                if (x != COSIM_REG_GP && x != COSIM_REG_TP)
                    em(&e, rv_i(RV_OP_LOAD, 2, x, COSIM_REG_TP, (int32_t)(4 * x)));
            if (e.pc != prog_pc(chains, b, k, l->per_chain))
                die("internal: program %u/%u at 0x%08x, planned elsewhere", b, k, e.pc);
            for (uint32_t i = 0; i < p->body.nwords; i++)
                em(&e, p->body.words[i]);
            for (uint32_t x = 1; x < 32; x++)
                em(&e, rv_s(RV_OP_STORE, 2, COSIM_REG_TP, x, (int32_t)(RESULT_OFF + 4 * x)));
            em(&e, rv_i(RV_OP_IMM, 0, COSIM_REG_TP, COSIM_REG_TP, (int32_t)STATE_BYTES));
            em(&e, rv_i(RV_OP_IMM, 0, COSIM_REG_GP, COSIM_REG_GP, (int32_t)COSIM_REGION));
            /* inputs of every lane that runs it */
            for (uint32_t lane = 0; lane < l->lanes; lane++) {
                uint32_t t = b * l->lanes + lane, slot = t * l->per_chain + k;
                for (uint32_t x = 0; x < 32; x++)
                    put32(im, l->state + slot * STATE_BYTES + 4 * x, p->regs[lane][x]);
                memcpy(im->bytes + (l->region + slot * COSIM_REGION - BASE), p->mem[lane],
                       COSIM_REGION);
            }
        }
        em(&e, rv_jal(0, (int32_t)(DONE_ADDR - e.pc)));
    }
}

static void image_build(struct image *im, struct prog *const *chains, uint32_t blocks,
                        uint32_t lanes, uint32_t per_chain, int qemu)
{
    im->l = plan(chains, blocks, lanes, per_chain);
    im->size = im->l.data_end - BASE;
    im->bytes = calloc(1, im->size);
    if (!im->bytes)
        die("out of memory");
    for (uint32_t a = BASE; a < CODE_ADDR; a += 4)
        put32(im, a, RV_NOP);
    em_common(im, chains);
    if (qemu)
        em_stubs_qemu(im);
    else
        em_stubs_gpu(im);
}

/* A static ELF32 RISC-V executable with one RWX segment at BASE. */
static void write_elf(const char *path, const struct image *im)
{
    uint8_t h[BASE];
    memset(h, 0, sizeof h);
    static const uint8_t ident[16] = {0x7f, 'E', 'L', 'F', 1, 1, 1, 0};
    memcpy(h, ident, 16);
    uint16_t u16;
    uint32_t u32;
#define P16(off, v) (u16 = (uint16_t)(v), memcpy(h + (off), &u16, 2))
#define P32(off, v) (u32 = (uint32_t)(v), memcpy(h + (off), &u32, 4))
    P16(16, 2);      /* ET_EXEC */
    P16(18, 243);    /* EM_RISCV */
    P32(20, 1);      /* EV_CURRENT */
    P32(24, BASE);   /* entry */
    P32(28, 52);     /* phoff */
    P32(32, 0);      /* shoff */
    P32(36, 0);      /* flags: soft float ABI, no RVC */
    P16(40, 52);     /* ehsize */
    P16(42, 32);     /* phentsize */
    P16(44, 1);      /* phnum */
    P16(46, 40);     /* shentsize */
    P16(48, 0);
    P16(50, 0);
    P32(52, 1);        /* PT_LOAD */
    P32(56, BASE);     /* offset */
    P32(60, BASE);     /* vaddr */
    P32(64, BASE);     /* paddr */
    P32(68, im->size); /* filesz */
    P32(72, im->size); /* memsz */
    P32(76, 7);        /* RWX */
    P32(80, 0x1000);   /* align */
#undef P16
#undef P32
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(h, 1, sizeof h, f) != sizeof h || fwrite(im->bytes, 1, im->size, f) != im->size ||
        fclose(f) || chmod(path, 0755)) /* qemu-user runs executables only */
        die("cannot write %s: %s", path, strerror(errno));
}

/* ---- running -------------------------------------------------------------- */

struct qemu_run {
    pid_t pid;
    int fd;
};

static struct qemu_run qemu_start(const char *elf)
{
    int p[2];
    if (pipe(p))
        die("pipe: %s", strerror(errno));
    pid_t pid = fork();
    if (pid < 0)
        die("fork: %s", strerror(errno));
    if (pid == 0) {
        dup2(p[1], 1);
        close(p[0]);
        close(p[1]);
        execl(o.qemu, o.qemu, "-cpu", "rv32", elf, (char *)NULL);
        fprintf(stderr, "scord-isa-cosim: cannot run %s: %s\n", o.qemu, strerror(errno));
        _exit(127);
    }
    close(p[1]);
    struct qemu_run q = {pid, p[0]};
    return q;
}

/* Reads len bytes of QEMU's dump; returns 0, or -1 with why. */
static int qemu_finish(struct qemu_run q, uint8_t *buf, size_t len, char *why, size_t wlen)
{
    size_t got = 0;
    int hung = 0;
    while (got < len) {
        /* A program that never ends would be a generator bug: do not wait
         * for it longer than for the GPU. */
        struct pollfd pf = {q.fd, POLLIN, 0};
        int pr = poll(&pf, 1, (int)o.timeout_ms);
        if (pr < 0 && errno == EINTR)
            continue;
        if (pr == 0) {
            hung = 1;
            kill(q.pid, SIGKILL);
            break;
        }
        ssize_t n = read(q.fd, buf + got, len - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    close(q.fd);
    int st;
    while (waitpid(q.pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (hung) {
        snprintf(why, wlen, "qemu-riscv32 did not finish within %u ms", o.timeout_ms);
        return -1;
    }
    if (WIFSIGNALED(st)) {
        snprintf(why, wlen, "qemu-riscv32 died of signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
        return -1;
    }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0 || got != len) {
        snprintf(why, wlen, "qemu-riscv32 exited with %d after %zu of %zu bytes", WEXITSTATUS(st), got, len);
        return -1;
    }
    return 0;
}

/* Runs the image on the device; returns 0, or -1 with why (a fault or a
 * timeout: the programs never do either on a correct hart). */
static int gpu_run(const char *elf, const struct layout *l, uint8_t *buf, char *why, size_t wlen)
{
    scord_kernel *k = NULL;
    int rc = scord_load_kernel(dev, elf, &k);
    if (rc)
        die("loading %s: %s: %s", elf, scord_error_name(rc), scord_last_error_detail(dev));
    struct scord_dim3 grid = {l->blocks, 1, 1}, block = {l->lanes, 1, 1};
    rc = scord_launch(dev, k, grid, block, NULL, 0);
    if (!rc)
        rc = scord_wait(dev, o.timeout_ms);
    if (rc) {
        snprintf(why, wlen, "GPU: %s: %s", scord_error_name(rc), scord_last_error_detail(dev));
        scord_kernel_free(k);
        return -1;
    }
    rc = scord_memcpy_dtoh(dev, buf, l->state, l->hvar - l->state);
    scord_kernel_free(k);
    if (rc)
        die("reading results: %s", scord_error_name(rc));
    return 0;
}

/* Outcome of one program on one lane. */
struct outcome {
    int differs;
    char what[256];
};

/* Compares one thread's slot of both dumps. */
static int compare_slot(const struct layout *l, const uint8_t *g, const uint8_t *q, uint32_t slot,
                        char *what, size_t wlen)
{
    const uint8_t *gs = g + slot * STATE_BYTES, *qs = q + slot * STATE_BYTES;
    int n = 0;
    size_t used = 0;
    what[0] = 0;
    for (uint32_t x = 1; x < 32; x++) {
        uint32_t a = get32(gs + RESULT_OFF + 4 * x), b = get32(qs + RESULT_OFF + 4 * x);
        if (a != b) {
            if (used < wlen)
                used += (size_t)snprintf(what + used, wlen - used, "%sx%u gpu 0x%08x qemu 0x%08x",
                                         n ? ", " : "", x, a, b);
            n++;
        }
    }
    uint32_t roff = l->region - l->state + slot * COSIM_REGION;
    for (uint32_t i = 0; i < COSIM_REGION; i += 4) {
        uint32_t a = get32(g + roff + i), b = get32(q + roff + i);
        if (a != b) {
            if (used < wlen)
                used += (size_t)snprintf(what + used, wlen - used, "%smem+%u gpu 0x%08x qemu 0x%08x",
                                         n ? ", " : "", i, a, b);
            n++;
        }
    }
    return n;
}

/* Runs chains [blocks][per_chain] on both; per-program verdicts into
 * bad[b][k] (lane of the first difference, or -1) and why. Returns -1
 * when a whole run failed (fault, timeout, QEMU died): run_why says why. */
static int run_both(struct prog *const *chains, uint32_t blocks, uint32_t lanes, uint32_t per_chain,
                    int *bad, char (*why)[512], char *run_why, size_t rwlen)
{
    struct image gi, qi;
    image_build(&gi, chains, blocks, lanes, per_chain, 0);
    image_build(&qi, chains, blocks, lanes, per_chain, 1);
    char gpath[64], qpath[64];
    snprintf(gpath, sizeof gpath, "/tmp/scord-cosim-%d-gpu.elf", (int)getpid());
    snprintf(qpath, sizeof qpath, "/tmp/scord-cosim-%d-qemu.elf", (int)getpid());
    write_elf(gpath, &gi);
    write_elf(qpath, &qi);
    const struct layout *l = &gi.l;
    size_t len = l->hvar - l->state;
    uint8_t *gbuf = malloc(len), *qbuf = malloc(len);
    if (!gbuf || !qbuf)
        die("out of memory");
    struct qemu_run q = qemu_start(qpath);
    char gwhy[512] = "", qwhy[512] = "";
    int grc = gpu_run(gpath, l, gbuf, gwhy, sizeof gwhy);
    int qrc = qemu_finish(q, qbuf, len, qwhy, sizeof qwhy);
    if (!getenv("COSIM_KEEP")) {
        unlink(gpath);
        unlink(qpath);
    }
    int rc = 0;
    if (grc || qrc) {
        snprintf(run_why, rwlen, "%s%s%s", gwhy, grc && qrc ? "; " : "", qwhy);
        rc = -1;
    } else {
        for (uint32_t b = 0; b < blocks; b++)
            for (uint32_t k = 0; k < per_chain; k++) {
                bad[b * per_chain + k] = -1;
                for (uint32_t lane = 0; lane < lanes; lane++) {
                    uint32_t slot = (b * lanes + lane) * per_chain + k;
                    char what[400];
                    if (compare_slot(l, gbuf, qbuf, slot, what, sizeof what)) {
                        bad[b * per_chain + k] = (int)lane;
                        snprintf(why[b * per_chain + k], 512, "lane %u: %s", lane, what);
                        break;
                    }
                }
            }
    }
    free(gbuf);
    free(qbuf);
    free(gi.bytes);
    free(qi.bytes);
    return rc;
}

/* Runs one program alone (one block) and says whether it mismatches: 1
 * (why filled), 0 (agrees), -1 (a run failed). */
static int run_one(struct prog *p, char *why, size_t wlen)
{
    struct prog *chain = p;
    int bad = -1;
    char pw[1][512];
    pw[0][0] = 0;
    if (run_both(&chain, 1, p->lanes, 1, &bad, pw, why, wlen))
        return -1;
    if (bad < 0)
        return 0;
    snprintf(why, wlen, "%s", pw[0]);
    return 1;
}

/* ---- directed-test files -------------------------------------------------
 *
 *   # comment
 *   lanes N
 *   w 0xWORD            one body word per line, in order
 *   r LANE X 0xVALUE    input register x (1..31), default 0
 *   m LANE OFF 0xWORD   input data word at byte offset OFF, default 0
 */
static void prog_print(FILE *f, const struct prog *p, const char *note)
{
    fprintf(f, "# scord-isa-cosim directed program (seed 0x%016" PRIx64 ")\n", p->seed);
    if (note && *note)
        fprintf(f, "# %s\n", note);
    fprintf(f, "lanes %u\n", p->lanes);
    for (uint32_t i = 0; i < p->body.nwords; i++)
        fprintf(f, "w 0x%08x  # %s\n", p->body.words[i], p->body.text[i]);
    for (uint32_t l = 0; l < p->lanes; l++) {
        for (uint32_t x = 1; x < 32; x++)
            if (p->regs[l][x])
                fprintf(f, "r %u %u 0x%08x\n", l, x, p->regs[l][x]);
        for (uint32_t i = 0; i < COSIM_REGION; i += 4)
            if (get32(p->mem[l] + i))
                fprintf(f, "m %u %u 0x%08x\n", l, i, get32(p->mem[l] + i));
    }
}

static int prog_load(const char *path, struct prog *p, char *why, size_t wlen)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(why, wlen, "cannot open: %s", strerror(errno));
        return -1;
    }
    memset(p, 0, sizeof *p);
    char line[512];
    unsigned lineno = 0;
    int rc = 0;
    while (!rc && fgets(line, sizeof line, f)) {
        lineno++;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        unsigned a, b, v;
        char c;
        if (sscanf(line, " %c", &c) != 1)
            continue;
        if (sscanf(line, " lanes %u", &a) == 1) {
            if (p->regs || a == 0 || a > 32 || (a & (a - 1))) {
                rc = -1;
                break;
            }
            prog_alloc(p, a);
        } else if (sscanf(line, " w %x", &v) == 1 && p->body.nwords < RVGEN_MAX_WORDS) {
            p->body.words[p->body.nwords] = v;
            rvgen_disasm(v, p->body.text[p->body.nwords], RVGEN_TEXT);
            p->body.nwords++;
        } else if (sscanf(line, " r %u %u %x", &a, &b, &v) == 3 && p->regs && a < p->lanes && b >= 1 &&
                   b < 32) {
            p->regs[a][b] = v;
        } else if (sscanf(line, " m %u %u %x", &a, &b, &v) == 3 && p->regs && a < p->lanes &&
                   b % 4 == 0 && b < COSIM_REGION) {
            memcpy(p->mem[a] + b, &v, 4);
        } else {
            rc = -1;
        }
    }
    fclose(f);
    if (rc || !p->regs) {
        snprintf(why, wlen, "line %u: not a directed program line (lanes first, then w/r/m)", lineno);
        prog_free(p);
        return -1;
    }
    return 0;
}

/* Replace body words by nops while the program still mismatches (and
 * neither run fails), first in halves, then word by word. */
static void minimize(struct prog *p, char *why, size_t wlen)
{
    char w2[512];
    for (uint32_t chunk = p->body.nwords / 2; chunk >= 1; chunk /= 2) {
        for (uint32_t i = 0; i < p->body.nwords; i += chunk) {
            uint32_t save[RVGEN_MAX_WORDS], n = 0;
            for (uint32_t j = i; j < i + chunk && j < p->body.nwords; j++) {
                save[n++] = p->body.words[j];
                p->body.words[j] = RV_NOP;
            }
            int nothing = 1;
            for (uint32_t j = 0; j < n; j++)
                nothing &= save[j] == RV_NOP;
            if (nothing)
                continue;
            if (run_one(p, w2, sizeof w2) == 1) {
                snprintf(why, wlen, "%s", w2);
                continue;
            }
            for (uint32_t j = 0; j < n; j++)
                p->body.words[i + j] = save[j];
        }
        if (chunk == 1)
            break;
    }
    /* The listing follows the new words (nops stay: branch offsets and
     * link values depend on the layout). */
    for (uint32_t i = 0; i < p->body.nwords; i++)
        rvgen_disasm(p->body.words[i], p->body.text[i], RVGEN_TEXT);
}

static void report_mismatch(struct prog *p, const char *why)
{
    char w[512];
    snprintf(w, sizeof w, "%s", why);
    printf("mismatch: program seed 0x%016" PRIx64 " (%u lanes): %s\n", p->seed, p->lanes, w);
    if (o.minimize) {
        minimize(p, w, sizeof w);
        printf("minimized: %s\n", w);
    }
    prog_print(stdout, p, w);
    if (o.save) {
        char path[512];
        snprintf(path, sizeof path, "%s/%016" PRIx64 ".prog", o.save, p->seed);
        FILE *f = fopen(path, "w");
        if (f) {
            prog_print(f, p, w);
            fclose(f);
        }
    }
    fflush(stdout);
}

/* ---- modes ---------------------------------------------------------------- */

static int run_batch(unsigned batch)
{
    uint32_t B = o.blocks, K = o.programs, L = o.lanes;
    struct prog **chains = calloc(B, sizeof *chains);
    if (!chains)
        die("out of memory");
    for (uint32_t b = 0; b < B; b++) {
        chains[b] = calloc(K, sizeof **chains);
        if (!chains[b])
            die("out of memory");
        for (uint32_t k = 0; k < K; k++) {
            uint64_t s = mix(mix(o.seed, batch), (uint64_t)b << 20 | k);
            /* The pc is only a hint for the generator (it is pc-relative). */
            prog_make(&chains[b][k], s, L, 0);
        }
    }
    int *bad = malloc(B * K * sizeof *bad);
    char (*why)[512] = calloc(B * K, sizeof *why);
    if (!bad || !why)
        die("out of memory");
    char rwhy[1024];
    int rc = run_both(chains, B, L, K, bad, why, rwhy, sizeof rwhy);
    unsigned mism = 0;
    if (rc) {
        /* A whole run failed: find the program(s) by running each alone. */
        printf("batch %u failed as a whole (%s); running its programs one by one\n", batch, rwhy);
        for (uint32_t i = 0; i < B * K; i++) {
            struct prog *p = &chains[i / K][i % K];
            char w[1024];
            int r = run_one(p, w, sizeof w);
            if (r) {
                mism++;
                report_mismatch(p, w);
            }
        }
    } else {
        for (uint32_t i = 0; i < B * K; i++)
            if (bad[i] >= 0) {
                mism++;
                report_mismatch(&chains[i / K][i % K], why[i]);
            }
    }
    total_programs += B * K;
    total_lane_runs += (unsigned long)B * K * L;
    total_mismatches += mism;
    if (mism) {
        unit_fail("%u of %u programs differ", mism, B * K);
        unit_reportf(0, "cosim/seed %" PRIu64 " batch %u (%u lanes)", o.seed, batch, L);
    } else {
        unit_reportf(1, "cosim/seed %" PRIu64 " batch %u (%u lanes): %u programs agree", o.seed, batch,
                     L, B * K);
    }
    for (uint32_t b = 0; b < B; b++) {
        for (uint32_t k = 0; k < K; k++)
            prog_free(&chains[b][k]);
        free(chains[b]);
    }
    free(chains);
    free(bad);
    free(why);
    return mism ? 1 : 0;
}

static int run_directed(const char *path)
{
    struct prog p;
    char why[1024];
    const char *name = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    if (prog_load(path, &p, why, sizeof why)) {
        unit_fail("%s", why);
        unit_reportf(0, "cosim/directed/%s", name);
        return 1;
    }
    if (p.lanes > info.threads) {
        unit_reportf(1, "cosim/directed/%s: skipped (%u lanes, the device has %u)", name, p.lanes,
                     info.threads);
        prog_free(&p);
        return 0;
    }
    int r = run_one(&p, why, sizeof why);
    total_programs++;
    total_lane_runs += p.lanes;
    if (r) {
        total_mismatches++;
        unit_fail("%s", why);
    }
    unit_reportf(!r, "cosim/directed/%s", name);
    prog_free(&p);
    return r ? 1 : 0;
}

/* The comparison must see a difference when there is one: a program that
 * stores the raw cycle counter (which no two implementations share) into
 * a0 and into its data region must be reported, register and memory. */
static int self_check(void)
{
    struct prog p;
    memset(&p, 0, sizeof p);
    prog_alloc(&p, 1);
    p.body.words[0] = 0xC0002573u;                             /* csrr a0, cycle */
    p.body.words[1] = rv_i(RV_OP_IMM, 0, 10, 10, 1);           /* never 0 below */
    p.body.words[2] = rv_s(RV_OP_STORE, 2, COSIM_REG_GP, 10, 0); /* sw a0, 0(gp) */
    p.body.nwords = 3;
    char why[1024];
    int r = run_one(&p, why, sizeof why);
    prog_free(&p);
    if (r == 1 && strstr(why, "x10 ") && strstr(why, "mem+0 ")) {
        unit_reportf(1, "cosim/self-check: a raw cycle count is reported (%s)", why);
        return 0;
    }
    unit_fail("a raw cycle count in a0 and memory was %s", r == 0 ? "not reported" : why);
    unit_report(0, "cosim/self-check");
    return 1;
}

static const char *find_qemu(void)
{
    const char *path = getenv("PATH");
    static char buf[4096];
    if (!path)
        return NULL;
    char *copy = strdup(path), *save = NULL;
    for (char *d = strtok_r(copy, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
        snprintf(buf, sizeof buf, "%s/qemu-riscv32", d);
        if (access(buf, X_OK) == 0) {
            free(copy);
            return buf;
        }
    }
    free(copy);
    return NULL;
}

static unsigned num(const char *s, const char *what)
{
    char *end;
    errno = 0;
    unsigned long v = strtoul(s, &end, 0);
    if (errno || end == s || *end || v > 0xffffffffu)
        die("%s: '%s' is not a number", what, s);
    return (unsigned)v;
}

int main(int argc, char **argv)
{
    int directed = 0, first_file = argc, self = 0, print_lanes = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
#define OPT(name) (!strcmp(a, name) && (v || (die("%s needs a value", name), 0)) && ++i)
        if (OPT("--device"))
            o.device = v;
        else if (OPT("--qemu"))
            o.qemu = v;
        else if (OPT("--seed"))
            o.seed = num(v, "--seed");
        else if (OPT("--batches"))
            o.batches = num(v, "--batches");
        else if (OPT("--blocks"))
            o.blocks = num(v, "--blocks");
        else if (OPT("--lanes"))
            o.lanes = num(v, "--lanes");
        else if (OPT("--programs"))
            o.programs = num(v, "--programs");
        else if (OPT("--units"))
            o.units = num(v, "--units");
        else if (OPT("--timeout"))
            o.timeout_ms = num(v, "--timeout");
        else if (OPT("--save"))
            o.save = v;
        else if (!strcmp(a, "--minimize"))
            o.minimize = 1;
        else if (!strcmp(a, "--self-check"))
            self = 1;
        else if (!strcmp(a, "--print-lanes"))
            print_lanes = 1;
        else if (!strcmp(a, "--directed")) {
            directed = 1;
            first_file = i + 1;
            break;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            printf("usage: scord-isa-cosim [--device URI] [--qemu PATH] [--seed N] [--batches N]\n"
                   "       [--blocks N] [--lanes N] [--programs N] [--units N] [--timeout MS]\n"
                   "       [--minimize] [--save DIR] [--self-check] [--directed FILE...]\n");
            return 0;
        } else
            die("unknown option '%s' (see --help)", a);
#undef OPT
    }
    if (!o.qemu && !(o.qemu = find_qemu()))
        die("qemu-riscv32 not found on PATH (Debian package qemu-user; make deps installs it)");
    if (o.lanes == 0 || (o.lanes & (o.lanes - 1)) || o.programs == 0 || (o.programs & (o.programs - 1)))
        die("--lanes and --programs must be powers of two");
    if (o.blocks == 0 || o.blocks > MAX_BLOCKS || o.lanes > MAX_THREADS || o.units == 0 || o.units > 400)
        die("--blocks 1..%u, --units 1..400", MAX_BLOCKS);
    signal(SIGPIPE, SIG_IGN);
    int rc = scord_open(&dev, o.device);
    if (rc)
        die("cannot open device '%s': %s: %s", o.device, scord_error_name(rc),
            scord_last_error_detail(NULL));
    scord_get_info(dev, &info);
    if (print_lanes) { /* for scripts: the lanes of the device's warps */
        printf("%u\n", info.threads);
        scord_close(dev);
        return 0;
    }
    if (!directed && o.lanes > info.threads)
        die("--lanes %u: the device's warps have %u lanes", o.lanes, info.threads);
    int failed = 0;
    if (self)
        failed |= self_check();
    if (directed) {
        for (int i = first_file; i < argc; i++)
            failed |= run_directed(argv[i]);
    } else if (!self) {
        for (unsigned b = 0; b < o.batches; b++)
            failed |= run_batch(b);
    }
    printf("cosim: %lu programs (%lu lane runs), %lu mismatches\n", total_programs, total_lane_runs,
           total_mismatches);
    scord_close(dev);
    return failed ? 1 : 0;
}
