/* rvgen: random RV32IMA programs for the ISA co-simulation (docs/trust.md).
 *
 * A program is straight-line code with forward branches and jumps, short
 * counted loops, loads, stores and atomics inside its own data region, and
 * read-only counter CSR reads whose raw values never reach a register the
 * comparison sees (only their order does). Every program therefore ends,
 * never traps on a correct RV32IMA hart, and leaves registers and memory
 * that depend on nothing but the instructions and the inputs.
 *
 * Conventions the body keeps (the harness in cosim.c relies on them):
 *   x3 (gp) holds the base of the program's data region (COSIM_REGION
 *           bytes, aligned to it) and is never written;
 *   x4 (tp) holds the harness's state pointer and is never written;
 *   every other register is an input (loaded before the body) and an
 *   output (stored after it).
 */
#ifndef RVGEN_H
#define RVGEN_H

#include <stddef.h>
#include <stdint.h>

#define COSIM_REGION 128u     /* bytes of data per program and lane */
#define COSIM_REG_GP 3
#define COSIM_REG_TP 4
#define RVGEN_MAX_WORDS 1024 /* body words, at most */
#define RVGEN_TEXT 48        /* disassembly of one word */

struct rvgen_prog {
    uint32_t nwords;
    uint32_t words[RVGEN_MAX_WORDS];
    char text[RVGEN_MAX_WORDS][RVGEN_TEXT];
};

/* Small generator with a 64-bit state (splitmix64), seeded per program so
 * any program can be made again from its seed alone. */
struct rvgen_rng {
    uint64_t s;
};
uint64_t rvgen_next(struct rvgen_rng *r);
uint32_t rvgen_u32(struct rvgen_rng *r);
uint32_t rvgen_below(struct rvgen_rng *r, uint32_t n);
/* A value biased to the edges that break ALUs: 0, +-1, INT_MIN, INT_MAX,
 * powers of two and their neighbours, small numbers, anything. */
uint32_t rvgen_value(struct rvgen_rng *r);

/* Fill p with a body of about `units` instruction groups, placed at byte
 * address `pc` (branch and link values depend on it). */
void rvgen_program(struct rvgen_rng *r, struct rvgen_prog *p, uint32_t pc, unsigned units);

/* Text of one RV32 word (the instructions rvgen makes; others as .word). */
void rvgen_disasm(uint32_t word, char *buf, size_t len);

/* Encoders, for the harness code in cosim.c. */
uint32_t rv_i(uint32_t op, uint32_t f3, uint32_t rd, uint32_t rs1, int32_t imm);
uint32_t rv_s(uint32_t op, uint32_t f3, uint32_t rs1, uint32_t rs2, int32_t imm);
uint32_t rv_u(uint32_t op, uint32_t rd, uint32_t imm20);
uint32_t rv_jal(uint32_t rd, int32_t off);
uint32_t rv_b(uint32_t f3, uint32_t rs1, uint32_t rs2, int32_t off);
uint32_t rv_r(uint32_t f7, uint32_t f3, uint32_t rd, uint32_t rs1, uint32_t rs2);
#define RV_OP_LOAD 0x03u
#define RV_OP_STORE 0x23u
#define RV_OP_IMM 0x13u
#define RV_OP 0x33u
#define RV_OP_LUI 0x37u
#define RV_OP_AUIPC 0x17u
#define RV_OP_JALR 0x67u
#define RV_OP_SYSTEM 0x73u
#define RV_OP_FENCE 0x0Fu
#define RV_NOP 0x00000013u
/* li rd, v in two words (lui + addi), always two so layouts are fixed. */
void rv_li2(uint32_t out[2], uint32_t rd, uint32_t v);

#endif
