/* Directed tests of the race-detector reference model (docs/detector.md),
 * one file per concern, run here in one table:
 *   checks_scord.c    Tables III and IV, lock table, counters wrapping
 *   checks_beyond.c   lanes of a warp, bytes, scoped atomics, previous PC
 *   checks_acquire.c  the acquire side: epoch, stamps, STALE_READ, stale flag
 *   metadata.c        metadata modes, layout, update rules
 *   reports.c         report writer, registers, intrusion, event packing
 *   evgen.c           the event generator
 * One line per case: "PASS name" or "FAIL name: reason"; exit 1 on failure.
 *   test_refmodel [case...]   (default: every case) */
#include <stdio.h>

#include "fixture.h"

int main(int argc, char **argv)
{
    static const struct unit_case *const tables[] = {refmodel_scord_cases, refmodel_beyond_cases,
                                                     refmodel_acquire_cases, refmodel_metadata_cases, refmodel_report_cases,
                                                     refmodel_evgen_cases, NULL};
    unsigned n = unit_run(tables, argc, argv, "");
    scord_ref_free(m);
    printf("refmodel: %u passed, %u failed\n", n - unit_failed(), unit_failed());
    return unit_status();
}
