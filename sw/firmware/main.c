/* Management core firmware: boot (self-test, LEDs, one line of text), then
 * the host link forever (docs/hostlink.md). */
#include "fw.h"

struct fw_globals fw;

/* The boot self-test's results survive a restart of the firmware (after a
 * fault or a return from main): the SoC keeps the RAM, crt0 does not zero
 * .noinit, and a check word tells them from the RAM's power-on contents.
 * A restart must not run the self-test again: it overwrites device memory
 * and resets the GPU under a host that may have a kernel running. */
static struct {
    struct fw_selftest st;
    uint32_t check;
} kept __attribute__((section(".noinit")));

static uint32_t kept_sum(void)
{
    const uint32_t *w = (const uint32_t *)&kept.st;
    uint32_t s = 0x5C0FD00Du;
    for (unsigned i = 0; i < sizeof kept.st / 4u; i++)
        s = (s << 5 | s >> 27) ^ w[i];
    return s;
}

/* ---- freestanding library ------------------------------------------------ */

void *memcpy(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    while (n--)
        *d++ = *s++;
    return dst;
}
void *memmove(void *dst, const void *src, size_t n)
{
    uint8_t *d = dst;
    const uint8_t *s = src;
    if (d <= s)
        return memcpy(dst, src, n);
    while (n--)
        d[n] = s[n];
    return dst;
}
void *memset(void *dst, int c, size_t n)
{
    uint8_t *d = dst;
    while (n--)
        *d++ = (uint8_t)c;
    return dst;
}

/* ---- boot line ------------------------------------------------------------ */

void uart_putc(unsigned c)
{
    /* A host hunting for answers must never see their start byte. */
    if (c == 0x5Au)
        c = '?';
    io_wr(SCORD_MGMT_IO_UART_TX, c);
}
static void put_str(const char *s)
{
    while (*s)
        uart_putc((uint8_t)*s++);
}
static void put_dec(uint32_t v)
{
    char buf[10];
    int n = 0;
    do {
        buf[n++] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    while (n)
        uart_putc((uint8_t)buf[--n]);
}
static void put_hex(uint32_t v)
{
    put_str("0x");
    for (int i = 28; i >= 0; i -= 4)
        uart_putc((uint8_t)"0123456789ABCDEF"[v >> i & 0xFu]);
}

static const char *const why_text[] = {
    [ST_WHY_NONE] = "",
    [ST_WHY_NO_DETECTOR] = "no detector",
    [ST_WHY_NOT_ARMED] = "not armed, status",
    [ST_WHY_NO_ROOM] = "no room in device memory of",
    [ST_WHY_FAULT] = "kernel fault, status",
    [ST_WHY_TIMEOUT] = "kernel did not finish, status",
    [ST_WHY_NO_RACE] = "race not reported, records:",
};

static void boot_line(uint32_t boots, int restarted)
{
    const struct fw_selftest *st = &fw.st;
    put_str("scord-fw 1.0:");
    if (restarted) {
        put_str(" restart ");
        put_dec(boots & 0xFFFFu);
        put_str(" (fault ");
        put_dec(boots >> 16 & 0xFFu);
        put_str("), boot");
    }
    put_str(" self-test memory ");
    if (!(st->bits & ST_MEM_RAN)) {
        put_str("not run");
    } else if (st->bits & ST_MEM_OK) {
        put_str("ok (");
        put_dec(st->mem_words);
        put_str(" words)");
    } else {
        put_str("FAILED at ");
        put_hex(st->mem_fail);
    }
    put_str(", detector ");
    if (!(st->bits & ST_DET_RAN)) {
        put_str("not run");
    } else if (st->bits & ST_DET_OK) {
        put_str("ok (");
        put_dec(st->races);
        put_str(st->races == 1 ? " race)" : " races)");
    } else {
        put_str("FAILED (");
        put_str(st->det_fail < sizeof why_text / sizeof why_text[0] ? why_text[st->det_fail] : "?");
        if (st->det_fail != ST_WHY_NO_DETECTOR) {
            uart_putc(' ');
            put_hex(st->det_info);
        }
        uart_putc(')');
    }
    put_str("\r\n");
}

int main(void)
{
    fw.mem_bytes = ctl_rd(SCORD_CTL_MEM_BYTES);
    fw.clk_hz = io_rd(SCORD_MGMT_IO_CLK_HZ);
    fw.timeout_cycles = fw.clk_hz / 100u; /* 10 ms */
    hostlink_init();

    uint32_t boots = io_rd(SCORD_MGMT_IO_BOOTS);
    int restarted = (boots & 0xFFFFu) > 1u && kept.check == kept_sum();
    if (restarted) {
        fw.st = kept.st;
    } else {
        io_wr(SCORD_MGMT_IO_LEDS, 0);
        selftest_run(&fw.st);
        kept.st = fw.st;
        kept.check = kept_sum();
    }
    uint32_t pass = ST_MEM_OK | ST_DET_OK;
    fw.leds = (fw.st.bits & pass) == pass ? 0x1u : 0x2u;
    io_wr(SCORD_MGMT_IO_LEDS, fw.leds);
    boot_line(boots, restarted);
#ifdef FW_MEASURE
    {
        void hostlink_measure(uint32_t out[4]);
        uint32_t m[4];
        hostlink_measure(m);
        fw.st.mem_words = m[0];
        fw.st.mem_fail = m[1];
        fw.st.races = m[2];
        fw.clk_hz = m[3];
    }
#endif
    hostlink_serve();
}
