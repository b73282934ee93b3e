/* scord-scor: runs the ScoR suite (microbenchmarks, the detector's per-rule
 * kernels, the applications, the races beyond ScoRD's classes) under
 * chosen detector configurations and scores the race reports against the
 * `scor:race ID` markers of each kernel.c (sw/bench/micro/micro.h has the
 * convention).
 *
 *   scord-scor [options] [workload | micro | detector | beyond | apps ...]
 *
 * Per workload, build and configuration: expected unique races (distinct
 * marker IDs), found (IDs with a report at one of their lines), false
 * positives (distinct unmarked lines with a report), cycles and memory
 * counters. --check prints PASS/FAIL lines; --tables prints Table VI,
 * Fig 8/9 data, Table VII and the beyond group's table per class of race;
 * --json writes every result.
 * Exit: 0 ok, 1 a check failed or a run failed, 2 usage, 3 device error.
 *
 * This file is the order of things; scor.h says which file does each. */
#include "pool.h"
#include "scor.h"

int main(int argc, char **argv)
{
    struct scor_words words;
    int rc = scor_read_options(argc, argv, &words);
    if (rc >= 0)
        return rc;
    if (scor_workloads_init())
        return 3;
    if ((rc = scor_select(words.sel, words.nsel)))
        return rc;
    if (words.list) {
        scor_list_workloads();
        return 0;
    }

    if (scor_opt.jobs > 1 && !scor_parallel_device(scor_opt.uri))
        return scor_usage_error("-j %u: device '%s' cannot run simulations in parallel (only sim "
                                "without trace=)",
                                scor_opt.jobs, scor_opt.uri);
    /* Checked once here so a bad URI is a device error (3) before any job;
     * every job then opens a device of its own (jobs.c). */
    scord_device *dev;
    int err = scord_open(&dev, scor_opt.uri);
    if (err) {
        fprintf(stderr, "%s: cannot open device '%s': %s\n", scor_prog, scor_opt.uri,
                scord_last_error_detail(NULL));
        return 3;
    }
    scord_close(dev);
    unsigned workers = scor_opt.jobs                        ? scor_opt.jobs
                       : scor_parallel_device(scor_opt.uri) ? pool_default_workers()
                                                            : 1;
    if (scor_results_init())
        return 3;
    unsigned total, failed;
    if (scor_run_jobs(workers, &total, &failed))
        return 3;

    if (scor_opt.json && (rc = scor_write_json(scor_opt.json)))
        return rc;
    if (scor_opt.tables)
        scor_print_tables();
    if (!scor_opt.check && !scor_opt.tables && !scor_opt.json)
        scor_print_summary();
    if (scor_opt.check)
        printf("%u of %u passed\n", total - failed, total);
    scor_workloads_free();
    return failed ? 1 : 0;
}
