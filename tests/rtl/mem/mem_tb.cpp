// Unit test of the memory system (gpu_lsu x2, gpu_l2_arb, gpu_l2) against a
// golden model of the scoped semantics of docs/architecture.md.
//
//   random   both cores run random streams (weak/strong loads and stores of
//            every size, block and device atomics, LR/SC, fences) on the same
//            lines but disjoint words (core c owns words w with w % 2 == c),
//            so every result is exact, while the L2 still merges both cores'
//            byte strobes into shared lines.
//   stale    directed: a weak load returns a stale value after another core's
//            store; a strong load, a device fence, a device atomic and
//            flush_i each remove it. The LSU's stale lanes (the race
//            detector's, docs/detector.md §3.7) say so exactly: set when the
//            load returned a stale word, clear otherwise; per word of a line
//            (another core's whole and partial stores, this core's own
//            whole and partial ones); and never set in the random test,
//            where a core only loads words no other core writes.
//   amo      both cores add to one counter with device atomics: no update lost.
//   lrsc     both cores increment one counter with LR/SC: no update lost.
// Prints "N passed, N failed"; exit code 1 on any failure.
#include "Vmem_tb_top.h"
#include "scord_defs.h"
#include "verilated.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <functional>
#include <map>
#include <random>
#include <type_traits>
#include <vector>

static const int NC = 2;
static const int T = GPU_NUM_THREADS;
static const int W = GPU_NUM_WARPS;
static const int LB = GPU_LINE_BYTES;
static const uint32_t MEMSZ = 1u << 20;

// ---- packed port access (fields of <= 32 bits, wide ones word aligned) ------
template <class S> static uint32_t rd(const S &s, int lo, int w) {
    if constexpr (std::is_integral<S>::value)
        return (uint32_t)((uint64_t)s >> lo) & (uint32_t)((1ull << w) - 1);
    else
        return (s[lo / 32] >> (lo % 32)) & (uint32_t)((1ull << w) - 1);
}
template <class S> static void wr(S &s, int lo, int w, uint32_t v) {
    uint64_t m = ((1ull << w) - 1);
    if constexpr (std::is_integral<S>::value) {
        s = (S)(((uint64_t)s & ~(m << lo)) | (((uint64_t)v & m) << lo));
    } else {
        uint32_t &x = s[lo / 32];
        x = (uint32_t)((x & ~(m << (lo % 32))) | ((v & m) << (lo % 32)));
    }
}

// ---- the checks -----------------------------------------------------------------
static int n_pass, n_fail;
static void check(bool ok, const char *what, long a = 0, long b = 0) {
    if (ok) {
        n_pass++;
        return;
    }
    if (n_fail++ < 20)
        printf("FAIL: %s (%ld 0x%lx / %ld 0x%lx)\n", what, a, a, b, b);
}

// ---- operations ------------------------------------------------------------------
struct Op {
    int op = SCORD_LSU_LOAD, strong = 0, scope = 0, amo = 0, size = 2, uns = 0, warp = 0, rd = 1;
    uint32_t mask = 0;
    uint32_t addr[T] = {}, wdata[T] = {}, cmp[T] = {};
    uint32_t exp[T] = {};  // golden result per lane
    uint32_t check_mask = 0;
};

