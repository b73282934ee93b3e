/* Bad detector register values (docs/detector.md §7.2): the hardware
 * refuses to arm, latches the DET_ERR_* code, stays disarmed, and the
 * library turns the refusal into SCORD_ERR_LAUNCH naming the code. The
 * driver never places regions like these, so they go through
 * scord_detector_arm_regions, which writes them unchanged. No kernel. */
#include <stdio.h>
#include <string.h>

#include "kernel_tests.h"
#include "scord_defs.h"

struct bad_case {
    const char *what;
    uint32_t code;    /* DET_ERR_* */
    const char *name; /* in the library's detail */
    struct scord_detector_regions r;
};

int test_det_regs(scord_device *dev, const char *sw_dir)
{
    (void)sw_dir;
    struct scord_info info;
    int err = scord_get_info(dev, &info);
    if (err)
        return kt_fail("scord_get_info: %s", scord_error_name(err));
    const uint32_t mem = info.mem_bytes;
    /* A valid layout on every configuration (>= 176 KiB of memory): window
     * [0, 32K), full-mode metadata [32K, 160K) (a 16-byte entry per 4-byte
     * granule), a 4-record ring at 160K. */
    const uint32_t md_bytes = 0x8000 / 4 * SCORD_DET_MD_ENTRY_BYTES;
    const struct scord_detector_regions good = {
        .mode = 0, .track_base = 0, .track_bytes = 0x8000, .md_base = 0x8000,
        .ring_base = 0x8000 + md_bytes, .ring_records = 4,
    };
    struct bad_case cases[] = {
        {"ring of 0 records", SCORD_DET_ERR_RING_SIZE, "DET_ERR_RING_SIZE", good},
        {"ring of 1 record", SCORD_DET_ERR_RING_SIZE, "DET_ERR_RING_SIZE", good},
        {"metadata past the end of memory", SCORD_DET_ERR_MD_RANGE, "DET_ERR_MD_RANGE", good},
        {"metadata in the guard page", SCORD_DET_ERR_MD_RANGE, "DET_ERR_MD_RANGE", good},
        {"metadata over the tracked window (the kernel's data)", SCORD_DET_ERR_OVERLAP,
         "DET_ERR_OVERLAP", good},
        {"ring over the tracked window", SCORD_DET_ERR_OVERLAP, "DET_ERR_OVERLAP", good},
        {"ring over the metadata", SCORD_DET_ERR_OVERLAP, "DET_ERR_OVERLAP", good},
        {"ring past the end of memory", SCORD_DET_ERR_RING_RANGE, "DET_ERR_RING_RANGE", good},
        {"granularity code 3", SCORD_DET_ERR_MODE, "DET_ERR_MODE", good},
        {"window not a power of two", SCORD_DET_ERR_TRACK_RANGE, "DET_ERR_TRACK_RANGE", good},
        {"window past the end of memory", SCORD_DET_ERR_TRACK_RANGE, "DET_ERR_TRACK_RANGE", good},
    };
    cases[0].r.ring_records = 0;
    cases[1].r.ring_records = 1;
    cases[2].r.md_base = mem - 0x1000;
    cases[3].r.md_base = 0;
    cases[4].r.md_base = 0x4000;
    cases[5].r.ring_base = 0x4000;
    cases[6].r.ring_base = 0x8000 + md_bytes / 2;
    cases[7].r.ring_base = mem - 32;
    cases[8].r.mode = 3u << 1;
    cases[9].r.track_bytes = 0xc000;
    cases[10].r.track_base = mem - 0x4000;
    int r = 0;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0] && r == 0; i++) {
        const struct bad_case *b = &cases[i];
        err = scord_detector_arm_regions(dev, &b->r);
        char detail[512];
        snprintf(detail, sizeof detail, "%s", scord_last_error_detail(dev));
        struct scord_detector_regions now;
        int err2 = scord_detector_get_regions(dev, &now);
        if (err != SCORD_ERR_LAUNCH)
            r = kt_fail("%s: scord_detector_arm_regions gave %s, expected SCORD_ERR_LAUNCH",
                        b->what, scord_error_name(err));
        else if (!strstr(detail, b->name) || !strstr(detail, "refused"))
            r = kt_fail("%s: the detail does not name %s: \"%s\"", b->what, b->name, detail);
        else if (err2)
            r = kt_fail("%s: scord_detector_get_regions: %s", b->what, scord_error_name(err2));
        else if (now.armed || (now.status >> 8 & 0xff) != b->code)
            r = kt_fail("%s: DET_STATUS 0x%x: armed %u, code %u, expected disarmed with code %u",
                        b->what, now.status, now.armed, now.status >> 8 & 0xff, b->code);
    }
    /* The same registers with good values arm (so the refusals above were
     * the values' fault), and the code clears. */
    if (r == 0) {
        struct scord_detector_regions now;
        err = scord_detector_arm_regions(dev, &good);
        if (err)
            r = kt_fail("good layout refused: %s: %s", scord_error_name(err),
                        scord_last_error_detail(dev));
        else if ((err = scord_detector_get_regions(dev, &now)))
            r = kt_fail("scord_detector_get_regions: %s", scord_error_name(err));
        else if (!now.armed || (now.status >> 8 & 0xff) != 0 || now.md_bytes != md_bytes ||
                 now.md_base != good.md_base || now.ring_records != good.ring_records)
            r = kt_fail("good layout: status 0x%x, metadata 0x%x bytes at 0x%x, ring %u",
                        now.status, now.md_bytes, now.md_base, now.ring_records);
    }
    /* Leave it disarmed; the next launch arms by the configuration. */
    if ((err = scord_reg_write(dev, SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR)) && r == 0)
        r = kt_fail("disarming: %s", scord_error_name(err));
    return r;
}
