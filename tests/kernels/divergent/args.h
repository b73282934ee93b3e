#ifndef T_DIVERGENT_ARGS_H
#define T_DIVERGENT_ARGS_H
#include "scord_kargs.h"

/* out[i] = divergent_value(i, seeds[i]) for every global thread i < n. */
struct divergent_args {
    SCORD_PTR(const uint32_t) seeds;
    SCORD_PTR(uint32_t) out;
    uint32_t n;
};
SCORD_KARGS_SIZE(struct divergent_args, 12);
#endif
