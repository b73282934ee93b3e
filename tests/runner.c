/* scord-kernel-tests: runs the kernel tests on one device.
 *
 *   scord-kernel-tests [--device URI] [--sw-dir DIR] [--timeout MS] [--detect]
 *                      [--detect-mode full|cache|sparse] [-v] [test...]
 *
 * --detect arms the race detector (full mode, 4-byte granules; cache mode
 * with --detect-mode cache or sparse, which implies --detect) for every launch, prints the races it reports after each launch and a line
 * "races NAME: N (M distinct)" per test that reported any. Results must be
 * the same as without it. Race counts fail no test, except that the
 * race-free kernels (vecadd, matmul, and lock_data and poll_flag, which arm
 * the detector themselves without --detect) must report none.
 *
 * One line per test, "PASS name" or "FAIL name: reason" (details such as
 * diffs come before it), then a summary; exit status 1 if any test failed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_tests.h"
#include "unit.h"

struct test {
    const char *name;
    int (*fn)(scord_device *dev, const char *sw_dir);
};

#define KT_ENTRY(name) {#name, test_##name},
static const struct test tests[] = {KERNEL_TESTS(KT_ENTRY)};
#undef KT_ENTRY
#define NUM_TESTS (sizeof tests / sizeof tests[0])

static int usage(FILE *out)
{
    fprintf(out, "usage: scord-kernel-tests [--device URI] [--sw-dir DIR] [--timeout MS] "
                 "[--detect] [--detect-mode full|cache|sparse] [-v] [test...]\ntests:");
    for (size_t i = 0; i < NUM_TESTS; i++)
        fprintf(out, " %s", tests[i].name);
    fprintf(out, "\n");
    return out == stderr ? 2 : 0;
}

int main(int argc, char **argv)
{
    const char *sw_dir = "build/sw";
    const char *names[64];
    int nnames = 0, cache_mode = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--device") && i + 1 < argc)
            kt_device_uri = argv[++i];
        else if (!strncmp(a, "--device=", 9))
            kt_device_uri = a + 9;
        else if (!strcmp(a, "--sw-dir") && i + 1 < argc)
            sw_dir = argv[++i];
        else if (!strncmp(a, "--sw-dir=", 9))
            sw_dir = a + 9;
        else if (!strcmp(a, "--timeout") && i + 1 < argc)
            kt_timeout_ms = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--detect"))
            kt_detect = 1;
        else if (!strcmp(a, "--detect-mode") && i + 1 < argc) {
            const char *m = argv[++i];
            if (strcmp(m, "full") && strcmp(m, "cache") && strcmp(m, "sparse")) {
                fprintf(stderr,
                        "scord-kernel-tests: bad detector mode '%s' (full, cache or sparse)\n", m);
                return usage(stderr);
            }
            kt_detect = 1;
            cache_mode = !strcmp(m, "cache") ? 1 : !strcmp(m, "sparse") ? 2 : 0;
        }
        else if (!strcmp(a, "-v") || !strcmp(a, "--verbose"))
            kt_verbose = 1;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help"))
            return usage(stdout);
        else if (a[0] == '-')
            return usage(stderr);
        else if (nnames < (int)(sizeof names / sizeof names[0]))
            names[nnames++] = a;
    }
    for (int n = 0; n < nnames; n++) {
        size_t i = 0;
        while (i < NUM_TESTS && strcmp(tests[i].name, names[n]))
            i++;
        if (i == NUM_TESTS) {
            fprintf(stderr, "scord-kernel-tests: no test named '%s'\n", names[n]);
            return usage(stderr);
        }
    }

    scord_device *dev = NULL;
    int err = scord_open(&dev, kt_device_uri);
    if (err) {
        unit_fail("cannot open device '%s': %s %s", kt_device_uri, scord_error_name(err),
                  scord_last_error_detail(NULL));
        unit_report(0, "open");
        return 1;
    }
    if (kt_detect) {
        struct scord_detector_config cfg = {1, cache_mode, 4, 1024};
        err = scord_detector_configure(dev, &cfg);
        if (err) {
            unit_fail("cannot configure the race detector: %s %s", scord_error_name(err),
                      scord_last_error_detail(dev));
            unit_report(0, "detect");
            scord_close(dev);
            return 1;
        }
    }
    for (size_t i = 0; i < NUM_TESTS; i++) {
        int selected = nnames == 0;
        for (int n = 0; n < nnames; n++)
            selected |= !strcmp(tests[i].name, names[n]);
        if (!selected)
            continue;
        kt_reset_reason();
        kt_race_reset();
        fflush(stdout);
        int r = tests[i].fn(dev, sw_dir);
        if (kt_detect && kt_race_records)
            printf("races %s: %lu (%lu distinct)\n", tests[i].name, kt_race_total,
                   kt_race_records);
        /* Race-free tests: any report is a false positive. */
        if (kt_detect && r == 0 && kt_race_total &&
            (!strcmp(tests[i].name, "vecadd") || !strcmp(tests[i].name, "matmul") ||
             !strcmp(tests[i].name, "lock_data") || !strcmp(tests[i].name, "poll_flag")))
            r = kt_fail("race-free kernel, yet the detector reported %lu races", kt_race_total);
        if (r != 0)
            unit_fail("%s", kt_reason());
        unit_report(r == 0, tests[i].name);
        scord_free_all(dev);
    }
    scord_close(dev);
    printf("kernel tests: %u passed, %u failed\n", unit_passed(), unit_failed());
    return unit_status();
}
