/* gen_isa's ALU, jump and branch cases, against this file's own model of
 * RV32IM's arithmetic. */
#include <stdlib.h>

#include "gen_isa.h"

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

static const uint32_t edge[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x12345678u, 33};
#define NUM_EDGE (sizeof edge / sizeof edge[0])
static const uint32_t branch_vals[] = {0, 1, 0xffffffffu, 0x80000000u, 0x7fffffffu};
#define NUM_BRANCH_VALS (sizeof branch_vals / sizeof branch_vals[0])

void gen_alu(void)
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

void gen_alu_imm(void)
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

void gen_upper_jumps(void)
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

void gen_branches(void)
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
