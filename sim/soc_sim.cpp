// scord-soc-sim: the FPGA SoC (rtl/soc/soc_top: GPU + block-RAM memory +
// management core running the firmware) as a Verilator model whose UART pins are bridged to a TCP
// socket on 127.0.0.1, so the driver's "uart" backend talks to it exactly
// as to the board's USB serial port: uart:tcp=127.0.0.1:PORT.
//
// Bytes from the socket are shifted into uart_rx_i bit by bit at the
// model's baud (CLKS_PER_BIT clocks per bit); uart_tx_o is sampled in the
// middle of each bit and the bytes go back to the socket. The clock runs
// while anything is in flight (link bytes, a busy GPU, firmware that does
// more than wait for the host) and for longer than the firmware's longest
// timeout after; otherwise the program sleeps in poll(), so an idle board
// costs no CPU. That skips idle time, which nothing on the SoC can observe.
// With --pty the pins are bridged to a pseudo-terminal instead, which the
// backend opens as a serial port: uart:/dev/pts/N.
// Built with -DSOC_SIM_BOARD_ULX3S, the same program serves the ULX3S board
// top's synthesized netlist instead (scord-netlist-sim, make
// fpga-netlist-sim): see Pins below.
#include <algorithm>
#include <chrono>
#include <arpa/inet.h>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <deque>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <string>
#include <sys/socket.h>
#include <termios.h>
#include <unistd.h>

#include "verilated.h"
#ifdef SOC_SIM_BOARD_ULX3S
#include "Vulx3s_top.h"
#else
#include "Vsoc_top.h"
#endif

#if !defined(SOC_CLKS_PER_BIT) || !defined(SOC_CLK_HZ)
#error "build with -DSOC_CLKS_PER_BIT and -DSOC_CLK_HZ equal to soc_top's parameters"
#endif

namespace {

// The model's pins. Without SOC_SIM_BOARD_ULX3S: soc_top's own. With it:
// the ULX3S board top (fpga/boards/ulx3s/ulx3s_top.v), as the synthesized
// netlist of `make fpga-netlist-sim` (scord-netlist-sim): the PLL model
// passes clk_25mhz through, so one tick is one SoC cycle; FIRE1 (btn[1])
// is the reset; the LEDs show the GPU busy (2) and the boot self-test (4
// failed, 6 passed); the firmware's idle signal is not on a pin, so the
// clock never stops there.
#ifdef SOC_SIM_BOARD_ULX3S
const char *const kName = "scord-netlist-sim";
struct Pins {
    Vulx3s_top top;
    void clk(bool v) { top.clk_25mhz = v; }
    void rst(bool v) { top.btn = v ? 0x02 : 0x00; }
    void rx(bool v) { top.ftdi_txd = v; }
    bool tx() const { return top.ftdi_rxd; }
    bool gpu_busy() const { return top.led >> 2 & 1; }
    bool fw_idle() const { return false; }
    bool test_ok() const { return top.led >> 6 & 1; }
    bool test_bad() const { return top.led >> 4 & 1; }
};
#else
const char *const kName = "scord-soc-sim";
struct Pins {
    Vsoc_top top;
    void clk(bool v) { top.clk_i = v; }
    void rst(bool v) { top.rst_i = v; }
    void rx(bool v) { top.uart_rx_i = v; }
    bool tx() const { return top.uart_tx_o; }
    bool gpu_busy() const { return top.gpu_busy_o; }
    bool fw_idle() const { return top.fw_idle_o; }
    bool test_ok() const { return top.test_ok_o; }
    bool test_bad() const { return top.test_bad_o; }
};
#endif

const unsigned kCpb = SOC_CLKS_PER_BIT;
// cycles run after the last activity: longer than the firmware's
// partial-frame timeout (10 ms), so an abandoned frame is dropped as on the
// board
const unsigned kLinger = SOC_CLK_HZ / 50 + 1024;

struct Board {
    Pins pins;
    uint64_t cycles = 0;
    // transmitter into uart_rx_i
    std::deque<uint8_t> to_rx;
    unsigned rx_frame = 0, rx_bit = 10, rx_cnt = 0;  // rx_bit 10: idle
    // receiver of uart_tx_o
    bool tx_busy = false;
    unsigned tx_cnt = 0, tx_bit = 0;
    uint8_t tx_shift = 0;
    std::string from_tx;

    void tick()
    {
        pins.clk(0);
        pins.top.eval();
        pins.clk(1);
        pins.top.eval();
        cycles++;
    }

    bool link_active() const { return !to_rx.empty() || rx_bit < 10 || tx_busy; }

