/* gen_isa: writes the self-checking ISA test program (assembly) and the
 * table the host needs to report on it.
 *
 *   gen_isa out.S out_table.h
 *
 * Every case runs one instruction on known operands and compares the result
 * with the value computed here, by this file's own C model of RV32IMA and of
 * the GPU's extensions (docs/isa.md). The program runs in every lane of one
 * block; lane-dependent cases take their operands from tables indexed by
 * tid % 32. A failing check calls isa_record_fail, which adds one to
 * isa_fails[tid][insn] and keeps the first failing case id in
 * isa_first[tid][insn]; the host reads both by symbol. Read-only CSRs are
 * dumped to isa_csr[tid][...] for the host to judge, since their values
 * depend on the launch and the configuration.
 */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scord_defs.h"

#define MAX_THREADS 32 /* lanes of the block the host launches, at most: a full core on every configuration */
#define LANE_TABLE 32  /* operand tables are indexed by tid % LANE_TABLE */
#define SCRATCH_BYTES 64
#define DONE_MAGIC 0x600DCAFEu
#define ARG_MAGIC 0x15A15A15u
#define MAX_INSNS 96
#define MAX_CASES 4096

static FILE *out;
static const char *insn_names[MAX_INSNS];
static int num_insns;
static char *case_desc[MAX_CASES];
static int case_insn[MAX_CASES];
static int num_cases; /* case ids start at 1: 0 in isa_first means none */
static int label_no;

