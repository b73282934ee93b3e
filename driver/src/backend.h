/* The table every backend of libscord fills in. The generic layer
 * (scord_int.h) speaks only in control-register indices and device memory
 * ranges, so a board over a link can replace the cycle model without
 * touching it. Every function returns 0 or a negative enum scord_error;
 * `err` (size SCORD_BACKEND_ERRLEN) receives a message on failure of open. */
#ifndef SCORD_BACKEND_H
#define SCORD_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#define SCORD_BACKEND_ERRLEN 256

struct scord_backend {
    const char *name; /* URI scheme: "sim" */
    /* options: the part of the URI after "name:", "" when absent. */
    int (*open)(void **ctx, const char *options, char *err);
    void (*close)(void *ctx);
    int (*reg_read)(void *ctx, uint32_t idx, uint32_t *value);
    int (*reg_write)(void *ctx, uint32_t idx, uint32_t value);
    /* Ranges are checked by the generic layer against mem_bytes. */
    int (*mem_read)(void *ctx, uint32_t addr, void *dst, size_t n);
    int (*mem_write)(void *ctx, uint32_t addr, const void *src, size_t n);
    /* Let the device run: `cycles` clock cycles for a model, about that
     * much time for hardware. */
    int (*advance)(void *ctx, uint32_t cycles);
    /* Cycles after a soft reset until no memory response from before the
     * reset can still arrive. */
    uint32_t (*settle_cycles)(void *ctx);

    /* Optional operations: NULL when the backend has none (the generic
     * layer then uses the ones above). A backend behind a slow link
     * provides them to do in one exchange what would take many. */
    /* Registers first .. first+count-1, in that order. */
    int (*reg_read_n)(void *ctx, uint32_t first, uint32_t count, uint32_t *values);
    /* writes[i] = {index, value}, executed in order. */
    int (*reg_write_n)(void *ctx, const uint32_t (*writes)[2], size_t count);
    /* Take up to max raw 32-byte race records out of the detector's ring,
     * oldest first, as the ring drain of docs/detector.md §8.3 does (the
     * device claims the slots, copies them and moves DET_RING_TAIL).
     * *taken receives the count, *remaining the records still in the ring.
     * NOT_SUPPORTED when the ring is not configured. */
    int (*ring_take)(void *ctx, void *records, uint32_t max, uint32_t *taken,
                     uint32_t *remaining);
    /* One line of text about the device beyond the registers (firmware,
     * self-test), for `scord info`. */
    int (*describe)(void *ctx, char *buf, size_t len);
};

extern const struct scord_backend scord_backend_sim;
extern const struct scord_backend scord_backend_uart;

#endif
