// Lock inference in a core (docs/detector.md §4.2), RTL against the model:
// scord_core_hooks alone (4 warp slots of 4 lanes, no shared memory),
// driven as gpu_core drives it. This harness plays X and the units: each
// cycle at most one warp whose last instruction is done and that the lock
// sequencer does not hold (lk_wait_o) goes through X with a random CAS,
// exchange, fence or load, committed unless the hooks ask for a replay
// (a lock operation while the sequencer is busy, an event while the
// event port is full); its lanes go to the "LSU", the "shared memory" or
// both, which write back after random latencies, one write-back a cycle,
// CASes with random old values. The model keeps one lock table per warp
// slot and applies §4.2's rule in program order: an exchange or a fence at
// its commit, a CAS's lanes once its last write-back is in. Every event
// the port sends carries the Bloom summary of its warp at X (before the
// instruction's own effect); the event's PC names the instruction, whose
// summary the model took then: they must be equal. So a summary that
// misses a lock (the warp issued before its CAS's insertion) or has one it
// should not (a poll, a failed CAS, an exchange of a non-zero value) fails.
// Stores go through X too: each event of a store carries its lanes' value
// classes (docs/detector.md §4.5: the lowest active lane storing the same
// value, cut to the access size), every other event classes of 0.
//
//   locks_diff [--seed=N] [--cycles=N] [--verbose]
// Built twice by scord.mk: without and with the stage H (H_STAGE=1).
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "Vscord_core_hooks.h"
#include "verilated.h"

extern "C" {
#include "scord_defs.h"
#include "scord_ref.h"
}

#ifndef LOCKS_H_STAGE
#define LOCKS_H_STAGE 0
#endif

static const unsigned W = 4, T = 4;  // scord.mk's -GNUM_WARPS, -GNUM_THREADS

struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed * 0x9E3779B97F4A7C15ull + 1) {}
    uint32_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return (uint32_t)((s * 0x2545F4914F6CDD1Dull) >> 32);
    }
    uint32_t below(uint32_t n) { return next() % n; }
};

// A write-back a unit owes: warp, lanes, one value per lane, when.
struct Wb {
    unsigned warp;
    bool lsu;
    uint32_t mask;
    uint32_t data[T];
    uint64_t due;
};

// A warp's instruction in flight: the units it waits for and, for a CAS,
// its lanes (compare, new and old values, addresses) applied after the last.
struct Flight {
    bool active = false, lsu = false, smem = false, cas = false;
    uint8_t scope = 0;
    uint32_t mask = 0, addr[T] = {}, cmp[T] = {}, nv[T] = {}, old[T] = {};
    uint64_t done = 0;  // cycle of the last write-back
};

struct Sim {
    Vscord_core_hooks *top;
    uint64_t cycle = 0;
    Sim() : top(new Vscord_core_hooks) {}
    ~Sim() {
        top->final();
        delete top;
    }
    void tick() {
        top->clk_i = 0;
        top->eval();
        top->clk_i = 1;
        top->eval();
        cycle++;
    }
};

static void set_lanes(VlWide<(T * 32 + 31) / 32> &v, const uint32_t *w) {
    for (unsigned t = 0; t < T; t++) v[t] = w[t];
}