static void emit(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void emit(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("    ", out);
    vfprintf(out, fmt, ap);
    va_end(ap);
    fputc('\n', out);
}

static int insn(const char *name)
{
    for (int i = 0; i < num_insns; i++)
        if (!strcmp(insn_names[i], name))
            return i;
    if (num_insns == MAX_INSNS) {
        fprintf(stderr, "gen_isa: too many instructions\n");
        exit(1);
    }
    insn_names[num_insns] = name;
    return num_insns++;
}

static int new_case(int insn_id, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int new_case(int insn_id, const char *fmt, ...)
{
    char buf[160];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (++num_cases >= MAX_CASES) {
        fprintf(stderr, "gen_isa: too many cases\n");
        exit(1);
    }
    case_desc[num_cases] = strdup(buf);
    case_insn[num_cases] = insn_id;
    return num_cases;
}

/* The word after the call tells the recorder which case failed: insn index
 * in the low byte, case id above. */
static void fail_call(int insn_id, int case_id)
{
    emit("jal t5, isa_record_fail");
    emit(".word 0x%08x", (unsigned)case_id << 8 | (unsigned)insn_id);
}

/* Check register `got` against a constant. */
static void check_imm(const char *got, uint32_t want, int insn_id, int case_id)
{
    int l = label_no++;
    emit("li t6, 0x%08x", want);
    emit("beq %s, t6, .Lok%d", got, l);
    fail_call(insn_id, case_id);
    fprintf(out, ".Lok%d:\n", l);
}

/* Check register `got` against register `want`. */
static void check_reg(const char *got, const char *want, int insn_id, int case_id)
{
    int l = label_no++;
    emit("beq %s, %s, .Lok%d", got, want, l);
    fail_call(insn_id, case_id);
    fprintf(out, ".Lok%d:\n", l);
}

/* ---- reference model ------------------------------------------------------ */

static uint32_t sra32(uint32_t a, unsigned s)
{
    s &= 31;
    return (a & 0x80000000u) ? ~(~a >> s) : a >> s;
}

enum alu_op {
    OP_ADD, OP_SUB, OP_SLL, OP_SLT, OP_SLTU, OP_XOR, OP_SRL, OP_SRA, OP_OR, OP_AND,
    OP_MUL, OP_MULH, OP_MULHSU, OP_MULHU, OP_DIV, OP_DIVU, OP_REM, OP_REMU, NUM_ALU
};
static const char *const alu_names[NUM_ALU] = {
    "add", "sub", "sll", "slt", "sltu", "xor", "srl", "sra", "or", "and",
    "mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"};

static uint32_t alu(enum alu_op op, uint32_t a, uint32_t b)
{
    int32_t sa = (int32_t)a, sb = (int32_t)b;
    switch (op) {
    case OP_ADD: return a + b;
    case OP_SUB: return a - b;
    case OP_SLL: return a << (b & 31);
    case OP_SLT: return sa < sb;
    case OP_SLTU: return a < b;
    case OP_XOR: return a ^ b;
    case OP_SRL: return a >> (b & 31);
    case OP_SRA: return sra32(a, b);
    case OP_OR: return a | b;
    case OP_AND: return a & b;
    case OP_MUL: return a * b;
    case OP_MULH: return (uint32_t)((uint64_t)((int64_t)sa * (int64_t)sb) >> 32);
    case OP_MULHSU: return (uint32_t)((uint64_t)((int64_t)sa * (int64_t)(uint64_t)b) >> 32);
    case OP_MULHU: return (uint32_t)(((uint64_t)a * b) >> 32);
    case OP_DIV:
        if (b == 0)
            return 0xffffffffu;
        if (a == 0x80000000u && b == 0xffffffffu)
            return a;
        return (uint32_t)(sa / sb);
    case OP_DIVU: return b ? a / b : 0xffffffffu;
    case OP_REM:
        if (b == 0)
            return a;
        if (a == 0x80000000u && b == 0xffffffffu)
            return 0;
        return (uint32_t)(sa % sb);
    case OP_REMU: return b ? a % b : a;
    default: abort();
    }
}

enum amo_op { AMO_ADD, AMO_SWAP, AMO_XOR, AMO_AND, AMO_OR, AMO_MIN, AMO_MAX, AMO_MINU, AMO_MAXU,
              NUM_AMO };
static const char *const amo_names[NUM_AMO] = {"amoadd", "amoswap", "amoxor", "amoand", "amoor",
                                               "amomin", "amomax", "amominu", "amomaxu"};
static const unsigned amo_funct5[NUM_AMO] = {SCORD_AMO_ADD, SCORD_AMO_SWAP, SCORD_AMO_XOR,
                                             SCORD_AMO_AND, SCORD_AMO_OR, SCORD_AMO_MIN,
                                             SCORD_AMO_MAX, SCORD_AMO_MINU, SCORD_AMO_MAXU};

static uint32_t amo(enum amo_op op, uint32_t m, uint32_t v)
{
    switch (op) {
    case AMO_ADD: return m + v;
    case AMO_SWAP: return v;
    case AMO_XOR: return m ^ v;
    case AMO_AND: return m & v;
    case AMO_OR: return m | v;
    case AMO_MIN: return (int32_t)m < (int32_t)v ? m : v;
    case AMO_MAX: return (int32_t)m > (int32_t)v ? m : v;
    case AMO_MINU: return m < v ? m : v;
    case AMO_MAXU: return m > v ? m : v;
    default: abort();
    }
}

/* ---- operands ----------------------------------------------------------------- */

static const uint32_t edge[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x12345678u, 33};
#define NUM_EDGE (sizeof edge / sizeof edge[0])
static const uint32_t branch_vals[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu};
#define NUM_BRANCH_VALS (sizeof branch_vals / sizeof branch_vals[0])

static uint32_t lane_a[LANE_TABLE], lane_b[LANE_TABLE];

static void make_lane_tables(void)
{
    uint32_t x = 0x9e3779b9u;
    for (int i = 0; i < LANE_TABLE; i++) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        lane_a[i] = x;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        lane_b[i] = x;
    }
    /* A few edge values in some lanes, so they meet the divider's corners. */
    lane_a[1] = 0x80000000u;
    lane_b[1] = 0xffffffffu;
    lane_b[2] = 0;
    lane_a[3] = 0;
    lane_b[4] = 1;
    lane_b[5] = lane_a[5]; /* equal operands: branches */
    lane_b[6] = 31;
    lane_b[7] = 32;
}

static void emit_table(const char *name, const uint32_t *v, int n)
{
    fprintf(out, "    .balign 4\n%s:\n", name);
    for (int i = 0; i < n; i++)
        emit(".word 0x%08x", v[i]);
}

/* a0 = table[tid % LANE_TABLE] (s4 holds the byte offset) */
static void load_lane(const char *reg, const char *table)
{
    emit("la t0, %s", table);
    emit("add t0, t0, s4");
    emit("lw %s, 0(t0)", reg);
}

/* ---- instruction groups --------------------------------------------------- */

static int rodata_tables; /* expected-value tables emitted after the code */
static uint32_t pending_tables[64][LANE_TABLE];
static char pending_names[64][32];

static const char *add_table(const uint32_t *v)
{
    snprintf(pending_names[rodata_tables], sizeof pending_names[0], "isa_exp%d", rodata_tables);
    memcpy(pending_tables[rodata_tables], v, sizeof pending_tables[0]);
    return pending_names[rodata_tables++];
}

static void gen_alu(void)
{
    for (int op = 0; op < NUM_ALU; op++) {
        int id = insn(alu_names[op]);
        fprintf(out, "# %s\n", alu_names[op]);
        for (size_t i = 0; i < NUM_EDGE; i++)
            for (size_t j = 0; j < NUM_EDGE; j++) {
                uint32_t a = edge[i], b = edge[j], r = alu(op, a, b);
                int c = new_case(id, "%s 0x%08x, 0x%08x -> 0x%08x", alu_names[op], a, b, r);
                emit("li a0, 0x%08x", a);
                emit("li a1, 0x%08x", b);
                emit("%s a2, a0, a1", alu_names[op]);
                check_imm("a2", r, id, c);
            }
        /* Same register as source and destination. */
        int c = new_case(id, "%s a0, a0, a0 with a0 = 0x12345678", alu_names[op]);
        emit("li a0, 0x12345678");
        emit("%s a0, a0, a0", alu_names[op]);
        check_imm("a0", alu(op, 0x12345678u, 0x12345678u), id, c);
        /* Lane-dependent operands. */
        uint32_t want[LANE_TABLE];
        for (int l = 0; l < LANE_TABLE; l++)
            want[l] = alu(op, lane_a[l], lane_b[l]);
        c = new_case(id, "%s on per-lane operands (table isa_lane_a/b)", alu_names[op]);
        load_lane("a0", "isa_lane_a");
        load_lane("a1", "isa_lane_b");
        emit("%s a2, a0, a1", alu_names[op]);
        load_lane("a3", add_table(want));
        check_reg("a2", "a3", id, c);
    }
    /* x0 as destination stays 0. */
    int id = insn("add");
    int c = new_case(id, "add x0, a0, a0 leaves x0 = 0");
    emit("li a0, 5");
    emit("add x0, a0, a0");
    check_imm("x0", 0, id, c);
}

static void gen_alu_imm(void)
{
    static const struct {
        const char *name;
        enum alu_op op;
    } ops[] = {{"addi", OP_ADD}, {"slti", OP_SLT}, {"sltiu", OP_SLTU},
               {"xori", OP_XOR}, {"ori", OP_OR},   {"andi", OP_AND}};
    static const int32_t imms[] = {0, 1, -1, 2047, -2048, 0x555};
    for (size_t k = 0; k < sizeof ops / sizeof ops[0]; k++) {
        int id = insn(ops[k].name);
        fprintf(out, "# %s\n", ops[k].name);
        for (size_t i = 0; i < NUM_EDGE; i++)
            for (size_t j = 0; j < sizeof imms / sizeof imms[0]; j++) {
                uint32_t a = edge[i], r = alu(ops[k].op, a, (uint32_t)imms[j]);
                int c = new_case(id, "%s 0x%08x, %d -> 0x%08x", ops[k].name, a, imms[j], r);
                emit("li a0, 0x%08x", a);
                emit("%s a2, a0, %d", ops[k].name, imms[j]);
                check_imm("a2", r, id, c);
            }
    }
    static const struct {
        const char *name;
        enum alu_op op;
    } sh[] = {{"slli", OP_SLL}, {"srli", OP_SRL}, {"srai", OP_SRA}};
    static const unsigned shamts[] = {0, 1, 15, 31};
    for (size_t k = 0; k < 3; k++) {
        int id = insn(sh[k].name);
        fprintf(out, "# %s\n", sh[k].name);
        for (size_t i = 0; i < NUM_EDGE; i++)
            for (size_t j = 0; j < 4; j++) {
                uint32_t a = edge[i], r = alu(sh[k].op, a, shamts[j]);
                int c = new_case(id, "%s 0x%08x, %u -> 0x%08x", sh[k].name, a, shamts[j], r);
                emit("li a0, 0x%08x", a);
                emit("%s a2, a0, %u", sh[k].name, shamts[j]);
                check_imm("a2", r, id, c);
            }
    }
}

static void gen_upper_jumps(void)
{
    int id = insn("lui");
    static const uint32_t uis[] = {0, 1, 0x12345, 0x80000, 0xfffff};
    for (size_t i = 0; i < sizeof uis / sizeof uis[0]; i++) {
        int c = new_case(id, "lui 0x%05x", uis[i]);
        emit("lui a0, 0x%x", uis[i]);
        check_imm("a0", uis[i] << 12, id, c);
    }

    /* auipc: its result against the link value of a jal to the same spot. */
    id = insn("auipc");
    static const uint32_t aus[] = {0, 1, 0xfffff};
    for (size_t i = 0; i < 3; i++) {
        int l = label_no++, c = new_case(id, "auipc 0x%05x vs jal's link address", aus[i]);
        emit("jal a1, .Lau%d", l);
        fprintf(out, ".Lau%d:\n", l);
        emit("auipc a0, 0x%x", aus[i]);
        emit("li a2, 0x%08x", aus[i] << 12);
        emit("add a1, a1, a2");
        check_reg("a0", "a1", id, c);
    }

    /* jal: skips one instruction, links to the next one. */
    id = insn("jal");
    {
        int l = label_no++, c = new_case(id, "jal forward: skips, links pc+4");
        emit("li a2, 0");
        emit("jal a0, .Ljf%d", l);
        fprintf(out, ".Ljl%d:\n", l);
        emit("li a2, 1"); /* must be skipped */
        fprintf(out, ".Ljf%d:\n", l);
        check_imm("a2", 0, id, c);
        c = new_case(id, "jal link value");
        emit("la a1, .Ljl%d", l);
        check_reg("a0", "a1", id, c);
        /* backward: a two-trip loop built from jal. */
        c = new_case(id, "jal backward");
        emit("li a2, 0");
        fprintf(out, ".Ljb%d:\n", l);
        emit("addi a2, a2, 1");
        emit("li a3, 2");
        emit("beq a2, a3, .Ljd%d", l);
        emit("jal x0, .Ljb%d", l);
        fprintf(out, ".Ljd%d:\n", l);
        check_imm("a2", 2, id, c);
    }

    /* jalr: target = (rs1 + imm) & ~1, link = pc + 4, rd may equal rs1. */
    id = insn("jalr");
    {
        int l = label_no++;
        int c = new_case(id, "jalr with offset 4 and the low bit set");
        emit("li a2, 0");
        emit("la a1, .Lr%d", l);
        emit("jalr a0, 5(a1)"); /* lands on .Lr + 4 */
        fprintf(out, ".Lrl%d:\n", l);
        fprintf(out, ".Lr%d:\n", l);
        emit("li a2, 1"); /* .Lr: jalr's own next address is .Lr, which is skipped */
        emit("nop");
        check_imm("a2", 0, id, c);
        c = new_case(id, "jalr link value");
        emit("la a1, .Lrl%d", l);
        check_reg("a0", "a1", id, c);
        c = new_case(id, "jalr rd == rs1");
        int m = label_no++;
        emit("la a0, .Lrr%d", m);
        emit("jalr a0, 0(a0)");
        fprintf(out, ".Lrr%d:\n", m);
        emit("la a1, .Lrr%d", m);
        check_reg("a0", "a1", id, c);
    }
}

static void gen_branches(void)
{
    static const char *const names[] = {"beq", "bne", "blt", "bge", "bltu", "bgeu"};
    for (int k = 0; k < 6; k++) {
        int id = insn(names[k]);
        fprintf(out, "# %s\n", names[k]);
        for (size_t i = 0; i < NUM_BRANCH_VALS; i++)
            for (size_t j = 0; j < NUM_BRANCH_VALS; j++) {
                uint32_t a = branch_vals[i], b = branch_vals[j];
                int taken;
                switch (k) {
                case 0: taken = a == b; break;
                case 1: taken = a != b; break;
                case 2: taken = (int32_t)a < (int32_t)b; break;
                case 3: taken = (int32_t)a >= (int32_t)b; break;
                case 4: taken = a < b; break;
                default: taken = a >= b; break;
                }
                int l = label_no++;
                int c = new_case(id, "%s 0x%08x, 0x%08x: %s", names[k], a, b,
                                 taken ? "taken" : "not taken");
                emit("li a0, 0x%08x", a);
                emit("li a1, 0x%08x", b);
                emit("li a2, 1");
                emit("%s a0, a1, .Lb%d", names[k], l);
                emit("li a2, 0");
                fprintf(out, ".Lb%d:\n", l);
                check_imm("a2", (uint32_t)taken, id, c);
            }
        /* Per-lane operands: lanes of one warp go both ways. */
        uint32_t want[LANE_TABLE];
        for (int ln = 0; ln < LANE_TABLE; ln++) {
            uint32_t a = lane_a[ln], b = lane_b[ln];
            switch (k) {
            case 0: want[ln] = a == b; break;
            case 1: want[ln] = a != b; break;
            case 2: want[ln] = (int32_t)a < (int32_t)b; break;
            case 3: want[ln] = (int32_t)a >= (int32_t)b; break;
            case 4: want[ln] = a < b; break;
            default: want[ln] = a >= b; break;
            }
        }
        int l = label_no++;
        int c = new_case(id, "%s on per-lane operands (lanes diverge)", names[k]);
        load_lane("a0", "isa_lane_a");
        load_lane("a1", "isa_lane_b");
        emit("li a2, 1");
        emit("%s a0, a1, .Lb%d", names[k], l);
        emit("li a2, 0");
        fprintf(out, ".Lb%d:\n", l);
        load_lane("a3", add_table(want));
        check_reg("a2", "a3", id, c);
        /* Backward taken branch: a loop. */
        if (k == 1) {
            int m = label_no++;
            c = new_case(id, "bne backward: 5-trip loop");
            emit("li a2, 0");
            emit("li a3, 5");
            fprintf(out, ".Lbl%d:\n", m);
            emit("addi a2, a2, 1");
            emit("bne a2, a3, .Lbl%d", m);
            check_imm("a2", 5, id, c);
        }
    }
}

/* Bytes the load tests read, at isa_ldpat (8-byte aligned). */
static const uint8_t ldpat[16] = {0x80, 0x7f, 0x01, 0xff, 0x34, 0x12, 0xcd, 0xab,
                                  0x00, 0x80, 0xff, 0x7f, 0x78, 0x56, 0x34, 0x12};

static uint32_t ld_ref(int size, int is_unsigned, int off)
{
    uint32_t v = 0;
    for (int i = 0; i < size; i++)
        v |= (uint32_t)ldpat[off + i] << (8 * i);
    if (!is_unsigned && size < 4 && (v >> (8 * size - 1) & 1))
        v |= ~0u << (8 * size);
    return v;
}

static void gen_loads(int strong)
{
    static const struct {
        const char *name;
        int size, is_unsigned, funct3;
    } lds[] = {{"lb", 1, 0, 0}, {"lh", 2, 0, 1}, {"lw", 4, 0, 2}, {"lbu", 1, 1, 4}, {"lhu", 2, 1, 5}};
    for (int k = 0; k < 5; k++) {
        char name[32];
        snprintf(name, sizeof name, "%s%s", lds[k].name, strong ? ".strong" : "");
        int id = insn(strdup(name));
        fprintf(out, "# %s\n", name);
        emit("la a1, isa_ldpat + 8"); /* negative offsets reach the first half */
        for (int off = 0; off < 16; off += lds[k].size) {
            uint32_t r = ld_ref(lds[k].size, lds[k].is_unsigned, off);
            int c = new_case(id, "%s at isa_ldpat+%d -> 0x%08x", name, off, r);
            if (strong)
                emit(".insn i 0x%02x, %d, a0, %d(a1)", SCORD_OPC_LOAD_STRONG, lds[k].funct3,
                     off - 8);
            else
                emit("%s a0, %d(a1)", lds[k].name, off - 8);
            check_imm("a0", r, id, c);
        }
    }
}

/* Start word of each store test, then one store, then read back. */
#define ST_INIT 0x11223344u

static void gen_stores(int strong)
{
    static const struct {
        const char *name;
        int size, funct3;
    } sts[] = {{"sb", 1, 0}, {"sh", 2, 1}, {"sw", 4, 2}};
    static const uint32_t vals[] = {0xa5a5a5a5u, 0x00000080u, 0xffffffffu, 0x12345678u};
    for (int k = 0; k < 3; k++) {
        char name[32];
        snprintf(name, sizeof name, "%s%s", sts[k].name, strong ? ".strong" : "");
        int id = insn(strdup(name));
        fprintf(out, "# %s\n", name);
        for (int off = 0; off < 4; off += sts[k].size)
            for (int v = 0; v < 4; v++) {
                uint32_t mask = sts[k].size == 4 ? ~0u : ((1u << (8 * sts[k].size)) - 1) << (8 * off);
                uint32_t r = (ST_INIT & ~mask) | ((vals[v] << (8 * off)) & mask);
                /* Word 1 of the scratch row, addressed with offset -4 from word 2. */
                int c = new_case(id, "%s 0x%08x at byte %d of 0x%08x -> 0x%08x (weak read back)",
                                 name, vals[v], off, ST_INIT, r);
                emit("li a0, 0x%08x", ST_INIT);
                emit("sw a0, 4(s2)");
                emit("addi a1, s2, 8");
                emit("li a2, 0x%08x", vals[v]);
                if (strong)
                    emit(".insn s 0x%02x, %d, a2, %d(a1)", SCORD_OPC_STORE_STRONG, sts[k].funct3,
                         off - 4);
                else
                    emit("%s a2, %d(a1)", sts[k].name, off - 4);
                emit("lw a3, 4(s2)");
                check_imm("a3", r, id, c);
                c = new_case(id, "%s 0x%08x at byte %d -> 0x%08x (strong read back)", name,
                             vals[v], off, r);
                emit(".insn i 0x%02x, 2, a3, 4(s2)", SCORD_OPC_LOAD_STRONG);
                check_imm("a3", r, id, c);
            }
    }
}

static void emit_amo(int blk, enum amo_op op, const char *rd, const char *addr, const char *src)
{
    if (blk)
        emit(".insn r 0x%02x, 2, 0x%02x, %s, %s, %s", SCORD_OPC_AMO_BLK, amo_funct5[op] << 2, rd,
             addr, src);
    else
        emit("%s.w %s, %s, (%s)", amo_names[op], rd, src, addr);
}

static void gen_amos(int blk)
{
    static const uint32_t pairs[][2] = {{0, 1}, {0xffffffffu, 1}, {0x80000000u, 0x7fffffffu},
                                        {0x7fffffffu, 0x80000000u}, {0x12345678u, 0xf0f0f0f0u},
                                        {5, 5}};
    for (int op = 0; op < NUM_AMO; op++) {
        char name[32];
        snprintf(name, sizeof name, "%s.w%s", amo_names[op], blk ? ".blk" : "");
        int id = insn(strdup(name));
        fprintf(out, "# %s\n", name);
        for (size_t p = 0; p < sizeof pairs / sizeof pairs[0]; p++) {
            uint32_t m = pairs[p][0], v = pairs[p][1], r = amo(op, m, v);
            int c = new_case(id, "%s mem 0x%08x, rs2 0x%08x: rd (old)", name, m, v);
            emit("li a0, 0x%08x", m);
            emit("sw a0, 0(s2)");
            emit("li a1, 0x%08x", v);
            emit_amo(blk, op, "a2", "s2", "a1");
            check_imm("a2", m, id, c);
            c = new_case(id, "%s mem 0x%08x, rs2 0x%08x: mem -> 0x%08x", name, m, v, r);
            emit("lw a3, 0(s2)");
            check_imm("a3", r, id, c);
        }
        /* Per-lane operands, and rd == rs2. */
        uint32_t want[LANE_TABLE];
        for (int l = 0; l < LANE_TABLE; l++)
            want[l] = amo(op, lane_a[l], lane_b[l]);
        int c = new_case(id, "%s on per-lane operands, rd == rs2: rd (old)", name);
        load_lane("a0", "isa_lane_a");
        emit("sw a0, 4(s2)");
        emit("addi a4, s2, 4");
        load_lane("a1", "isa_lane_b");
        emit_amo(blk, op, "a1", "a4", "a1");
        check_reg("a1", "a0", id, c);
        c = new_case(id, "%s on per-lane operands: mem", name);
        emit("lw a3, 4(s2)");
        load_lane("a2", add_table(want));
        check_reg("a3", "a2", id, c);
    }

    /* compare-and-swap (Zacas amocas.w, or its block-scope twin) */
    char name[32];
    snprintf(name, sizeof name, "amocas.w%s", blk ? ".blk" : "");
    int id = insn(strdup(name));
    fprintf(out, "# %s\n", name);
    static const uint32_t cas[][3] = {/* mem, compare, new */
                                      {7, 7, 9},
                                      {7, 8, 9},
                                      {0x80000000u, 0x80000000u, 0xffffffffu},
                                      {0xffffffffu, 0x7fffffffu, 0}};
    for (int i = 0; i < 4; i++) {
        uint32_t m = cas[i][0], cmp = cas[i][1], nv = cas[i][2], r = m == cmp ? nv : m;
        int c = new_case(id, "%s mem 0x%08x, compare 0x%08x, new 0x%08x: rd", name, m, cmp, nv);
        emit("li a0, 0x%08x", m);
        emit("sw a0, 0(s2)");
        emit("li a2, 0x%08x", cmp);
        emit("li a1, 0x%08x", nv);
        emit(".insn r 0x%02x, 2, 0x%02x, a2, s2, a1", blk ? SCORD_OPC_AMO_BLK : 0x2f,
             SCORD_AMO_CAS << 2);
        check_imm("a2", m, id, c);
        c = new_case(id, "%s mem 0x%08x, compare 0x%08x, new 0x%08x: mem -> 0x%08x", name, m, cmp,
                     nv, r);
        emit("lw a3, 0(s2)");
        check_imm("a3", r, id, c);
    }
}

static void gen_lrsc(void)
{
    int lr = insn("lr.w"), sc = insn("sc.w"), aq = insn("amo.aqrl");
    fprintf(out, "# lr.w / sc.w\n");
    static const char *const sfx[][2] = {{"", ""}, {".aq", ".rl"}, {".aqrl", ".aqrl"}};
    for (int k = 0; k < 3; k++) {
        int c = new_case(lr, "lr.w%s reads memory", sfx[k][0]);
        emit("li a0, 0x%08x", 0xc0ffee00u + (unsigned)k);
        emit("sw a0, 8(s2)");
        emit("addi a4, s2, 8");
        emit("lr.w%s a1, (a4)", sfx[k][0]);
        check_reg("a1", "a0", lr, c);
        c = new_case(sc, "sc.w%s after lr.w succeeds (rd = 0)", sfx[k][1]);
        emit("li a2, 0x%08x", 0x5c000000u + (unsigned)k);
        emit("sc.w%s a3, a2, (a4)", sfx[k][1]);
        check_imm("a3", 0, sc, c);
        c = new_case(sc, "sc.w%s stored its value", sfx[k][1]);
        emit("lw a1, 8(s2)");
        check_reg("a1", "a2", sc, c);
        c = new_case(sc, "second sc.w without lr.w fails (rd = 1)");
        emit("li a5, 0x0badbad0");
        emit("sc.w a3, a5, (a4)");
        check_imm("a3", 1, sc, c);
        c = new_case(sc, "failed sc.w leaves memory alone");
        emit("lw a1, 8(s2)");
        check_reg("a1", "a2", sc, c);
    }
    fprintf(out, "# aq/rl variants of AMOs\n");
    static const char *const bits[] = {".aq", ".rl", ".aqrl"};
    for (int k = 0; k < 3; k++) {
        int c = new_case(aq, "amoadd.w%s", bits[k]);
        emit("li a0, 40");
        emit("sw a0, 0(s2)");
        emit("li a1, 2");
        emit("amoadd.w%s a2, a1, (s2)", bits[k]);
        emit("lw a3, 0(s2)");
        emit("add a2, a2, a3"); /* old 40 + new 42 */
        check_imm("a2", 82, aq, c);
    }
}

static void gen_fences(void)
{
    static const struct {
        const char *insn_name, *text;
    } f[] = {{"fence", "fence rw, rw"},
             {"fence", "fence"},
             {"fence", "fence r, w"},
             {"fence", "fence.tso"},
             {"fence.i", ".insn i 0x0f, 1, x0, x0, 0"},
             {"fence.blk", ".insn i 0x0b, 2, x0, x0, 0"}};
    for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
        int id = insn(f[k].insn_name);
        int c = new_case(id, "store, %s, load back", f[k].text);
        emit("li a0, 0x%08x", 0xfe0c0000u + (unsigned)k);
        emit("sw a0, 12(s2)");
        emit("%s", f[k].text);
        emit("lw a1, 12(s2)");
        check_reg("a1", "a0", id, c);
    }
}

