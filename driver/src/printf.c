/* libscord's device printf (docs/architecture.md, "printf in kernels"):
 * the buffer a launch of a kernel that calls printf gets (placed by
 * launch.c outside the race detector's tracked window), the records read
 * back when the kernel is over, checked (device memory is not trusted),
 * formatted on the host and handed out as lines, each thread's in its
 * program order. Reads device memory through the backend itself: the
 * library's own reads, never logged as the host program's. */
#include "scord_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Beyond these a width, precision or string is taken for damage, not for
 * output the kernel meant. */
#define PF_MAX_WIDTH 4096
#define PF_MAX_STRING 4096

struct pf_line {
    struct scord_printf_line pub;
    char *text;
};

struct scord_printf_state {
    uint32_t cfg_bytes; /* scord_printf_set_buffer; 0: the default */
    uint32_t gen;       /* launches with a buffer, for the records' check */
    /* The launch in progress or last over. */
    const scord_kernel *kernel;
    uint32_t base, bytes, cap, this_gen;
    struct scord_dim3 grid, block;
    /* Its output, when it is over. */
    struct pf_line *lines;
    size_t nlines, lcap, taken;
    uint32_t records, lost, invalid;
};

/* A growing string. */
struct sbuf {
    char *s;
    size_t len, cap;
    bool oom;
};

static void sb_put(struct sbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *ns = realloc(b->s, cap);
        if (!ns) {
            b->oom = true;
            return;
        }
        b->s = ns;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

static SCORD_PRINTF(2, 3) void sb_printf(struct sbuf *b, const char *fmt, ...)
{
    va_list ap, ap2;
    va_start(ap, fmt);
    va_copy(ap2, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n > 0) {
        char *t = malloc((size_t)n + 1);
        if (t) {
            vsnprintf(t, (size_t)n + 1, fmt, ap2);
            sb_put(b, t, (size_t)n);
            free(t);
        } else {
            b->oom = true;
        }
    }
    va_end(ap2);
}

/* A format or string for a message: at most 60 characters, escaped. */
static void sb_quote(struct sbuf *b, const char *s)
{
    sb_put(b, "\"", 1);
    for (size_t i = 0; s[i]; i++) {
        unsigned char c = (unsigned char)s[i];
        if (i == 60) {
            sb_put(b, "...", 3);
            break;
        }
        if (c == '\n')
            sb_put(b, "\\n", 2);
        else if (c == '"' || c == '\\')
            sb_printf(b, "\\%c", c);
        else if (c < 0x20 || c >= 0x7f)
            sb_printf(b, "\\x%02x", c);
        else
            sb_put(b, (const char *)&c, 1);
    }
    sb_put(b, "\"", 1);
}

/* ---- state, placement ---------------------------------------------------- */

static struct scord_printf_state *pf_state(scord_device *dev)
{
    if (!dev->pf)
        dev->pf = calloc(1, sizeof *dev->pf);
    return dev->pf;
}

static void pf_forget(struct scord_printf_state *p)
{
    for (size_t i = 0; i < p->nlines; i++)
        free(p->lines[i].text);
    free(p->lines);
    p->lines = NULL;
    p->nlines = p->lcap = p->taken = 0;
    p->records = p->lost = p->invalid = 0;
}

void scord_printf_free(scord_device *dev)
{
    if (!dev->pf)
        return;
    pf_forget(dev->pf);
    free(dev->pf);
    dev->pf = NULL;
}

int scord_printf_set_buffer(scord_device *dev, uint32_t bytes)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    if (bytes && (bytes < SCORD_PRINTF_MIN_BUFFER || bytes > dev->info.mem_bytes))
        return scord_fail(dev, SCORD_ERR_INVALID_ARG,
                          "printf buffer of %u bytes: must be %u to %u (device memory)",
                          (unsigned)bytes, (unsigned)SCORD_PRINTF_MIN_BUFFER,
                          (unsigned)dev->info.mem_bytes);
    if (dev->running)
        return scord_fail(dev, SCORD_ERR_BUSY,
                          "a kernel is running: wait for it before resizing the printf buffer");
    struct scord_printf_state *p = pf_state(dev);
    if (!p)
        return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    p->cfg_bytes = bytes;
    return SCORD_OK;
}

