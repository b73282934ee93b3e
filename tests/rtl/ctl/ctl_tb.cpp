// Unit test of gpu_ctl's launch check against an exact model: a launch
// starts the grid if and only if every dimension is nonzero, the block has
// at most warps x threads threads, the grid has fewer than 2^32 blocks (all
// counted without wrapping), the entry pc is an aligned address between the
// guard and the memory's end, and the stack settings are sane; a start
// reports the block, thread and warp counts, a refusal latches the launch
// fault with the entry pc.
//
//   random    random dimensions (zeros, small values, powers of two around
//             the 32- and 64-bit limits, any value), pc and stack settings,
//             each register written in consecutive cycles and the launch
//             in the cycle right after the last write, which delays the
//             start by exactly three cycles: the x*y products, the
//             products with z, then the check, are registered from the
//             registers.
//   directed  products that wrap 64 bits (2^22 x 2^21 x 2^21), one that
//             just fits 32 bits, the largest block, one thread too many.
// Prints "N passed, N failed"; exit code 1 on any failure.
#include "Vgpu_ctl.h"
#include "scord_defs.h"
#include "verilated.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

static Vgpu_ctl *t;
static uint64_t cycle;

static void tick() {
    t->clk_i = 0;
    t->eval();
    t->clk_i = 1;
    t->eval();
    cycle++;
}

static void idle() {
    t->ctl_req_i = 0;
    t->ctl_we_i = 0;
    tick();
}

static void wr(uint32_t addr, uint32_t data) {
    t->ctl_req_i = 1;
    t->ctl_we_i = 1;
    t->ctl_addr_i = addr;
    t->ctl_wdata_i = data;
    tick();
}

static uint32_t rd(uint32_t addr) {
    t->ctl_req_i = 1;
    t->ctl_we_i = 0;
    t->ctl_addr_i = addr;
    tick();
    t->ctl_req_i = 0;
    return t->ctl_rdata_o;
}

struct launch {
    uint32_t grid[3], block[3], pc, stack_top, stack_log2, smem;
};

static uint32_t mem_bytes, max_threads, lanes, warps, smem_cap;

// The model, on unbounded integers.
static bool launch_ok(const launch &l) {
    for (int i = 0; i < 3; i++)
        if (!l.grid[i] || !l.block[i])
            return false;
    unsigned __int128 blocks = (unsigned __int128)l.grid[0] * l.grid[1] * l.grid[2];
    unsigned __int128 threads = (unsigned __int128)l.block[0] * l.block[1] * l.block[2];
    // the cores interleave a core's stacks: this stack size, a region
    // aligned to a core's stacks
    uint64_t stack_block = (uint64_t)warps * lanes << GPU_STACK_LOG2;
    return threads <= max_threads && blocks <= 0xFFFFFFFFu && (l.pc & 3) == 0 &&
           l.pc >= SCORD_MEM_GUARD && l.pc < mem_bytes && l.stack_log2 == GPU_STACK_LOG2 &&
           l.stack_top % stack_block == 0 && l.stack_top <= mem_bytes && l.smem <= smem_cap;
}

static int n_pass, n_fail, n_started, n_refused;

