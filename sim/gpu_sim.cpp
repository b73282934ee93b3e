// gpu_sim: Verilated gpu_top + device memory model behind a C API.
// See gpu_sim.h for the memory model's contract.
#include "gpu_sim.h"

#include <cstring>
#include <deque>
#include <memory>
#include <new>
#include <vector>

#include "Vgpu_top.h"
#include "scord_defs.h"
#include "verilated.h"
#include "verilated_fst_c.h"

// The line is at least 16 bytes, so Verilator gives its data a VlWide of
// kLineWords words; the strobe (a bit a byte) is an IData up to 32-byte
// lines and a VlWide beyond (the cuda configuration's 128 bytes).
static_assert(GPU_LINE_BYTES >= 16, "gpu_sim assumes a line of at least 16 bytes");
static constexpr unsigned kLineBytes = GPU_LINE_BYTES;
static constexpr unsigned kLineWords = kLineBytes / 4;

// Byte i's strobe bit, from either representation.
static inline bool strobe_bit(uint32_t strb, unsigned i) { return strb >> i & 1; }
static inline bool strobe_bit(uint64_t strb, unsigned i) { return strb >> i & 1; }
template <std::size_t N>
static inline bool strobe_bit(const VlWide<N> &strb, unsigned i)
{
    return strb[i / 32] >> (i % 32) & 1;
}

namespace {

struct ReadRsp {
    uint64_t due;  // first cycle in which the response may be presented
    uint32_t data[kLineWords];
};

}  // namespace

struct gpu_sim {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vgpu_top> top;
    std::unique_ptr<VerilatedFstC> fst;
    std::vector<uint8_t> mem;
    std::deque<ReadRsp> reads;
    unsigned latency = 1;
    uint64_t cycle = 0;
    uint64_t bad = 0;

    void cycle_once();
    void read_line(uint32_t addr, uint32_t *words);
    template <typename Strobe>
    void write_line(uint32_t addr, const VlWide<kLineWords> &data, const Strobe &strb);
};

void gpu_sim::read_line(uint32_t addr, uint32_t *words)
{
    if (uint64_t(addr) + kLineBytes > mem.size()) {
        bad++;
        std::memset(words, 0, kLineBytes);
        return;
    }
    for (unsigned w = 0; w < kLineWords; w++) {
        const uint8_t *p = &mem[addr + 4 * w];
        // Explicit little-endian assembly: the model must not depend on
        // the host's byte order.
        words[w] = uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 |
                   uint32_t(p[3]) << 24;
    }
}

template <typename Strobe>
void gpu_sim::write_line(uint32_t addr, const VlWide<kLineWords> &data, const Strobe &strb)
{
    if (uint64_t(addr) + kLineBytes > mem.size()) {
        bad++;
        return;
    }
    for (unsigned i = 0; i < kLineBytes; i++)
        if (strobe_bit(strb, i))
            mem[addr + i] = uint8_t(data[i / 4] >> (8 * (i % 4)));
}

// One clock period: inputs settle with clk low, then the rising edge.
// The memory side reacts to what the GPU drove *before* the edge, which is
// what the real handshake samples.
void gpu_sim::cycle_once()
{
    Vgpu_top &t = *top;
    const bool rsp = !reads.empty() && reads.front().due <= cycle;
    t.mem_req_ready_i = 1;
    t.mem_rsp_valid_i = rsp;
    for (unsigned w = 0; w < kLineWords; w++)
        t.mem_rsp_rdata_i[w] = rsp ? reads.front().data[w] : 0;
    t.clk_i = 0;
    t.eval();
    if (fst)
        fst->dump(cycle * 10);

    const bool accept = t.mem_req_valid_o && t.mem_req_ready_i;
    if (accept) {
        // Addresses are line aligned by contract; masking keeps a buggy
        // request from straddling the end of the array.
        const uint32_t addr = t.mem_req_addr_o & ~uint32_t(kLineBytes - 1);
        if (t.mem_req_we_o) {
            write_line(addr, t.mem_req_wdata_o, t.mem_req_wstrb_o);
        } else {
            ReadRsp r;
            r.due = cycle + latency;
            read_line(addr, r.data);
            reads.push_back(r);
        }
    }

    t.clk_i = 1;
    t.eval();
    if (fst)
        fst->dump(cycle * 10 + 5);
    if (rsp)
        reads.pop_front();
    cycle++;
}

