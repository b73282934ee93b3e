/* The SARIF writer's related locations, independent of what a kernel run
 * happens to report: a race of the given kernel, with PCs in kernel_main,
 * is written once with its previous access known (its PC in the record,
 * as scord_ring_drain() gives it: sarif_prev_pc_from_record takes it
 * from there), and once with the previous access unknown and without a
 * kernel (PCs only). tests/sarif/test_sarif.sh validates both logs and
 * checks the lines against binutils' addr2line.
 *
 *   sarif_related KERNEL.elf WITH_PREV.sarif NO_KERNEL.sarif
 * prints "cur 0x... prev 0x..." (the two PCs used); exit 0, or 1. */
#include <stdio.h>
#include <string.h>

#include "sarif.h"
#include "scord.h"

static int write_log(const char *path, const scord_kernel *k, const struct scord_race *r,
                     sarif_prev_pc_fn fn)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return 1;
    }
    struct sarif_run run = {.tool_version = "test", .kernel = "kernel.elf", .config = "default",
                            .kernel_finished = true, .dropped = 3, .invalid = 1, .prev_pc = fn};
    int rc = sarif_write(f, k, r, 1, &run);
    return (fclose(f) | rc) ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: sarif_related KERNEL.elf WITH_PREV.sarif NO_KERNEL.sarif\n");
        return 2;
    }
    scord_device *dev;
    scord_kernel *k;
    if (scord_open(&dev, "sim") || scord_load_kernel(dev, argv[1], &k)) {
        fprintf(stderr, "cannot load %s: %s\n", argv[1], scord_last_error_detail(NULL));
        return 1;
    }
    uint32_t fn = scord_kernel_symbol(k, "kernel_main");
    struct scord_race r;
    memset(&r, 0, sizeof r);
    r.type = SCORD_RACE_DEV_FENCE;
    r.device_scope = 1;
    r.kind = SCORD_ACCESS_STORE;
    r.size = 4;
    r.has_prev = 1;
    r.prev_kind = SCORD_ACCESS_LOAD;
    r.pc = fn + 0x10;
    r.addr = 0x2000;
    r.block = 1;
    r.count = 2;
    r.grid_dim = (struct scord_dim3){2, 1, 1};
    r.block_dim = (struct scord_dim3){8, 1, 1};
    r.warp_size = 8;
    struct scord_race known = r;
    known.prev_known = 1;
    known.prev_lane = 3;
    known.prev_pc = fn + 0x20;
    known.prev_pc_index = (known.prev_pc - 0x1000) / 4;
    r.prev_pc_index = SCORD_RACE_PC_INDEX_UNKNOWN;
    int rc = write_log(argv[2], k, &known, NULL) | write_log(argv[3], NULL, &r, NULL);
    printf("cur 0x%x prev 0x%x\n", (unsigned)r.pc, (unsigned)known.prev_pc);
    scord_kernel_free(k);
    scord_close(dev);
    return rc;
}