// Writes the launch's registers back to back (in a random order), launches
// in the next cycle and checks the outcome. Returns false on a mismatch.
static bool run(const launch &l, std::mt19937_64 &g, const char *what) {
    wr(SCORD_CTL_CTRL, 2); // soft reset: clears a latched error
    struct { uint32_t a, v; } w[10] = {
        {SCORD_CTL_GRID_X, l.grid[0]},   {SCORD_CTL_GRID_Y, l.grid[1]},
        {SCORD_CTL_GRID_Z, l.grid[2]},   {SCORD_CTL_BLOCK_X, l.block[0]},
        {SCORD_CTL_BLOCK_Y, l.block[1]}, {SCORD_CTL_BLOCK_Z, l.block[2]},
        {SCORD_CTL_ENTRY_PC, l.pc},      {SCORD_CTL_STACK_TOP, l.stack_top},
        {SCORD_CTL_STACK_LOG2, l.stack_log2}, {SCORD_CTL_SMEM_BYTES, l.smem}};
    for (int i = 9; i > 0; i--) {
        int j = (int)(g() % (uint64_t)(i + 1));
        auto x = w[i]; w[i] = w[j]; w[j] = x;
    }
    for (auto &x : w)
        wr(x.a, x.v);
    wr(SCORD_CTL_CTRL, 1);
    bool early = t->start_o;
    idle();
    early = early || t->start_o;
    idle();
    early = early || t->start_o;
    idle();
    bool started = t->start_o && !early;
    uint32_t nblocks = t->nblocks_o, nthreads = t->nthreads_o, nwarps = t->nwarps_o;
    uint32_t sbytes = t->smem_bytes_o, sstride = t->smem_stride_o;
    idle();
    idle();
    uint32_t status = rd(SCORD_CTL_STATUS);
    uint32_t err_pc = rd(SCORD_CTL_ERR_PC);
    bool want = launch_ok(l);
    bool ok = started == want;
    if (ok && want) {
        uint64_t threads = (uint64_t)l.block[0] * l.block[1] * l.block[2];
        uint32_t row = 4 * lanes;
        ok = nblocks == l.grid[0] * l.grid[1] * l.grid[2] && nthreads == threads &&
             nwarps == (threads + lanes - 1) / lanes && (status & 2) && !(status & 4) &&
             sbytes == ((l.smem + 3) & ~3u) && sstride == (l.smem + row - 1) / row * row;
    } else if (ok) {
        ok = (status & 4) && ((status >> 8) & 0xFF) == SCORD_FAULT_LAUNCH && err_pc == l.pc;
    }
    (want ? n_started : n_refused)++;
    if (!ok && n_fail < 10)
        printf("FAIL %s: grid %ux%ux%u block %ux%ux%u pc %#x stack %#x/%u shared %u: %s "
               "expected, start %d status %#x err_pc %#x nblocks %u nthreads %u nwarps %u "
               "shared %u stride %u\n",
               what, l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1], l.block[2], l.pc,
               l.stack_top, l.stack_log2, l.smem, want ? "start" : "refusal", started, status,
               err_pc, nblocks, nthreads, nwarps, sbytes, sstride);
    return ok;
}

static uint32_t dim(std::mt19937_64 &g) {
    switch (g() % 8) {
    case 0: case 1: case 2: case 3: return (uint32_t)(g() % 6);
    case 4: return 1u << (g() % 32);
    case 5: return (1u << (g() % 32)) + (uint32_t)(g() % 3) - 1;
    case 6: return (uint32_t)(g() % 70000);
    default: return (uint32_t)g();
    }
}

