#ifndef T_DET_OVERFLOW_ARGS_H
#define T_DET_OVERFLOW_ARGS_H
#include "scord_kargs.h"

/* Distinct store instructions (PCs) of the kernel. */
#define DETOVF_STORES 8

/* Two blocks of `blockDim.x` threads; thread t of either block stores to
 * buf[k * stride + t] with the k-th of DETOVF_STORES store instructions,
 * without fences. Every word is thus written exactly twice, once by each
 * block: whichever comes second is a missing-device-fence race, in any
 * order. A launch makes exactly DETOVF_STORES * blockDim.x races of type
 * DEV_FENCE, spread over DETOVF_STORES PCs (so over as many records). */
struct det_overflow_args {
    SCORD_PTR(uint32_t) buf; /* DETOVF_STORES * stride words */
    uint32_t stride;         /* >= blockDim.x */
};
SCORD_KARGS_SIZE(struct det_overflow_args, 8);
#endif