static void gen_csr_rw(void)
{
    const unsigned ms = SCORD_CSR_MSCRATCH;
    static const uint32_t vals[][2] = {{0, 0xffffffffu}, {0x12345678u, 0x0000ff00u},
                                       {0xffffffffu, 0x80000001u}};
    int rw = insn("csrrw"), rs = insn("csrrs"), rc = insn("csrrc");
    int rwi = insn("csrrwi"), rsi = insn("csrrsi"), rci = insn("csrrci");
    fprintf(out, "# Zicsr on mscratch\n");
    for (int i = 0; i < 3; i++) {
        uint32_t a = vals[i][0], m = vals[i][1];
        unsigned u = (unsigned)(m & 31) | (i == 0 ? 31u : 0u);
        int c;
        /* csrrw */
        emit("li a0, 0x%08x", a);
        emit("csrrw x0, 0x%03x, a0", ms);
        emit("li a1, 0x%08x", m);
        c = new_case(rw, "csrrw old value 0x%08x", a);
        emit("csrrw a2, 0x%03x, a1", ms);
        check_imm("a2", a, rw, c);
        c = new_case(rw, "csrrw new value 0x%08x", m);
        emit("csrrs a3, 0x%03x, x0", ms);
        check_imm("a3", m, rw, c);
        /* csrrs */
        emit("csrrw x0, 0x%03x, a0", ms);
        c = new_case(rs, "csrrs old value 0x%08x", a);
        emit("csrrs a2, 0x%03x, a1", ms);
        check_imm("a2", a, rs, c);
        c = new_case(rs, "csrrs 0x%08x | 0x%08x", a, m);
        emit("csrrs a3, 0x%03x, x0", ms);
        check_imm("a3", a | m, rs, c);
        /* csrrc */
        emit("csrrw x0, 0x%03x, a0", ms);
        c = new_case(rc, "csrrc old value 0x%08x", a);
        emit("csrrc a2, 0x%03x, a1", ms);
        check_imm("a2", a, rc, c);
        c = new_case(rc, "csrrc 0x%08x & ~0x%08x", a, m);
        emit("csrrs a3, 0x%03x, x0", ms);
        check_imm("a3", a & ~m, rc, c);
        /* immediate forms */
        emit("csrrw x0, 0x%03x, a0", ms);
        c = new_case(rwi, "csrrwi old value 0x%08x", a);
        emit("csrrwi a2, 0x%03x, %u", ms, u);
        check_imm("a2", a, rwi, c);
        c = new_case(rwi, "csrrwi new value %u", u);
        emit("csrrs a3, 0x%03x, x0", ms);
        check_imm("a3", u, rwi, c);
        emit("csrrw x0, 0x%03x, a0", ms);
        c = new_case(rsi, "csrrsi old value 0x%08x", a);
        emit("csrrsi a2, 0x%03x, %u", ms, u);
        check_imm("a2", a, rsi, c);
        c = new_case(rsi, "csrrsi 0x%08x | %u", a, u);
        emit("csrrs a3, 0x%03x, x0", ms);
        check_imm("a3", a | u, rsi, c);
        emit("csrrw x0, 0x%03x, a0", ms);
        c = new_case(rci, "csrrci old value 0x%08x", a);
        emit("csrrci a2, 0x%03x, %u", ms, u);
        check_imm("a2", a, rci, c);
        c = new_case(rci, "csrrci 0x%08x & ~%u", a, u);
        emit("csrrs a3, 0x%03x, x0", ms);
        check_imm("a3", a & ~u, rci, c);
    }
    /* The reading forms are legal on read-only CSRs and agree with csrr. */
    static const unsigned ro[] = {SCORD_CSR_TID, SCORD_CSR_LANE, SCORD_CSR_NUM_THREADS,
                                  SCORD_CSR_ARG_PTR};
    for (int i = 0; i < 4; i++) {
        int c;
        emit("csrrs a0, 0x%03x, x0", ro[i]);
        c = new_case(rc, "csrrc rd, 0x%03x, x0 reads a read-only CSR", ro[i]);
        emit("csrrc a1, 0x%03x, x0", ro[i]);
        check_reg("a1", "a0", rc, c);
        c = new_case(rsi, "csrrsi rd, 0x%03x, 0 reads a read-only CSR", ro[i]);
        emit("csrrsi a1, 0x%03x, 0", ro[i]);
        check_reg("a1", "a0", rsi, c);
        c = new_case(rci, "csrrci rd, 0x%03x, 0 reads a read-only CSR", ro[i]);
        emit("csrrci a1, 0x%03x, 0", ro[i]);
        check_reg("a1", "a0", rci, c);
    }
}

