// Unit test of gpu_mul (one lane's multiplier for MUL, MULH, MULHSU,
// MULHU) against RV32M's definitions computed in 64-bit C: corner operands
// (0, 1, -1, the extremes, single bits, 0xffff, 0x10000 and their
// neighbours, every pair of them) and random ones, each with all four
// operations. With MUL_STAGE=1 (E_STAGE's split multiplier) the operands
// are offered with en_i for one clock edge and changed after it, so the
// product must come from what was registered, not from the inputs.
// Prints "N passed, N failed"; exit code 1 on any failure.
#include "Vgpu_mul.h"
#include "verilated.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#ifndef MUL_STAGE
#error MUL_STAGE comes from mul.mk
#endif

// gpu_pkg_classes.vh's ALU operation codes for the four products
enum { OP_MUL = 10, OP_MULH = 11, OP_MULHSU = 12, OP_MULHU = 13 };

static uint32_t ref(int op, uint32_t a, uint32_t b) {
    int64_t sa = (int32_t)a, sb = (int32_t)b;
    switch (op) {
    case OP_MUL:    return (uint32_t)((uint64_t)a * b);
    case OP_MULH:   return (uint32_t)((uint64_t)(sa * sb) >> 32);
    case OP_MULHSU: return (uint32_t)((uint64_t)(sa * (int64_t)(uint64_t)b) >> 32);
    default:        return (uint32_t)(((uint64_t)a * b) >> 32);
    }
}

int main(int argc, char **argv) {
    long randoms = 200000;
    for (int i = 1; i < argc; i++)
        if (!strncmp(argv[i], "--random=", 9)) randoms = atol(argv[i] + 9);
        else { fprintf(stderr, "usage: %s [--random=N]\n", argv[0]); return 2; }
    Verilated::commandArgs(argc, argv);
    Vgpu_mul *t = new Vgpu_mul;
    long checks = 0, fails = 0;
    std::mt19937_64 rng(20261203);

    auto one = [&](int op, uint32_t a, uint32_t b) {
        t->op_i = op;
        t->a_i = a;
        t->b_i = b;
        t->en_i = 1;
        t->clk_i = 0; t->eval();
        if (MUL_STAGE) {
            t->clk_i = 1; t->eval();     // E's edge: the partial products taken
            t->en_i = 0;                 // then other operands, not taken
            t->a_i = (uint32_t)rng();
            t->b_i = (uint32_t)rng();
            t->op_i = OP_MUL + (int)(rng() % 4);
            t->clk_i = 0; t->eval();
            t->clk_i = 1; t->eval();
        }
        uint32_t got = op == OP_MUL ? (uint32_t)t->product_o : (uint32_t)(t->product_o >> 32);
        uint32_t want = ref(op, a, b);
        checks++;
        if (got != want) {
            if (fails < 10)
                fprintf(stderr, "op %d: 0x%08x x 0x%08x gives 0x%08x, want 0x%08x\n", op,
                        (unsigned)a, (unsigned)b, (unsigned)got, (unsigned)want);
            fails++;
        }
        // MUL's low word is product_o[31:0] whatever the sign handling; the
        // full 64 bits are checked for MULHU (unsigned) and MULH (signed)
        if (op == OP_MULHU || op == OP_MULH) {
            uint64_t full = op == OP_MULHU ? (uint64_t)a * b
                                           : (uint64_t)((int64_t)(int32_t)a * (int32_t)b);
            checks++;
            if ((uint64_t)t->product_o != full) {
                if (fails < 10)
                    fprintf(stderr, "op %d: 0x%08x x 0x%08x: product 0x%016llx, want 0x%016llx\n",
                            op, (unsigned)a, (unsigned)b, (unsigned long long)t->product_o,
                            (unsigned long long)full);
                fails++;
            }
        }
    };

    std::vector<uint32_t> corner = {0, 1, 2, 3, 0xffffffffu, 0xfffffffeu, 0x7fffffffu,
                                    0x80000000u, 0x80000001u, 0xffffu, 0x10000u, 0xffff0000u,
                                    0x0000ffffu, 0x7fff8000u, 0x8000ffffu, 0x12345678u};
    for (int bit = 0; bit < 32; bit++) corner.push_back(1u << bit);
    for (uint32_t a : corner)
        for (uint32_t b : corner)
            for (int op = OP_MUL; op <= OP_MULHU; op++) one(op, a, b);
    for (long i = 0; i < randoms; i++)
        one(OP_MUL + (int)(i % 4), (uint32_t)rng(), (uint32_t)rng());

    delete t;
    printf("gpu_mul STAGE=%d: %ld checks\n", MUL_STAGE, checks);
    printf("%ld passed, %ld failed\n", checks - fails, fails);
    return fails ? 1 : 0;
}
