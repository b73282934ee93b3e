// Differential test of the race detector RTL (rtl/scord) against the C
// reference model (sim/refmodel/scord_ref.c), docs/detector.md.
//
// Each stream: a random but valid configuration (mode, granularity, regions,
// ring size, PC base), programmed into both sides (ctl bus for the RTL,
// register API for the model), with arming refusals tried first; 160-bit
// event streams from
// scord_evgen go into the RTL under random back-pressure (event valid gaps,
// L2 ready gaps, read latency) and into the model in the same order. At
// every idle point (kernel boundaries, host tail writes) and at the end
// every register is compared (the race counters of all ten types included),
// and the metadata region (16-byte entries), the ring (records naming both
// accesses) and finally the whole device memory byte for byte. The host
// also moves DET_PC_BASE at idle points, armed or not. On a mismatch the stream is run
// again with a comparison after every event, to name the first event whose
// effect differs.
//
// A second part drives scord_locktable (a core's tables, LT_WARPS warp
// slots) with random CAS / exchange / fence sequences on random slots,
// launches clearing random sets of slots (sometimes the operated one in the
// same cycle), and compares the summary of a random slot with the model's
// lock table of that slot after every step.
//
//   scord_diff [--seed N] [--streams N] [--events N] [--lt-ops N] [--verbose]
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "Vscord_tb_top.h"
#include "verilated.h"

extern "C" {
#include "scord_evgen.h"
#include "scord_ref.h"
}

#ifndef SCORDUT_MEM_BYTES
#define SCORDUT_MEM_BYTES (1u << 20)
#endif
#ifndef SCORDUT_NUM_WARPS
#define SCORDUT_NUM_WARPS 32
#endif
#ifndef SCORDUT_LINE_BYTES
#define SCORDUT_LINE_BYTES 32
#endif

static const uint32_t MEM_BYTES = SCORDUT_MEM_BYTES;
static const uint32_t LINE = SCORDUT_LINE_BYTES;
static_assert(SCORDUT_LINE_BYTES == 32, "the harness packs 256-bit lines");