uint32_t scord_printf_get_buffer(scord_device *dev)
{
    if (!dev)
        return 0;
    return dev->pf && dev->pf->cfg_bytes ? dev->pf->cfg_bytes : SCORD_PRINTF_DEFAULT_BUFFER;
}

static int pf_write(scord_device *dev, uint32_t addr, const uint32_t *w, size_t n)
{
    unsigned char b[16];
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < 4; k++)
            b[4 * i + (size_t)k] = (unsigned char)(w[i] >> 8 * k);
    int rc = dev->be->mem_write(dev->ctx, addr, b, 4 * n);
    return rc ? scord_fail(dev, rc, "writing the printf buffer's address at 0x%08x failed",
                           (unsigned)addr)
              : 0;
}

int scord_printf_prepare(scord_device *dev, const scord_kernel *kernel, uint32_t lo, uint32_t hi,
                         struct scord_dim3 grid, struct scord_dim3 block)
{
    dev->pf_base = dev->pf_bytes = 0;
    if (!dev->pf && !kernel->pf_desc)
        return 0; /* never a printf: nothing to forget, nothing to place */
    struct scord_printf_state *p = pf_state(dev);
    if (!p)
        return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    /* Every launch starts with no output: drain after each scord_wait. */
    pf_forget(p);
    p->kernel = NULL;
    p->bytes = 0;
    if (!kernel->pf_desc)
        return 0;
    uint32_t want = p->cfg_bytes ? p->cfg_bytes : SCORD_PRINTF_DEFAULT_BUFFER;
    lo = scord_align_up(lo, 32);
    hi &= ~31u;
    uint32_t room = hi > lo ? hi - lo : 0;
    if (room < SCORD_PRINTF_MIN_BUFFER)
        return scord_fail(dev, SCORD_ERR_NO_MEM,
                          "no room for the kernel's printf buffer: %u bytes free between "
                          "0x%08x (allocations%s) and 0x%08x, at least %u needed; allocate "
                          "less%s",
                          (unsigned)room, (unsigned)lo,
                          dev->det_armed ? ", the race detector's metadata and ring" : "",
                          (unsigned)hi, (unsigned)SCORD_PRINTF_MIN_BUFFER,
                          dev->det_armed ? " or use the detector's cache mode" : "");
    uint32_t bytes = (want < room ? want : room) & ~31u;
    uint32_t base = hi - bytes;
    p->gen++;
    /* Header first (nothing reserved, nothing lost), then the kernel's
     * descriptor: buffer, record words, this launch's number. */
    const uint32_t hdr[2] = {0, 0};
    const uint32_t desc[4] = {base, bytes / 4 - SCORD_PRINTF_HDR_WORDS, p->gen, 0};
    int rc = pf_write(dev, base, hdr, 2);
    if (!rc)
        rc = pf_write(dev, kernel->pf_desc, desc, 4);
    if (rc)
        return rc;
    p->kernel = kernel;
    p->base = base;
    p->bytes = bytes;
    p->cap = desc[1];
    p->this_gen = p->gen;
    p->grid = grid;
    p->block = block;
    dev->pf_base = base;
    dev->pf_bytes = bytes;
    return 0;
}

/* ---- formatting ---------------------------------------------------------- */

struct pf_rec {
    uint32_t blk, tid, off, fmt;
    const uint32_t *arg;
    unsigned nargw;
    struct sbuf out; /* the text, or the error */
    bool bad;
};

/* A string of the kernel image (the host's copy) or of device memory,
 * at most max bytes; false when addr is neither (reason in err). */
