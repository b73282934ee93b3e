/* rvgen: random RV32IMA programs for the ISA co-simulation (see rvgen.h).
 *
 * A body is a sequence of units: one instruction, or a short group that
 * must run whole (an address computation and its access, an LR/SC pair, a
 * loop, a counter read pair). Branches and jumps only go forward to the
 * start of a later unit (or to the end of the body), so nothing is ever
 * entered in the middle and every body ends.
 */
#include "rvgen.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* ---- random numbers ----------------------------------------------------- */

uint64_t rvgen_next(struct rvgen_rng *r)
{
    uint64_t z = (r->s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

uint32_t rvgen_u32(struct rvgen_rng *r) { return (uint32_t)(rvgen_next(r) >> 32); }

uint32_t rvgen_below(struct rvgen_rng *r, uint32_t n)
{
    return n ? (uint32_t)(((uint64_t)rvgen_u32(r) * n) >> 32) : 0;
}

uint32_t rvgen_value(struct rvgen_rng *r)
{
    static const uint32_t edges[] = {0,          1,          2,          3,          0xffffffffu,
                                     0xfffffffeu, 0x80000000u, 0x7fffffffu, 0x80000001u, 0x7ffffffeu,
                                     0x0000ffffu, 0xffff0000u, 0x00008000u, 0xffff8000u, 0x000000ffu,
                                     0xffffff80u, 0x00000800u, 0xfffff800u, 31,         32,
                                     33,         0x55555555u, 0xaaaaaaaau};
    switch (rvgen_below(r, 6)) {
    case 0: return edges[rvgen_below(r, sizeof edges / sizeof edges[0])];
    case 1: { /* a power of two, or one off it */
        uint32_t v = 1u << rvgen_below(r, 32);
        return v + (uint32_t)rvgen_below(r, 3) - 1u;
    }
    case 2: return rvgen_below(r, 64) - 32u; /* small, either sign */
    default: return rvgen_u32(r);
    }
}

/* ---- encoders ------------------------------------------------------------ */

uint32_t rv_r(uint32_t f7, uint32_t f3, uint32_t rd, uint32_t rs1, uint32_t rs2)
{
    return f7 << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | rd << 7 | RV_OP;
}
uint32_t rv_i(uint32_t op, uint32_t f3, uint32_t rd, uint32_t rs1, int32_t imm)
{
    return ((uint32_t)imm & 0xfffu) << 20 | rs1 << 15 | f3 << 12 | rd << 7 | op;
}
uint32_t rv_s(uint32_t op, uint32_t f3, uint32_t rs1, uint32_t rs2, int32_t imm)
{
    uint32_t u = (uint32_t)imm;
    return (u >> 5 & 0x7fu) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 | (u & 0x1fu) << 7 | op;
}
uint32_t rv_u(uint32_t op, uint32_t rd, uint32_t imm20) { return (imm20 & 0xfffffu) << 12 | rd << 7 | op; }
uint32_t rv_jal(uint32_t rd, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (u >> 20 & 1u) << 31 | (u >> 1 & 0x3ffu) << 21 | (u >> 11 & 1u) << 20 |
           (u >> 12 & 0xffu) << 12 | rd << 7 | 0x6fu;
}
uint32_t rv_b(uint32_t f3, uint32_t rs1, uint32_t rs2, int32_t off)
{
    uint32_t u = (uint32_t)off;
    return (u >> 12 & 1u) << 31 | (u >> 5 & 0x3fu) << 25 | rs2 << 20 | rs1 << 15 | f3 << 12 |
           (u >> 1 & 0xfu) << 8 | (u >> 11 & 1u) << 7 | 0x63u;
}
static uint32_t rv_amo(uint32_t f5, uint32_t aqrl, uint32_t rd, uint32_t rs1, uint32_t rs2)
{
    return f5 << 27 | aqrl << 25 | rs2 << 20 | rs1 << 15 | 2u << 12 | rd << 7 | 0x2fu;
}
void rv_li2(uint32_t out[2], uint32_t rd, uint32_t v)
{
    uint32_t lo = v & 0xfffu, hi = (v >> 12) + (lo >= 0x800u ? 1u : 0u);
    out[0] = rv_u(RV_OP_LUI, rd, hi);
    out[1] = rv_i(RV_OP_IMM, 0, rd, rd, (int32_t)(lo << 20) >> 20);
}

/* ---- disassembly ----------------------------------------------------------- */

static const char *const reg_names[32] = {
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0",  "a1",  "a2", "a3", "a4", "a5",
    "a6",   "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4", "t5", "t6"};

static const char *csr_name(uint32_t c)
{
    switch (c) {
    case 0xC00: return "cycle";
    case 0xC02: return "instret";
    case 0xC80: return "cycleh";
    case 0xC82: return "instreth";
    default: return NULL;
    }
}

void rvgen_disasm(uint32_t w, char *buf, size_t len)
{
    uint32_t op = w & 0x7f, rd = w >> 7 & 31, f3 = w >> 12 & 7, rs1 = w >> 15 & 31, rs2 = w >> 20 & 31;
    uint32_t f7 = w >> 25;
    int32_t imm_i = (int32_t)w >> 20;
    int32_t imm_s = ((int32_t)w >> 25) * 32 | (int32_t)(w >> 7 & 31);
    int32_t imm_b = ((int32_t)w >> 31) * 4096 | (int32_t)((w >> 7 & 1) << 11 | (w >> 25 & 0x3f) << 5 |
                                                          (w >> 8 & 0xf) << 1);
    int32_t imm_j = ((int32_t)w >> 31) * (1 << 20) |
                    (int32_t)((w >> 12 & 0xff) << 12 | (w >> 20 & 1) << 11 | (w >> 21 & 0x3ff) << 1);
    const char *D = reg_names[rd], *S1 = reg_names[rs1], *S2 = reg_names[rs2];
    static const char *const alu[8] = {"add", "sll", "slt", "sltu", "xor", "srl", "or", "and"};
    static const char *const mul[8] = {"mul", "mulh", "mulhsu", "mulhu", "div", "divu", "rem", "remu"};
    static const char *const ld[8] = {"lb", "lh", "lw", "?", "lbu", "lhu", "?", "?"};
    static const char *const st[8] = {"sb", "sh", "sw", "?", "?", "?", "?", "?"};
    static const char *const br[8] = {"beq", "bne", "?", "?", "blt", "bge", "bltu", "bgeu"};
    static const char *const csrop[8] = {"?", "csrrw", "csrrs", "csrrc", "?", "csrrwi", "csrrsi", "csrrci"};
    switch (op) {
    case RV_OP:
        if (f7 == 1)
            snprintf(buf, len, "%s %s, %s, %s", mul[f3], D, S1, S2);
        else if (f7 == 0x20 && f3 == 0)
            snprintf(buf, len, "sub %s, %s, %s", D, S1, S2);
        else if (f7 == 0x20 && f3 == 5)
            snprintf(buf, len, "sra %s, %s, %s", D, S1, S2);
        else
            snprintf(buf, len, "%s %s, %s, %s", alu[f3], D, S1, S2);
        return;
    case RV_OP_IMM:
        if (f3 == 1 || f3 == 5)
            snprintf(buf, len, "%s %s, %s, %u", f3 == 1 ? "slli" : (f7 ? "srai" : "srli"), D, S1, rs2);
        else
            snprintf(buf, len, "%si %s, %s, %d", f3 == 0 ? "add" : alu[f3], D, S1, imm_i);
        return;
    case RV_OP_LUI: snprintf(buf, len, "lui %s, 0x%05x", D, w >> 12); return;
    case RV_OP_AUIPC: snprintf(buf, len, "auipc %s, 0x%05x", D, w >> 12); return;
    case 0x6f: snprintf(buf, len, "jal %s, %+d", D, imm_j); return;
    case RV_OP_JALR: snprintf(buf, len, "jalr %s, %d(%s)", D, imm_i, S1); return;
    case 0x63: snprintf(buf, len, "%s %s, %s, %+d", br[f3], S1, S2, imm_b); return;
    case RV_OP_LOAD: snprintf(buf, len, "%s %s, %d(%s)", ld[f3], D, imm_i, S1); return;
    case RV_OP_STORE: snprintf(buf, len, "%s %s, %d(%s)", st[f3], S2, imm_s, S1); return;
    case 0x2f: {
        static const char *const amo[32] = {
            [0] = "amoadd", [1] = "amoswap", [2] = "lr", [3] = "sc", [4] = "amoxor", [8] = "amoor",
            [12] = "amoand", [16] = "amomin", [20] = "amomax", [24] = "amominu", [28] = "amomaxu"};
        const char *n = amo[w >> 27] ? amo[w >> 27] : "amo?";
        const char *ord[4] = {"", ".rl", ".aq", ".aqrl"};
        if ((w >> 27) == 2)
            snprintf(buf, len, "lr.w%s %s, (%s)", ord[w >> 25 & 3], D, S1);
        else
            snprintf(buf, len, "%s.w%s %s, %s, (%s)", n, ord[w >> 25 & 3], D, S2, S1);
        return;
    }
    case RV_OP_FENCE:
        if (f3 == 1)
            snprintf(buf, len, "fence.i");
        else if (w == 0x8330000fu)
            snprintf(buf, len, "fence.tso");
        else
            snprintf(buf, len, "fence 0x%x, 0x%x", w >> 24 & 15, w >> 20 & 15);
        return;
    case RV_OP_SYSTEM: {
        const char *c = csr_name(w >> 20);
        char cb[8];
        if (!c) {
            snprintf(cb, sizeof cb, "0x%03x", w >> 20);
            c = cb;
        }
        if (f3 >= 5)
            snprintf(buf, len, "%s %s, %s, %u", csrop[f3], D, c, rs1);
        else
            snprintf(buf, len, "%s %s, %s, %s", csrop[f3], D, c, S1);
        return;
    }
    default: snprintf(buf, len, ".word 0x%08x", w); return;
    }
}

/* ---- body generation ------------------------------------------------------- */

struct gen {
    struct rvgen_rng *r;
    struct rvgen_prog *p;
    uint32_t pc; /* address of words[0] */
    /* forward references: word index -> unit index to reach */
    struct {
        uint32_t word, unit, kind; /* kind: 0 branch, 1 jal, 2 jalr (word = the jalr) */
        uint32_t base;             /* jalr: word index of its auipc */
        uint32_t lsb;              /* jalr: 1 added to the offset */
    } fix[RVGEN_MAX_WORDS];
    uint32_t nfix;
    uint32_t unit_start[RVGEN_MAX_WORDS + 1];
    uint32_t nunits;
    uint32_t excl;   /* registers no unit may write right now (bit mask) */
    uint32_t noread; /* registers no unit may read right now: raw counter values */
    int in_loop;   /* inside a loop body: no control flow, no LR/SC */
};

static int full(const struct gen *g, uint32_t need) { return g->p->nwords + need > RVGEN_MAX_WORDS - 4; }

static void put(struct gen *g, uint32_t w)
{
    g->p->words[g->p->nwords++] = w;
}

/* A register the body may write: never gp, tp or an excluded one;
 * sometimes x0 (the write is discarded). */
static uint32_t dst(struct gen *g)
{
    if (rvgen_below(g->r, 24) == 0 && !(g->excl & 1u))
        return 0;
    for (;;) {
        uint32_t d = 1 + rvgen_below(g->r, 31);
        if (d != COSIM_REG_GP && d != COSIM_REG_TP && !(g->excl >> d & 1u))
            return d;
    }
}
/* Any register may be read. */
static uint32_t src(struct gen *g)
{
    for (;;) {
        uint32_t s = rvgen_below(g->r, 32);
        if (!(g->noread >> s & 1u))
            return s;
    }
}

static const uint32_t load_f3[5] = {0, 1, 2, 4, 5};
static uint32_t size_of_f3(uint32_t f3) { return 1u << (f3 & 3); }

static void unit_alu(struct gen *g)
{
    struct rvgen_rng *r = g->r;
    uint32_t d = dst(g);
    switch (rvgen_below(r, 6)) {
    case 0:
    case 1: { /* R type, base */
        uint32_t f3 = rvgen_below(r, 8);
        uint32_t f7 = (f3 == 0 || f3 == 5) && rvgen_below(r, 2) ? 0x20u : 0;
        put(g, rv_r(f7, f3, d, src(g), src(g)));
        break;
    }
    case 2: /* M extension */
        put(g, rv_r(1, rvgen_below(r, 8), d, src(g), src(g)));
        break;
    case 3: { /* I type */
        uint32_t f3 = rvgen_below(r, 8);
        if (f3 == 1)
            put(g, rv_i(RV_OP_IMM, 1, d, src(g), (int32_t)rvgen_below(r, 32)));
        else if (f3 == 5)
            put(g, rv_i(RV_OP_IMM, 5, d, src(g), (int32_t)(rvgen_below(r, 32) | (rvgen_below(r, 2) ? 0x400u : 0))));
        else
            put(g, rv_i(RV_OP_IMM, f3, d, src(g), (int32_t)(rvgen_value(r) << 20) >> 20));
        break;
    }
    case 4: /* lui / auipc */
        put(g, rv_u(rvgen_below(r, 2) ? RV_OP_LUI : RV_OP_AUIPC, d, rvgen_value(r) >> 12));
        break;
    default: { /* a register set to an edge value, for the next units to use */
        uint32_t w[2];
        rv_li2(w, d, rvgen_value(r));
        put(g, w[0]);
        put(g, w[1]);
        break;
    }
    }
}

/* Put the address of an access of `size` bytes inside the region into a
 * fresh register and return it; *imm receives the offset to use with it. */
static uint32_t address(struct gen *g, uint32_t size, int32_t *imm, int imm_ok)
{
    struct rvgen_rng *r = g->r;
    uint32_t slots = COSIM_REGION / size;
    uint32_t off = rvgen_below(r, slots) * size;
    uint32_t k = imm_ok ? rvgen_below(r, 3) : 1 + rvgen_below(r, 2);
    if (k == 0) { /* gp + immediate */
        *imm = (int32_t)off;
        return COSIM_REG_GP;
    }
    uint32_t t = dst(g);
    while (t == 0)
        t = dst(g);
    if (k == 1) { /* data-dependent: an operand's bits pick the slot */
        put(g, rv_i(RV_OP_IMM, 7, t, src(g), (int32_t)((COSIM_REGION - 1) & ~(size - 1))));
        put(g, rv_r(0, 0, t, t, COSIM_REG_GP));
        *imm = 0;
    } else { /* from the region's end, negative offset */
        put(g, rv_i(RV_OP_IMM, 0, t, COSIM_REG_GP, (int32_t)COSIM_REGION));
        *imm = (int32_t)off - (int32_t)COSIM_REGION;
    }
    if (!imm_ok && *imm != 0) {
        put(g, rv_i(RV_OP_IMM, 0, t, t, *imm));
        *imm = 0;
    }
    return t;
}

static void unit_load(struct gen *g)
{
    uint32_t f3 = load_f3[rvgen_below(g->r, 5)];
    int32_t imm;
    uint32_t a = address(g, size_of_f3(f3), &imm, 1);
    put(g, rv_i(RV_OP_LOAD, f3, dst(g), a, imm));
}

static void unit_store(struct gen *g)
{
    uint32_t f3 = rvgen_below(g->r, 3);
    int32_t imm;
    uint32_t a = address(g, size_of_f3(f3), &imm, 1);
    put(g, rv_s(RV_OP_STORE, f3, a, src(g), imm));
}

static void unit_amo(struct gen *g)
{
    static const uint32_t ops[9] = {0, 1, 4, 8, 12, 16, 20, 24, 28};
    int32_t imm;
    uint32_t a = address(g, 4, &imm, 0);
    put(g, rv_amo(ops[rvgen_below(g->r, 9)], rvgen_below(g->r, 4), dst(g), a, src(g)));
}

/* LR, up to three ALU instructions, SC to the same word: a constrained
 * sequence, which a hart alone must let succeed. Or a lone SC, which must
 * fail (no reservation is left by a finished pair). */
static void unit_lrsc(struct gen *g)
{
    int32_t imm;
    uint32_t a = address(g, 4, &imm, 0);
    uint32_t keep = g->excl;
    if (rvgen_below(g->r, 5) == 0) {
        put(g, rv_amo(3, rvgen_below(g->r, 4), dst(g), a, src(g)));
        return;
    }
    g->excl |= 1u << a;
    uint32_t d = dst(g);
    put(g, rv_amo(2, rvgen_below(g->r, 4), d, a, 0));
    /* Sometimes the SC goes to another word of the region: it must fail. */
    uint32_t sa = a;
    if (rvgen_below(g->r, 4) == 0) {
        sa = dst(g);
        while (sa == 0)
            sa = dst(g);
        put(g, rv_i(RV_OP_IMM, 0, sa, a, rvgen_below(g->r, 2) ? 4 : -4));
        put(g, rv_i(RV_OP_IMM, 7, sa, sa, (int32_t)(COSIM_REGION - 4)));
        put(g, rv_r(0, 0, sa, sa, COSIM_REG_GP)); /* gp is COSIM_REGION aligned */
        g->excl |= 1u << sa;
    }
    for (uint32_t n = rvgen_below(g->r, 4); n; n--) {
        uint32_t w = rv_r(0, rvgen_below(g->r, 8), dst(g), src(g), src(g));
        put(g, w);
    }
    g->excl = keep;
    put(g, rv_amo(3, rvgen_below(g->r, 4), dst(g), sa, src(g)));
}

/* Two reads of one counter with work between: only "the second is not
 * before the first" is kept (sub, then the sign bit, so a wrap of the low
 * word between them is no failure); both raw values are overwritten. */
static void unit_counters(struct gen *g)
{
    static const uint32_t csrs[4] = {0xC00, 0xC02, 0xC80, 0xC82};
    uint32_t c = csrs[rvgen_below(g->r, 4)];
    uint32_t keep = g->excl;
    uint32_t a = dst(g);
    while (a == 0)
        a = dst(g);
    g->excl |= 1u << a | 1u;
    uint32_t b = dst(g);
    g->excl |= 1u << b;
    /* csrrs/csrrc with x0, csrrsi/csrrci with 0: all reads without a write */
    static const uint32_t f3s[4] = {2, 3, 6, 7};
    put(g, (c << 20) | f3s[rvgen_below(g->r, 4)] << 12 | a << 7 | RV_OP_SYSTEM);
    g->noread = 1u << a;
    for (uint32_t n = rvgen_below(g->r, 3); n; n--)
        unit_alu(g);
    g->noread = 0;
    put(g, (c << 20) | f3s[rvgen_below(g->r, 4)] << 12 | b << 7 | RV_OP_SYSTEM);
    g->excl = keep;
    put(g, rv_r(0x20, 0, a, b, a));       /* sub a, b, a */
    put(g, rv_i(RV_OP_IMM, 5, a, a, 31)); /* srli a, a, 31: 0 unless it went back */
    put(g, rv_r(0x20, 0, b, b, b));       /* sub b, b, b */
}

static void unit_fence(struct gen *g)
{
    switch (rvgen_below(g->r, 4)) {
    case 0: put(g, 0x8330000fu); break; /* fence.tso */
    case 1: put(g, 0x0000100fu); break; /* fence.i */
    default: put(g, (1 + rvgen_below(g->r, 15)) << 24 | (1 + rvgen_below(g->r, 15)) << 20 | RV_OP_FENCE); break;
    }
}

static void add_fix(struct gen *g, uint32_t word, uint32_t kind, uint32_t base)
{
    g->fix[g->nfix].word = word;
    g->fix[g->nfix].unit = g->nunits + rvgen_below(g->r, 5); /* 0..4 units skipped */
    g->fix[g->nfix].kind = kind;
    g->fix[g->nfix].base = base;
    g->fix[g->nfix].lsb = kind == 2 ? rvgen_below(g->r, 2) : 0;
    g->nfix++;
}

static void unit_branch(struct gen *g)
{
    static const uint32_t f3s[6] = {0, 1, 4, 5, 6, 7};
    uint32_t rs1 = src(g), rs2 = rvgen_below(g->r, 4) ? src(g) : rs1;
    add_fix(g, g->p->nwords, 0, 0);
    put(g, rv_b(f3s[rvgen_below(g->r, 6)], rs1, rs2, 0));
}

static void unit_jump(struct gen *g)
{
    if (rvgen_below(g->r, 2)) {
        add_fix(g, g->p->nwords, 1, 0);
        put(g, rv_jal(dst(g), 0));
        return;
    }
    uint32_t t = dst(g);
    while (t == 0)
        t = dst(g);
    uint32_t base = g->p->nwords;
    put(g, rv_u(RV_OP_AUIPC, t, 0));
    add_fix(g, g->p->nwords, 2, base);
    put(g, rv_i(RV_OP_JALR, 0, dst(g), t, 0));
}

static void one_unit(struct gen *g, int simple);

/* A counted loop of 1..4 iterations, the count from an operand's low bits
 * (so lanes of a warp may loop differently). */
static void unit_loop(struct gen *g)
{
    uint32_t c = dst(g);
    while (c == 0)
        c = dst(g);
    uint32_t keep = g->excl;
    put(g, rv_i(RV_OP_IMM, 7, c, src(g), 3));
    put(g, rv_i(RV_OP_IMM, 0, c, c, 1));
    uint32_t top = g->p->nwords;
    g->excl |= 1u << c | 1u;
    g->in_loop = 1;
    for (uint32_t n = 1 + rvgen_below(g->r, 4); n && !full(g, 16); n--)
        one_unit(g, 1);
    g->in_loop = 0;
    g->excl = keep;
    put(g, rv_i(RV_OP_IMM, 0, c, c, -1));
    put(g, rv_b(1, c, 0, -(int32_t)(4 * (g->p->nwords - top))));
}

static void one_unit(struct gen *g, int simple)
{
    uint32_t k = rvgen_below(g->r, 100);
    if (k < 38)
        unit_alu(g);
    else if (k < 52)
        unit_load(g);
    else if (k < 64)
        unit_store(g);
    else if (k < 72)
        unit_amo(g);
    else if (simple)
        unit_alu(g);
    else if (k < 77)
        unit_lrsc(g);
    else if (k < 80)
        unit_counters(g);
    else if (k < 83)
        unit_fence(g);
    else if (k < 92)
        unit_branch(g);
    else if (k < 96)
        unit_jump(g);
    else
        unit_loop(g);
}

void rvgen_program(struct rvgen_rng *r, struct rvgen_prog *p, uint32_t pc, unsigned units)
{
    static struct gen g; /* large: not on the stack */
    memset(&g, 0, sizeof g);
    g.r = r;
    g.p = p;
    g.pc = pc;
    p->nwords = 0;
    while (g.nunits < units && !full(&g, 40)) {
        g.unit_start[g.nunits++] = p->nwords;
        one_unit(&g, 0);
    }
    g.unit_start[g.nunits] = p->nwords; /* the end of the body */
    for (uint32_t i = 0; i < g.nfix; i++) {
        uint32_t u = g.fix[i].unit < g.nunits ? g.fix[i].unit : g.nunits;
        uint32_t target = g.unit_start[u], w = g.fix[i].word;
        uint32_t *word = &p->words[w];
        int32_t off;
        switch (g.fix[i].kind) {
        case 0:
            off = (int32_t)(4 * (target - w));
            *word = rv_b(*word >> 12 & 7, *word >> 15 & 31, *word >> 20 & 31, off);
            break;
        case 1:
            off = (int32_t)(4 * (target - w));
            *word = rv_jal(*word >> 7 & 31, off);
            break;
        default: /* bit 0 of a JALR target is ignored: set it half the time */
            off = (int32_t)(4 * (target - g.fix[i].base)) + (int32_t)(g.fix[i].lsb);
            *word = rv_i(RV_OP_JALR, 0, *word >> 7 & 31, *word >> 15 & 31, off);
            break;
        }
    }
    for (uint32_t i = 0; i < p->nwords; i++)
        rvgen_disasm(p->words[i], p->text[i], RVGEN_TEXT);
}
