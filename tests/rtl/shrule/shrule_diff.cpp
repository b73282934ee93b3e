// Differential test of the shared-memory race rule: rtl/scord/scord_sh_rule.v
// (four configurations, shrule_tb_top.v) against scord_sh_rule() of the C
// model (sim/refmodel/scord_sh_rule.c) on random passes.
//
// Half of the passes continue a sequence on one word (the entry is the
// model's last output, the warps' counters walk, barriers move the epoch),
// half start from a random entry whose fields are biased towards the cases
// that matter (live epoch, threads of the pass's warp, counters equal to the
// current ones). Every output is compared bit for bit: the race decision,
// the previous access it names and the whole entry written back.
//
//   shrule_diff [--seed=N] [--passes=N] [--verbose]
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "Vshrule_tb_top.h"
#include "verilated.h"

extern "C" {
#include "scord_sh_rule.h"
}

struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 0x2545F4914F6CDD1Dull) {
        if (!s) s = 1;
    }
    uint32_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return (uint32_t)((s * 0x2545F4914F6CDD1Dull) >> 32);
    }
    uint32_t below(uint32_t n) { return n ? next() % n : 0; }
    bool chance(uint32_t pct) { return below(100) < pct; }
};

// ---- bit vectors as the top's wide ports ------------------------------------------
struct Bits {
    uint32_t *w;
    unsigned pos = 0;
    void put(uint64_t v, unsigned n) {
        for (unsigned i = 0; i < n; i++, pos++) {
            uint32_t bit = (uint32_t)(v >> i) & 1u;
            w[pos / 32] = (w[pos / 32] & ~(1u << (pos % 32))) | bit << (pos % 32);
        }
    }
};
struct BitsIn {
    const uint32_t *w;
    unsigned pos = 0;
    uint64_t get(unsigned n) {
        uint64_t v = 0;
        for (unsigned i = 0; i < n; i++, pos++) v |= (uint64_t)(w[pos / 32] >> (pos % 32) & 1u) << i;
        return v;
    }
};

// ---- one configuration of the rule ---------------------------------------------------
struct Config {
    const char *name;
    unsigned nw, nt;    // NUM_WARPS, NUM_THREADS
    unsigned ww, lb, tw, ew;
    uint32_t *in;
    const uint32_t *out;
    unsigned in_words;
    // sequence state
    scord_sh_entry_t ent;
    uint8_t ws[32], fc[32], ep;
    uint64_t passes = 0, races = 0;

    Config(const char *n, unsigned w, unsigned t, uint32_t *i, const uint32_t *o, unsigned iw)
        : name(n), nw(w), nt(t), in(i), out(o), in_words(iw) {
        ww = nw > 1 ? clog2(nw) : 1;
        lb = nt > 1 ? clog2(nt) : 1;
        tw = ww + lb;
        ew = 80 + 2 * tw;
        memset(&ent, 0, sizeof ent);
        memset(ws, 0, sizeof ws);
        memset(fc, 0, sizeof fc);
        ep = 1;
    }
    static unsigned clog2(unsigned v) {
        unsigned r = 0;
        while ((1u << r) < v) r++;
        return r;
    }
    void pack_entry(Bits &b, const scord_sh_entry_t &e) const {
        b.put(e.ep, 8);
        b.put(e.wv, 1); b.put(e.wt, tw); b.put(e.wa, 1); b.put(e.wb, 4); b.put(e.ws, 8); b.put(e.wf, 6);
        b.put(e.wp, 16);
        b.put(e.rv, 1); b.put(e.rm, 1); b.put(e.rt, tw); b.put(e.rb, 4); b.put(e.rs, 8); b.put(e.rf, 6);
        b.put(e.rp, 16);
    }
};

static std::string entry_str(const scord_sh_entry_t &e) {
    char b[256];
    snprintf(b, sizeof b,
             "ep=%u W{v=%u t=0x%x a=%u b=0x%x s=%u f=%u p=0x%x} R{v=%u m=%u t=0x%x b=0x%x s=%u f=%u p=0x%x}", e.ep,
             e.wv, e.wt, e.wa, e.wb, e.ws, e.wf, e.wp, e.rv, e.rm, e.rt, e.rb, e.rs, e.rf, e.rp);
    return b;
}