static bool pf_string(scord_device *dev, const scord_kernel *k, uint32_t addr, size_t max,
                      struct sbuf *s, struct sbuf *err)
{
    if (addr >= k->image_lo && addr < k->image_hi && k->image) {
        const char *img = (const char *)k->image + (addr - k->image_lo);
        size_t left = k->image_hi - addr, n = 0;
        while (n < left && n < max && img[n])
            n++;
        sb_put(s, img, n);
        if (n == left && n < max) {
            sb_printf(err, "string at 0x%08x runs to the end of the kernel image",
                      (unsigned)addr);
            return false;
        }
        return true;
    }
    if (addr < SCORD_MEM_GUARD || addr >= dev->info.mem_bytes) {
        sb_printf(err, "%%s argument 0x%08x is outside device memory", (unsigned)addr);
        return false;
    }
    size_t got = 0;
    while (got < max) {
        char chunk[64];
        size_t k2 = sizeof chunk;
        if (k2 > max - got)
            k2 = max - got;
        if (addr + got + k2 > dev->info.mem_bytes)
            k2 = dev->info.mem_bytes - (addr + got);
        if (k2 == 0) {
            sb_printf(err, "string at 0x%08x runs past the end of device memory", (unsigned)addr);
            return false;
        }
        if (dev->be->mem_read(dev->ctx, addr + (uint32_t)got, chunk, k2)) {
            sb_printf(err, "reading the string at 0x%08x failed", (unsigned)addr);
            return false;
        }
        size_t n = 0;
        while (n < k2 && chunk[n])
            n++;
        sb_put(s, chunk, n);
        got += n;
        if (n < k2)
            break;
    }
    return true;
}

/* One record's text by its format: the same grammar as the kernel's
 * __scord_printf_scan, so the words it reads are the words the kernel
 * wrote. false with the reason in r->out (replaced) on any mismatch. */
