// Unit test of gpu_perf_counters against N plain 32-bit counters: every
// cycle each counter is offered an increment from 0 to STEP and an enable
// (phases of none enabled, sparse, every counter at STEP every cycle: the
// most carries the pending-carry scheme can meet, and random), a clear now and then (its cycle's
// increments dropped), and a random counter is read and compared, as is
// every counter once in a while (a sweep of sel_i between two cycles).
// Prints "N passed, N failed"; exit code 1 on any failure.
#include "Vgpu_perf_counters.h"
#include "verilated.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#ifndef PERF_N
#error PERF_N and PERF_STEP come from perf.mk
#endif

static const int N = PERF_N, STEP = PERF_STEP;
static int sw_bits() { int b = 0; while ((1 << b) < STEP + 1) b++; return b; }

int main(int argc, char **argv) {
    long cycles = 2000000;
    for (int i = 1; i < argc; i++)
        if (!strncmp(argv[i], "--cycles=", 9)) cycles = atol(argv[i] + 9);
        else { fprintf(stderr, "usage: %s [--cycles=N]\n", argv[0]); return 2; }
    Verilated::commandArgs(argc, argv);
    Vgpu_perf_counters *t = new Vgpu_perf_counters;
    std::mt19937_64 rng(12345);
    const int SW = sw_bits();
    uint32_t ref[32] = {0};
    long checks = 0, fails = 0;

    auto check = [&](int sel, long cyc) {
        t->sel_i = sel;
        t->eval();
        uint32_t want = sel < N ? ref[sel] : 0;
        checks++;
        if (t->val_o != want) {
            if (fails < 10)
                fprintf(stderr, "cycle %ld: counter %d reads %u, want %u\n", cyc, sel,
                        (unsigned)t->val_o, (unsigned)want);
            fails++;
        }
    };

    // power-on: a clear
    t->clear_i = 1;
    t->clk_i = 0; t->eval(); t->clk_i = 1; t->eval();
    t->clear_i = 0;
    for (long c = 0; c < cycles; c++) {
        int phase = (int)((c / 5000) % 4);   // none, sparse, all at STEP, random
        bool clear = (rng() % 20011) == 0;
        uint64_t inc_bits[4] = {0, 0, 0, 0};   // N * SW <= 256 bits
        uint32_t inc[32] = {0}, en = 0;
        for (int k = 0; k < N; k++) {
            // the increment offered, and whether the counter takes it
            uint32_t v = 0;
            bool e = true;
            switch (phase) {
            case 0: v = rng() % (STEP + 1); e = false; break;
            case 1: v = 1; e = (rng() % 8) == 0; break;
            case 2: v = STEP; break;
            default: v = rng() % (STEP + 1); e = rng() & 1; break;
            }
            inc[k] = e ? v : 0;
            en |= (uint32_t)e << k;
            for (int b = 0; b < SW; b++)
                if (v >> b & 1) {
                    int bit = k * SW + b;
                    inc_bits[bit / 64] |= 1ull << (bit % 64);
                }
        }
        t->clear_i = clear;
        // inc_i is wider than 64 bits for every STEP >= 2 (N = 24): a
        // Verilator wide signal, written 32 bits at a time
        for (int w = 0; w < (N * SW + 31) / 32; w++)
            t->inc_i[w] = (uint32_t)(inc_bits[w / 2] >> (32 * (w % 2)));
        t->en_i = en;
        t->clk_i = 0; t->eval(); t->clk_i = 1; t->eval();
        for (int k = 0; k < N; k++) ref[k] = clear ? 0 : ref[k] + inc[k];
        if (c % 997 == 0)
            for (int s = 0; s < 32; s++) check(s, c);
        else
            check((int)(rng() % 32), c);
    }
    delete t;
    printf("perf counters (N=%d, STEP=%d, %ld cycles): %ld passed, %ld failed\n", N, STEP, cycles,
           checks - fails, fails);
    return fails ? 1 : 0;
}
