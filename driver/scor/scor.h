/* scord-scor internals: the workload table and the result of one run. */
#ifndef SCORD_SCOR_RUNNER_H
#define SCORD_SCOR_RUNNER_H

#include <stddef.h>
#include <stdint.h>

#include "scor_app.h"
#include "scord.h"

enum scor_class { SCOR_FREE = 0, SCOR_RACY = 1, SCOR_LIMIT_FP = 2, SCOR_LIMIT_FN = 3 };
#define SCOR_RT(t) (1u << SCORD_RACE_##t)

/* Applications found at build time (apps.c, from the generated list). */
extern const struct scor_app *const scor_apps[];
extern const size_t scor_num_apps;

#endif
