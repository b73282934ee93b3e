#include <stdio.h>

#include "args.h"
#include "kernel_tests.h"

/* Passes of one warp access: each bank serves one word per pass (loads
 * and stores: lanes on one word go together), atomics one lane per pass. */
static uint32_t passes(uint32_t T, uint32_t kind, uint32_t stride)
{
    uint32_t most = 0;
    for (uint32_t bank = 0; bank < T; bank++) {
        uint32_t words[64], nw = 0, lanes = 0;
        for (uint32_t l = 0; l < T; l++) {
            uint32_t w = l * stride % SC_WORDS;
            if (w % T != bank)
                continue;
            lanes++;
            uint32_t seen = 0;
            for (uint32_t j = 0; j < nw; j++)
                seen |= words[j] == w;
            if (!seen)
                words[nw++] = w;
        }
        uint32_t p = kind == SC_ATOMIC ? lanes : nw;
        most = p > most ? p : most;
    }
    return most;
}

int test_smem_conflicts(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/smem_conflicts"))
        goto out;
    uint32_t T = t.info.threads, reps = 20;
    static const char *const kinds[] = {"load", "store", "atomic"};
    const uint32_t strides[] = {0, 1, 2, 3, 4, T / 2 + 1, T, 2 * T + 1};
    for (uint32_t kind = SC_LOAD; kind <= SC_ATOMIC; kind++)
        for (size_t s = 0; s < sizeof strides / sizeof strides[0]; s++) {
            struct smem_conflicts_args args = {0, kind, strides[s], reps};
            struct scord_counters c;
            if (kt_alloc(&t, T * 4, NULL, 0, &args.out) ||
                kt_run(&t, kt_dim(1, 1, 1), kt_dim(T, 1, 1), &args, sizeof args))
                goto out;
            int err = scord_read_counters(dev, &c);
            if (err) {
                kt_fail("scord_read_counters: %s", scord_error_name(err));
                goto out;
            }
            uint32_t p = passes(T, kind, strides[s]);
            if (kt_verbose)
                printf("  %s stride %u: %u passes, counters %u accesses %u conflicts\n",
                       kinds[kind], strides[s], p, c.smem_accesses, c.smem_conflicts);
            if (c.smem_accesses != reps || c.smem_conflicts != reps * (p - 1)) {
                kt_fail("%u %ss at stride %u words: %u accesses and %u conflicts counted, "
                        "expected %u and %u (%u passes each)",
                        reps, kinds[kind], strides[s], c.smem_accesses, c.smem_conflicts, reps,
                        reps * (p - 1), p);
                goto out;
            }
            /* With the detector armed, every shared lane access reaches it. */
            struct scord_detector_counters d;
            if (kt_detect && (err = scord_read_detector_counters(dev, &d)) == 0 &&
                d.sh_accesses != reps * T) {
                kt_fail("%u %ss of %u lanes: the detector got %u shared lane accesses", reps,
                        kinds[kind], T, d.sh_accesses);
                goto out;
            }
            if (err) {
                kt_fail("scord_read_detector_counters: %s", scord_error_name(err));
                goto out;
            }
            scord_free_all(dev);
        }
    r = 0;
out:
    kt_end(&t);
    return r;
}
