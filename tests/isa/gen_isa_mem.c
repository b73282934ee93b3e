/* gen_isa's memory cases: loads and stores, weak and strong; AMOs at device
 * and block scope against this file's model; LR/SC; fences. */
#define _POSIX_C_SOURCE 200809L /* strdup */
#include <stdlib.h>
#include <string.h>

#include "gen_isa.h"

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

/* Bytes the load tests read, at isa_ldpat (8-byte aligned). */
const uint8_t ldpat[16] = {0x80, 0x7f, 0x01, 0xff, 0x34, 0x12, 0xcd, 0xab,
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

void gen_loads(int strong)
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

void gen_stores(int strong)
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

static void gen_amocas_d(int blk);

static void emit_amo(int blk, enum amo_op op, const char *rd, const char *addr, const char *src)
{
    if (blk)
        emit(".insn r 0x%02x, 2, 0x%02x, %s, %s, %s", SCORD_OPC_AMO_BLK, amo_funct5[op] << 2, rd,
             addr, src);
    else
        emit("%s.w %s, %s, (%s)", amo_names[op], rd, src, addr);
}

void gen_amos(int blk)
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
    gen_amocas_d(blk);
}

/* amocas.d (Zacas on RV32): rd/rd+1 the compare value, then the old one;
 * rs2/rs2+1 the new value; 8 bytes at an 8-byte aligned address (s2's
 * scratch row is). The pairs here: a4/a5 (x14/x15) and a2/a3 (x12/x13). */
static void emit_cas_d(int blk, const char *rd, const char *rs2)
{
    emit(".insn r 0x%02x, 3, 0x%02x, %s, s2, %s", blk ? SCORD_OPC_AMO_BLK : 0x2f,
         SCORD_AMO_CAS << 2, rd, rs2);
}