// Golden model: bytes and reservations.
struct Golden {
    std::vector<uint8_t> m = std::vector<uint8_t>(MEMSZ);
    std::map<int, uint32_t> resv;  // rid -> word address (present: valid)
    uint32_t r32(uint32_t a) { return m[a] | m[a + 1] << 8 | m[a + 2] << 16 | (uint32_t)m[a + 3] << 24; }
    void wbyte(uint32_t a, uint8_t v) {
        m[a] = v;
        for (auto it = resv.begin(); it != resv.end();)
            it = (it->second == (a & ~3u)) ? resv.erase(it) : std::next(it);
    }
    static uint32_t alu(int op, uint32_t o, uint32_t d, uint32_t c) {
        switch (op) {
        case SCORD_AMO_ADD: return o + d;
        case SCORD_AMO_SWAP: return d;
        case SCORD_AMO_XOR: return o ^ d;
        case SCORD_AMO_OR: return o | d;
        case SCORD_AMO_AND: return o & d;
        case SCORD_AMO_MIN: return (int32_t)d < (int32_t)o ? d : o;
        case SCORD_AMO_MAX: return (int32_t)d > (int32_t)o ? d : o;
        case SCORD_AMO_MINU: return d < o ? d : o;
        case SCORD_AMO_MAXU: return d > o ? d : o;
        case SCORD_AMO_CAS: return o == c ? d : o;
        }
        return o;
    }
    // Apply op in lane order; fill exp/check_mask.
    void apply(Op &p, int core) {
        p.check_mask = 0;
        for (int l = 0; l < T; l++) {
            if (!(p.mask >> l & 1))
                continue;
            uint32_t a = p.addr[l], d = p.wdata[l];
            int rid = (core * W + p.warp) * T + l;
            switch (p.op) {
            case SCORD_LSU_LOAD: {
                uint32_t v = r32(a & ~3u) >> (8 * (a & 3));
                if (p.size == 0) v = p.uns ? (v & 0xff) : (uint32_t)(int32_t)(int8_t)v;
                if (p.size == 1) v = p.uns ? (v & 0xffff) : (uint32_t)(int32_t)(int16_t)v;
                p.exp[l] = v;
                p.check_mask |= 1u << l;
                break;
            }
            case SCORD_LSU_STORE:
                for (int b = 0; b < (1 << p.size); b++) wbyte(a + b, (uint8_t)(d >> (8 * b)));
                break;
            case SCORD_LSU_AMO: {
                uint32_t o = r32(a), n = alu(p.amo, o, d, p.cmp[l]);
                for (int b = 0; b < 4; b++) wbyte(a + b, (uint8_t)(n >> (8 * b)));
                p.exp[l] = o;
                p.check_mask |= 1u << l;
                break;
            }
            case SCORD_LSU_LR:
                p.exp[l] = r32(a);
                resv[rid] = a;
                p.check_mask |= 1u << l;
                break;
            case SCORD_LSU_SC: {
                bool ok = resv.count(rid) && resv[rid] == a;
                resv.erase(rid);
                if (ok)
                    for (int b = 0; b < 4; b++) wbyte(a + b, (uint8_t)(d >> (8 * b)));
                p.exp[l] = ok ? 0 : 1;
                p.check_mask |= 1u << l;
                break;
            }
            }
        }
    }
};

// ---- simulation engine ----------------------------------------------------------------
struct Sim {
    Vmem_tb_top *top;
    std::mt19937 rng{12345};
    std::vector<uint8_t> dram = std::vector<uint8_t>(MEMSZ);
    struct Rd { uint32_t addr; uint64_t due; std::vector<uint8_t> data; };
    std::deque<Rd> rdq;
    uint64_t cyc = 0;
    int perf_ld[NC] = {}, perf_st[NC] = {}, perf_at[NC] = {}, perf_hit[NC] = {}, perf_miss[NC] = {};
    int cnt_ld[NC] = {}, cnt_st[NC] = {}, cnt_at[NC] = {};
    int l2_hit = 0, l2_miss = 0, mem_rd = 0, mem_wr = 0;
    bool flush_next = false;
    uint32_t last_stale[NC] = {}, last_known[NC] = {};  // a weak load's lanes, at its write-back
    int ready_pct = 80;  // backpressure of memory and write-back

    explicit Sim(Vmem_tb_top *t) : top(t) {}
    unsigned rnd(unsigned n) { return rng() % n; }

    void tick_half(int clk) {
        top->clk_i = clk;
        top->eval();
    }
    void reset() {
        top->rst_i = 1;
        for (int i = 0; i < 4; i++) { tick_half(0); tick_half(1); }
        top->rst_i = 0;
    }

    // Per-core: next() yields the next op (false: stream over), done() checks it.
    struct Core {
        std::function<bool(Op &)> next;
        std::function<void(const Op &, const uint32_t *, uint32_t)> done;
        bool active = false, issued = false, finished = false;
        Op cur;
        uint64_t start = 0;
    } core[NC];

