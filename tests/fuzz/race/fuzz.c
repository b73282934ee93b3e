/* Fuzz target: the race-record decoder and its printers (driver/src/record.c, format.c).
 * A record is device memory, which a kernel may have written: every
 * 32-byte slice of the input is decoded; a record that decodes must print
 * (text and JSON) within any buffer size, NUL terminated, with the length
 * snprintf would give, and the same when printed again. */
#include <string.h>

#include "../fuzz.h"
#include "scord.h"

void fuzz_init(void) {}

static void check_print(int (*fmt)(const scord_kernel *, const struct scord_race *, char *, size_t),
                        const struct scord_race *r, size_t small)
{
    static char full[8192], part[8192];
    int n = fmt(NULL, r, full, sizeof full);
    FUZZ_ASSERT(n > 0 && (size_t)n < sizeof full, "a decoded record printed %d bytes", n);
    FUZZ_ASSERT(strlen(full) == (size_t)n, "length %d, string %zu", n, strlen(full));
    FUZZ_ASSERT(full[n - 1] == '\n', "a report ends in a newline");
    int m = fmt(NULL, r, NULL, 0);
    FUZZ_ASSERT(m == n, "sizing call %d, printing call %d", m, n);
    small %= (size_t)n + 2;
    memset(part, 'X', sizeof part);
    m = fmt(NULL, r, part, small);
    FUZZ_ASSERT(m == n, "truncated call %d, full %d", m, n);
    if (small) {
        size_t end = small - 1 < (size_t)n ? small - 1 : (size_t)n;
        FUZZ_ASSERT(part[end] == 0, "truncated text not terminated at %zu", end);
        FUZZ_ASSERT(strncmp(part, full, end) == 0, "truncated text differs");
    }
    FUZZ_ASSERT(part[small] == 'X', "wrote past a buffer of %zu bytes", small);
}

void fuzz_one(const uint8_t *data, size_t len)
{
    for (size_t off = 0; off + SCORD_RACE_RECORD_BYTES <= len; off += SCORD_RACE_RECORD_BYTES) {
        struct scord_race r;
        memset(&r, 0xA5, sizeof r);
        struct scord_race before = r;
        int rc = scord_race_decode(data + off, &r);
        if (rc) {
            FUZZ_ASSERT(rc == SCORD_ERR_INVALID_ARG, "decode returned %d", rc);
            FUZZ_ASSERT(memcmp(&r, &before, sizeof r) == 0, "a refused record changed *out");
            /* The printers must refuse what the decoder refused, too. */
            continue;
        }
        FUZZ_ASSERT(r.type >= SCORD_RACE_TYPE_MIN && r.type <= SCORD_RACE_TYPE_MAX, "type %u", r.type);
        FUZZ_ASSERT(r.size == 1 || r.size == 2 || r.size == 4, "size %u", r.size);
        FUZZ_ASSERT(r.count >= 1, "count 0");
        size_t small = off / SCORD_RACE_RECORD_BYTES * 7 + data[off];
        check_print(scord_race_format, &r, small);
        check_print(scord_race_format_json, &r, small);
        FUZZ_ASSERT(scord_race_type_name(r.type) && scord_race_type_description(r.type), "names");
    }
    /* Whatever a caller passes as a record struct, the printers must not
     * crash: fields straight from the input, no decoding. */
    if (len >= sizeof(struct scord_race)) {
        struct scord_race raw;
        memcpy(&raw, data, sizeof raw);
        char buf[512];
        scord_race_format(NULL, &raw, buf, sizeof buf);
        scord_race_format_json(NULL, &raw, buf, sizeof buf);
    }
}