static bool pf_format(scord_device *dev, const scord_kernel *k, struct pf_rec *r)
{
    struct sbuf err = {0};
    const char *fmt = (const char *)k->image + (r->fmt - k->image_lo);
    unsigned w = 0, nconv = 0;
#define NEXT32(v)                                                                          \
    do {                                                                                   \
        if (w >= r->nargw) {                                                               \
            sb_printf(&err, "the record holds %u argument words, the format needs more",   \
                      r->nargw);                                                           \
            goto bad;                                                                      \
        }                                                                                  \
        (v) = r->arg[w++];                                                                 \
    } while (0)
    for (const char *p = fmt; *p;) {
        if (*p != '%') {
            const char *q = strchr(p, '%');
            size_t n = q ? (size_t)(q - p) : strlen(p);
            sb_put(&r->out, p, n);
            p += n;
            continue;
        }
        const char *spec = p++;
        if (*p == '%') {
            sb_put(&r->out, "%", 1);
            p++;
            continue;
        }
        char flags[8];
        size_t nf = 0;
        while (*p == '-' || *p == '+' || *p == ' ' || *p == '#' || *p == '0') {
            if (nf < sizeof flags - 2 && !memchr(flags, *p, nf))
                flags[nf++] = *p;
            p++;
        }
        long width = -1, prec = -1;
        if (*p == '*') {
            uint32_t v;
            if (nconv++ == SCORD_PRINTF_MAX_ARGS)
                goto too_many;
            NEXT32(v);
            width = (int32_t)v;
            if (width < 0) {
                width = -width;
                if (!memchr(flags, '-', nf))
                    flags[nf++] = '-';
            }
            p++;
        }
        if (*p >= '0' && *p <= '9') {
            width = 0;
            while (*p >= '0' && *p <= '9') {
                width = width * 10 + (*p++ - '0');
                if (width > PF_MAX_WIDTH)
                    break;
            }
        }
        if (*p == '.') {
            p++;
            prec = 0;
            if (*p == '*') {
                uint32_t v;
                if (nconv++ == SCORD_PRINTF_MAX_ARGS)
                    goto too_many;
                NEXT32(v);
                prec = (int32_t)v < 0 ? -1 : (long)(int32_t)v;
                p++;
            }
            while (*p >= '0' && *p <= '9') {
                prec = prec * 10 + (*p++ - '0');
                if (prec > PF_MAX_WIDTH)
                    break;
            }
        }
        if (width > PF_MAX_WIDTH || prec > PF_MAX_WIDTH) {
            sb_printf(&err, "width or precision above %d in ", PF_MAX_WIDTH);
            sb_quote(&err, fmt);
            goto bad;
        }
        int len = 0; /* 1 hh, 2 h, 3 l/z/t, 4 ll/j */
        if (*p == 'h') {
            len = p[1] == 'h' ? 1 : 2;
            p += p[1] == 'h' ? 2 : 1;
        } else if (*p == 'l') {
            len = p[1] == 'l' ? 4 : 3;
            p += p[1] == 'l' ? 2 : 1;
        } else if (*p == 'j') {
            len = 4;
            p++;
        } else if (*p == 'z' || *p == 't') {
            len = 3;
            p++;
        }
        char c = *p;
        bool is_int = c && strchr("diuxXoc", c) && !(c == 'c' && len == 4);
        bool is_fp = c && strchr("fFeEgGaA", c);
        bool is_ptr = (c == 's' || c == 'p') && !len;
        if (!is_int && !is_fp && !is_ptr) {
            char conv[16];
            /* "%Lf", not "%L": the conversion the modifier was for too. */
            size_t n = (size_t)(p - spec) + (c ? 1 : 0) + (c == 'L' && p[1] ? 1 : 0);
            if (n > sizeof conv - 1)
                n = sizeof conv - 1;
            memcpy(conv, spec, n);
            conv[n] = 0;
            sb_put(&err, "printf format ", 14);
            sb_quote(&err, conv);
            sb_put(&err, c ? " is not supported (in " : " is incomplete (in ",
                   c ? 22 : 19);
            sb_quote(&err, fmt);
            sb_put(&err, "); the kernel wrote nothing after it", 36);
            goto bad;
        }
        p++;
        if (nconv++ == SCORD_PRINTF_MAX_ARGS)
            goto too_many;
        /* C leaves the other flags undefined for these: only '-'. */
        if (c == 's' || c == 'p' || c == 'c') {
            bool left = memchr(flags, '-', nf) != NULL;
            nf = 0;
            if (left)
                flags[nf++] = '-';
        }
        /* The host's format for this conversion: flags, width and
         * precision as numbers, a length the host's printf reads right. */
        char hf[40];
        int hn = snprintf(hf, sizeof hf, "%%%.*s", (int)nf, flags);
        if (width >= 0)
            hn += snprintf(hf + hn, sizeof hf - (size_t)hn, "%ld", width);
        if (prec >= 0 && c != 'p' && c != 'c')
            hn += snprintf(hf + hn, sizeof hf - (size_t)hn, ".%ld", prec);
        if (c == 'c') {
            uint32_t v;
            NEXT32(v);
            snprintf(hf + hn, sizeof hf - (size_t)hn, "c");
            sb_printf(&r->out, hf, (int)(unsigned char)v);
        } else if (is_int) {
            uint64_t v;
            uint32_t lo, hi = 0;
            NEXT32(lo);
            if (len == 4)
                NEXT32(hi);
            v = (uint64_t)hi << 32 | lo;
            snprintf(hf + hn, sizeof hf - (size_t)hn, "ll%c", c);
            if (c == 'd' || c == 'i') {
                long long s = len == 1   ? (long long)(int8_t)v
                              : len == 2 ? (long long)(int16_t)v
                              : len == 4 ? (long long)(int64_t)v
                                         : (long long)(int32_t)v;
                sb_printf(&r->out, hf, s);
            } else {
                unsigned long long u = len == 1   ? (uint8_t)v
                                       : len == 2 ? (uint16_t)v
                                       : len == 4 ? v
                                                  : (uint32_t)v;
                sb_printf(&r->out, hf, u);
            }
        } else if (is_fp) {
            uint32_t lo, hi;
            NEXT32(lo);
            NEXT32(hi);
            uint64_t bits = (uint64_t)hi << 32 | lo;
            double d;
            memcpy(&d, &bits, sizeof d);
            snprintf(hf + hn, sizeof hf - (size_t)hn, "%c", c);
            sb_printf(&r->out, hf, d);
        } else if (c == 'p') {
            uint32_t v;
            NEXT32(v);
            char t[16];
            snprintf(t, sizeof t, "0x%x", (unsigned)v);
            snprintf(hf + hn, sizeof hf - (size_t)hn, "s");
            sb_printf(&r->out, hf, t);
        } else { /* s */
            uint32_t v;
            NEXT32(v);
            struct sbuf s = {0};
            bool ok = true;
            if (v == 0)
                sb_put(&s, "(null)", 6);
            else
                ok = pf_string(dev, k, v, prec >= 0 ? (size_t)prec : PF_MAX_STRING, &s, &err);
            if (ok) {
                snprintf(hf + hn, sizeof hf - (size_t)hn, "s");
                sb_printf(&r->out, hf, s.s ? s.s : "");
            }
            free(s.s);
            if (!ok)
                goto bad;
        }
    }
#undef NEXT32
    if (w != r->nargw) {
        sb_printf(&err, "the record holds %u argument words, its format ", r->nargw);
        sb_quote(&err, fmt);
        sb_printf(&err, " takes %u", w);
        goto bad;
    }
    free(err.s);
    return true;
too_many:
    sb_printf(&err, "more than %u arguments in one printf (format ", SCORD_PRINTF_MAX_ARGS);
    sb_quote(&err, fmt);
    sb_put(&err, ")", 1);
bad:
    free(r->out.s);
    r->out = err;
    r->bad = true;
    return false;
}