    bool run(uint64_t max_cycles = 2000000) {
        uint64_t end = cyc + max_cycles;
        for (;;) {
            bool all_done = true;
            for (int c = 0; c < NC; c++) {
                Core &k = core[c];
                if (!k.active && !k.finished) {
                    if (k.next && k.next(k.cur)) {
                        k.active = true;
                        k.issued = false;
                        k.start = cyc;
                    } else {
                        k.finished = true;
                    }
                }
                if (k.active) all_done = false;
                if (k.active && cyc - k.start > 20000) {
                    check(false, "operation timed out (core, op)", c, k.cur.op);
                    return false;
                }
            }
            if (all_done && top->idle_o) return true;
            if (cyc > end) {
                check(false, "run timed out", (long)cyc, 0);
                return false;
            }
            // drive inputs
            top->lsu_req_valid_i = 0;
            top->wb_ready_i = 0;
            for (int c = 0; c < NC; c++) {
                Core &k = core[c];
                const Op &p = k.cur;
                wr(top->lsu_req_valid_i, c, 1, k.active && !k.issued);
                wr(top->lsu_req_op_i, c * 3, 3, p.op);
                wr(top->lsu_req_strong_i, c, 1, p.strong);
                wr(top->lsu_req_scope_i, c, 1, p.scope);
                wr(top->lsu_req_amo_op_i, c * 5, 5, p.amo);
                wr(top->lsu_req_size_i, c * 2, 2, p.size);
                wr(top->lsu_req_unsigned_i, c, 1, p.uns);
                wr(top->lsu_req_warp_i, c * WARP_BITS(), WARP_BITS(), p.warp);
                wr(top->lsu_req_rd_i, c * 5, 5, p.rd);
                wr(top->lsu_req_mask_i, c * T, T, p.mask);
                for (int l = 0; l < T; l++) {
                    wr(top->lsu_req_addr_i, (c * T + l) * 32, 32, p.addr[l]);
                    wr(top->lsu_req_wdata_i, (c * T + l) * 32, 32, p.wdata[l]);
                    wr(top->lsu_req_cmp_i, (c * T + l) * 32, 32, p.cmp[l]);
                }
                wr(top->wb_ready_i, c, 1, rnd(100) < (unsigned)ready_pct);
            }
            top->mem_req_ready_i = rnd(100) < (unsigned)ready_pct;
            bool rsp = !rdq.empty() && rdq.front().due <= cyc;
            top->mem_rsp_valid_i = rsp;
            if (rsp)
                for (int i = 0; i < LB / 4; i++) {
                    const uint8_t *d = &rdq.front().data[4 * i];
                    wr(top->mem_rsp_rdata_i, 32 * i, 32, d[0] | d[1] << 8 | d[2] << 16 | (uint32_t)d[3] << 24);
                }
            top->flush_i = flush_next;
            flush_next = false;
            tick_half(0);
            // sample handshakes of this edge
            for (int c = 0; c < NC; c++) {
                Core &k = core[c];
                perf_ld[c] += rd(top->perf_load_o, c, 1);
                perf_st[c] += rd(top->perf_store_o, c, 1);
                perf_at[c] += rd(top->perf_atomic_o, c, 1);
                perf_hit[c] += rd(top->perf_l1_hit_o, c, 1);
                perf_miss[c] += rd(top->perf_l1_miss_o, c, 1);
                if (rd(top->lsu_req_valid_i, c, 1) && rd(top->lsu_req_ready_o, c, 1)) {
                    k.issued = true;
                    if (k.cur.op == SCORD_LSU_LOAD) cnt_ld[c]++;
                    if (k.cur.op == SCORD_LSU_STORE) cnt_st[c]++;
                    if (k.cur.op >= SCORD_LSU_AMO && k.cur.op <= SCORD_LSU_SC) cnt_at[c]++;
                }
                if (rd(top->wb_valid_o, c, 1)) {
                    check(k.active && k.issued, "wb without an operation", c, 0);
                    if (rd(top->wb_ready_i, c, 1) && k.active) {
                        uint32_t data[T];
                        for (int l = 0; l < T; l++) data[l] = rd(top->wb_data_o, (c * T + l) * 32, 32);
                        check(rd(top->wb_warp_o, c * WARP_BITS(), WARP_BITS()) == (uint32_t)k.cur.warp,
                              "wb_warp", c, k.cur.warp);
                        check(rd(top->wb_rd_o, c * 5, 5) == (uint32_t)k.cur.rd, "wb_rd", c, k.cur.rd);
                        bool writes = k.cur.op != SCORD_LSU_STORE && k.cur.op != SCORD_LSU_FENCE;
                        check(rd(top->wb_mask_o, c * T, T) == (writes ? k.cur.mask : 0), "wb_mask", c,
                              rd(top->wb_mask_o, c * T, T));
                        last_stale[c] = rd(top->ld_stale_o, c * T, T);
                        last_known[c] = rd(top->ld_known_o, c * T, T);
                        if (k.cur.op == SCORD_LSU_LOAD && !k.cur.strong)
                            check(last_known[c] == k.cur.mask, "a weak load's lanes all decided", c,
                                  last_known[c]);
                        else
                            check(last_known[c] == 0 && last_stale[c] == 0,
                                  "no stale lanes but a weak load's", c, last_stale[c]);
                        if (k.done) k.done(k.cur, data, rd(top->wb_mask_o, c * T, T));
                        k.active = false;
                    }
                }
            }
            l2_hit += top->perf_l2_hit_o;
            l2_miss += top->perf_l2_miss_o;
            mem_rd += top->perf_mem_read_o;
            mem_wr += top->perf_mem_write_o;
            if (rsp) rdq.pop_front();
            if (top->mem_req_valid_o && top->mem_req_ready_i) {
                uint32_t a = top->mem_req_addr_o;
                check(a % LB == 0 && a + LB <= MEMSZ, "memory address", a, 0);
                a %= MEMSZ;
                a &= ~(uint32_t)(LB - 1);
                if (top->mem_req_we_o) {
                    for (int b = 0; b < LB; b++)
                        if (rd(top->mem_req_wstrb_o, b, 1))
                            dram[a + b] = (uint8_t)rd(top->mem_req_wdata_o, 8 * b, 8);
                } else {
                    uint64_t due = cyc + 1 + rnd(GPU_MEM_LATENCY);
                    if (!rdq.empty()) due = std::max(due, rdq.back().due + 1);
                    rdq.push_back({a, due, std::vector<uint8_t>(dram.begin() + a, dram.begin() + a + LB)});
                }
            }
            tick_half(1);
            cyc++;
        }
    }
    static int WARP_BITS() { return W > 1 ? 32 - __builtin_clz(W - 1) : 1; }