// ---- harness randomness (independent of the generator's) --------------------
struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 0xD1B54A32D192ED03ull + 0x8BB84B93962EACC9ull) {
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

// ---- the RTL with its device memory -----------------------------------------------
struct Dut {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vscord_tb_top> top;
    std::vector<uint8_t> mem;
    Rng rng;
    uint64_t cycles = 0;
    // DET_CNT_STALL is the cores' (the model has none): the harness drives
    // stall_i and counts what the counter must hold since the last start.
    uint32_t stall_expect = 0;
    // back-pressure knobs (percent)
    uint32_t l2_ready_pct = 100, evt_valid_pct = 100, max_lat = 1;
    // one outstanding READ
    bool rd_pending = false;
    uint64_t rd_due = 0;
    uint8_t rd_line[32];

    explicit Dut(uint64_t seed) : ctx(new VerilatedContext), rng(seed) {
        top.reset(new Vscord_tb_top(ctx.get()));
        mem.assign(MEM_BYTES, 0);
        top->clk_i = 0;
        top->rst_i = 1;
        clear_inputs();
        for (int i = 0; i < 4; i++) tick();
        top->rst_i = 0;
        tick();
        wait_idle();  // the fence file clears itself after reset
    }
    ~Dut() { top->final(); }

    void clear_inputs() {
        top->start_i = 0;
        top->evt_valid_i = 0;
        top->stall_i = 0;
        top->ctl_req_i = 0;
        top->ctl_we_i = 0;
        top->ctl_addr_i = 0;
        top->ctl_wdata_i = 0;
        top->l2_req_ready_i = 0;
        top->l2_rsp_valid_i = 0;
        top->lt_clear_i = 0;
        top->lt_op_valid_i = 0;
        top->lt_op_i = 3;
        top->lt_addr_i = 0;
        top->lt_scope_i = 0;
    }

    // One clock cycle. The memory side's inputs for this cycle are set here;
    // the caller has set the event and ctl inputs. Returns whether the event
    // offered this cycle was accepted.
    bool tick() {
        // response of an earlier READ
        top->l2_rsp_valid_i = 0;
        if (rd_pending && cycles >= rd_due) {
            top->l2_rsp_valid_i = 1;
            for (int w = 0; w < 8; w++) {
                uint32_t v;
                memcpy(&v, rd_line + 4 * w, 4);
                top->l2_rsp_data_i[w] = v;
            }
            rd_pending = false;
        }
        top->l2_req_ready_i = (rng.below(100) < l2_ready_pct) && !rd_pending ? 1 : 0;
        top->clk_i = 0;
        top->eval();
        bool evt_fire = top->evt_valid_i && top->evt_ready_o;
        if (top->l2_req_valid_o && top->l2_req_ready_i) {
            uint32_t addr = top->l2_req_addr_o;
            if (addr % LINE || addr + LINE > MEM_BYTES) {
                fprintf(stderr, "FATAL: L2 request to bad address 0x%08x\n", addr);
                exit(2);
            }
            if (top->l2_req_type_o == 0) {  // L2_READ: the line at acceptance
                memcpy(rd_line, &mem[addr], LINE);
                rd_pending = true;
                rd_due = cycles + 1 + rng.below(max_lat);
            } else if (top->l2_req_type_o == 1) {  // L2_WRITE: applied at acceptance
                uint32_t strb = top->l2_req_wstrb_o;
                for (uint32_t b = 0; b < LINE; b++)
                    if (strb >> b & 1u)
                        mem[addr + b] = (uint8_t)(top->l2_req_wdata_o[b / 4] >> (8 * (b % 4)));
            } else {
                fprintf(stderr, "FATAL: L2 request type %u\n", top->l2_req_type_o);
                exit(2);
            }
        }
        stall_expect += (uint32_t)__builtin_popcount(top->stall_i);
        top->clk_i = 1;
        top->eval();
        top->clk_i = 0;
        top->eval();
        cycles++;
        return evt_fire;
    }

    void ctl_write(uint32_t idx, uint32_t v) {
        top->ctl_req_i = 1;
        top->ctl_we_i = 1;
        top->ctl_addr_i = (uint8_t)idx;
        top->ctl_wdata_i = v;
        tick();
        top->ctl_req_i = 0;
        top->ctl_we_i = 0;
    }
    // The metadata cache written back (DET_CTRL.flush), so memory holds
    // every entry; the enable bit is written as it is.
    bool flush(bool armed) {
        ctl_write(SCORD_DET_CTRL, (armed ? SCORD_DET_CTRL_ENABLE : 0u) | SCORD_DET_CTRL_FLUSH);
        return wait_idle();
    }
    uint32_t ctl_read(uint32_t idx) {
        top->ctl_req_i = 1;
        top->ctl_we_i = 0;
        top->ctl_addr_i = (uint8_t)idx;
        tick();
        top->ctl_req_i = 0;
        return top->ctl_rdata_o;
    }
    // Runs until the detector is idle (and ready for a dispatch).
    bool wait_idle(uint64_t limit = 50000000) {
        top->evt_valid_i = 0;
        top->stall_i = 0;
        for (uint64_t i = 0; i < limit; i++) {
            if (top->idle_o && top->ready_o && !rd_pending) return true;
            tick();
        }
        return false;
    }
    void kernel_start() {
        stall_expect = 0;
        top->stall_i = 0;
        top->start_i = 1;
        tick();
        top->start_i = 0;
    }
};

// ---- helpers ------------------------------------------------------------------------
static const char *kind_name(unsigned k) {
    static const char *n[] = {"LOAD", "STORE", "ATOMIC", "SYNC"};
    return n[k & 3];
}

static std::string event_str(const scord_event_t &e) {
    char b[256];
    snprintf(b, sizeof b,
             "%s pc=0x%x addr=0x%08x size/sub=%u scope=%u strong=%u block=%u warp=%u lane=%u core=%u "
             "barrier=%u bloom=0x%04x wsync=%u stale=%u",
             kind_name(e.kind), e.pc, e.addr, e.size, e.scope, e.strong, e.block, e.warp, e.lane,
             e.core, e.barrier, e.bloom, e.wsync, e.stale);
    return b;
}

// The test top's event port: line events of SCORDUT_LANES lanes (§3.1).
static void pack(const scord_line_event_t &le, Vscord_tb_top *t) {
    uint32_t w[32];
    unsigned n = scord_line_event_words(SCORDUT_LANES, SCORDUT_LINE_BYTES);
    scord_line_event_pack(&le, SCORDUT_LANES, SCORDUT_LINE_BYTES, w);
    for (unsigned i = 0; i < n; i++) t->evt_data_i[i] = w[i];
}

// The same instruction (all but lane and address), in the same line.
static bool joins(const scord_line_event_t &le, const scord_event_t &e) {
    const scord_event_t &a = le.ev;
    return e.kind == a.kind && e.scope == a.scope && e.strong == a.strong && e.size == a.size &&
           e.pc == a.pc && e.core == a.core && e.block == a.block && e.warp == a.warp &&
           e.barrier == a.barrier && e.bloom == a.bloom && e.wsync == a.wsync &&
           (e.addr & ~(SCORDUT_LINE_BYTES - 1u)) == (a.addr & ~(SCORDUT_LINE_BYTES - 1u)) &&
           (le.mask >> e.lane) == 0;  // lanes ascend within a group
}

static const char *reg_name(uint32_t idx) {
    static char b[32];
    switch (idx) {
    case SCORD_DET_CTRL: return "DET_CTRL";
    case SCORD_DET_STATUS: return "DET_STATUS";
    case SCORD_DET_MODE: return "DET_MODE";
    case SCORD_DET_MD_BASE: return "DET_MD_BASE";
    case SCORD_DET_TRACK_BASE: return "DET_TRACK_BASE";
    case SCORD_DET_TRACK_BYTES: return "DET_TRACK_BYTES";
    case SCORD_DET_RING_BASE: return "DET_RING_BASE";
    case SCORD_DET_RING_SIZE: return "DET_RING_SIZE";
    case SCORD_DET_RING_HEAD: return "DET_RING_HEAD";
    case SCORD_DET_RING_TAIL: return "DET_RING_TAIL";
    case SCORD_DET_RING_CLAIM: return "DET_RING_CLAIM";
    case SCORD_DET_RING_DROPS: return "DET_RING_DROPS";
    case SCORD_DET_MD_BYTES: return "DET_MD_BYTES";
    case SCORD_DET_GEN: return "DET_GEN";
    case SCORD_DET_PC_BASE: return "DET_PC_BASE";
    default:
        if (idx >= SCORD_DET_CNT_BASE && idx < SCORD_DET_CNT_BASE + SCORD_DET_CNT_COUNT)
            snprintf(b, sizeof b, "DET_CNT[%u]", idx - SCORD_DET_CNT_BASE);
        else
            snprintf(b, sizeof b, "reg 0x%02x", idx);
        return b;
    }
}

// Compares every register index of the detector's range. Returns the number
// of differences (printed when `print`).
static int compare_regs(Dut &d, scord_ref_t *m, bool print) {
    int bad = 0;
    for (uint32_t idx = 0x40; idx < 0x80; idx++) {
        uint32_t r = d.ctl_read(idx), e = scord_ref_reg_read(m, idx);
        if (idx == SCORD_DET_CNT_BASE + SCORD_DET_CNT_STALL) e = d.stall_expect;
        if (r != e) {
            if (print && bad < 16)
                printf("    %-16s rtl=0x%08x %s=0x%08x\n", reg_name(idx), r,
                       idx == SCORD_DET_CNT_BASE + SCORD_DET_CNT_STALL ? "expected" : "model", e);
            bad++;
        }
    }
    return bad;
}

// The metadata region [md_lo, md_lo + md_len) of one generation: an entry
// of another is fresh (§5.4) whatever its bytes, so it compares as zeros.
// A kernel start drops the detector's dirty lines, which the model keeps
// in its memory: both are stale then and may differ in their bytes.
struct MdView {
    uint32_t lo = 0;
    uint64_t len = 0;
    uint32_t gen = 0;
    uint8_t byte(const uint8_t *mem, uint32_t a) const {
        if (a < lo || a - lo >= len || (lo & (SCORD_DET_MD_ENTRY_BYTES - 1u))) return mem[a];
        uint32_t e = a & ~(SCORD_DET_MD_ENTRY_BYTES - 1u);
        uint32_t g = (mem[e + SCORD_DET_MD_GEN_LSB / 8] >> (SCORD_DET_MD_GEN_LSB % 8)) & 63u;
        return g == gen ? mem[a] : 0;
    }
};

static int compare_mem(Dut &d, scord_ref_t *m, uint32_t lo, uint64_t len, const char *what, bool print,
                       const MdView &md) {
    const uint8_t *mm = scord_ref_mem(m);
    if (lo >= MEM_BYTES) return 0;
    if (lo + len > MEM_BYTES) len = MEM_BYTES - lo;
    if (!memcmp(&d.mem[lo], mm + lo, len)) return 0;
    int bad = 0;
    for (uint64_t i = 0; i < len; i++) {
        uint32_t a = (uint32_t)(lo + i);
        uint8_t x = md.byte(d.mem.data(), a), y = md.byte(mm, a);
        if (x != y) {
            if (print && bad < 24)
                printf("    %s byte 0x%08x: rtl=0x%02x model=0x%02x\n", what, a, x, y);
            bad++;
        }
    }
    if (print && bad >= 24) printf("    ... %d bytes differ in %s\n", bad, what);
    return bad;
}

// ---- one stream ------------------------------------------------------------------------
struct Layout {
    uint32_t mode, md_base, track_base, track_bytes, ring_base, ring_size;
    uint64_t md_bytes() const {
        uint32_t g = 2 + ((mode >> 1) & 3);
        uint64_t n = (uint64_t)track_bytes >> g;
        if (mode & 1) n /= (mode & SCORD_DET_MODE_SPARSE) ? SCORD_DET_SPARSE_GRANULES : SCORD_DET_CACHE_GRANULES;
        return n * SCORD_DET_MD_ENTRY_BYTES;
    }
};

struct StreamCfg {
    std::string name;
    uint64_t seed;
    uint32_t events;
    int mode;  // -1: random; else DET_MODE value
    uint32_t fence_burst = 0;  // device fences each kernel starts with (the epoch's saturation)
};

static void program(Dut &d, scord_ref_t *m, uint32_t idx, uint32_t v) {
    d.ctl_write(idx, v);
    scord_ref_reg_write(m, idx, v);
}

static void program_layout(Dut &d, scord_ref_t *m, const Layout &L) {
    program(d, m, SCORD_DET_MODE, L.mode);
    program(d, m, SCORD_DET_MD_BASE, L.md_base);
    program(d, m, SCORD_DET_TRACK_BASE, L.track_base);
    program(d, m, SCORD_DET_TRACK_BYTES, L.track_bytes);
    program(d, m, SCORD_DET_RING_BASE, L.ring_base);
    program(d, m, SCORD_DET_RING_SIZE, L.ring_size);
}

// A valid layout: three disjoint regions above MEM_GUARD in random order.
static Layout random_layout(Rng &r, int mode) {
    Layout L;
    L.mode = mode >= 0 ? (uint32_t)mode
                       : (r.below(2) | r.below(3) << 1 | r.below(2) * SCORD_DET_MODE_SPARSE);
    uint32_t g = 2 + ((L.mode >> 1) & 3);
    // window >= 32 << G (64 << G sparse) and room for the pool
    uint32_t r_log = ((L.mode & 1) && (L.mode & SCORD_DET_MODE_SPARSE)) ? 6 : 5;
    uint32_t lo_log = r_log + g > 8 ? r_log + g : 8;
    uint32_t tlog = lo_log + r.below(16 - lo_log + 1);  // up to 64 KiB
    if (r.chance(20)) tlog = lo_log;
    L.track_bytes = 1u << tlog;
    L.ring_size = r.chance(50) ? 2 + r.below(14) : 16 + r.below(200);
    uint64_t mdb = L.md_bytes();
    uint64_t ring_len = (uint64_t)L.ring_size * 32;
    // order of the three regions
    int order[3] = {0, 1, 2};
    for (int i = 2; i > 0; i--) {
        int j = (int)r.below((uint32_t)i + 1);
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    uint64_t at = SCORD_MEM_GUARD + r.below(4) * 0x100;
    for (int k = 0; k < 3; k++) {
        at += r.below(3) * 8;
        switch (order[k]) {
        case 0:  // metadata: 16-aligned, often not line-aligned (ragged sweep, one lane a pass)
            at = (at + 15) & ~15ull;
            if (r.chance(50)) at += 16 * r.below(4);
            else at = (at + LINE - 1) & ~(uint64_t)(LINE - 1);
            L.md_base = (uint32_t)at;
            at += mdb;
            break;
        case 1:
            at = (at + 31) & ~31ull;
            L.ring_base = (uint32_t)at;
            at += ring_len;
            break;
        default:  // the window: line-aligned (lanes of a line share passes) or not
            at = (at + 15) & ~15ull;
            if (r.chance(35)) at += 16 * r.below(4);
            else at = (at + LINE - 1) & ~(uint64_t)(LINE - 1);
            L.track_base = (uint32_t)at;
            at += L.track_bytes;
            break;
        }
    }
    if (at > MEM_BYTES) {
        fprintf(stderr, "layout does not fit\n");
        exit(2);
    }
    return L;
}

// Tries arming with broken configurations; both sides must refuse alike.
static int try_refusals(Dut &d, scord_ref_t *m, Rng &r, const Layout &good, bool print) {
    int bad = 0;
    for (int t = 0; t < 6; t++) {
        Layout L = good;
        switch (r.below(14)) {
        case 0: L.mode = 6 | r.below(2); break;
        case 1: L.ring_size = r.below(2); break;
        case 2: L.ring_base += 8; break;
        case 3: L.ring_base = r.below(SCORD_MEM_GUARD) & ~31u; break;
        case 4: L.ring_size = MEM_BYTES / 32; break;
        case 5: L.track_base += 4; break;
        case 6: L.track_bytes += 16; break;
        case 7:  // 0, or 16 granules: v1's minimum, short of v2's 32 (sparse: 32 of 64)
            L.track_bytes = r.chance(30) ? 0
                          : (((L.mode & 1) && (L.mode & SCORD_DET_MODE_SPARSE)) ? 32u : 16u)
                                << (2 + ((L.mode >> 1) & 3));
            break;
        case 8: L.md_base += 4; break;
        case 9: L.md_base = MEM_BYTES - 8; break;
        case 10: L.md_base = L.track_base + 8 * r.below(4); break;
        case 11: L.ring_base = L.md_base & ~31u; L.ring_size = 0xFFFFFFFFu; break;
        case 12: L.track_bytes = r.chance(50) ? 0x80000000u : 0xFFFFFFF0u; break;  // MD_BYTES saturates
        default: L.mode = r.next() & 15u; L.track_base = r.next(); L.md_base = r.next(); break;
        }
        program_layout(d, m, L);
        program(d, m, SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE);
        bad += compare_regs(d, m, print);
        if (scord_ref_reg_read(m, SCORD_DET_CTRL) & 1)  // accidentally valid: disarm
            program(d, m, SCORD_DET_CTRL, 0);
    }
    return bad;
}

struct Result {
    bool ok = true;
    std::string why;
    uint64_t events = 0, line_events = 0, cycles = 0, records = 0, kernels = 0, sweeps = 0;
    uint64_t cnt[SCORD_DET_CNT_COUNT] = {0};
    uint64_t drops = 0;
    // Sums the model's counters before a kernel start clears them.
    void add(scord_ref_t *m) {
        for (uint32_t k = 0; k < SCORD_DET_CNT_COUNT; k++) cnt[k] += scord_ref_reg_read(m, SCORD_DET_CNT_BASE + k);
        drops += scord_ref_reg_read(m, SCORD_DET_RING_DROPS);
    }
    std::string stats() const {
        char b[512];
        snprintf(b, sizeof b,
                 "%" PRIu64 " events, %" PRIu64 " kernels, %" PRIu64 " sweeps, %" PRIu64 " cycles; md reads %" PRIu64
                 " writes %" PRIu64 ", tag mismatches %" PRIu64 ", records %" PRIu64 ", merged %" PRIu64
                 ", dropped %" PRIu64 ", races by type %" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64
                 "/%" PRIu64 "/%" PRIu64 "/%" PRIu64 ", stale reads %" PRIu64 ", epoch saturated %" PRIu64
                 ", warnings %" PRIu64,
                 events, kernels, sweeps, cycles, cnt[SCORD_DET_CNT_MD_READS], cnt[SCORD_DET_CNT_MD_WRITES],
                 cnt[SCORD_DET_CNT_TAG_MISMATCH], cnt[SCORD_DET_CNT_RECORDS], cnt[SCORD_DET_CNT_SUPPRESSED], drops,
                 cnt[17], cnt[18], cnt[19], cnt[20], cnt[21], cnt[22], cnt[23], cnt[24],
                 cnt[SCORD_DET_CNT_RACE_BASE + SCORD_DET_RACE_STALE_READ], cnt[SCORD_DET_CNT_EPOCH_SAT],
                 cnt[SCORD_DET_CNT_WARNINGS]);
        return b;
    }
};

// Runs one stream. lockstep: compare after every event (slow; for locating).
static Result run_stream(const StreamCfg &sc, bool lockstep, bool verbose) {
    Result res;
    Rng r(sc.seed);
    Dut d(sc.seed ^ 0x5bd1e995u);
    std::unique_ptr<scord_ref_t, void (*)(scord_ref_t *)> mp(scord_ref_new(MEM_BYTES), scord_ref_free);
    scord_ref_t *m = mp.get();

    d.l2_ready_pct = r.chance(30) ? 100 : 30 + r.below(70);
    d.evt_valid_pct = r.chance(30) ? 100 : 20 + r.below(80);
    d.max_lat = 1 + r.below(6);

    Layout L = random_layout(r, sc.mode);

    // Host garbage in memory before arming: the first start must sweep the
    // metadata region, and exactly that region (dense garbage around it).
    uint8_t *mm = scord_ref_mem(m);
    uint64_t mdb = L.md_bytes();
    auto garbage = [&](uint64_t lo, uint64_t len, uint32_t step) {
        for (uint64_t i = 0; i < len; i += 1 + r.below(step)) {
            uint64_t a = lo + i;
            if (a < SCORD_MEM_GUARD || a >= MEM_BYTES) continue;
            uint8_t v = (uint8_t)(r.next() | 1u);
            d.mem[a] = v;
            mm[a] = v;
        }
    };
    auto scribble = [&]() {
        garbage(L.md_base, mdb, 7);
        garbage(L.md_base - 64, 64, 1);
        garbage(L.md_base + mdb, 64, 1);
    };
    for (uint32_t i = 0; i < 4096; i++)
        garbage(SCORD_MEM_GUARD + r.below(MEM_BYTES - SCORD_MEM_GUARD), 1, 1);
    scribble();

    auto fail = [&](const std::string &why) {
        res.ok = false;
        res.why = why;
        return res;
    };

    if (try_refusals(d, m, r, L, verbose) != 0) return fail("arming refusal registers differ");
    // PC base: usually just below the generator's PCs, sometimes anywhere
    // (then most previous PCs are unknown)
    auto random_pc_base = [&]() -> uint32_t {
        return r.chance(75) ? 0x1000u + 4u * r.below(64) - (r.chance(20) ? 0x800u : 0u)
                            : (r.chance(50) ? r.next() : r.next() & ~3u);
    };
    uint32_t pc_base = random_pc_base();
    program(d, m, SCORD_DET_PC_BASE, pc_base);
    program(d, m, SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR);
    program_layout(d, m, L);
    program(d, m, SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE);
    if (!(scord_ref_reg_read(m, SCORD_DET_CTRL) & 1))
        return fail("layout refused by the model (harness bug)");

    scord_evgen_params_t p;
    scord_evgen_defaults(&p, L.track_base, L.track_bytes);
    p.warps_per_block = 1 + r.below(SCORDUT_NUM_WARPS < 8 ? SCORDUT_NUM_WARPS : 8);
    if (r.chance(15)) p.warps_per_block = SCORDUT_NUM_WARPS;
    p.blocks = 1 + r.below(12);
    if (p.blocks * p.warps_per_block > SCORD_EVGEN_MAX_WARPS) p.blocks = SCORD_EVGEN_MAX_WARPS / p.warps_per_block;
    p.lanes = 1 + r.below(8);
    if (r.chance(10)) p.lanes = 32;
    p.cores = 1 + r.below(4);
    p.block_id_base = r.chance(30) ? 120 + r.below(20) : (r.chance(20) ? 0x10000 - 4 : 0);
    uint32_t maxpool = L.track_bytes / 4 - 8;
    p.pool_words = 2 + r.below(30);
    if (p.pool_words > maxpool) p.pool_words = maxpool;
    p.lock_words = 1 + r.below(4);
    p.untracked_addr = r.chance(80) ? (r.chance(50) ? (uint32_t)(L.md_base + 8 * r.below((uint32_t)(mdb / 8)))
                                                   : 0x800 + 4 * r.below(64))
                                    : 0;
    p.intrude_addr = r.chance(70) ? (r.chance(50) ? (uint32_t)(L.md_base + 8 * r.below((uint32_t)(mdb / 8)))
                                                  : L.ring_base + 4 * r.below(L.ring_size * 8))
                                  : 0;
    uint32_t ke_choices[] = {0, 150, 600, 3000, 20000};
    p.kernel_events = ke_choices[r.below(5)];
    if (sc.fence_burst) {
        // one long kernel: the burst brings the epoch near its top, the
        // stream's own fences take it there and past
        p.fence_burst = sc.fence_burst;
        p.kernel_events = 0;
    }
    // The generator's PCs (pc_base - 32 to pc_base + 0x40014) lie in device
    // memory, as the cores' do: the detector's PC index works at the
    // memory's width (scord_top checks it in simulation). A DET_PC_BASE
    // elsewhere still has the index find them below it or too far.
    bool base_in_mem = pc_base >= 0x100u && pc_base < SCORDUT_MEM_BYTES - 0x41000u;
    p.pc_base = (r.chance(80) && base_in_mem) ? pc_base : 0x1000;
    scord_evgen_t g;
    if (!scord_evgen_init(&g, &p, sc.seed))
        return fail("generator parameters refused (harness bug)");

    // with_md: the metadata cache is flushed and memory compared with the
    // model's; without, the detector keeps its dirty lines (a kernel start
    // then drops them).
    auto check_all = [&](bool full_mem, bool print, bool with_md = true) -> int {
        int bad = compare_regs(d, m, print);
        MdView md;
        if (with_md) {
            if (!d.flush(scord_ref_reg_read(m, SCORD_DET_CTRL) & SCORD_DET_CTRL_ENABLE)) {
                if (print) printf("    the flush never ended\n");
                return bad + 1;
            }
            md.lo = L.md_base;
            md.len = mdb;
            md.gen = scord_ref_reg_read(m, SCORD_DET_GEN);
        }
        if (full_mem) {
            bad += compare_mem(d, m, 0, MEM_BYTES, "memory", print, md);
        } else {
            if (with_md) bad += compare_mem(d, m, L.md_base, mdb, "metadata", print, md);
            bad += compare_mem(d, m, L.ring_base, (uint64_t)L.ring_size * 32, "ring", print, md);
        }
        return bad;
    };

    bool fresh_arm = true;
    auto start_both = [&]() -> bool {
        if (!d.wait_idle()) return false;
        res.add(m);
        if (fresh_arm || scord_ref_reg_read(m, SCORD_DET_GEN) >= SCORD_DET_GEN_MAX) res.sweeps++;
        fresh_arm = false;
        d.kernel_start();
        scord_ref_kernel_start(m);
        res.kernels++;
        return d.wait_idle();
    };

    // Host playing the consumer at an idle point: consume some records,
    // sometimes write a refused tail, sometimes clear the sticky bits.
    auto host_step = [&]() {
        uint32_t n = L.ring_size;
        uint32_t head = scord_ref_reg_read(m, SCORD_DET_RING_HEAD);
        uint32_t tail = scord_ref_reg_read(m, SCORD_DET_RING_TAIL);
        uint32_t used = (head + n - tail) % n;
        uint32_t take = used ? r.below(used + 1) : 0;
        if (r.chance(20)) take = used;
        // Sometimes only claim the records (a drain still copying them when
        // the next events come: no merges into them), sometimes a claim
        // outside tail..head (refused).
        if (r.chance(25))
            program(d, m, SCORD_DET_RING_CLAIM, (tail + take) % n);
        else
            program(d, m, SCORD_DET_RING_TAIL, (tail + take) % n);
        if (r.chance(5)) program(d, m, SCORD_DET_RING_TAIL, n + r.below(3));
        if (r.chance(8) && used + 1 < n)
            program(d, m, SCORD_DET_RING_CLAIM, (head + 1 + r.below(n - used - 1)) % n);
        if (r.chance(5)) program(d, m, SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE | SCORD_DET_CTRL_CLEAR);
        if (r.chance(8)) program(d, m, SCORD_DET_PC_BASE, random_pc_base());  // armed: allowed
    };

    if (!start_both()) return fail("detector never became idle at the first kernel start");
    if (check_all(true, false)) {
        check_all(true, true);
        return fail("state differs after arming and the first sweep");
    }

    uint32_t host_every = 200 + r.below(3000);
    uint64_t next_host = host_every;
    // The generator's lane events, grouped into line events as a core's
    // port does: consecutive lanes of one instruction in one line (mostly;
    // sometimes a lane goes alone). One event of lookahead.
    scord_line_event_t le;
    scord_event_t ev, next;
    bool have = false, perturb = false, have_next = false, boundary = false;
    auto pull = [&](scord_event_t &e) -> bool {
        if (have_next) { e = next; have_next = false; return true; }
        if (boundary) return false;
        return scord_evgen_next(&g, &e) != 0;
    };
    uint64_t idx = 0;
    while (idx < sc.events) {
        if (!have) {
            bool got = pull(ev);
            if (got) {
                memset(&le, 0, sizeof le);
                le.ev = ev;
                le.mask = 1u << ev.lane;
                le.off[ev.lane] = (uint8_t)(ev.addr & (SCORDUT_LINE_BYTES - 1u));
                le.stale = (uint32_t)ev.stale << ev.lane;
                le.cls[ev.lane] = ev.vclass;
                while (!boundary && !have_next) {
                    if (!scord_evgen_next(&g, &next)) { boundary = true; break; }
                    if (!joins(le, next) || r.chance(15)) { have_next = true; break; }
                    le.mask |= 1u << next.lane;
                    le.off[next.lane] = (uint8_t)(next.addr & (SCORDUT_LINE_BYTES - 1u));
                    le.stale |= (uint32_t)next.stale << next.lane;
                    le.cls[next.lane] = next.vclass;
                }
            }
            if (!got) {
                boundary = false;
                // kernel boundary: compare, play host, sometimes re-arm
                if (!d.wait_idle()) return fail("detector never became idle");
                bool with_md = !r.chance(30);
                if (check_all(false, false, with_md)) {
                    printf("  mismatch at the kernel boundary before event %" PRIu64 ":\n", idx);
                    check_all(false, true, with_md);
                    return fail("state differs at a kernel boundary");
                }
                host_step();
                if (r.chance(3)) {  // disarm and re-arm: the next start sweeps
                    program(d, m, SCORD_DET_CTRL, 0);
                    scribble();
                    program(d, m, SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE);
                    fresh_arm = true;
                }
                if (!start_both()) return fail("detector never became ready after a kernel start");
                continue;
            }
            have = true;
            perturb = true;
            pack(le, d.top.get());
        }
        if (perturb && r.chance(4)) {
            // Bits the detector must normalise or ignore (§3.1, §3.2):
            // scope on loads/stores, strong clear on atomics, odd sizes,
            // SYNC sub-kinds 2 and 3.
            scord_event_t &e = le.ev;
            switch (r.below(4)) {
            case 0: if (e.kind != SCORD_DET_EV_SYNC) e.scope ^= 1; break;
            case 1: if (e.kind == SCORD_DET_EV_ATOMIC) e.strong = 0; break;
            case 2: if (e.kind != SCORD_DET_EV_SYNC) e.size = (uint8_t)r.below(4); break;
            default: e.kind = SCORD_DET_EV_SYNC; e.size = (uint8_t)(2 + r.below(2)); break;
            }
            pack(le, d.top.get());
        }
        perturb = false;
        d.top->evt_valid_i = d.rng.below(100) < d.evt_valid_pct;
        d.top->stall_i = d.rng.below(8) == 0 ? d.rng.below(16) : 0;
        if (d.tick()) {
            scord_ref_line_event(m, &le, SCORDUT_LINE_BYTES);
            have = false;
            d.top->evt_valid_i = 0;
            idx += (uint64_t)__builtin_popcount(le.mask);
            res.line_events++;
            if (lockstep) {
                if (!d.wait_idle()) return fail("detector never became idle");
                if (check_all(false, false)) {
                    printf("  first difference after event %" PRIu64 ": %s lanes=0x%x\n", idx - 1,
                           event_str(le.ev).c_str(), le.mask);
                    check_all(false, true);
                    char b[64];
                    snprintf(b, sizeof b, "differs after event %" PRIu64, idx - 1);
                    return fail(b);
                }
            }
            if (idx >= next_host) {
                next_host += host_every;
                if (!d.wait_idle()) return fail("detector never became idle");
                host_step();
            }
        }
    }
    if (!d.wait_idle()) return fail("detector never became idle at the end");
    if (check_all(true, false)) {
        check_all(true, true);
        return fail("state differs at the end of the stream");
    }
    res.add(m);
    res.events = idx;
    res.cycles = d.cycles;
    res.records = scord_ref_reg_read(m, SCORD_DET_RING_HEAD);
    return res;
}

// ---- lock table ------------------------------------------------------------------------
static const unsigned LT_WARPS = 4;  // scord_tb_top's LT_WARPS

static bool run_locktable(uint64_t seed, uint32_t ops, std::string &why) {
    Rng r(seed);
    Dut d(seed);
    scord_locktab_t lt[LT_WARPS];
    for (auto &t : lt) scord_locktab_reset(&t);
    d.top->lt_clear_i = (1u << LT_WARPS) - 1;
    d.tick();
    d.top->lt_clear_i = 0;
    uint32_t locks[12];
    for (auto &a : locks) a = (r.next() & ~3u);
    // two addresses with one hash (a[7:2] and a[13:8] swapped in), others
    // with one Bloom index
    locks[1] = locks[0] ^ (0x3Fu << 2) ^ (0x3Fu << 8);
    for (uint32_t i = 0; i < ops; i++) {
        uint32_t op = r.below(100);
        uint32_t a = locks[r.below(12)];
        uint8_t s = (uint8_t)r.below(2);
        unsigned w = r.below(LT_WARPS);
        // launches: a random set of slots cleared, sometimes beside an
        // operation (a clear wins over an operation on its own slot)
        uint32_t clear = (r.below(100) < 3) ? r.below(1u << LT_WARPS) : 0;
        d.top->lt_op_valid_i = 1;
        d.top->lt_op_warp_i = w;
        d.top->lt_addr_i = a;
        d.top->lt_scope_i = s;
        d.top->lt_clear_i = clear;
        if (op < 45) {
            d.top->lt_op_i = 0;
            scord_locktab_cas(&lt[w], a, s);
        } else if (op < 70) {
            d.top->lt_op_i = 1;
            scord_locktab_exch(&lt[w], a, s);
        } else if (op < 95) {
            d.top->lt_op_i = 2;
            scord_locktab_fence(&lt[w], s);
        } else if (op < 98) {
            d.top->lt_op_i = 3;  // no operation
        } else {
            d.top->lt_op_valid_i = 0;
        }
        for (unsigned k = 0; k < LT_WARPS; k++)
            if (clear & (1u << k)) scord_locktab_reset(&lt[k]);
        d.tick();
        d.top->lt_clear_i = 0;
        d.top->lt_op_valid_i = 0;
        for (unsigned k = 0; k < LT_WARPS; k++) {
            unsigned bw = (k + w) % LT_WARPS;  // the operated slot first
            d.top->lt_bloom_warp_i = bw;
            d.top->eval();
            uint16_t want = scord_locktab_bloom(&lt[bw]), got = d.top->lt_bloom_o;
            if (want != got) {
                char b[200];
                snprintf(b, sizeof b,
                         "step %u (op %u on slot %u, clear 0x%x, addr 0x%08x scope %u): slot %u bloom rtl=0x%04x model=0x%04x",
                         i, op, w, clear, a, s, bw, got, want);
                why = b;
                return false;
            }
        }
    }
    return true;
}

int main(int argc, char **argv) {
    uint64_t seed = 1;
    uint32_t streams = 36, events = 40000, lt_ops = 200000;
    bool verbose = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&](const char *name) -> const char * {
            size_t n = strlen(name);
            if (a.compare(0, n, name) == 0 && a.size() > n && a[n] == '=') return a.c_str() + n + 1;
            return nullptr;
        };
        if (const char *v = val("--seed")) seed = strtoull(v, nullptr, 0);
        else if (const char *v2 = val("--streams")) streams = (uint32_t)strtoul(v2, nullptr, 0);
        else if (const char *v3 = val("--events")) events = (uint32_t)strtoul(v3, nullptr, 0);
        else if (const char *v4 = val("--lt-ops")) lt_ops = (uint32_t)strtoul(v4, nullptr, 0);
        else if (a == "--verbose") verbose = true;
        else {
            fprintf(stderr, "usage: %s [--seed=N] [--streams=N] [--events=N] [--lt-ops=N] [--verbose]\n", argv[0]);
            return 2;
        }
    }
    Verilated::commandArgs(argc, argv);

    unsigned passed = 0, failed = 0;
    uint64_t total_events = 0, total_lines = 0, total_cycles = 0;
    {
        std::string why;
        if (run_locktable(seed, lt_ops, why)) {
            printf("PASS locktable-%" PRIu64 " (%u ops)\n", seed, lt_ops);
            passed++;
        } else {
            printf("FAIL locktable-%" PRIu64 ": %s\n", seed, why.c_str());
            failed++;
        }
    }
    // Modes cycle so every run covers full and cache mode at every granularity,
    // cache mode sparse every other round.
    static const int modes[] = {0, 1, 2, 3, 4, 5};
    for (uint32_t s = 0; s < streams; s++) {
        StreamCfg sc;
        sc.seed = seed * 1000003ull + s;
        sc.events = events;
        sc.mode = modes[s % 6];
        if ((sc.mode & 1) && (s / 6) % 2) sc.mode |= SCORD_DET_MODE_SPARSE;
        char nm[96];
        snprintf(nm, sizeof nm, "stream-%" PRIu64 "-%s-g%u", sc.seed,
                 !(sc.mode & 1) ? "full" : (sc.mode & SCORD_DET_MODE_SPARSE) ? "sparse" : "cache",
                 4u << ((sc.mode >> 1) & 3));
        sc.name = nm;
        Result res = run_stream(sc, false, verbose);
        if (res.ok) {
            printf("PASS %s (%s)\n", sc.name.c_str(), res.stats().c_str());
            passed++;
            total_events += res.events;
            total_lines += res.line_events;
            total_cycles += res.cycles;
        } else {
            printf("FAIL %s: %s\n", sc.name.c_str(), res.why.c_str());
            printf("  re-running in lockstep to find the first differing event...\n");
            Result r2 = run_stream(sc, true, true);
            if (!r2.ok) printf("  lockstep: %s\n", r2.why.c_str());
            failed++;
        }
        fflush(stdout);
    }
    // The device-fence epoch saturating (§6.1): a stream that starts with
    // 65 500 device fences, so its message passing runs across the epoch's
    // top and on with it saturated (the acquire rule then orders, counted
    // in DET_CNT_EPOCH_SAT).
    if (streams) {
        StreamCfg sc;
        sc.seed = seed * 1000003ull + 999;
        sc.events = 65500 + events;
        sc.mode = 0;
        sc.fence_burst = 65500;
        sc.name = "stream-" + std::to_string(sc.seed) + "-full-g4-epoch-saturation";
        Result res = run_stream(sc, false, verbose);
        if (res.ok && res.cnt[SCORD_DET_CNT_EPOCH_SAT] == 0) {
            res.ok = false;
            res.why = "the epoch never saturated (no DET_CNT_EPOCH_SAT count)";
        }
        if (res.ok) {
            printf("PASS %s (%s)\n", sc.name.c_str(), res.stats().c_str());
            passed++;
            total_events += res.events;
            total_lines += res.line_events;
            total_cycles += res.cycles;
        } else {
            printf("FAIL %s: %s\n", sc.name.c_str(), res.why.c_str());
            failed++;
        }
        fflush(stdout);
    }
    printf("scord-diff: %" PRIu64 " lane events in %" PRIu64 " line events, %" PRIu64 " cycles\n",
           total_events, total_lines, total_cycles);
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? 1 : 0;
}
