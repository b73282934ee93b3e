/* The C unit tests' harness (unit.h). */
#include "unit.h"

#include <stdarg.h>
#include <string.h>

static char why[1024];
static unsigned passed, failed;
static FILE *out;
/* the seed of the last generator seeded since the last verdict */
static int seeded;
static uint64_t last_seed;

int unit_fail(const char *fmt, ...)
{
    /* formatted apart first: the arguments may include unit_why() itself */
    char s[sizeof why];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s, sizeof s, fmt, ap);
    va_end(ap);
    memcpy(why, s, sizeof why);
    return 0;
}

const char *unit_why(void) { return why; }
unsigned unit_passed(void) { return passed; }
unsigned unit_failed(void) { return failed; }
int unit_status(void) { return failed ? 1 : 0; }
void unit_output(FILE *f) { out = f; }

int unit_report(int ok, const char *name)
{
    FILE *f = out ? out : stdout;
    if (ok) {
        fprintf(f, "PASS %s\n", name);
        passed++;
    } else {
        fprintf(f, "FAIL %s: %s", name, why[0] ? why : "failed (no reason given)");
        if (seeded)
            fprintf(f, " (seed %llu)", (unsigned long long)last_seed);
        fputc('\n', f);
        failed++;
    }
    fflush(f);
    why[0] = '\0';
    seeded = 0;
    return ok;
}

int unit_reportf(int ok, const char *fmt, ...)
{
    char name[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    return unit_report(ok, name);
}

static int wanted(const char *name, int argc, char **argv)
{
    if (argc < 2)
        return 1;
    for (int a = 1; a < argc; a++)
        if (!strcmp(argv[a], name))
            return 1;
    return 0;
}

unsigned unit_run(const struct unit_case *const *tables, int argc, char **argv, const char *prefix)
{
    unsigned n = 0;
    for (; *tables; tables++)
        for (const struct unit_case *c = *tables; c->name; c++) {
            if (!wanted(c->name, argc, argv))
                continue;
            why[0] = '\0';
            seeded = 0;
            n++;
            unit_reportf(c->fn(), "%s%s", prefix ? prefix : "", c->name);
        }
    return n;
}

void unit_rng_seed(struct unit_rng *r, uint64_t seed)
{
    r->seed = seed;
    r->s = seed ? seed : 1;
    seeded = 1;
    last_seed = seed;
}

uint64_t unit_rng_next(struct unit_rng *r)
{
    r->s ^= r->s >> 12;
    r->s ^= r->s << 25;
    r->s ^= r->s >> 27;
    return r->s * 2685821657736338717ull;
}

uint32_t unit_rng_below(struct unit_rng *r, uint32_t n)
{
    return n ? (uint32_t)(unit_rng_next(r) % n) : 0;
}