    // One operation on one core, the other idle; returns the lanes' results.
    std::vector<uint32_t> exec(int c, Op p) {
        std::vector<uint32_t> res(T);
        bool given = false;
        for (int i = 0; i < NC; i++) {
            core[i] = Core();
            core[i].finished = (i != c);
        }
        core[c].next = [&](Op &o) { if (given) return false; o = p; given = true; return true; };
        core[c].done = [&](const Op &, const uint32_t *d, uint32_t) { res.assign(d, d + T); };
        run();
        return res;
    }
};

static Op mk(int op, uint32_t addr, uint32_t mask = 1, int size = 2) {
    Op p;
    p.op = op;
    p.size = size;
    p.mask = mask;
    for (int l = 0; l < T; l++) p.addr[l] = addr;
    return p;
}

// ---- tests --------------------------------------------------------------------------------
static const uint32_t BASE = 0x4000;

static void test_random(Sim &s, Golden &g, int ops_per_core) {
    // hot lines: neighbours, lines that alias in the L1, lines that alias in the L2
    std::vector<uint32_t> hot = {BASE,
                                 BASE + LB,
                                 BASE + 2 * LB,
                                 BASE + GPU_L1D_BYTES,
                                 BASE + GPU_L1D_BYTES + LB,
                                 BASE + GPU_L2_BYTES,
                                 BASE + GPU_L2_BYTES + GPU_L1D_BYTES,
                                 BASE + 2 * GPU_L2_BYTES + LB};
    const int WPL = LB / 4;
    int left[NC];
    Op last_lr[NC];
    bool have_lr[NC] = {};
    for (int c = 0; c < NC; c++) {
        left[c] = ops_per_core;
        s.core[c] = Sim::Core();
        s.core[c].next = [&, c](Op &p) {
            if (left[c]-- <= 0) return false;
            p = Op();
            std::mt19937 &r = s.rng;
            unsigned k = r() % 100;
            p.warp = r() % W;
            p.rd = r() % 32;
            p.mask = (r() % 16 == 0) ? 0 : (r() & ((1u << T) - 1));
            if (p.mask == 0 && r() % 4) p.mask = 1u << (r() % T);
            p.size = 2;
            if (k < 30) { p.op = SCORD_LSU_LOAD; p.strong = r() % 3 == 0; p.size = r() % 3; p.uns = r() % 2; }
            else if (k < 55) { p.op = SCORD_LSU_STORE; p.strong = r() % 3 == 0; p.size = r() % 3; }
            else if (k < 70) { p.op = SCORD_LSU_AMO; p.scope = 0; }
            else if (k < 80) { p.op = SCORD_LSU_AMO; p.scope = 1; }
            else if (k < 88) { p.op = SCORD_LSU_LR; }
            else if (k < 96) { p.op = SCORD_LSU_SC; }
            else { p.op = SCORD_LSU_FENCE; }
            static const int amos[] = {SCORD_AMO_ADD, SCORD_AMO_SWAP, SCORD_AMO_XOR, SCORD_AMO_OR, SCORD_AMO_AND,
                                       SCORD_AMO_MIN, SCORD_AMO_MAX, SCORD_AMO_MINU, SCORD_AMO_MAXU, SCORD_AMO_CAS};
            p.amo = amos[r() % 10];
            // lanes pick among 1..3 of the hot lines, in words this core owns
            uint32_t lines[3];
            int nl = 1 + r() % 3;
            for (int i = 0; i < nl; i++) lines[i] = hot[r() % hot.size()];
            for (int l = 0; l < T; l++) {
                int word = 2 * (int)(r() % (WPL / 2)) + c;
                uint32_t off = (r() % 4) & ~((1u << p.size) - 1);
                p.addr[l] = lines[r() % nl] + 4 * word + off;
                p.wdata[l] = r();
                if (r() % 4 == 0) p.wdata[l] = (uint32_t)(int32_t)(r() % 7 - 3);
            }
            for (int l = 0; l < T; l++)
                p.cmp[l] = (r() % 2) ? g.r32(p.addr[l] & ~3u) : r();
            if (p.op == SCORD_LSU_SC && have_lr[c] && r() % 4) {
                // retry the addresses of the last LR so some SCs succeed
                p.warp = last_lr[c].warp;
                p.mask = last_lr[c].mask;
                for (int l = 0; l < T; l++) p.addr[l] = last_lr[c].addr[l];
            }
            if (p.op == SCORD_LSU_LR) { last_lr[c] = p; have_lr[c] = true; }
            g.apply(p, c);
            return true;
        };
        s.core[c].done = [&, c](const Op &p, const uint32_t *d, uint32_t) {
            bool ok = true;
            for (int l = 0; l < T; l++)
                if ((p.check_mask >> l & 1) && d[l] != p.exp[l]) {
                    ok = false;
                    if (n_fail < 20)
                        printf("  core %d op %d size %d uns %d strong %d scope %d amo %d lane %d addr 0x%x: "
                               "got 0x%x want 0x%x\n", c, p.op, p.size, p.uns, p.strong, p.scope, p.amo, l,
                               p.addr[l], d[l], p.exp[l]);
                }
            check(ok, "random: operation result", c, p.op);
            // a core loads only its own words: none can be stale
            check(s.last_stale[c] == 0, "random: stale lanes of a load of words no other core writes", c,
                  s.last_stale[c]);
        };
    }
    s.run();
    // memory (L2 write-through) must equal the golden model everywhere touched
    bool same = true;
    for (uint32_t a : hot)
        for (int b = 0; b < LB; b++)
            if (s.dram[a + b] != g.m[a + b]) same = false;
    check(same, "random: device memory equals golden model");
    for (int c = 0; c < NC; c++) {
        check(s.perf_ld[c] == s.cnt_ld[c], "perf_load count", s.perf_ld[c], s.cnt_ld[c]);
        check(s.perf_st[c] == s.cnt_st[c], "perf_store count", s.perf_st[c], s.cnt_st[c]);
        check(s.perf_at[c] == s.cnt_at[c], "perf_atomic count", s.perf_at[c], s.cnt_at[c]);
        check(s.perf_hit[c] > 0 && s.perf_miss[c] > 0, "perf L1 hits and misses seen", s.perf_hit[c],
              s.perf_miss[c]);
    }
    check(s.l2_hit > 0 && s.l2_miss > 0 && s.mem_rd > 0 && s.mem_wr > 0, "perf L2 events seen", s.l2_hit,
          s.l2_miss);
}

