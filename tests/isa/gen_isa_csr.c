/* gen_isa's CSR cases (reads and writes; the read-only CSRs dumped for the
 * host to judge) and the SIMT ones: tmc, bar. */
#include "gen_isa.h"

void gen_csr_rw(void)
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

unsigned dump_words(void) { return (unsigned)DUMP_WORDS; }

void dump_table(FILE *h)
{
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
    fprintf(h, "};\n");
}

void gen_csr_dump(void)
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

void gen_tmc(void)
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

void gen_bar(void)
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