extern "C" {

gpu_sim *gpu_sim_create(unsigned latency)
{
    gpu_sim *sim = new (std::nothrow) gpu_sim;
    if (!sim)
        return nullptr;
    try {
        sim->latency = latency ? latency : GPU_MEM_LATENCY;
        if (sim->latency < 1)
            sim->latency = 1;
        sim->mem.assign(GPU_MEM_BYTES, 0);
        sim->ctx.reset(new VerilatedContext);
        // All-zero initial state: runs must not depend on a random seed.
        sim->ctx->randReset(0);
        // Must precede model construction so a trace can be opened later.
        sim->ctx->traceEverOn(true);
        sim->ctx->timeunit(-9);
        sim->ctx->timeprecision(-9);
        sim->top.reset(new Vgpu_top(sim->ctx.get(), "gpu_top"));
        sim->top->ctl_req_i = 0;
        sim->top->ctl_we_i = 0;
        sim->top->ctl_addr_i = 0;
        sim->top->ctl_wdata_i = 0;
        gpu_sim_reset(sim, 4);
    } catch (...) {
        delete sim;
        return nullptr;
    }
    return sim;
}

void gpu_sim_destroy(gpu_sim *sim)
{
    if (!sim)
        return;
    if (sim->fst)
        sim->fst->close();
    if (sim->top)
        sim->top->final();
    delete sim;
}

int gpu_sim_trace_open(gpu_sim *sim, const char *path)
{
    if (!sim || !path || sim->fst)
        return -1;
    try {
        std::unique_ptr<VerilatedFstC> f(new VerilatedFstC);
        sim->top->trace(f.get(), 99);
        f->open(path);
        if (!f->isOpen())
            return -1;
        sim->fst = std::move(f);
    } catch (...) {
        return -1;
    }
    return 0;
}

void gpu_sim_reset(gpu_sim *sim, unsigned cycles)
{
    sim->reads.clear();
    sim->top->ctl_req_i = 0;
    sim->top->rst_i = 1;
    for (unsigned i = 0; i < (cycles ? cycles : 1); i++)
        sim->cycle_once();
    sim->top->rst_i = 0;
    // A response queued during reset would answer nobody.
    sim->reads.clear();
}

void gpu_sim_reg_write(gpu_sim *sim, uint32_t idx, uint32_t value)
{
    Vgpu_top &t = *sim->top;
    t.ctl_req_i = 1;
    t.ctl_we_i = 1;
    t.ctl_addr_i = uint8_t(idx);
    t.ctl_wdata_i = value;
    sim->cycle_once();
    t.ctl_req_i = 0;
    t.ctl_we_i = 0;
}

uint32_t gpu_sim_reg_read(gpu_sim *sim, uint32_t idx)
{
    Vgpu_top &t = *sim->top;
    t.ctl_req_i = 1;
    t.ctl_we_i = 0;
    t.ctl_addr_i = uint8_t(idx);
    t.ctl_wdata_i = 0;
    sim->cycle_once();
    // After the edge the registered read data is on ctl_rdata_o.
    const uint32_t v = t.ctl_rdata_o;
    t.ctl_req_i = 0;
    return v;
}

uint8_t *gpu_sim_mem(gpu_sim *sim) { return sim->mem.data(); }

size_t gpu_sim_mem_size(const gpu_sim *sim) { return sim->mem.size(); }

void gpu_sim_step(gpu_sim *sim, uint64_t n)
{
    for (uint64_t i = 0; i < n; i++)
        sim->cycle_once();
}

uint64_t gpu_sim_cycles(const gpu_sim *sim) { return sim->cycle; }

int gpu_sim_busy(gpu_sim *sim) { return sim->top->busy_o ? 1 : 0; }

unsigned gpu_sim_latency(const gpu_sim *sim) { return sim->latency; }

unsigned gpu_sim_pending_reads(const gpu_sim *sim) { return unsigned(sim->reads.size()); }

uint64_t gpu_sim_bad_accesses(const gpu_sim *sim) { return sim->bad; }

}  // extern "C"