static void poke32(Sim &s, Golden &g, uint32_t a, uint32_t v) {
    for (int b = 0; b < 4; b++) s.dram[a + b] = g.m[a + b] = (uint8_t)(v >> (8 * b));
}

static void test_stale(Sim &s, Golden &g) {
    const uint32_t X = BASE + 0x3000 + 8;
    poke32(s, g, X, 111);
    // a weak load's value, and whether its lane said stale as expected
    auto load = [&](int c, int strong, int stale = 0) {
        Op p = mk(SCORD_LSU_LOAD, X);
        p.strong = strong;
        uint32_t v = s.exec(c, p)[0];
        check(s.last_stale[c] == (uint32_t)stale, "stale: the load's stale lane", (long)v, s.last_stale[c]);
        return v;
    };
    auto store = [&](int c, uint32_t v) { Op p = mk(SCORD_LSU_STORE, X); p.wdata[0] = v; s.exec(c, p); };
    check(load(0, 0) == 111, "stale: first weak load");
    store(1, 222);
    check(load(0, 0, 1) == 111, "stale: weak load after another core's store returns the stale value");
    check(load(1, 0) == 222, "stale: the storing core sees its own store");
    check(load(0, 1) == 222, "stale: strong load sees the store");
    check(load(0, 0, 1) == 111, "stale: strong load leaves the L1 alone");
    s.exec(0, mk(SCORD_LSU_FENCE, 0, 0));
    check(load(0, 0) == 222, "stale: device fence removes the stale line");
    store(1, 333);
    check(load(0, 0, 1) == 222, "stale: stale again after another store");
    {
        Op p = mk(SCORD_LSU_AMO, X);
        p.scope = 1;
        p.amo = SCORD_AMO_ADD;
        p.wdata[0] = 0;
        check(s.exec(0, p)[0] == 333, "stale: device atomic sees the L2 value");
    }
    check(load(0, 0) == 333, "stale: device atomic dropped the L1 line");
    store(1, 444);
    check(load(0, 0, 1) == 333, "stale: stale once more");
    s.flush_next = true;
    s.exec(1, mk(SCORD_LSU_FENCE, 0, 0));  // carries the flush pulse
    g.resv.clear();                         // which clears the L2's reservations too
    check(load(0, 0) == 444, "stale: flush_i invalidates the L1");
    // a block atomic works on the L1's (stale) copy: not atomic across cores
    store(1, 555);
    {
        Op p = mk(SCORD_LSU_AMO, X);
        p.scope = 0;
        p.amo = SCORD_AMO_ADD;
        p.wdata[0] = 1;
        check(s.exec(0, p)[0] == 444, "stale: block atomic reads the core's own L1 copy");
    }
    check(load(1, 1) == 445, "stale: block atomic wrote its word through to the L2");
    check(load(0, 0) == 445, "stale: the block atomic's own write made the word current");
    for (int b = 0; b < 4; b++) g.m[X + b] = s.dram[X + b];

    // Word by word: lane l of core 0 loads word l of line Y.
    const uint32_t Y = BASE + 0x3000 + 3 * LB;
    for (int w = 0; w < LB / 4; w++) poke32(s, g, Y + 4 * w, 0x100 + w);
    auto load_all = [&](uint32_t want_stale, const char *what) {
        Op p = mk(SCORD_LSU_LOAD, Y, (1u << T) - 1);
        for (int l = 0; l < T; l++) p.addr[l] = Y + 4 * l;
        s.exec(0, p);
        check(s.last_stale[0] == want_stale, what, s.last_stale[0], want_stale);
    };
    auto st = [&](int c, int word, int size, uint32_t v) {
        Op p = mk(SCORD_LSU_STORE, Y + 4 * word, 1, size);
        p.wdata[0] = v;
        s.exec(c, p);
    };
    load_all(0, "stale: lanes of a freshly filled line");
    st(1, 1, 2, 0x201);
    st(1, 2, 0, 0x22);   // one byte of word 2
    load_all(0x6, "stale: the words another core wrote, whole or in part, and no other");
    st(0, 1, 2, 0x301);  // this core writes word 1 whole: its copy is current
    load_all(0x4, "stale: a whole-word store of the core itself");
    st(0, 2, 1, 0x3302); // ... in part: word 2's other bytes are still old
    load_all(0x4, "stale: a partial store of the core itself");
    st(1, 0, 2, 0x200);
    load_all(0x5, "stale: another word, later");
    s.exec(0, mk(SCORD_LSU_FENCE, 0, 0));
    load_all(0, "stale: the device fence refills the line");
    for (int w = 0; w < LB / 4; w++)
        for (int b = 0; b < 4; b++) g.m[Y + 4 * w + b] = s.dram[Y + 4 * w + b];
}

