/* scord-scor internals: the workload table and the result of one run. */
#ifndef SCORD_SCOR_RUNNER_H
#define SCORD_SCOR_RUNNER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "scor_app.h"
#include "scord.h"

enum scor_class { SCOR_FREE = 0, SCOR_RACY = 1, SCOR_LIMIT_FP = 2, SCOR_LIMIT_FN = 3 };
#define SCOR_RT(t) (1u << SCORD_RACE_##t)

/* A kernel of the "beyond" group (sw/bench/beyond/beyond.def). */
struct beyond_kernel {
    const char *name;
    unsigned gx, gy, bx, by; /* grid; block in threads or BEYOND_W(k) */
    unsigned n, check;       /* beyond_args.n; enum beyond_check (0: none) */
    int racy;
};

/* Run one beyond kernel (beyond.c): inputs, one launch through
 * ctx->launch, and for a race-free kernel its result against the host's
 * reference. A racy kernel's result is only described, on note when not
 * NULL. Returns 0, or -1 with ctx->msg set. */
int beyond_run(struct scor_ctx *ctx, const struct beyond_kernel *k, FILE *note);

/* Applications found at build time (apps.c, from the generated list). */
extern const struct scor_app *const scor_apps[];
extern const size_t scor_num_apps;

#endif