// A random entry, biased towards live epochs and the pass's warp and counters.
static scord_sh_entry_t random_entry(Rng &r, const Config &c, unsigned w, const uint8_t *ws,
                                     const uint8_t *fc, uint8_t ep) {
    scord_sh_entry_t e;
    auto thread = [&]() -> uint16_t {
        unsigned tw = r.chance(50) ? w : r.below(c.nw);
        return (uint16_t)(tw << c.lb | r.below(c.nt));
    };
    e.ep = r.chance(80) ? ep : (uint8_t)r.next();
    e.wv = (uint8_t)r.below(2);
    e.wt = thread();
    e.wa = (uint8_t)r.below(2);
    e.wb = (uint8_t)(r.chance(50) ? 0xF : r.below(16));
    unsigned wtw = e.wt >> c.lb;
    e.ws = r.chance(60) ? ws[w] : (uint8_t)r.next();
    e.wf = (uint8_t)(r.chance(60) ? fc[wtw] : r.below(64));
    e.wp = (uint16_t)r.next();
    e.rv = (uint8_t)r.below(2);
    e.rm = (uint8_t)r.below(2);
    e.rt = thread();
    e.rb = (uint8_t)(r.chance(50) ? 0xF : r.below(16));
    unsigned rtw = e.rt >> c.lb;
    e.rs = r.chance(60) ? ws[w] : (uint8_t)r.next();
    e.rf = (uint8_t)(r.chance(60) ? fc[rtw] : r.below(64));
    e.rp = (uint16_t)r.next();
    return e;
}

// One pass of config c: stimulus into both, compare. Returns false on a mismatch.
static bool one_pass(Vshrule_tb_top *top, Config &c, Rng &r, bool verbose) {
    bool seq = r.chance(50);
    // counters walk (sequence) or are random
    uint8_t ws[32], fc[32];
    uint8_t ep;
    if (seq) {
        for (unsigned k = 0, n = r.below(3); k < n; k++) {
            unsigned w = r.below(c.nw), what = r.below(10);
            if (what < 5) {
                if (++c.ws[w] == 0) c.ep++;  // a wrap moves the epoch (the core's rule)
            } else if (what < 8) {
                c.fc[w] = (uint8_t)((c.fc[w] + 1) & 63u);
                if (!c.fc[w]) c.ep++;
            } else {
                c.ep++;  // barrier
            }
        }
        memcpy(ws, c.ws, sizeof ws);
        memcpy(fc, c.fc, sizeof fc);
        ep = c.ep;
    } else {
        for (unsigned k = 0; k < 32; k++) {
            ws[k] = (uint8_t)r.next();
            fc[k] = (uint8_t)r.below(64);
        }
        ep = (uint8_t)r.next();
    }
    // the pass
    scord_sh_pass_t p;
    memset(&p, 0, sizeof p);
    unsigned w = r.below(c.nw);
    p.wslot = (uint8_t)w;
    uint32_t kr = r.below(10);
    p.kind = kr < 4 ? SCORD_DET_EV_LOAD : kr < 8 ? SCORD_DET_EV_STORE : SCORD_DET_EV_ATOMIC;
    uint32_t all = c.nt >= 32 ? 0xFFFFFFFFu : (1u << c.nt) - 1u;
    if (p.kind == SCORD_DET_EV_ATOMIC) {
        p.lanes = 1u << r.below(c.nt);
    } else {
        switch (r.below(4)) {
        case 0: p.lanes = all; break;
        case 1: p.lanes = 1u << r.below(c.nt); break;
        default: p.lanes = r.next() & all; break;
        }
        if (!p.lanes) p.lanes = 1u << r.below(c.nt);
    }
    unsigned style = r.below(4);
    static const uint8_t masks[] = {0x1, 0x2, 0x4, 0x8, 0x3, 0xC, 0xF, 0x6, 0xE, 0x7};
    uint8_t same = masks[r.below(10)];
    for (unsigned l = 0; l < c.nt; l++)
        p.bytes[l] = style == 0 ? 0xF : style == 1 ? (uint8_t)(1u << (l % 4)) : style == 2 ? same
                                                                                           : masks[r.below(10)];
    p.pcidx = (uint16_t)r.next();
    scord_sh_entry_t in = seq ? c.ent : random_entry(r, c, w, ws, fc, ep);

    // the model
    scord_sh_cfg_t cfg = {c.ww, c.lb};
    scord_sh_ctr_t ctr = {ep, ws, fc};
    scord_sh_entry_t out;
    scord_sh_race_t race;
    scord_sh_rule(&cfg, &in, &p, &ctr, &out, &race);

    // the RTL
    memset(c.in, 0, 4 * c.in_words);
    Bits b{c.in};
    c.pack_entry(b, in);
    b.put(ep, 8);
    b.put(p.kind, 2);
    b.put(p.lanes, c.nt);
    for (unsigned l = 0; l < c.nt; l++) b.put(p.bytes[l], 4);
    b.put(w, c.ww);
    b.put(ws[w], 8);
    for (unsigned k = 0; k < c.nw; k++) b.put(fc[k], 6);
    b.put(p.pcidx, 16);
    top->eval();
    BitsIn o{c.out};
    uint64_t r_race = o.get(1), r_same = o.get(1), r_lane = o.get(c.lb), r_prev = o.get(c.tw),
             r_pc = o.get(16), r_write = o.get(1), r_atom = o.get(1), r_exact = o.get(1);
    scord_sh_entry_t re;
    re.ep = (uint8_t)o.get(8);
    re.wv = (uint8_t)o.get(1); re.wt = (uint16_t)o.get(c.tw); re.wa = (uint8_t)o.get(1);
    re.wb = (uint8_t)o.get(4); re.ws = (uint8_t)o.get(8); re.wf = (uint8_t)o.get(6); re.wp = (uint16_t)o.get(16);
    re.rv = (uint8_t)o.get(1); re.rm = (uint8_t)o.get(1); re.rt = (uint16_t)o.get(c.tw);
    re.rb = (uint8_t)o.get(4); re.rs = (uint8_t)o.get(8); re.rf = (uint8_t)o.get(6); re.rp = (uint16_t)o.get(16);

    bool ok = r_race == (race.type != 0) && r_same == (race.type == SCORD_DET_RACE_SHARED_WARP) &&
              r_lane == race.lane && r_prev == race.prev_thread && r_pc == race.prev_pcidx &&
              r_write == race.prev_write && r_atom == race.prev_atom &&
              (!race.type || r_exact == race.prev_exact) && !memcmp(&re, &out, sizeof re);
    c.passes++;
    c.races += race.type != 0;
    if (seq) c.ent = out;
    if (!ok || verbose) {
        printf("  %s pass %" PRIu64 " (%s): warp %u kind %u lanes 0x%x pc 0x%x ep %u ws %u fc[w] %u\n", c.name,
               c.passes, seq ? "sequence" : "random entry", w, p.kind, p.lanes, p.pcidx, ep, ws[w], fc[w]);
        printf("    bytes:");
        for (unsigned l = 0; l < c.nt; l++)
            if (p.lanes >> l & 1u) printf(" %u:0x%x", l, p.bytes[l]);
        printf("\n    entry in : %s\n", entry_str(in).c_str());
        printf("    model: race %u same_warp %u lane %u prev 0x%x pc 0x%x write %u atom %u\n", race.type != 0,
               race.type == SCORD_DET_RACE_SHARED_WARP, race.lane, race.prev_thread, race.prev_pcidx,
               race.prev_write, race.prev_atom);
        printf("    rtl  : race %u same_warp %u lane %u prev 0x%x pc 0x%x write %u atom %u\n", (unsigned)r_race,
               (unsigned)r_same, (unsigned)r_lane, (unsigned)r_prev, (unsigned)r_pc, (unsigned)r_write,
               (unsigned)r_atom);
        printf("    model out: %s\n    rtl out  : %s\n", entry_str(out).c_str(), entry_str(re).c_str());
    }
    return ok;
}

