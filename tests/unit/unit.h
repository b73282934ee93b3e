/* The harness of the C unit tests: one verdict line per test, in the form
 * the test runner counts ("PASS name" or "FAIL name: why"), a table of
 * cases run by name, and a deterministic random generator whose seed is
 * printed with a failure so the case can be replayed.
 *
 * A case is `int fn(void)`: 1 passed; 0 failed, after unit_fail() said why
 * (CHECK does both). */
#ifndef UNIT_H
#define UNIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define UNIT_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define UNIT_PRINTF(f, a)
#endif

/* ---- verdicts ------------------------------------------------------------- */

/* Sets why the running case fails (replacing a reason given before) and
 * returns 0, for `return unit_fail(...)`. */
int unit_fail(const char *fmt, ...) UNIT_PRINTF(1, 2);
#define CHECK(c, ...)                                                                          \
    do {                                                                                       \
        if (!(c))                                                                              \
            return unit_fail(__VA_ARGS__);                                                     \
    } while (0)

/* Prints the verdict on `name` ("PASS name", or "FAIL name: why" with the
 * reason unit_fail() kept and the seed of a generator seeded since the last
 * verdict), counts it, clears the reason; returns ok. */
int unit_report(int ok, const char *name);
/* The same with a name built by printf. */
int unit_reportf(int ok, const char *fmt, ...) UNIT_PRINTF(2, 3);

/* The reason kept so far ("" if none). */
const char *unit_why(void);
/* Verdicts given so far. */
unsigned unit_passed(void);
unsigned unit_failed(void);
/* The exit status of a test program: 1 if anything failed. */
int unit_status(void);
/* Where verdicts go (default stdout). */
void unit_output(FILE *f);

/* ---- case tables ---------------------------------------------------------- */

struct unit_case {
    const char *name;
    int (*fn)(void);
};
#define UNIT_CASE(f) {#f, f}
#define UNIT_END {NULL, NULL}

/* Runs the cases of each table (a list ending with NULL; each table ends
 * with UNIT_END) in order, or only those named in argv[1..argc-1] when
 * there are any; each verdict's name is prefix + the case's name. Returns
 * the number of cases run. */
unsigned unit_run(const struct unit_case *const *tables, int argc, char **argv, const char *prefix);

/* ---- random numbers -------------------------------------------------------- */

/* xorshift64*: the seed is the first state (0 is taken as 1). */
struct unit_rng {
    uint64_t s, seed;
};
void unit_rng_seed(struct unit_rng *r, uint64_t seed);
uint64_t unit_rng_next(struct unit_rng *r);
/* 0 .. n-1 (0 for n == 0) */
uint32_t unit_rng_below(struct unit_rng *r, uint32_t n);

#ifdef __cplusplus
}
#endif

#endif