static void check(bool ok, const char *name) {
    ok ? n_pass++ : n_fail++;
    printf("%s %s\n", ok ? "PASS" : "FAIL", name);
}

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    long trials = 200000;
    for (int i = 1; i < argc; i++)
        if (!strncmp(argv[i], "--trials=", 9))
            trials = strtol(argv[i] + 9, nullptr, 10);
    t = new Vgpu_ctl;
    // Nothing runs: the grid finishes as soon as it may.
    t->dispatch_done_i = 1;
    t->core_idle_i = (1u << GPU_NUM_CORES) - 1;
    t->l2_idle_i = 1;
    t->rst_i = 1;
    idle();
    t->rst_i = 0;
    idle();
    mem_bytes = rd(SCORD_CTL_MEM_BYTES);
    uint32_t hw = rd(SCORD_CTL_HW_CONFIG);
    lanes = (hw >> 16) & 0xFF;
    warps = (hw >> 8) & 0xFF;
    max_threads = warps * lanes;
    smem_cap = rd(SCORD_CTL_SMEM_CAP);

    std::mt19937_64 g(1);
    bool ok = true;
    for (long n = 0; n < trials; n++) {
        launch l;
        for (int i = 0; i < 3; i++) {
            l.grid[i] = dim(g);
            l.block[i] = dim(g);
        }
        l.pc = (g() % 4) ? SCORD_MEM_GUARD + 4 * (uint32_t)(g() % 1000) : (uint32_t)g();
        l.stack_top = (g() % 8) ? mem_bytes : (g() % 2) ? (uint32_t)g() & ~0xFFFFu : (uint32_t)g();
        l.stack_log2 = (g() % 8) ? GPU_STACK_LOG2 : (uint32_t)(g() % 32);
        switch (g() % 8) {
        case 0: l.smem = smem_cap + (uint32_t)(g() % 3); break;
        case 1: l.smem = (uint32_t)g(); break;
        case 2: case 3: case 4: l.smem = 0; break;
        default: l.smem = (uint32_t)(g() % (smem_cap + 1)); break;
        }
        ok &= run(l, g, "random");
    }
    printf("  %d started, %d refused\n", n_started, n_refused);
    // both outcomes often enough to mean something (the smallest
    // configuration starts the fewest: blocks of 8 threads at most)
    check(ok && n_started > trials / 400 && n_refused > trials / 400, "random launches");

    launch base = {{1, 1, 1}, {1, 1, 1}, SCORD_MEM_GUARD, mem_bytes, GPU_STACK_LOG2, 0};
    struct { uint32_t g[3], b[3]; const char *name; } d[] = {
        {{1u << 22, 1u << 21, 1u << 21}, {1, 1, 1}, "grid product wraps 64 bits"},
        {{1, 1, 1}, {1u << 22, 1u << 21, 1u << 21}, "block product wraps 64 bits"},
        {{1u << 16, 1u << 16, 1}, {1, 1, 1}, "grid of 2^32 blocks"},
        {{0xFFFFu, 0x10001u, 1}, {1, 1, 1}, "grid of 2^32 - 1 blocks"},
        {{3, 5, 7}, {max_threads, 1, 1}, "the largest block"},
        {{1, 1, 1}, {max_threads + 1, 1, 1}, "one thread too many"},
        {{1, 1, 1}, {lanes, 0x80000000u, 2}, "block of 2^32 x lanes threads"},
    };
    for (auto &x : d) {
        launch l = base;
        for (int i = 0; i < 3; i++) {
            l.grid[i] = x.g[i];
            l.block[i] = x.b[i];
        }
        check(run(l, g, x.name), x.name);
    }
    struct { uint32_t smem, log2, top_off; const char *name; } e[] = {
        {smem_cap, GPU_STACK_LOG2, 0, "all of a core's shared memory"},
        {smem_cap + 1, GPU_STACK_LOG2, 0, "one shared byte too many"},
        {7, GPU_STACK_LOG2, 0, "shared bytes rounded to words and rows"},
        {0, GPU_STACK_LOG2 - 1, 0, "another stack size than the cores interleave"},
        {0, GPU_STACK_LOG2, 4096, "stack region not on a core's block of stacks"},
    };
    for (auto &x : e) {
        launch l = base;
        l.smem = x.smem;
        l.stack_log2 = x.log2;
        l.stack_top = mem_bytes - x.top_off;
        check(run(l, g, x.name), x.name);
    }
    {
        // A soft reset written in a cycle a start waits for the check (the
        // start right after a block x write): nothing starts, no error.
        wr(SCORD_CTL_CTRL, 2);
        const uint32_t w[][2] = {
            {SCORD_CTL_GRID_X, 1},  {SCORD_CTL_GRID_Y, 1},  {SCORD_CTL_GRID_Z, 1},
            {SCORD_CTL_BLOCK_Y, 1}, {SCORD_CTL_BLOCK_Z, 1}, {SCORD_CTL_ENTRY_PC, SCORD_MEM_GUARD},
            {SCORD_CTL_STACK_TOP, mem_bytes}, {SCORD_CTL_STACK_LOG2, GPU_STACK_LOG2},
            {SCORD_CTL_SMEM_BYTES, 0}, {SCORD_CTL_BLOCK_X, 1}};
        for (auto &x : w)
            wr(x[0], x[1]);
        wr(SCORD_CTL_CTRL, 1);
        const bool s1 = t->start_o;
        wr(SCORD_CTL_CTRL, 2);
        const bool s2 = t->start_o;
        idle();
        const bool s3 = t->start_o;
        idle();
        const bool s4 = t->start_o;
        idle();
        const bool s5 = t->start_o;
        const uint32_t status = rd(SCORD_CTL_STATUS);
        check(!s1 && !s2 && !s3 && !s4 && !s5 && (status & 7) == 0,
              "soft reset while a start waits for the check");
    }
    delete t;
    printf("%d passed, %d failed\n", n_pass, n_fail);
    return n_fail ? 1 : 0;
}
