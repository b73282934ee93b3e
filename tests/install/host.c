/* A host program built against the installed libscord (pkg-config): runs
 * the count kernel on the cycle model with the race detector armed and
 * prints "total T races R". Exit 0, or 1 with a message.
 *
 *   host KERNEL.elf */
#include <stdio.h>
#include <string.h>

#include <scord.h>

#include "count.h"

#define GRID 4
#define BLOCK 32

static int fail(scord_device *dev, const char *what, int err)
{
    fprintf(stderr, "host: %s: %s (%s)\n", what, scord_strerror(err), scord_last_error_detail(dev));
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: host KERNEL.elf\n");
        return 2;
    }
    scord_device *dev;
    scord_kernel *k;
    int err = scord_open(&dev, "sim");
    if (err)
        return fail(NULL, "open", err);
    if ((err = scord_load_kernel(dev, argv[1], &k)))
        return fail(dev, "load", err);
    struct scord_detector_config dc = {1, 0, 4, 64};
    if ((err = scord_detector_configure(dev, &dc)))
        return fail(dev, "detector", err);
    struct count_args a = {0, GRID * BLOCK};
    if ((err = scord_malloc(dev, 4, &a.total)) || (err = scord_memset(dev, a.total, 0, 4)))
        return fail(dev, "memory", err);
    struct scord_dim3 grid = {GRID, 1, 1}, block = {BLOCK, 1, 1};
    if ((err = scord_launch(dev, k, grid, block, &a, sizeof a)) || (err = scord_wait(dev, 60000)))
        return fail(dev, "run", err);
    unsigned total = 0;
    if ((err = scord_memcpy_dtoh(dev, &total, a.total, 4)))
        return fail(dev, "read", err);
    struct scord_race races[64];
    size_t n = 0;
    if ((err = scord_ring_drain(dev, races, 64, &n, NULL)))
        return fail(dev, "races", err);
    printf("total %u races %zu\n", total, n);
    scord_kernel_free(k);
    scord_close(dev);
    return 0;
}
