/* The race reports of `scord run`: every record drained from the
 * detector's ring, printed as compute-sanitizer would, as JSON lines and
 * as a SARIF log (sarif.c), then the summary line. */
#include <stdlib.h>

#include "cli.h"
#include "sarif.h"
#include "scord_defs.h"

#ifndef SCORD_VERSION
#define SCORD_VERSION "unknown"
#endif

/* The races as a SARIF log into sarif (sarif.c). */
static void report_sarif(scord_device *dev, const scord_kernel *k, const struct run_opts *o,
                         FILE *sarif, const struct scord_race *races, size_t n,
                         const struct scord_ring_info *info, bool finished, bool *sarif_written)
{
    struct scord_info di;
    struct sarif_run run = {.tool_version = SCORD_VERSION, .kernel = o->kernel,
                            .config = scord_get_info(dev, &di) == 0 ? di.config : NULL,
                            .kernel_finished = finished, .dropped = info->drops,
                            .invalid = info->invalid};
    sarif_write(sarif, k, races, n, &run); /* errors: at fclose */
    *sarif_written = true;
}

int cli_report_races(scord_device *dev, const scord_kernel *k, const struct run_opts *o, FILE *out,
                     FILE *json, FILE *sarif, bool finished, bool *sarif_written)
{
    /* A ring's worth per drain; a device that streamed records while the
     * kernel ran may hold more (docs/fpga.md), so drain until none is left. */
    size_t chunk = o->det.ring_records, n = 0, rcap = 0;
    struct scord_race *races = NULL;
    struct scord_ring_info info;
    uint32_t invalid = 0;
    for (;;) {
        if (rcap - n < chunk) {
            struct scord_race *nr = realloc(races, (rcap + chunk) * sizeof *races);
            if (!nr) {
                free(races);
                fprintf(stderr, "%s: out of host memory\n", cli_prog);
                return EXIT_DEVICE;
            }
            races = nr;
            rcap += chunk;
        }
        size_t got = 0;
        int rc = scord_ring_drain(dev, races + n, chunk, &got, &info);
        if (rc) {
            free(races);
            const char *d = scord_last_error_detail(dev);
            fprintf(stderr, "%s: reading the race ring: %s\n", cli_prog,
                    *d ? d : scord_strerror(rc));
            return EXIT_DEVICE;
        }
        n += got;
        invalid += info.invalid;
        if (!info.remaining || (!got && !info.invalid))
            break;
    }
    info.invalid = invalid;
    /* Races of severity warning (lanes of one store writing one value,
     * docs/detector.md §8.2) are printed and counted apart (the tally):
     * they decide the exit code only with --warnings-as-errors. */
    struct scord_race_tally tally = {0};
    scord_race_tally_add(&tally, races, n, info.drops);
    char *buf = NULL;
    size_t cap = 0;
    for (size_t i = 0; i < n; i++) {
        for (int pass = 0; pass < 2; pass++) {
            int len = pass ? scord_race_format_json(k, &races[i], NULL, 0)
                           : scord_race_format(k, &races[i], NULL, 0);
            if (len < 0 || (pass && !json))
                continue;
            if ((size_t)len + 1 > cap) {
                char *nb = realloc(buf, (size_t)len + 1);
                if (!nb)
                    continue;
                buf = nb;
                cap = (size_t)len + 1;
            }
            if (pass) {
                scord_race_format_json(k, &races[i], buf, cap);
                fputs(buf, json);
            } else {
                scord_race_format(k, &races[i], buf, cap);
                fputs(buf, out);
            }
        }
    }
    free(buf);
    if (sarif)
        report_sarif(dev, k, o, sarif, races, n, &info, finished, sarif_written);
    free(races);
    if (info.invalid)
        fprintf(stderr, "%s: warning: %u malformed race records skipped\n", cli_prog,
                (unsigned)info.invalid);
    if (info.remaining)
        fprintf(stderr, "%s: warning: %u race records left in the ring\n", cli_prog,
                (unsigned)info.remaining);
    if (info.status & SCORD_DET_STATUS_INTRUSION)
        fprintf(stderr,
                "%s: warning: the kernel wrote into the race detector's metadata or "
                "ring: the metadata can no longer be trusted, nor the reports of this "
                "run\n",
                cli_prog);
    char line[256];
    if (scord_race_summary_format(&tally, line, sizeof line) > 0)
        fputs(line, out);
    bool fail = tally.races || tally.distinct || (o->warnings_fail && tally.distinct_warnings);
    return fail ? EXIT_RACES : EXIT_OK;
}