/* ---- read-only CSRs: dumped, judged by the host ----------------------------- */

static const struct {
    const char *name;
    unsigned num;
} ro_csrs[] = {
    {"mhartid", SCORD_CSR_MHARTID},       {"cycle", SCORD_CSR_CYCLE},
    {"cycleh", SCORD_CSR_CYCLEH},         {"instret", SCORD_CSR_INSTRET},
    {"instreth", SCORD_CSR_INSTRETH},     {"tid", SCORD_CSR_TID},
    {"lane", SCORD_CSR_LANE},             {"warp", SCORD_CSR_WARP},
    {"warp_in_blk", SCORD_CSR_WARP_IN_BLK}, {"block_id", SCORD_CSR_BLOCK_ID},
    {"core_id", SCORD_CSR_CORE_ID},       {"num_threads", SCORD_CSR_NUM_THREADS},
    {"num_warps", SCORD_CSR_NUM_WARPS},   {"num_cores", SCORD_CSR_NUM_CORES},
    {"block_dim_x", SCORD_CSR_BLOCK_DIM_X}, {"block_dim_y", SCORD_CSR_BLOCK_DIM_Y},
    {"block_dim_z", SCORD_CSR_BLOCK_DIM_Z}, {"grid_dim_x", SCORD_CSR_GRID_DIM_X},
    {"grid_dim_y", SCORD_CSR_GRID_DIM_Y}, {"grid_dim_z", SCORD_CSR_GRID_DIM_Z},
    {"arg_ptr", SCORD_CSR_ARG_PTR},       {"stack_top", SCORD_CSR_STACK_TOP},
    {"tmask", SCORD_CSR_TMASK},
};
#define NUM_RO (sizeof ro_csrs / sizeof ro_csrs[0])
/* Extra dump words after the CSRs. */
static const char *const dump_extra[] = {"cycle_later", "cycleh_later", "instret_later",
                                         "instreth_later", "sp_at_entry", "word_at_arg_ptr"};