/* ---- reading the buffer when the kernel is over --------------------------- */

static int rec_cmp(const void *a, const void *b)
{
    const struct pf_rec *x = a, *y = b;
    if (x->blk != y->blk)
        return x->blk < y->blk ? -1 : 1;
    if (x->tid != y->tid)
        return x->tid < y->tid ? -1 : 1;
    return x->off < y->off ? -1 : x->off > y->off;
}

static bool pf_add_line(struct scord_printf_state *p, uint32_t blk, uint32_t tid, bool thread,
                        bool error, const char *text, size_t n)
{
    if (p->nlines == p->lcap) {
        size_t cap = p->lcap ? 2 * p->lcap : 16;
        struct pf_line *nl = realloc(p->lines, cap * sizeof *nl);
        if (!nl)
            return false;
        p->lines = nl;
        p->lcap = cap;
    }
    char *t = malloc(n + 1);
    if (!t)
        return false;
    memcpy(t, text, n);
    t[n] = 0;
    struct pf_line *l = &p->lines[p->nlines++];
    memset(l, 0, sizeof *l);
    l->text = t;
    l->pub.text = t;
    l->pub.error = error;
    l->pub.has_thread = thread;
    if (thread) {
        l->pub.block = blk;
        l->pub.thread = tid;
        uint32_t gx = p->grid.x ? p->grid.x : 1, gy = p->grid.y ? p->grid.y : 1;
        uint32_t bx = p->block.x ? p->block.x : 1, by = p->block.y ? p->block.y : 1;
        l->pub.block_idx.x = blk % gx;
        l->pub.block_idx.y = blk / gx % gy;
        l->pub.block_idx.z = blk / gx / gy;
        l->pub.thread_idx.x = tid % bx;
        l->pub.thread_idx.y = tid / bx % by;
        l->pub.thread_idx.z = tid / bx / by;
    }
    return true;
}

/* Each thread's records, in order, as lines: a record's text split at
 * '\n', one ending without it continued by the thread's next record. */