static void test_amo(Sim &s, Golden &g, int iters) {
    const uint32_t Y = BASE + 0x3000 + LB;
    poke32(s, g, Y, 0);
    std::vector<uint32_t> olds;
    int left[NC];
    for (int c = 0; c < NC; c++) {
        left[c] = iters;
        s.core[c] = Sim::Core();
        s.core[c].next = [&, c](Op &p) {
            if (left[c]-- <= 0) return false;
            p = mk(SCORD_LSU_AMO, Y, (1u << T) - 1);
            p.scope = 1;
            p.amo = SCORD_AMO_ADD;
            p.warp = s.rnd(W);
            for (int l = 0; l < T; l++) p.wdata[l] = 1;
            return true;
        };
        s.core[c].done = [&](const Op &, const uint32_t *d, uint32_t) { olds.insert(olds.end(), d, d + T); };
    }
    s.run();
    std::sort(olds.begin(), olds.end());
    bool ok = olds.size() == (size_t)NC * iters * T;
    for (size_t i = 0; i < olds.size(); i++) ok = ok && olds[i] == i;
    check(ok, "amo: device atomics from both cores return distinct old values");
    uint32_t total = (uint32_t)(NC * iters * T);
    check(s.exec(0, mk(SCORD_LSU_LOAD, Y))[0] == total, "amo: weak load after a device atomic sees the L2 value");
    for (int b = 0; b < 4; b++) g.m[Y + b] = s.dram[Y + b];
}