    void step()
    {
        // drive the rx line: start bit, 8 data bits LSB first, stop bit
        if (rx_bit == 10 && !to_rx.empty()) {
            rx_frame = (1u << 9) | (unsigned)to_rx.front() << 1;
            to_rx.pop_front();
            rx_bit = 0;
            rx_cnt = 0;
        }
        pins.rx(rx_bit < 10 ? (rx_frame >> rx_bit) & 1u : 1u);
        if (rx_bit < 10 && ++rx_cnt == kCpb) {
            rx_cnt = 0;
            rx_bit++;
        }
        tick();
        // sample the tx line in the middle of each bit
        unsigned tx = pins.tx();
        if (!tx_busy) {
            if (!tx) {
                tx_busy = true;
                tx_cnt = 0;
                tx_bit = 0;
            }
        } else if (++tx_cnt == kCpb / 2 + tx_bit * kCpb) {
            if (tx_bit >= 1 && tx_bit <= 8)
                tx_shift = (uint8_t)(tx_shift >> 1 | tx << 7);
            if (tx_bit == 0 && tx)
                tx_busy = false;        // a glitch, not a start bit
            else if (tx_bit == 9) {
                tx_busy = false;
                if (tx)
                    from_tx.push_back((char)tx_shift);
            }
            tx_bit++;
        }
    }
};

volatile sig_atomic_t g_stop = 0;
void on_signal(int) { g_stop = 1; }

int usage(const char *prog)
{
    std::fprintf(stderr,
                 "usage: %s [--port N] [--port-file FILE] [--once] [--idle-exit SECONDS] [--flip N]\n"
                 "       %s --pty FILE [--flip N]\n"
                 "  Serves the simulated FPGA SoC on 127.0.0.1:N (0 or absent: any free\n"
                 "  port, printed and written to FILE). --once: exit when the first\n"
                 "  client disconnects. --idle-exit: exit after that long without a client.\n"
                 "  --pty: serve a pseudo-terminal instead (its path written to FILE) until\n"
                 "  killed; open it as a serial port: uart:/dev/pts/N.\n"
                 "  --flip N: damage the line: flip a bit of every Nth byte in each direction\n"
                 "  (the host link's CRC, retries and resynchronisation then have work).\n",
                 prog, prog);
    return 2;
}

bool parse_num(const char *s, unsigned long max, unsigned long *out)
{
    char *end;
    errno = 0;
    unsigned long v = std::strtoul(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-' || v > max)
        return false;
    *out = v;
    return true;
}

}  // namespace

int main(int argc, char **argv)
{
    unsigned long port = 0, idle_exit = 0, flip_every = 0;
    const char *port_file = nullptr, *pty_file = nullptr;
    bool once = false;
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        if (a == "--port" && i + 1 < argc) {
            if (!parse_num(argv[++i], 65535, &port)) {
                std::fprintf(stderr, "%s: bad port '%s'\n", argv[0], argv[i]);
                return 2;
            }
        } else if (a == "--port-file" && i + 1 < argc) {
            port_file = argv[++i];
        } else if (a == "--idle-exit" && i + 1 < argc) {
            if (!parse_num(argv[++i], 86400, &idle_exit)) {
                std::fprintf(stderr, "%s: bad --idle-exit '%s'\n", argv[0], argv[i]);
                return 2;
            }
        } else if (a == "--pty" && i + 1 < argc) {
            pty_file = argv[++i];
        } else if (a == "--flip" && i + 1 < argc) {
            if (!parse_num(argv[++i], 1000000, &flip_every) || flip_every < 2) {
                std::fprintf(stderr, "%s: bad --flip '%s' (a number >= 2)\n", argv[0], argv[i]);
                return 2;
            }
        } else if (a == "--once") {
            once = true;
        } else {
            return usage(argv[0]);
        }
    }
    std::signal(SIGINT, on_signal);
    std::signal(SIGTERM, on_signal);
    std::signal(SIGPIPE, SIG_IGN);