static bool pf_lines(struct scord_printf_state *p, struct pf_rec *rec, size_t n)
{
    struct sbuf pend = {0};
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        struct pf_rec *r = &rec[i];
        if (r->bad) {
            if (pend.len)
                ok = pf_add_line(p, r->blk, r->tid, true, false, pend.s, pend.len);
            pend.len = 0;
            ok = ok && pf_add_line(p, r->blk, r->tid, true, true, r->out.s ? r->out.s : "",
                                   r->out.len);
        } else {
            const char *s = r->out.s ? r->out.s : "";
            size_t left = r->out.len;
            while (ok && left) {
                const char *nl = memchr(s, '\n', left);
                size_t k = nl ? (size_t)(nl - s) : left;
                sb_put(&pend, s, k);
                if (pend.oom)
                    ok = false;
                if (nl && ok) {
                    ok = pf_add_line(p, r->blk, r->tid, true, false, pend.s ? pend.s : "",
                                     pend.len);
                    pend.len = 0;
                    k++;
                }
                s += k;
                left -= k;
            }
        }
        bool last = i + 1 == n || rec[i + 1].blk != r->blk || rec[i + 1].tid != r->tid;
        if (ok && last && pend.len) {
            ok = pf_add_line(p, r->blk, r->tid, true, false, pend.s, pend.len);
            pend.len = 0;
        }
    }
    free(pend.s);
    return ok;
}