static void test_lrsc(Sim &s, Golden &g, int iters) {
    const uint32_t Z = BASE + 0x3000 + 2 * LB + 4;
    poke32(s, g, Z, 0);
    int left[NC], phase[NC] = {}, successes = 0;
    uint32_t loaded[NC][T];
    std::vector<uint32_t> written;
    for (int c = 0; c < NC; c++) {
        left[c] = iters;
        s.core[c] = Sim::Core();
        s.core[c].next = [&, c](Op &p) {
            if (phase[c] == 0 && left[c]-- <= 0) return false;
            p = mk(phase[c] == 0 ? SCORD_LSU_LR : SCORD_LSU_SC, Z, (1u << T) - 1);
            p.warp = c % W;
            for (int l = 0; l < T; l++) p.wdata[l] = loaded[c][l] + 1;
            return true;
        };
        s.core[c].done = [&, c](const Op &p, const uint32_t *d, uint32_t) {
            if (p.op == SCORD_LSU_LR) {
                for (int l = 0; l < T; l++) loaded[c][l] = d[l];
                phase[c] = 1;
            } else {
                for (int l = 0; l < T; l++)
                    if (d[l] == 0) { successes++; written.push_back(p.wdata[l]); }
                phase[c] = 0;
            }
        };
    }
    s.run();
    Op p = mk(SCORD_LSU_LOAD, Z);
    p.strong = 1;
    uint32_t fin = s.exec(0, p)[0];
    check(successes > 0 && fin == (uint32_t)successes, "lrsc: no increment lost", fin, successes);
    std::sort(written.begin(), written.end());
    bool ok = true;
    for (size_t i = 0; i < written.size(); i++) ok = ok && written[i] == i + 1;
    check(ok, "lrsc: each successful SC wrote a distinct value");
    for (int b = 0; b < 4; b++) g.m[Z + b] = s.dram[Z + b];
}

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    int ops = 3000;
    for (int i = 1; i < argc; i++)
        if (sscanf(argv[i], "--ops=%d", &ops) == 1) {}
    Vmem_tb_top *top = new Vmem_tb_top;
    Sim s(top);
    Golden g;
    for (uint32_t a = 0; a < MEMSZ; a++) s.dram[a] = g.m[a] = (uint8_t)s.rng();
    s.reset();
    test_random(s, g, ops);
    test_stale(s, g);
    test_amo(s, g, 40);
    test_lrsc(s, g, 60);
    s.ready_pct = 100;  // again without backpressure
    test_random(s, g, ops / 2);
    printf("mem-unit-test: %llu cycles\n", (unsigned long long)s.cyc);
    printf("%d passed, %d failed\n", n_pass, n_fail);
    top->final();
    delete top;
    return n_fail ? 1 : 0;
}