#define NUM_EXTRA (sizeof dump_extra / sizeof dump_extra[0])
#define DUMP_WORDS (NUM_RO + NUM_EXTRA)

static void gen_csr_dump(void)
{
    fprintf(out, "# read-only CSR dump: isa_csr[tid][...]\n");
    emit("la t0, isa_csr");
    emit("li t1, %u", (unsigned)(DUMP_WORDS * 4));
    emit("mul t1, t1, s3");
    emit("add t0, t0, t1");
    for (size_t i = 0; i < NUM_RO; i++) {
        emit("csrrs a0, 0x%03x, x0", ro_csrs[i].num);
        emit("sw a0, %u(t0)", (unsigned)(4 * i));
    }
    /* Some work, then the counters again: they must have moved forward. */
    emit("li a1, 20");
    fprintf(out, "1:\n");
    emit("addi a1, a1, -1");
    emit("bnez a1, 1b");
    emit("csrrs a0, 0x%03x, x0", SCORD_CSR_CYCLE);
    emit("sw a0, %u(t0)", (unsigned)(4 * NUM_RO));
    emit("csrrs a0, 0x%03x, x0", SCORD_CSR_CYCLEH);
    emit("sw a0, %u(t0)", (unsigned)(4 * (NUM_RO + 1)));
    emit("csrrs a0, 0x%03x, x0", SCORD_CSR_INSTRET);
    emit("sw a0, %u(t0)", (unsigned)(4 * (NUM_RO + 2)));
    emit("csrrs a0, 0x%03x, x0", SCORD_CSR_INSTRETH);
    emit("sw a0, %u(t0)", (unsigned)(4 * (NUM_RO + 3)));
    emit("sw s6, %u(t0)", (unsigned)(4 * (NUM_RO + 4))); /* sp on entry, kept in s6 */
    emit("lw a0, 0(s5)");                               /* first word of the arguments */
    emit("sw a0, %u(t0)", (unsigned)(4 * (NUM_RO + 5)));
}