    int ls = -1, cfd = -1, one = 1;
    if (pty_file) {
        // The slave stays open here too, raw, so the master never sees a
        // hang-up between clients and no echo is ever generated.
        cfd = posix_openpt(O_RDWR | O_NOCTTY);
        const char *name = cfd >= 0 && !grantpt(cfd) && !unlockpt(cfd) ? ptsname(cfd) : nullptr;
        int slave = name ? open(name, O_RDWR | O_NOCTTY) : -1;
        termios tio{};
        FILE *f = slave >= 0 && !tcgetattr(slave, &tio) ? std::fopen(pty_file, "w") : nullptr;
        if (f) {
            cfmakeraw(&tio);
            tcsetattr(slave, TCSANOW, &tio);
        }
        if (!f || std::fprintf(f, "%s\n", name) < 0 || std::fclose(f)) {
            std::fprintf(stderr, "%s: cannot set up a pseudo-terminal (or write '%s')\n", argv[0],
                         pty_file);
            return 1;
        }
        std::printf("%s: serving %s (%u clocks per UART bit)\n", kName, name, kCpb);
        std::fflush(stdout);
    } else {
        ls = socket(AF_INET, SOCK_STREAM, 0);
        setsockopt(ls, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
        sockaddr_in sa{};
        sa.sin_family = AF_INET;
        sa.sin_port = htons((uint16_t)port);
        sa.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t sl = sizeof sa;
        if (ls < 0 || bind(ls, (sockaddr *)&sa, sizeof sa) || listen(ls, 1) ||
            getsockname(ls, (sockaddr *)&sa, &sl)) {
            std::fprintf(stderr, "%s: cannot listen on 127.0.0.1:%lu: %s\n", argv[0], port,
                         std::strerror(errno));
            return 1;
        }
        unsigned real_port = ntohs(sa.sin_port);
        if (port_file) {
            FILE *f = std::fopen(port_file, "w");
            if (!f || std::fprintf(f, "%u\n", real_port) < 0 || std::fclose(f)) {
                std::fprintf(stderr, "%s: cannot write '%s'\n", argv[0], port_file);
                return 1;
            }
        }
        std::printf("%s: listening on 127.0.0.1:%u (%u clocks per UART bit)\n", kName, real_port,
                    kCpb);
        std::fflush(stdout);
    }

    const auto t_start = std::chrono::steady_clock::now();
    Board b;
    b.pins.rx(1);
    b.pins.rst(1);
    for (int i = 0; i < 16; i++)
        b.tick();
    b.pins.rst(0);
    bool boot_told = false;

    unsigned linger = 0;
    unsigned waited_ms = 0;
    unsigned long flips_rx = 0, flips_tx = 0;  // bytes seen, for --flip
    size_t tx_seen = 0;                       // bytes of from_tx already counted
    bool had_client = false;
    while (!g_stop) {
        bool active = b.link_active() || b.pins.gpu_busy() || !b.pins.fw_idle() || linger > 0;
        pollfd p{cfd >= 0 ? cfd : ls, POLLIN, 0};
        int r = poll(&p, 1, active ? 0 : 50);
        if (r < 0 && errno != EINTR)
            break;
        if (r > 0 && cfd < 0) {
            cfd = accept(ls, nullptr, nullptr);
            if (cfd >= 0) {
                setsockopt(cfd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
                had_client = true;
            }
            waited_ms = 0;
        } else if (r > 0) {
            uint8_t buf[4096];
            ssize_t k = read(cfd, buf, sizeof buf);
            if (k <= 0 && pty_file) {
                usleep(1000);   // nobody on the slave side: nothing to read
            } else if (k <= 0) {
                close(cfd);
                cfd = -1;
                if (once)
                    break;
            } else {
                for (ssize_t j = 0; j < k; j++) {
                    if (flip_every && ++flips_rx % flip_every == 0)
                        buf[j] ^= (uint8_t)(1u << (flips_rx / flip_every % 8));
                    b.to_rx.push_back(buf[j]);
                }
            }
        } else if (!active && cfd < 0 && idle_exit && (waited_ms += 50) >= idle_exit * 1000) {
            std::fprintf(stderr, "%s: no client for %lu s, exiting\n", kName, idle_exit);
            break;
        }
        if (active || b.link_active()) {
            for (int i = 0; i < 256; i++) {
                b.step();
                if (b.link_active() || b.pins.gpu_busy() || !b.pins.fw_idle())
                    linger = kLinger;
                else if (linger)
                    linger--;
            }
            // the boot self-test's outcome (LEDs 6 and 4 of the board)
            if (!boot_told && (b.pins.test_ok() || b.pins.test_bad())) {
                boot_told = true;
                std::printf("%s: boot self-test %s after %llu cycles\n", kName,
                            b.pins.test_ok() ? "passed" : "FAILED", (unsigned long long)b.cycles);
                std::fflush(stdout);
            }
            for (; flip_every && tx_seen < b.from_tx.size(); tx_seen++)
                if (++flips_tx % flip_every == 0)
                    b.from_tx[tx_seen] = (char)(b.from_tx[tx_seen] ^ (1u << (flips_tx / flip_every % 8)));
            if (!b.from_tx.empty() && cfd >= 0) {
                ssize_t w = write(cfd, b.from_tx.data(), b.from_tx.size());
                if (w > 0) {
                    b.from_tx.erase(0, (size_t)w);
                    tx_seen -= std::min(tx_seen, (size_t)w);
                }
            } else if (cfd < 0 && had_client) {
                b.from_tx.clear();   // a client left: what it did not read is gone
                tx_seen = 0;
            } else if (cfd < 0 && b.from_tx.size() > 4096) {
                // before the first client: keep the boot text for it (a
                // board's terminal would show it too), but not forever
                size_t drop = b.from_tx.size() - 4096;
                b.from_tx.erase(0, drop);
                tx_seen -= std::min(tx_seen, drop);
            }
        }
    }
    if (cfd >= 0)
        close(cfd);
    if (ls >= 0)
        close(ls);
    b.pins.top.final();
    // the simulation's speed, for the figures of docs/fpga.md
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
    std::fprintf(stderr, "%s: %llu cycles in %.1f s (%.0f cycles/s)\n", kName,
                 (unsigned long long)b.cycles, secs, secs > 0 ? (double)b.cycles / secs : 0.0);
    return 0;
}
