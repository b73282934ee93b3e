/* Fuzz target: the kernel ELF loader (scord_load_kernel in driver/src/kernel.c)
 * and, for a file it accepts, the symbol and DWARF lookups, on the cycle
 * model. The input is written to a file (the loader takes a path). A
 * refused file must fail with SCORD_ERR_ELF, IO, RANGE or NO_MEM and a
 * detail; an accepted one must lie inside device memory above the null
 * page. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../fuzz.h"
#include "scord.h"
#include "scord_defs.h"

static scord_device *dev;
static char path[64];
static struct scord_info info;

void fuzz_init(void)
{
    if (scord_open(&dev, "sim")) {
        fprintf(stderr, "fuzz/elf: cannot open the cycle model\n");
        exit(2);
    }
    scord_get_info(dev, &info);
    snprintf(path, sizeof path, "/tmp/scord-fuzz-elf-%d", (int)getpid());
}

void fuzz_one(const uint8_t *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(data, 1, len, f) != len || fclose(f)) {
        fprintf(stderr, "fuzz/elf: cannot write %s\n", path);
        exit(2);
    }
    scord_kernel *k = NULL;
    int rc = scord_load_kernel(dev, path, &k);
    unlink(path);
    if (rc) {
        FUZZ_ASSERT(rc == SCORD_ERR_ELF || rc == SCORD_ERR_IO || rc == SCORD_ERR_RANGE ||
                        rc == SCORD_ERR_NO_MEM,
                    "refused with %s", scord_error_name(rc));
        FUZZ_ASSERT(k == NULL, "a refused file left a kernel");
        FUZZ_ASSERT(scord_last_error_detail(dev)[0], "refused without a detail");
        return;
    }
    uint32_t entry = scord_kernel_entry(k);
    FUZZ_ASSERT(entry >= SCORD_MEM_GUARD && entry < info.mem_bytes && !(entry & 3),
                "entry 0x%08x", entry);
    scord_addr a;
    uint32_t size;
    (void)scord_kernel_symbol(k, "kernel_main");
    (void)scord_kernel_symbol_info(k, "_start", &a, &size);
    struct scord_srcloc loc;
    for (uint32_t pc = entry; pc < entry + 64; pc += 4) {
        FUZZ_ASSERT(scord_kernel_addr2line(k, pc, &loc) == 0, "addr2line failed");
        FUZZ_ASSERT(loc.function && loc.file && loc.comp_dir, "NULL strings in a location");
    }
    scord_kernel_free(k);
}