static void gen_amocas_d(int blk)
{
    char name[32];
    snprintf(name, sizeof name, "amocas.d%s", blk ? ".blk" : "");
    int id = insn(strdup(name));
    fprintf(out, "# %s\n", name);
    static const uint64_t cas[][3] = {/* mem, compare, new */
                                      {0x1122334455667788ull, 0x1122334455667788ull,
                                       0x8899aabbccddeeffull},
                                      /* the low words equal, the high ones not: no swap */
                                      {0x0000000100000007ull, 0x0000000200000007ull, 9},
                                      /* the high words equal, the low ones not */
                                      {0x8000000000000000ull, 0x8000000000000001ull, 1},
                                      {0xffffffffffffffffull, 0xffffffffffffffffull, 0},
                                      {0, 0, 0xfffffffe00000001ull},
                                      {0x7fffffff80000000ull, 0x80000000ffffffffull, 5}};
    for (size_t i = 0; i < sizeof cas / sizeof cas[0]; i++) {
        uint64_t m = cas[i][0], cmp = cas[i][1], nv = cas[i][2], r = m == cmp ? nv : m;
        emit("li a0, 0x%08x", (uint32_t)m);
        emit("sw a0, 0(s2)");
        emit("li a0, 0x%08x", (uint32_t)(m >> 32));
        emit("sw a0, 4(s2)");
        emit("li a4, 0x%08x", (uint32_t)cmp);
        emit("li a5, 0x%08x", (uint32_t)(cmp >> 32));
        emit("li a2, 0x%08x", (uint32_t)nv);
        emit("li a3, 0x%08x", (uint32_t)(nv >> 32));
        emit_cas_d(blk, "a4", "a2");
        int c = new_case(id, "%s mem 0x%016llx, compare 0x%016llx, new 0x%016llx: rd (old low)",
                         name, (unsigned long long)m, (unsigned long long)cmp,
                         (unsigned long long)nv);
        check_imm("a4", (uint32_t)m, id, c);
        c = new_case(id, "%s mem 0x%016llx: rd+1 (old high)", name, (unsigned long long)m);
        check_imm("a5", (uint32_t)(m >> 32), id, c);
        c = new_case(id, "%s: rs2 pair unchanged", name);
        check_imm("a3", (uint32_t)(nv >> 32), id, c);
        c = new_case(id, "%s mem 0x%016llx, compare 0x%016llx, new 0x%016llx: mem -> 0x%016llx",
                     name, (unsigned long long)m, (unsigned long long)cmp,
                     (unsigned long long)nv, (unsigned long long)r);
        emit("lw a0, 0(s2)");
        check_imm("a0", (uint32_t)r, id, c);
        emit("lw a0, 4(s2)");
        check_imm("a0", (uint32_t)(r >> 32), id, c);
    }
    /* rd = x0: the compare value is 0 (x1 is not read), nothing is written
     * (x1 is not either); rs2 = x0: the new value is 0. */
    int c = new_case(id, "%s rd = x0: compares with 0, swaps, writes neither x0 nor x1", name);
    emit("mv t4, ra");
    emit("sw x0, 0(s2)");
    emit("sw x0, 4(s2)");
    emit("li a2, 0x00000005");
    emit("li a3, 0x00000006");
    emit_cas_d(blk, "x0", "a2");
    check_reg("ra", "t4", id, c);
    emit("lw a0, 0(s2)");
    check_imm("a0", 5, id, c);
    emit("lw a0, 4(s2)");
    check_imm("a0", 6, id, c);
    c = new_case(id, "%s rd = x0, memory not 0: no swap", name);
    emit("li a2, 0x00000007");
    emit_cas_d(blk, "x0", "a2");
    check_reg("ra", "t4", id, c);
    emit("lw a0, 0(s2)");
    check_imm("a0", 5, id, c);
    c = new_case(id, "%s rs2 = x0: the new value is 0 (not x1)", name);
    emit("li a4, 0x00000005");
    emit("li a5, 0x00000006");
    emit_cas_d(blk, "a4", "x0");
    check_imm("a4", 5, id, c);
    check_imm("a5", 6, id, c);
    emit("lw a0, 0(s2)");
    check_imm("a0", 0, id, c);
    emit("lw a0, 4(s2)");
    check_imm("a0", 0, id, c);
    /* Per-lane operands: memory {a, b} swapped to {b, a} where the lane's
     * compare value is {a, b}; odd lanes compare with {a, a}, which fails
     * unless a == b. */
    uint32_t want_lo[LANE_TABLE], want_hi[LANE_TABLE];
    for (int l = 0; l < LANE_TABLE; l++) {
        int swap = !(l & 1) || lane_a[l] == lane_b[l];
        want_lo[l] = swap ? lane_b[l] : lane_a[l];
        want_hi[l] = swap ? lane_a[l] : lane_b[l];
    }
    c = new_case(id, "%s on per-lane operands: rd pair (old)", name);
    load_lane("a0", "isa_lane_a");
    load_lane("a1", "isa_lane_b");
    emit("sw a0, 0(s2)");
    emit("sw a1, 4(s2)");
    emit("mv a4, a0");
    emit("andi t0, s3, 1");
    emit("mv a5, a1");
    emit("beqz t0, 1f");
    emit("mv a5, a0");
    fprintf(out, "1:\n");
    emit("mv a2, a1");
    emit("mv a3, a0");
    emit_cas_d(blk, "a4", "a2");
    check_reg("a4", "a0", id, c);
    check_reg("a5", "a1", id, c);
    c = new_case(id, "%s on per-lane operands: mem", name);
    emit("lw a0, 0(s2)");
    load_lane("a1", add_table(want_lo));
    check_reg("a0", "a1", id, c);
    emit("lw a0, 4(s2)");
    load_lane("a1", add_table(want_hi));
    check_reg("a0", "a1", id, c);
}

void gen_lrsc(void)
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

void gen_fences(void)
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
