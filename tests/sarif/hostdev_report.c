/* The CLI's report path for a host-device race (docs/detector.md §15):
 * a program copies into a buffer while the det_host kernel writes it,
 * then hands the device to `scord run`'s own reporting (driver/cli/report.c
 * with sarif.c), which must print it as text, a JSON line and a SARIF
 * result and count it in the exit code, as the detector's races.
 * tests/sarif/test_sarif.sh validates the files.
 *
 *   hostdev_report DET_HOST_KERNEL.elf TEXT JSON SARIF
 * prints "exit N line L" (the report's exit code, the line of the racing
 * copy in this file); exit 0 when the run went as planned, else 1. */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "cli.h"

int main(int argc, char **argv)
{
    if (argc != 5) {
        fprintf(stderr, "usage: hostdev_report KERNEL.elf TEXT JSON SARIF\n");
        return 2;
    }
    scord_device *dev;
    scord_kernel *k;
    if (scord_open(&dev, "sim") || scord_load_kernel(dev, argv[1], &k)) {
        fprintf(stderr, "cannot load %s: %s\n", argv[1], scord_last_error_detail(NULL));
        return 1;
    }
    struct run_opts o;
    memset(&o, 0, sizeof o);
    o.kernel = argv[1];
    o.det = (struct scord_detector_config){1, 0, 4, 0};
    o.det.ring_records = SCORD_DETECTOR_DEFAULT_RING;
    struct scord_info in;
    scord_get_info(dev, &in);
    uint32_t n = 2 * in.warps * in.threads;
    struct det_host_args a = {0, 0, 0, 0, 0, n, DETHOST_COPY};
    static uint32_t host[1024];
    int rc = scord_detector_configure(dev, &o.det);
    if (!rc)
        rc = scord_malloc(dev, 4 * n, &a.in);
    if (!rc)
        rc = scord_malloc(dev, 4 * n, &a.out);
    if (!rc)
        rc = scord_launch(dev, k, (struct scord_dim3){2, 1, 1},
                          (struct scord_dim3){in.warps * in.threads, 1, 1}, &a, sizeof a);
    /* the race: no scord_wait before the copy */
    int line = __LINE__ + 2;
    if (!rc && n <= 1024)
        rc = scord_memcpy_htod(dev, a.out, host, 4 * n);
    if (!rc)
        rc = scord_wait(dev, 60000);
    FILE *t = fopen(argv[2], "w"), *j = fopen(argv[3], "w"), *s = fopen(argv[4], "w");
    bool written = false;
    int code = -1;
    if (!rc && t && j && s)
        code = cli_report_races(dev, k, &o, t, j, s, true, &written);
    if (t)
        fclose(t);
    if (j)
        fclose(j);
    if (s)
        fclose(s);
    printf("exit %d line %d\n", code, line);
    if (rc)
        fprintf(stderr, "%s: %s\n", scord_error_name(rc), scord_last_error_detail(dev));
    scord_kernel_free(k);
    scord_close(dev);
    return rc || !written || n > 1024 ? 1 : 0;
}
