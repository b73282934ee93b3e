#ifndef T_SCOPED_ATOMICS_ARGS_H
#define T_SCOPED_ATOMICS_ARGS_H
#include "scord_kargs.h"

/* Every atomic of scord_gpu.h, in both scopes.
 *   device scope: all threads of the grid on slots[0 .. SA_SLOTS), operand
 *     index g = global thread index;
 *   block scope: the threads of block b on slots[SA_SLOTS * (1 + b) ...],
 *     g = threadIdx.x. Blocks use disjoint lines, so no cross-core sharing.
 * Returned old values of ADD (SA_REPS per thread) and EXCH go to the ticket
 * arrays: the host checks they are a permutation, i.e. no update was lost or
 * seen twice. */
enum {
    SA_ADD, SA_CAS, SA_SUB, SA_MIN, SA_MAX, SA_MINU, SA_MAXU,
    SA_AND, SA_OR, SA_XOR, SA_EXCH,
    SA_SLOTS = 16 /* 64 bytes: whole lines on every configuration */
};
#define SA_REPS 4

static inline int32_t sa_signed(uint32_t g) { return (int32_t)(g * 2654435761u); }
static inline uint32_t sa_unsigned(uint32_t g) { return g * 2246822519u + 1u; }
static inline uint32_t sa_or_bit(uint32_t g) { return 1u << (g * 7u % 32u); }
static inline uint32_t sa_and_mask(uint32_t g) { return ~(1u << (g * 5u % 32u)); }
static inline uint32_t sa_xor(uint32_t g) { return g * 0x9E3779B9u; }

struct scoped_atomics_args {
    SCORD_PTR(uint32_t) slots;        /* SA_SLOTS * (1 + gridDim.x) words */
    SCORD_PTR(uint32_t) dev_tickets;  /* [g * SA_REPS + k] */
    SCORD_PTR(uint32_t) dev_exch;     /* [g] */
    SCORD_PTR(uint32_t) blk_tickets;  /* [global index * SA_REPS + k] */
    SCORD_PTR(uint32_t) blk_exch;     /* [global index] */
};
SCORD_KARGS_SIZE(struct scoped_atomics_args, 20);
#endif