static bool run(uint64_t seed, uint64_t cycles, bool verbose, std::string &why) {
    Rng r(seed);
    Sim s;
    Vscord_core_hooks *top = s.top;
    scord_locktab_t lt[W];
    Flight fl[W];
    std::vector<Wb> wbs;
    std::map<uint32_t, uint16_t> want;  // PC -> the summary its events must carry
    std::map<uint32_t, uint32_t> want_cls;  // ... and the value classes
    uint32_t locks[6];
    for (unsigned k = 0; k < 6; k++) locks[k] = 0x10000u + 4u * r.below(0x8000);
    locks[1] = locks[0] ^ (0x3Fu << 2) ^ (0x3Fu << 8);  // one hash, two words
    uint32_t seq = 0;
    uint64_t commits = 0, acquires = 0, checked = 0, last_commit = 0, stores = 0;
    unsigned kinds[6] = {};

    for (auto &t : lt) scord_locktab_reset(&t);
    top->armed_i = 1;
    top->shr_ready_i = 1;
    // the LSU has decided every lane's L1 lookup and none read a stale
    // word: a weak load's line event goes at once (the stale lanes are
    // scord-diff's and the kernels' business, not this harness's)
    top->ld_known_i = 0xFu;
    top->ld_stale_i = 0;
    top->lsu_acc_i = 0;
    top->rst_i = 1;
    top->por_i = 1;
    s.tick();
    s.tick();
    top->rst_i = 0;
    top->por_i = 0;

    for (uint64_t c = 0; c < cycles; c++) {
        // ---- a launch now and then into an idle slot: its table empties
        top->launch_i = 0;
        top->alloc_i = 0;
        top->eval();
        if (r.below(1000) < 3) {
            unsigned w = r.below(W);
            if (!fl[w].active && !((top->lk_wait_o >> w) & 1u)) {
                top->launch_i = 1;
                top->alloc_i = 1u << w;
                scord_locktab_reset(&lt[w]);
            }
        }
        // ---- the units: one write-back a cycle (the register port's), the
        // oldest due first
        top->lsu_wb_grant_i = 0;
        top->smem_wb_grant_i = 0;
        int g = -1;
        for (size_t i = 0; i < wbs.size(); i++)
            if (wbs[i].due <= s.cycle && (g < 0 || wbs[i].due < wbs[(size_t)g].due)) g = (int)i;
        // a grant takes a cycle the X instruction leaves the port free: skip some
        if (g >= 0 && r.below(100) < 80) {
            Wb b = wbs[(size_t)g];
            wbs.erase(wbs.begin() + g);
            top->lsu_wb_grant_i = b.lsu;
            top->smem_wb_grant_i = !b.lsu;
            top->wb_warp_i = b.warp;
            top->wb_mask_i = b.mask;
            set_lanes(top->wb_data_i, b.data);
            Flight &f = fl[b.warp];
            (b.lsu ? f.lsu : f.smem) = false;
            if (!f.lsu && !f.smem) {
                f.active = false;
                f.done = s.cycle;
                if (f.cas)
                    for (unsigned t = 0; t < T; t++)
                        if ((f.mask >> t) & 1u) {
                            if (scord_lock_acquires(f.cmp[t], f.nv[t], f.old[t])) acquires++;
                            scord_locktab_amocas(&lt[b.warp], f.addr[t], f.scope, f.cmp[t], f.nv[t],
                                                 f.old[t]);
                        }
            }
        }
        // ---- X: a warp whose last write-back was in an earlier cycle and
        // that the sequencer does not hold
        top->x_commit_i = 0;
        top->eval();
        unsigned ready[W], nr = 0;
        for (unsigned w = 0; w < W; w++)
            if (!fl[w].active && fl[w].done < s.cycle && !((top->lk_wait_o >> w) & 1u) &&
                !((top->alloc_i >> w) & 1u))
                ready[nr++] = w;
        bool x = nr && r.below(100) < 85;
        unsigned w = x ? ready[r.below(nr)] : 0;
        unsigned kind = r.below(100);
        // CAS xchg fence.dev fence.blk load store
        kind = kind < 40 ? 0 : kind < 58 ? 1 : kind < 72 ? 2 : kind < 77 ? 3 : kind < 88 ? 4 : 5;
        uint32_t mask = 1u + r.below((1u << T) - 1u), sh = r.below(4) ? 0 : r.below(1u << T);
        if (kind >= 2 && kind <= 3) sh = 0;
        uint32_t gl = mask & ~sh;
        sh &= mask;
        uint32_t addr[T], cmp[T], nv[T];
        for (unsigned t = 0; t < T; t++) {
            addr[t] = locks[r.below(6)];
            cmp[t] = r.below(8) ? 0u : 1u + r.below(2);
            nv[t] = r.below(3) ? 1u + r.below(3) : 0u;
            // a store's data: few values, some equal only in their low bytes
            if (kind == 5) nv[t] = (r.below(3) << 8) + r.below(2) + (r.below(2) << 16);
        }
        unsigned size = kind == 5 ? r.below(3) : 2;
        uint32_t cls_want = 0;   // the classes the store's events must carry, 2 bits a lane
        if (kind == 5) {
            uint32_t vm = size == 0 ? 0xFFu : size == 1 ? 0xFFFFu : 0xFFFFFFFFu;
            for (unsigned t = 0; t < T; t++) {
                unsigned c = t;
                for (unsigned u = 0; u < t; u++)
                    if (((mask >> u) & 1u) && ((nv[u] ^ nv[t]) & vm) == 0) {
                        c = u;
                        break;
                    }
                cls_want |= (uint32_t)c << (2 * t);
            }
        }
        uint8_t scope = (uint8_t)r.below(2);
        uint32_t pc = 0x1000u + 4u * (seq & 0xFFFFu);
        top->x_warp_i = w;
        top->x_wib_i = w;
        top->x_pc_i = pc;
        top->x_mask_i = mask;
        top->x_gl_mask_i = (kind == 2 || kind == 3) ? mask : gl;
        top->x_sh_mask_i = (kind == 2 || kind == 3) ? 0 : sh;
        set_lanes(top->x_paddr_i, addr);
        set_lanes(top->x_rdv_i, cmp);
        set_lanes(top->x_rs2v_i, nv);
        top->x_size_i = size;
        top->x_strong_i = kind <= 1;
        top->x_scope_dev_i = kind <= 1 ? scope : 1;  // the decoder's default: device
        top->x_is_mem_i = x && kind != 3;
        top->x_lsu_op_i = kind <= 1 ? SCORD_LSU_AMO : kind == 2 ? SCORD_LSU_FENCE
                          : kind == 5 ? SCORD_LSU_STORE : SCORD_LSU_LOAD;
        top->x_amo_op_i = kind == 0 ? SCORD_AMO_CAS : SCORD_AMO_SWAP;
        top->x_to_lsu_i = x && (kind == 2 || (kind != 3 && gl != 0));
        top->x_to_smem_i = x && kind != 2 && kind != 3 && sh != 0;
        top->x_fence_dev_i = x && kind == 2;
        top->x_fence_blk_i = x && kind == 3;
        top->evt_ready_i = r.below(100) < 70;
        top->eval();
        bool commit = x && !(top->x_lk_op_o && top->lk_busy_o) && !(top->x_evt_o && top->det_full_o);
        if (commit) {
            // its events carry the summary from before its own effect (§3.2)
            want[pc] = scord_locktab_bloom(&lt[w]);
            want_cls[pc] = cls_want;
            seq++;
            commits++;
            kinds[kind]++;
            last_commit = c;
            if (kind == 1)
                for (unsigned t = 0; t < T; t++)
                    if ((mask >> t) & 1u) scord_locktab_amoswap(&lt[w], addr[t], scope, nv[t]);
            if (kind == 2 || kind == 3) scord_locktab_fence(&lt[w], kind == 2);
            Flight &f = fl[w];
            f = Flight();
            f.cas = kind == 0;
            f.scope = scope;
            f.mask = mask;
            for (unsigned t = 0; t < T; t++) {
                f.addr[t] = addr[t];
                f.cmp[t] = cmp[t];
                f.nv[t] = nv[t];
                f.old[t] = r.below(3) ? 0u : 1u + r.below(2);
            }
            // a device fence and device lanes go to the LSU, shared lanes to the
            // shared memory; each answers 2..13 cycles on
            bool to_lsu = kind == 2 || (kind != 3 && gl != 0), to_smem = kind != 2 && kind != 3 && sh != 0;
            f.lsu = to_lsu;
            f.smem = to_smem;
            f.active = to_lsu || to_smem;
            if (!f.active) f.done = s.cycle;
            for (int u = 0; u < 2; u++) {
                if (!(u ? to_smem : to_lsu)) continue;
                Wb b;
                b.warp = w;
                b.lsu = !u;
                b.mask = kind == 2 ? 0u : (u ? sh : gl);
                for (unsigned t = 0; t < T; t++)
                    b.data[t] = kind == 0 ? f.old[t] : r.below(4) ? r.next() : 0u;
                b.due = s.cycle + 2 + r.below(12);
                wbs.push_back(b);
            }
        }
        top->x_commit_i = commit;
        top->eval();
        // ---- the events the port sends this cycle
        if (top->evt_valid_o && top->evt_ready_i) {
            uint32_t epc = top->evt_data_o[0];
            uint16_t bloom = (uint16_t)(top->evt_data_o[2] & 0xFFFFu);
            auto it = want.find(epc);
            if (it == want.end()) {
                char b[160];
                snprintf(b, sizeof b, "cycle %" PRIu64 ": an event of PC 0x%08x no instruction had", s.cycle,
                         epc);
                why = b;
                return false;
            }
            if (it->second != bloom) {
                char b[200];
                snprintf(b, sizeof b,
                         "cycle %" PRIu64 ": the event of PC 0x%08x (instruction %u) carries bloom 0x%04x, "
                         "the model's is 0x%04x",
                         s.cycle, epc, (epc - 0x1000u) / 4u, bloom, it->second);
                why = b;
                return false;
            }
            // the value classes: 2 bits a lane after the line event's stale
            // lanes (160 + T (2 + log2 32))
            uint32_t cls = 0;
            for (unsigned b = 0; b < 2 * T; b++) {
                unsigned at = 160 + T * (2 + 5) + b;
                cls |= ((top->evt_data_o[at / 32] >> (at % 32)) & 1u) << b;
            }
            if (cls != want_cls[epc]) {
                char b[200];
                snprintf(b, sizeof b,
                         "cycle %" PRIu64 ": the event of PC 0x%08x carries value classes 0x%02x, "
                         "the model's are 0x%02x",
                         s.cycle, epc, cls, want_cls[epc]);
                why = b;
                return false;
            }
            checked++;
            stores += want_cls[epc] != 0;
        }
        s.tick();
        if (c - last_commit > 2000) {
            why = "no instruction committed for 2000 cycles (a warp held for ever?)";
            return false;
        }
    }
    if (verbose)
        printf("  %" PRIu64 " instructions (CAS %u, exchange %u, device fence %u, block fence %u, load %u), "
               "%" PRIu64 " acquiring lanes, %" PRIu64 " events checked (%" PRIu64 " of stores "
               "with a class other than 0; stores %u)\n",
               commits, kinds[0], kinds[1], kinds[2], kinds[3], kinds[4], acquires, checked, stores,
               kinds[5]);
    if (checked < cycles / 20 || acquires == 0 || stores == 0) {
        why = "too few events or acquires: the harness drove nothing";
        return false;
    }
    return true;
}

