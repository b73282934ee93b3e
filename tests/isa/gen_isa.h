/* gen_isa (the ISA test program's generator, gen_isa.c): what its
 * instruction groups share. Each group emits its cases' code to `out`; a
 * case is checked in every lane and reported by instruction and case id. */
#ifndef GEN_ISA_H
#define GEN_ISA_H

#include <stdint.h>
#include <stdio.h>

#include "scord_defs.h"


#define MAX_THREADS 32 /* lanes of the block the host launches, at most: a full core on every configuration */
#define LANE_TABLE 32  /* operand tables are indexed by tid % LANE_TABLE */
#define SCRATCH_BYTES 64
#define DONE_MAGIC 0x600DCAFEu
#define ARG_MAGIC 0x15A15A15u
#define MAX_INSNS 96
#define MAX_CASES 4096

extern FILE *out;
extern int label_no;

/* ---- emitting (gen_isa.c) ---------------------------------------------------- */

void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The index of an instruction's line in the report (added on first use). */
int insn(const char *name);
/* A new case of instruction insn_id, described for the report; its id. */
int new_case(int insn_id, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Check register `got` against a constant. */
void check_imm(const char *got, uint32_t want, int insn_id, int case_id);
/* Check register `got` against register `want`. */
void check_reg(const char *got, const char *want, int insn_id, int case_id);

/* Per-lane operands: tables indexed by tid % LANE_TABLE. */
extern uint32_t lane_a[LANE_TABLE], lane_b[LANE_TABLE];
/* a0 = table[tid % LANE_TABLE] (s4 holds the byte offset) */
void load_lane(const char *reg, const char *table);
/* A table of expected values, emitted after the code; its label. */
const char *add_table(const uint32_t *v);

/* ---- instruction groups -------------------------------------------------------- */

/* gen_isa_alu.c: register and immediate ALU operations, lui/auipc/jumps, branches */
void gen_alu(void);
void gen_alu_imm(void);
void gen_upper_jumps(void);
void gen_branches(void);
/* gen_isa_mem.c: loads and stores (weak and strong), AMOs (device and block
 * scope), LR/SC, fences */
extern const uint8_t ldpat[16];
void gen_loads(int strong);
void gen_stores(int strong);
void gen_amos(int blk);
void gen_lrsc(void);
void gen_fences(void);
/* gen_isa_csr.c: CSR reads and writes, the read-only CSR dump, tmc, bar */
void gen_csr_rw(void);
void gen_csr_dump(void);
void gen_tmc(void);
void gen_bar(void);
/* the dump's words (CSRs, then values taken after them) and their names in
 * the host's table */
unsigned dump_words(void);
void dump_table(FILE *h);

#endif