/* ---- SIMT: tmc, bar, exit ------------------------------------------------- */

static void gen_tmc(void)
{
    int id = insn("tmc");
    static const uint32_t keeps[] = {0x55555555u, 0xaaaaaaaau, 0x00000001u};
    for (int k = 0; k < 3; k++) {
        fprintf(out, "# tmc keep 0x%08x\n", keeps[k]);
        emit("csrrs t0, 0x%03x, x0", SCORD_CSR_TMASK); /* all live lanes */
        emit("li t1, 0x%08x", keeps[k]);
        emit("and t1, t1, t0");
        emit("li t2, 0");
        emit("li t3, 0");
        emit(".insn i 0x%02x, %d, x0, t1, 0", SCORD_OPC_SIMT, SCORD_SIMT_TMC);
        emit("li t2, 1"); /* only the kept lanes run these two */
        emit("csrrs t3, 0x%03x, x0", SCORD_CSR_TMASK);
        emit(".insn i 0x%02x, %d, x0, t0, 0", SCORD_OPC_SIMT, SCORD_SIMT_TMC);
        /* kept = bit `lane` of t1 */
        emit("csrrs a0, 0x%03x, x0", SCORD_CSR_LANE);
        emit("srl a0, t1, a0");
        emit("andi a0, a0, 1");
        int c = new_case(id, "tmc 0x%08x & live: only kept lanes ran the next instructions",
                         keeps[k]);
        check_reg("t2", "a0", id, c);
        c = new_case(id, "tmc 0x%08x & live: tmask seen by the kept lanes", keeps[k]);
        emit("neg a1, a0");
        emit("and a1, a1, t1"); /* kept: t1, parked: 0 */
        check_reg("t3", "a1", id, c);
        c = new_case(id, "tmc 0x%08x then tmc live: every lane back", keeps[k]);
        emit("csrrs a2, 0x%03x, x0", SCORD_CSR_TMASK);
        check_reg("a2", "t0", id, c);
    }
}