static uint32_t le32(const unsigned char *b)
{
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

int scord_printf_collect(scord_device *dev)
{
    struct scord_printf_state *p = dev->pf;
    dev->pf_base = dev->pf_bytes = 0;
    if (!p || !p->kernel || !p->bytes)
        return 0;
    const scord_kernel *k = p->kernel;
    p->kernel = NULL;
    unsigned char *raw = NULL;
    uint32_t *words = NULL;
    struct pf_rec *rec = NULL;
    size_t nrec = 0;
    struct sbuf msg = {0};
    int rc = 0;
    unsigned char hb[8];
    if (dev->be->mem_read(dev->ctx, p->base, hb, sizeof hb)) {
        sb_printf(&msg, "reading the printf buffer at 0x%08x failed", (unsigned)p->base);
        goto out;
    }
    uint32_t used = le32(hb), lost = le32(hb + 4);
    uint32_t n = used < p->cap ? used : p->cap;
    p->lost = lost;
    raw = malloc((size_t)n * 4 + 4);
    words = malloc((size_t)n * 4 + 4);
    rec = calloc((size_t)n / SCORD_PRINTF_REC_WORDS + 1, sizeof *rec);
    if (!raw || !words || !rec) {
        rc = scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
        goto out;
    }
    if (n && dev->be->mem_read(dev->ctx, p->base + 4 * SCORD_PRINTF_HDR_WORDS, raw,
                               (size_t)n * 4)) {
        sb_printf(&msg, "reading the printf buffer at 0x%08x failed", (unsigned)p->base);
        goto out;
    }
    for (uint32_t i = 0; i < n; i++)
        words[i] = le32(raw + 4 * i);
    uint64_t blocks = (uint64_t)p->grid.x * p->grid.y * p->grid.z;
    uint64_t threads = (uint64_t)p->block.x * p->block.y * p->block.z;
    /* Records lie back to back from word 0: every reservation that fit was
     * written. A record that fails its checks leaves nowhere to go on. */
    for (uint32_t off = 0; off < n;) {
        const uint32_t *r = words + off;
        uint32_t h = r[0], nw = h >> 16 & 0xff;
        if (lost && h == (SCORD_PRINTF_MAGIC << 24 | SCORD_PRINTF_END << 16 | (p->this_gen & 0xffff)))
            break; /* where the first call that did not fit would have written */
        bool ok = n - off >= SCORD_PRINTF_REC_WORDS && (h >> 24) == SCORD_PRINTF_MAGIC &&
                  nw <= 2 * SCORD_PRINTF_MAX_ARGS && nw <= n - off - SCORD_PRINTF_REC_WORDS;
        if (ok) {
            uint32_t chk = (p->this_gen ^ r[1] ^ r[2] ^ r[3] ^ r[3] >> 16) & 0xffff;
            ok = (h & 0xffff) == chk && r[1] < blocks && r[2] < threads;
        }
        if (!ok) {
            sb_printf(&msg,
                      "printf buffer damaged at record word %u of %u (header 0x%08x): the "
                      "rest is skipped; did the kernel write into the buffer [0x%08x, +%u)?",
                      (unsigned)off, (unsigned)n, (unsigned)h, (unsigned)p->base,
                      (unsigned)p->bytes);
            p->invalid++;
            break;
        }
        struct pf_rec *x = &rec[nrec++];
        x->blk = r[1];
        x->tid = r[2];
        x->fmt = r[3];
        x->off = off;
        x->arg = r + SCORD_PRINTF_REC_WORDS;
        x->nargw = nw;
        off += SCORD_PRINTF_REC_WORDS + nw;
        /* The format: a string of the image, ended inside it. */
        if (!k->image || x->fmt < k->image_lo || x->fmt >= k->image_hi ||
            !memchr((const char *)k->image + (x->fmt - k->image_lo), 0, k->image_hi - x->fmt)) {
            sb_printf(&x->out,
                      "printf format pointer 0x%08x lies outside the kernel image "
                      "[0x%08x, 0x%08x): the format must be a string literal",
                      (unsigned)x->fmt, (unsigned)k->image_lo, (unsigned)k->image_hi);
            x->bad = true;
        } else {
            pf_format(dev, k, x);
        }
        if (x->out.oom) {
            rc = scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
            goto out;
        }
        if (x->bad)
            p->invalid++;
        else
            p->records++;
    }
    qsort(rec, nrec, sizeof *rec, rec_cmp);
    if (!pf_lines(p, rec, nrec))
        rc = scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
out:
    if (!rc && msg.len && !pf_add_line(p, 0, 0, false, true, msg.s, msg.len))
        rc = scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    for (size_t i = 0; i < nrec; i++)
        free(rec[i].out.s);
    free(rec);
    free(words);
    free(raw);
    free(msg.s);
    return rc;
}

/* ---- the API ------------------------------------------------------------- */

int scord_printf_drain(scord_device *dev, struct scord_printf_line *lines, size_t max, size_t *n,
                       struct scord_printf_info *info)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    if (!n || (max && !lines))
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "no place for the lines or their count");
    if (dev->running)
        return scord_fail(dev, SCORD_ERR_BUSY,
                          "a kernel is running: its printf output is there after scord_wait");
    struct scord_printf_state *p = dev->pf;
    size_t k = 0;
    if (p)
        for (; k < max && p->taken < p->nlines; k++)
            lines[k] = p->lines[p->taken++].pub;
    *n = k;
    if (info) {
        memset(info, 0, sizeof *info);
        if (p) {
            info->records = p->records;
            info->lost = p->lost;
            info->invalid = p->invalid;
            info->buffer_bytes = p->bytes;
            info->remaining = (uint32_t)(p->nlines - p->taken);
        }
    }
    return SCORD_OK;
}

int scord_printf_format(const struct scord_printf_line *line, char *buf, size_t len)
{
    if (!line || !line->text || (!buf && len))
        return SCORD_ERR_INVALID_ARG;
    if (!line->has_thread)
        return snprintf(buf, len, "[printf] %s\n", line->text);
    return snprintf(buf, len, "[block (%u,%u,%u) thread (%u,%u,%u)] %s\n",
                    (unsigned)line->block_idx.x, (unsigned)line->block_idx.y,
                    (unsigned)line->block_idx.z, (unsigned)line->thread_idx.x,
                    (unsigned)line->thread_idx.y, (unsigned)line->thread_idx.z, line->text);
}
