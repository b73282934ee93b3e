/* Unit tests of libscord's race reports (driver/src/record.c, debuginfo.c,
 * format.c and ring.c): record v2 decoding of synthetic records of every
 * type (previous access known and unknown) written here from the record
 * table, and of the reference model's records, refusal of bad records,
 * source mapping against binutils' addr2line, shared-variable names, text
 * and JSON reports that name both accesses, and the ring drain (against the
 * reference model).  Usage: test_race KERNEL.elf EXPECT.a2l KERNEL.c
 * NODEBUG.elf STRIPPED.elf SCAN.elf SCAN-NODEBUG.elf HIST.elf DYN.elf
 * EXPECT.a2l is `addr2line -a -f -i` of the ELF for every PC of kernel_main
 * and _start, written by tests/race/race.mk at build time, so no line number
 * is written down here. NODEBUG.elf and STRIPPED.elf are KERNEL.elf without
 * DWARF and without any symbols. SCAN, HIST and DYN are the kernels
 * tests/kernels/smem_{scan,histogram,dynamic}: a 2-D and a 1-D __shared__
 * array, a static local one, a dynamic one. One line per case: "PASS name"
 * or "FAIL name: reason"; exit 1 on failure. The cases, by concern:
 * records.c (decoding, refusal), model.c (the reference model's records),
 * json_check.c, source_map.c, format.c (text and JSON reports, shared
 * variables), ring.c (random records, the ring drain).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>

#include "race_test.h"

const char *elf_path, *a2l_path, *src_path, *nodebug_path, *stripped_path;
const char *scan_path, *scan_nodebug_path, *hist_path, *dyn_path;
scord_device *dev;
scord_kernel *kern;

int main(int argc, char **argv)
{
    if (argc != 10) {
        fprintf(stderr,
                "usage: %s KERNEL.elf EXPECT.a2l KERNEL.c NODEBUG.elf STRIPPED.elf SCAN.elf "
                "SCAN-NODEBUG.elf HIST.elf DYN.elf\n",
                argv[0]);
        return 2;
    }
    elf_path = argv[1];
    a2l_path = argv[2];
    src_path = argv[3];
    nodebug_path = argv[4];
    stripped_path = argv[5];
    scan_path = argv[6];
    scan_nodebug_path = argv[7];
    hist_path = argv[8];
    dyn_path = argv[9];
    int rc = scord_open(&dev, "sim");
    if (!rc)
        rc = scord_load_kernel(dev, elf_path, &kern);
    if (rc) {
        printf("FAIL setup: %s: %s\n", scord_error_name(rc),
               scord_last_error_detail(dev));
        return 1;
    }

    static const struct unit_case *const tables[] = {race_record_cases, race_model_cases,
                                                     race_json_cases,   race_source_cases,
                                                     race_format_cases, race_ring_cases,
                                                     NULL};
    unit_run(tables, 1, argv, "");

    /* Print one report of each kind, for a human reading the log: with a
     * launch's shape, both accesses in kernel_main. */
    char buf[2048];
    scord_addr km = scord_kernel_symbol(kern, "kernel_main");
    for (uint32_t t = SCORD_RACE_TYPE_MIN; t <= SCORD_RACE_TYPE_MAX; t++) {
        struct scord_race r = decoded[t];
        if (r.type != t)
            continue;
        r.pc = km + 0x20 + 4 * t;
        if (r.prev_known)
            r.prev_pc = km + 0x10;
        give_shape(&r, r.block >= 8 || r.prev_block >= 8);
        if (scord_race_format(kern, &r, buf, sizeof buf) > 0)
            fputs(buf, stdout);
        if (t == SCORD_RACE_DEV_FENCE && scord_race_format_json(kern, &r, buf, sizeof buf) > 0)
            fputs(buf, stdout);
    }
    struct scord_race u = decoded_unknown[SCORD_RACE_INTRA_WARP];
    u.pc = km + 0x20;
    give_shape(&u, false);
    if (scord_race_format(kern, &u, buf, sizeof buf) > 0)
        fputs(buf, stdout);

    scord_kernel_free(kern);
    scord_close(dev);
    scord_ref_free(m);
    printf("%s: %u failed\n", unit_failed() ? "FAIL" : "PASS", unit_failed());
    return unit_status();
}