static void gen_bar(void)
{
    int id = insn("bar"), rw = insn("csrrw");
    fprintf(out, "# bar: values written before it are seen by other warps after it\n");
    emit("li a0, 0x5000");
    emit("add a0, a0, s3");
    emit("csrrw x0, 0x%03x, a0", SCORD_CSR_MSCRATCH); /* per-thread copy, checked below */
    /* Later warps arrive first: warp w spins (num_warps - w) * 64 rounds. */
    emit("csrrs t0, 0x%03x, x0", SCORD_CSR_WARP_IN_BLK);
    emit("csrrs t1, 0x%03x, x0", SCORD_CSR_NUM_WARPS);
    emit("sub t0, t1, t0");
    emit("slli t0, t0, 6");
    fprintf(out, "1:\n");
    emit("addi t0, t0, -1");
    emit("bgtz t0, 1b");
    emit("la t1, isa_barbuf");
    emit("slli t2, s3, 2");
    emit("add t2, t1, t2");
    emit("addi t3, s3, 0x100");
    emit("sw t3, 0(t2)");
    emit(".insn i 0x%02x, %d, x0, x0, 0", SCORD_OPC_SIMT, SCORD_SIMT_BAR);
    /* Read the slot of thread (tid + warp size) % block size: another warp. */
    emit("csrrs a0, 0x%03x, x0", SCORD_CSR_NUM_THREADS);
    emit("add a0, a0, s3");
    emit("csrrs a1, 0x%03x, x0", SCORD_CSR_BLOCK_DIM_X);
    emit("csrrs a2, 0x%03x, x0", SCORD_CSR_BLOCK_DIM_Y);
    emit("mul a1, a1, a2");
    emit("csrrs a2, 0x%03x, x0", SCORD_CSR_BLOCK_DIM_Z);
    emit("mul a1, a1, a2");
    emit("remu a0, a0, a1");
    emit("slli a2, a0, 2");
    emit("add a2, t1, a2");
    emit("lw a3, 0(a2)");
    emit("addi a0, a0, 0x100");
    int c = new_case(id, "slot of another warp, read after bar");
    check_reg("a3", "a0", id, c);
    c = new_case(rw, "mscratch is per thread (written before bar, read after)");
    emit("csrrs a0, 0x%03x, x0", SCORD_CSR_MSCRATCH);
    emit("li a1, 0x5000");
    emit("add a1, a1, s3");
    check_reg("a0", "a1", rw, c);
}

/* ---- program skeleton -------------------------------------------------------- */