int main(int argc, char **argv) {
    uint64_t seed = 1, passes = 1000000;
    bool verbose = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a.rfind("--seed=", 0) == 0) seed = strtoull(a.c_str() + 7, nullptr, 0);
        else if (a.rfind("--passes=", 0) == 0) passes = strtoull(a.c_str() + 9, nullptr, 0);
        else if (a == "--verbose") verbose = true;
        else {
            fprintf(stderr, "usage: %s [--seed=N] [--passes=N] [--verbose]\n", argv[0]);
            return 2;
        }
    }
    Verilated::commandArgs(argc, argv);
    std::unique_ptr<VerilatedContext> ctx(new VerilatedContext);
    std::unique_ptr<Vshrule_tb_top> top(new Vshrule_tb_top(ctx.get()));
    std::vector<Config> cfgs;
    cfgs.emplace_back("default-4x8", 4, 8, &top->a_in_i[0], &top->a_out_o[0], (unsigned)(sizeof top->a_in_i / 4));
    cfgs.emplace_back("minimal-2x4", 2, 4, &top->b_in_i[0], &top->b_out_o[0], (unsigned)(sizeof top->b_in_i / 4));
    cfgs.emplace_back("fpga-4x4", 4, 4, &top->c_in_i[0], &top->c_out_o[0], (unsigned)(sizeof top->c_in_i / 4));
    cfgs.emplace_back("wide-32x32", 32, 32, &top->d_in_i[0], &top->d_out_o[0], (unsigned)(sizeof top->d_in_i / 4));

    unsigned passed = 0, failed = 0;
    for (size_t k = 0; k < cfgs.size(); k++) {
        Config &c = cfgs[k];
        Rng r(seed * 1000003ull + k);
        uint64_t n = passes / cfgs.size();
        bool ok = true;
        for (uint64_t i = 0; i < n && ok; i++) ok = one_pass(top.get(), c, r, verbose && i < 20);
        if (ok) {
            printf("PASS shrule-%s (%" PRIu64 " passes, %" PRIu64 " races)\n", c.name, c.passes, c.races);
            passed++;
        } else {
            printf("FAIL shrule-%s: differs at pass %" PRIu64 " (seed %" PRIu64 ")\n", c.name, c.passes, seed);
            failed++;
        }
        fflush(stdout);
    }
    top->final();
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
