/* Race reports as SARIF 2.1.0 (Static Analysis Results Interchange Format),
 * the log format CI systems and code review tools read (`scord run
 * --sarif FILE`).
 *
 * One run of tool "scord"; one rule per race type (ruleId = the type's
 * name, e.g. "device-fence"); one result per race record, level "error",
 * occurrenceCount = the record's count. The result's location is the
 * current access: its source line (the kernel's DWARF) and its PC. The
 * previous access is a related location when its PC is known, and the
 * message links to it ("[earlier store](1)") and names its thread;
 * otherwise the message names it by kind, warp and block and says its
 * line is unknown. Shared-memory races name the __shared__ variable. Source files are given relative to the
 * current directory (uriBaseId SRCROOT) when they lie under it, else as
 * absolute file: URIs. */
#ifndef SCORD_CLI_SARIF_H
#define SCORD_CLI_SARIF_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "scord.h"

/* The previous access's PC, if r tells it: true and *pc set. */
typedef bool (*sarif_prev_pc_fn)(const struct scord_race *r, uint32_t *pc);

/* The one place that reads the previous access's PC from a race record:
 * r->prev_pc when the detector kept it (r->prev_known, record v2,
 * docs/detector.md §8), else false (the message then says the earlier
 * access's line is unknown). */
bool sarif_prev_pc_from_record(const struct scord_race *r, uint32_t *pc);

struct sarif_run {
    const char *tool_version;   /* e.g. "1.0" */
    const char *kernel;         /* the kernel ELF's path, as given */
    const char *config;         /* the device's configuration name, or NULL */
    bool kernel_finished;       /* the kernel ran to its end (no fault, timeout) */
    uint32_t dropped;           /* race occurrences lost to a full ring */
    uint32_t invalid;           /* malformed records skipped */
    sarif_prev_pc_fn prev_pc;   /* NULL: sarif_prev_pc_from_record */
};

/* Write the SARIF log of races[0..n-1] (of kernel k, which may be NULL:
 * then PCs only) to f. Returns 0, or -1 if writing failed (errno set). */
int sarif_write(FILE *f, const scord_kernel *k, const struct scord_race *races, size_t n,
                const struct sarif_run *run);

#endif