static void gen_program(void)
{
    fprintf(out, "/* Generated by tests/isa/gen_isa.c. Do not edit. */\n"
                 "    .option norvc\n    .option norelax\n    .text\n"
                 "    .globl kernel_main\n    .type kernel_main, @function\n");
    fprintf(out, "kernel_main:\n");
    emit("mv s6, sp"); /* reported: must equal CSR stack_top */
    emit("addi sp, sp, -48");
    emit("sw ra, 44(sp)");
    static const char *const saved[] = {"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"};
    for (int i = 0; i < 8; i++)
        emit("sw %s, %d(sp)", saved[i], 4 * i);
    emit("mv s5, a0");
    emit("csrrs s3, 0x%03x, x0", SCORD_CSR_TID);
    emit("li t0, %d", MAX_THREADS);
    emit("bgeu s3, t0, isa_too_many"); /* the host launches at most MAX_THREADS */
    emit("andi s4, s3, %d", LANE_TABLE - 1);
    emit("slli s4, s4, 2");
    emit("li t0, %d", MAX_INSNS * 4);
    emit("mul t0, t0, s3");
    emit("la s0, isa_fails");
    emit("add s0, s0, t0");
    emit("la s1, isa_first");
    emit("add s1, s1, t0");
    emit("li t0, %d", SCRATCH_BYTES);
    emit("mul t0, t0, s3");
    emit("la s2, isa_scratch");
    emit("add s2, s2, t0");
    emit("j isa_body");

    /* Below the body on purpose: with min-PC scheduling, lanes that fail a
     * check run this first and rejoin the others right after the check. */
    fprintf(out, "isa_record_fail:\n");
    emit("lw a7, 0(t5)"); /* case id << 8 | insn */
    emit("andi a6, a7, 0xff");
    emit("slli a6, a6, 2");
    emit("srli a7, a7, 8");
    emit("add s6, s0, a6");
    emit("lw s7, 0(s6)");
    emit("addi s7, s7, 1");
    emit("sw s7, 0(s6)");
    emit("add s6, s1, a6");
    emit("lw s7, 0(s6)");
    emit("bnez s7, 1f");
    emit("sw a7, 0(s6)");
    fprintf(out, "1:\n");
    emit("jalr x0, 4(t5)");
    fprintf(out, "isa_too_many:\n");
    emit(".insn i 0x%02x, %d, x0, x0, 0", SCORD_OPC_SIMT, SCORD_SIMT_EXIT);

    fprintf(out, "isa_body:\n");
    gen_csr_dump(); /* first: uses s6 (sp on entry) before the recorder reuses it */
    gen_alu();
    gen_alu_imm();
    gen_upper_jumps();
    gen_branches();
    gen_loads(0);
    gen_loads(1);
    gen_stores(0);
    gen_stores(1);
    gen_amos(0);
    gen_amos(1);
    gen_lrsc();
    gen_fences();
    gen_csr_rw();
    gen_tmc();
    gen_bar();

    /* exit: every lane marks itself done, odd lanes exit, even ones go on. */
    int ex = insn("exit");
    (void)ex;
    fprintf(out, "# exit\n");
    emit("la t0, isa_done");
    emit("slli t1, s3, 2");
    emit("add t0, t0, t1");
    emit("li t2, 0x%08x", DONE_MAGIC);
    emit("sw t2, 0(t0)");
    emit("andi t2, s3, 1");
    emit("beqz t2, 1f");
    emit(".insn i 0x%02x, %d, x0, x0, 0", SCORD_OPC_SIMT, SCORD_SIMT_EXIT);
    fprintf(out, "1:\n");
    emit("la t0, isa_after_exit");
    emit("add t0, t0, t1");
    emit("li t2, 1");
    emit("sw t2, 0(t0)");
    emit("lw ra, 44(sp)");
    for (int i = 0; i < 8; i++)
        emit("lw %s, %d(sp)", saved[i], 4 * i);
    emit("addi sp, sp, 48");
    emit("ret");
    fprintf(out, "    .size kernel_main, . - kernel_main\n");

    fprintf(out, "\n    .section .rodata.isa, \"a\"\n");
    emit_table("isa_lane_a", lane_a, LANE_TABLE);
    emit_table("isa_lane_b", lane_b, LANE_TABLE);
    for (int i = 0; i < rodata_tables; i++)
        emit_table(pending_names[i], pending_tables[i], LANE_TABLE);
    fprintf(out, "    .balign 8\nisa_ldpat:\n");
    for (int i = 0; i < 16; i++)
        emit(".byte 0x%02x", ldpat[i]);

    /* Results: zeroed by the loader. One scratch row per thread, a whole
     * number of lines so lanes never share one. */
    fprintf(out, "\n    .section .bss.isa, \"aw\", @nobits\n    .balign 64\n");
    static const struct {
        const char *name;
        unsigned bytes;
    } arrays[] = {{"isa_fails", MAX_THREADS * MAX_INSNS * 4},
                  {"isa_first", MAX_THREADS * MAX_INSNS * 4},
                  {"isa_csr", MAX_THREADS * DUMP_WORDS * 4},
                  {"isa_scratch", MAX_THREADS * SCRATCH_BYTES},
                  {"isa_barbuf", MAX_THREADS * 4},
                  {"isa_done", MAX_THREADS * 4},
                  {"isa_after_exit", MAX_THREADS * 4}};
    for (size_t i = 0; i < sizeof arrays / sizeof arrays[0]; i++)
        fprintf(out, "    .globl %s\n    .balign 64\n    .type %s, @object\n%s:\n    .zero %u\n"
                     "    .size %s, %u\n",
                arrays[i].name, arrays[i].name, arrays[i].name, arrays[i].bytes, arrays[i].name,
                arrays[i].bytes);
}

static void gen_table(FILE *h)
{
    fprintf(h, "/* Generated by tests/isa/gen_isa.c. Do not edit. */\n"
               "#ifndef ISA_TABLE_H\n#define ISA_TABLE_H\n#include <stdint.h>\n\n");
    fprintf(h, "#define ISA_MAX_THREADS %d\n#define ISA_MAX_INSNS %d\n", MAX_THREADS, MAX_INSNS);
    fprintf(h, "#define ISA_NUM_INSNS %d\n#define ISA_NUM_CASES %d\n", num_insns, num_cases);
    fprintf(h, "#define ISA_DONE_MAGIC 0x%08xu\n#define ISA_ARG_MAGIC 0x%08xu\n", DONE_MAGIC,
            ARG_MAGIC);
    fprintf(h, "#define ISA_DUMP_WORDS %u\n\n", (unsigned)DUMP_WORDS);
    fprintf(h, "enum isa_dump {\n");
    for (size_t i = 0; i < NUM_RO; i++)
        fprintf(h, "    ISA_CSR_%s,\n", ro_csrs[i].name);
    for (size_t i = 0; i < NUM_EXTRA; i++)
        fprintf(h, "    ISA_CSR_%s,\n", dump_extra[i]);
    fprintf(h, "};\n\nstatic const char *const isa_dump_names[ISA_DUMP_WORDS] = {\n");
    for (size_t i = 0; i < NUM_RO; i++)
        fprintf(h, "    \"%s\",\n", ro_csrs[i].name);
    for (size_t i = 0; i < NUM_EXTRA; i++)
        fprintf(h, "    \"%s\",\n", dump_extra[i]);
    fprintf(h, "};\n\nstatic const char *const isa_insn_names[ISA_NUM_INSNS] = {\n");
    for (int i = 0; i < num_insns; i++)
        fprintf(h, "    \"%s\",\n", insn_names[i]);
    fprintf(h, "};\n\n/* Indexed by case id (1-based). */\n"
               "static const char *const isa_case_desc[ISA_NUM_CASES + 1] = {\n    \"\",\n");
    for (int i = 1; i <= num_cases; i++)
        fprintf(h, "    \"%s\",\n", case_desc[i]);
    fprintf(h, "};\nstatic const uint8_t isa_case_insn[ISA_NUM_CASES + 1] = {\n    0,\n");
    for (int i = 1; i <= num_cases; i++)
        fprintf(h, "    %d,\n", case_insn[i]);
    fprintf(h, "};\n#endif\n");
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: gen_isa out.S out_table.h\n");
        return 2;
    }
    make_lane_tables();
    out = fopen(argv[1], "w");
    if (!out) {
        perror(argv[1]);
        return 1;
    }
    gen_program();
    if (fclose(out)) {
        perror(argv[1]);
        return 1;
    }
    FILE *h = fopen(argv[2], "w");
    if (!h) {
        perror(argv[2]);
        return 1;
    }
    gen_table(h);
    if (fclose(h)) {
        perror(argv[2]);
        return 1;
    }
    fprintf(stderr, "gen_isa: %d instructions, %d cases\n", num_insns, num_cases);
    return 0;
}
