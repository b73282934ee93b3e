/* One fuzz target (docs/trust.md, "Fuzzing"): tests/fuzz/<target>/fuzz.c
 * defines both functions; tests/fuzz/fuzz_main.c drives them, under AFL++
 * (persistent mode, built with afl-clang-fast by `make fuzz`) or replaying
 * files (the corpus, in `make test`). A target reports a bug by crashing
 * (abort, a sanitizer, a signal) or by hanging, never by returning. */
#ifndef FUZZ_H
#define FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* Once per process, before the first input. */
void fuzz_init(void);
/* One input. Must leave the process as it found it. */
void fuzz_one(const uint8_t *data, size_t len);

/* abort() with a message when cond is false: a property the target must
 * keep whatever the input. */
#define FUZZ_ASSERT(cond, ...)                                                  \
    do {                                                                        \
        if (!(cond))                                                            \
            fuzz_fail(__FILE__, __LINE__, #cond, __VA_ARGS__);                  \
    } while (0)
void fuzz_fail(const char *file, int line, const char *cond, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 4, 5)));

#endif
