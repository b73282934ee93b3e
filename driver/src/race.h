/* Private glue between scord.c and race.c (race reports, docs/detector.md
 * §8), plus the pieces of race.c that tests reach directly. Not installed:
 * programs use scord.h. */
#ifndef SCORD_RACE_H
#define SCORD_RACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "scord.h"

/* ---- race.c, called by scord.c ------------------------------------------ */

/* Debug information of one kernel: its function symbols and DWARF. */
struct scord_dbg;

/* Keep what addr2line needs from an ELF image that scord.c has already
 * checked (the image is copied: libelf reads it in place). A file without
 * DWARF or with unreadable DWARF is not an error: lookups then give "??".
 * Errors: NO_MEM (detail set on dev). */
int scord_dbg_open(scord_device *dev, const void *image, size_t size, struct scord_dbg **out);
void scord_dbg_close(struct scord_dbg *dbg);

/* ---- scord.c, called by race.c ------------------------------------------ */

/* The library's error detail (dev NULL: this thread's); returns err. */
#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
int scord_priv_fail(scord_device *dev, int err, const char *fmt, ...);
/* Control registers through the device's backend, detail set on failure. */
int scord_priv_reg_read(scord_device *dev, uint32_t idx, uint32_t *value);
int scord_priv_reg_write(scord_device *dev, uint32_t idx, uint32_t value);
/* Consecutive control registers (one exchange where the backend can). */
int scord_priv_reg_read_n(scord_device *dev, uint32_t first, uint32_t count, uint32_t *values);
/* A device whose backend takes race records out of the ring itself
 * (ring_take): records streamed while a kernel ran wait in a host-side
 * queue, oldest first. queue_take moves up to max raw records from the
 * queue to dst and returns the count. */
bool scord_priv_can_take(const scord_device *dev);
/* Takes the ring's records into the queue, merging those of a queued
 * record's (PC, type) into it, as while streaming. */
int scord_priv_stream_pull(scord_device *dev);
uint32_t scord_priv_queued(const scord_device *dev);
uint32_t scord_priv_queue_take(scord_device *dev, unsigned char *dst, uint32_t max);
/* NULL for a NULL kernel. */
struct scord_dbg *scord_priv_kernel_dbg(const scord_kernel *kernel);
/* Grid and block of the device's last launch and its lanes per warp; all
 * 0 before the first launch. */
void scord_priv_launch_shape(const scord_device *dev, struct scord_dim3 *grid,
                             struct scord_dim3 *block, uint32_t *warp_size);

/* ---- race.c internals, for tests ------------------------------------------ */

/* What the ring drain needs from a device: registers and memory reads.
 * scord_ring_drain() plugs in the real device; a test can plug in the
 * reference model, which has the detector's registers and ring. Each
 * function returns 0 or a negative enum scord_error. */
struct scord_ring_port {
    void *ctx;
    int (*reg_read)(void *ctx, uint32_t idx, uint32_t *value);
    int (*reg_write)(void *ctx, uint32_t idx, uint32_t value);
    int (*mem_read)(void *ctx, uint32_t addr, void *dst, size_t n);
};

/* scord_ring_drain() over a port (which also gives DET_PC_BASE, the base
 * of the previous accesses' PC indexes); dev only receives the error
 * detail and may be NULL. The races' launch fields are left 0. */
int scord_priv_ring_drain(const struct scord_ring_port *port, scord_device *dev,
                          struct scord_race *races, size_t max, size_t *n,
                          struct scord_ring_info *info);

/* s as a JSON string literal (quotes included) into buf, snprintf style:
 * returns the full length. Bytes that are not UTF-8 become U+FFFD. */
size_t scord_priv_json_string(char *buf, size_t len, const char *s);

#endif