int main(int argc, char **argv) {
    Verilated::commandArgs(argc, argv);
    uint64_t seed = 1, cycles = 200000;
    unsigned runs = 4;
    bool verbose = false;
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "--seed=", 7))
            seed = strtoull(argv[i] + 7, nullptr, 0);
        else if (!strncmp(argv[i], "--cycles=", 9))
            cycles = strtoull(argv[i] + 9, nullptr, 0);
        else if (!strncmp(argv[i], "--runs=", 7))
            runs = (unsigned)strtoul(argv[i] + 7, nullptr, 0);
        else if (!strcmp(argv[i], "--verbose") || !strcmp(argv[i], "-v"))
            verbose = true;
        else if (argv[i][0] == '+')
            continue;  // Verilator's own
        else {
            fprintf(stderr, "usage: %s [--seed=N] [--cycles=N] [--runs=N] [--verbose]\n", argv[0]);
            return 2;
        }
    }
    int fails = 0;
    for (unsigned k = 0; k < runs; k++) {
        std::string why;
        uint64_t sd = seed + k;
        if (run(sd, cycles, verbose, why)) {
            printf("PASS locks-h%d-%" PRIu64 " (%" PRIu64 " cycles)\n", LOCKS_H_STAGE, sd, cycles);
        } else {
            printf("FAIL locks-h%d-%" PRIu64 ": %s\n", LOCKS_H_STAGE, sd, why.c_str());
            fails++;
        }
    }
    return fails ? 1 : 0;
}
