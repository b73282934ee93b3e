/* gendefs: turn config/regmap.def and a config/<name>.cfg into one Verilog
 * header and one C header, so RTL, firmware and driver share every number.
 *
 *   gendefs regmap.def config.cfg out.vh out.h
 *
 * A configuration may start from another: a line `include config/x.cfg`
 * (the path as make's `include` reads it, from the repository root) takes
 * x's keys, and the lines after it override them.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int die(const char *what, const char *path)
{
    fprintf(stderr, "gendefs: %s: %s\n", path, what);
    return 1;
}

static char *trim(char *s)
{
    char *hash = strchr(s, '#');
    if (hash)
        *hash = '\0';
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* The configuration's keys, kept for the checks after reading it. */
struct key {
    char name[64];
    unsigned long long value;
};
static struct key keys[64];
static int nkeys;

static const struct key *find_key(const char *name)
{
    for (int i = 0; i < nkeys; i++)
        if (!strcmp(keys[i].name, name))
            return &keys[i];
    return NULL;
}

static int is_pow2(unsigned long long v) { return v && !(v & (v - 1)); }

/* Shapes the RTL cannot build, refused here with the reason instead of
 * failing later in Verilator or, worse, building something else. Only the
 * keys present are checked: the kernels' headers use an empty config. */
static int check_config(const char *path)
{
    const struct key *t = find_key("NUM_THREADS"), *s = find_key("SMEM_BYTES");
    if (t && !is_pow2(t->value)) {
        fprintf(stderr, "gendefs: %s: NUM_THREADS=%llu is not a power of two (one shared-memory "
                        "bank per lane, selected by address bits)\n", path, t->value);
        return 1;
    }
    if (s && s->value) {
        unsigned long long row = 4 * (t ? t->value : 1);
        if (s->value % row) {
            fprintf(stderr, "gendefs: %s: SMEM_BYTES=%llu is not a multiple of %llu (a row of "
                            "4-byte banks, one per lane)\n", path, s->value, row);
            return 1;
        }
        if (s->value > 0x01000000ull) {
            fprintf(stderr, "gendefs: %s: SMEM_BYTES=%llu is larger than the shared window "
                            "(16 MiB, SMEM_WINDOW)\n", path, s->value);
            return 1;
        }
    }
    const struct key *f = find_key("MD_FRESH");
    if (f && f->value > 1) {
        fprintf(stderr, "gendefs: %s: MD_FRESH=%llu is neither 0 nor 1\n", path, f->value);
        return 1;
    }
    static const char *const flags[] = { "E_STAGE", "H_STAGE", "DET_SUPP_SEQ", "DET_WRITE_STAGE" };
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        const struct key *e = find_key(flags[i]);
        if (e && e->value > 1) {
            fprintf(stderr, "gendefs: %s: %s=%llu is neither 0 nor 1\n", path, flags[i], e->value);
            return 1;
        }
    }
    const struct key *d = find_key("DET_SLOTS"), *l = find_key("LINE_BYTES");
    unsigned long long grans = l ? l->value / 4 : 1;
    if (d && (d->value == 0 || (d->value & (d->value - 1)) || d->value > grans)) {
        fprintf(stderr, "gendefs: %s: DET_SLOTS=%llu is not a power of two from 1 to LINE_BYTES / 4 "
                        "= %llu (the race detector checks up to that many granules of a line at "
                        "once, each in a check slot with its own metadata entry)\n",
                path, d->value, grans);
        return 1;
    }
    return 0;
}

static int parse_value(const char *text, unsigned long long *out)
{
    char *end;
    errno = 0;
    *out = strtoull(text, &end, 0);
    return errno || *end != '\0' || end == text ? -1 : 0;
}

/* Keys of path (and of the files it includes) into keys[]; a key set
 * again replaces its value and keeps its place. */
static int read_config(const char *path, int depth)
{
    if (depth > 4) {
        fprintf(stderr, "gendefs: %s: includes nested too deep\n", path);
        return 1;
    }
    FILE *in = fopen(path, "r");
    if (!in)
        return die("cannot read", path);
    char line[512];
    int rc = 0;
    for (int ln = 1; !rc && fgets(line, sizeof line, in); ln++) {
        char *s = trim(line), *eq;
        unsigned long long v;
        if (!*s)
            continue;
        if (!strncmp(s, "include", 7) && isspace((unsigned char)s[7])) {
            rc = read_config(trim(s + 8), depth + 1);
            continue;
        }
        eq = strchr(s, '=');
        if (!eq || parse_value(eq + 1, &v)) {
            fprintf(stderr, "gendefs: %s:%d: expected KEY=VALUE or include FILE\n", path, ln);
            rc = 1;
            break;
        }
        *eq = '\0';
        struct key *k = (struct key *)find_key(s);
        if (!k) {
            if (nkeys == (int)(sizeof keys / sizeof keys[0]) || strlen(s) >= sizeof keys[0].name) {
                fprintf(stderr, "gendefs: %s:%d: too many keys or name too long\n", path, ln);
                rc = 1;
                break;
            }
            k = &keys[nkeys++];
            strcpy(k->name, s);
        }
        k->value = v;
    }
    fclose(in);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: gendefs regmap.def config.cfg out.vh out.h\n");
        return 2;
    }
    FILE *vh = fopen(argv[3], "w"), *ch = fopen(argv[4], "w");
    if (!vh || !ch)
        return die("cannot write", !vh ? argv[3] : argv[4]);
    fprintf(vh, "// Generated by tools/gendefs from %s and %s. Do not edit.\n"
                "`ifndef SCORD_DEFS_VH\n`define SCORD_DEFS_VH\n", argv[1], argv[2]);
    fprintf(ch, "/* Generated by tools/gendefs from %s and %s. Do not edit. */\n"
                "#ifndef SCORD_DEFS_H\n#define SCORD_DEFS_H\n", argv[1], argv[2]);

    char line[512];
    unsigned long long v;
    /* regmap.def: NAME WIDTH VALUE */
    FILE *in = fopen(argv[1], "r");
    if (!in)
        return die("cannot read", argv[1]);
    for (int ln = 1; fgets(line, sizeof line, in); ln++) {
        char *s = trim(line), name[128], val[64];
        unsigned width;
        if (!*s)
            continue;
        if (sscanf(s, "%127s %u %63s", name, &width, val) != 3 || width == 0 ||
            width > 64 || parse_value(val, &v)) {
            fprintf(stderr, "gendefs: %s:%d: expected NAME WIDTH VALUE\n", argv[1], ln);
            return 1;
        }
        fprintf(vh, "`define %s %u'd%llu\n", name, width, v);
        fprintf(ch, "#define SCORD_%s 0x%llxu\n", name, v);
    }
    fclose(in);

    /* config.cfg: KEY=VALUE, emitted unsized for Verilog (parameters) */
    int bad = read_config(argv[2], 0);
    for (int i = 0; i < nkeys; i++) {
        fprintf(vh, "`define GPU_%s %llu\n", keys[i].name, keys[i].value);
        fprintf(ch, "#define GPU_%s %lluu\n", keys[i].name, keys[i].value);
    }
    if (bad || check_config(argv[2])) {
        /* no half-written headers for make to take as up to date */
        fclose(vh);
        fclose(ch);
        remove(argv[3]);
        remove(argv[4]);
        return 1;
    }
    /* One formula for every module that carries line events (docs/detector.md
       §3.1): the lead lane's event, the lane mask, one byte offset per lane,
       the lanes whose weak load returned a stale L1 value, each lane's value
       class (a lane number: clog2(lanes) bits, at least 1). */
    fprintf(vh, "`define DET_LINE_LB(lanes) (((lanes) > 1) ? $clog2(lanes) : 1)\n");
    fprintf(vh, "`define DET_LINE_EVW(lanes, line_bytes) "
                "(`DET_EV_WORDS * 32 + (lanes) * (2 + $clog2(line_bytes) + `DET_LINE_LB(lanes)))\n");
    fprintf(vh, "`endif\n");
    fprintf(ch, "#endif\n");
    if (fclose(vh) || fclose(ch))
        return die("write failed", argv[3]);
    return 0;
}
