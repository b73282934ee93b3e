#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"

static const char *const slot_names[] = {"add", "cas", "sub", "min", "max", "minu",
                                         "maxu", "and", "or", "xor", "exch"};

static void initial_slots(uint32_t *s)
{
    memset(s, 0, SA_SLOTS * 4);
    s[SA_SUB] = 1000000;
    s[SA_MIN] = 0x7fffffff;
    s[SA_MAX] = 0x80000000u;
    s[SA_MINU] = 0xffffffffu;
    s[SA_AND] = 0xffffffffu;
    s[SA_XOR] = 0x12345678u;
}

/* Final slot values after threads with operand indices 0..n-1. */
static void expected_slots(uint32_t *s, uint32_t n)
{
    initial_slots(s);
    s[SA_ADD] = n * SA_REPS;
    s[SA_CAS] = n;
    for (uint32_t g = 0; g < n; g++) {
        s[SA_SUB] -= g;
        if (sa_signed(g) < (int32_t)s[SA_MIN])
            s[SA_MIN] = (uint32_t)sa_signed(g);
        if (sa_signed(g) > (int32_t)s[SA_MAX])
            s[SA_MAX] = (uint32_t)sa_signed(g);
        if (sa_unsigned(g) < s[SA_MINU])
            s[SA_MINU] = sa_unsigned(g);
        if (sa_unsigned(g) > s[SA_MAXU])
            s[SA_MAXU] = sa_unsigned(g);
        s[SA_AND] &= sa_and_mask(g);
        s[SA_OR] |= sa_or_bit(g);
        s[SA_XOR] ^= sa_xor(g);
    }
}

static int check_slots(const char *scope, const uint32_t *got, uint32_t n)
{
    uint32_t want[SA_SLOTS];
    expected_slots(want, n);
    for (int i = 0; i < SA_EXCH; i++) /* EXCH's final value depends on the order */
        if (got[i] != want[i])
            return kt_fail("%s atomic %s: got 0x%08x, expected 0x%08x", scope, slot_names[i],
                           got[i], want[i]);
    return 0;
}

/* vals[0..n) plus extra must be exactly {0 .. n} when extra is given, or
 * {0 .. n-1} when extra is ~0. */
static int check_permutation(const char *what, const uint32_t *vals, uint32_t n, uint32_t extra)
{
    uint32_t total = n + (extra != ~0u);
    unsigned char *seen = calloc(total, 1);
    if (!seen)
        return kt_fail("out of host memory");
    int r = 0;
    for (uint32_t i = 0; i <= n && r == 0; i++) {
        uint32_t v = i < n ? vals[i] : extra;
        if (i == n && extra == ~0u)
            break;
        if (v >= total)
            r = kt_fail("%s: value %u at [%u] out of range 0..%u", what, v, i, total - 1);
        else if (seen[v]++)
            r = kt_fail("%s: value %u returned twice (lost update)", what, v);
    }
    free(seen);
    return r;
}

int test_scoped_atomics(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    uint32_t *buf = NULL;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/scoped_atomics"))
        goto out;
    /* At most 64 threads a block: the CAS increment retries once per thread
     * ahead of it, so its cost grows with the square of the grid, and a
     * 768-thread grid of the cuda configuration would take minutes for
     * nothing the 64-thread one does not show. */
    uint32_t nt = t.max_block < 64 ? t.max_block : 64, nb = t.info.cores + 1, n = nt * nb;
    uint32_t nslots = SA_SLOTS * (1 + nb);
    buf = malloc((nslots + 2 * n * SA_REPS + 2 * n) * 4);
    if (!buf) {
        kt_fail("out of host memory");
        goto out;
    }
    uint32_t *slots = buf, *tickets = slots + nslots, *exch = tickets + n * SA_REPS;
    for (uint32_t i = 0; i < 1 + nb; i++)
        initial_slots(slots + SA_SLOTS * i);
    struct scoped_atomics_args args;
    if (kt_alloc(&t, nslots * 4, slots, 0, &args.slots) ||
        kt_alloc(&t, n * SA_REPS * 4, NULL, 0xEE, &args.dev_tickets) ||
        kt_alloc(&t, n * 4, NULL, 0xEE, &args.dev_exch) ||
        kt_alloc(&t, n * SA_REPS * 4, NULL, 0xEE, &args.blk_tickets) ||
        kt_alloc(&t, n * 4, NULL, 0xEE, &args.blk_exch))
        goto out;
    if (kt_run(&t, kt_dim(nb, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args) ||
        kt_read(&t, slots, args.slots, nslots * 4))
        goto out;
    /* Device scope. */
    if (check_slots("device", slots, n) || kt_read(&t, tickets, args.dev_tickets, n * SA_REPS * 4) ||
        check_permutation("atomicAdd old values", tickets, n * SA_REPS, ~0u) ||
        kt_read(&t, exch, args.dev_exch, n * 4))
        goto out;
    /* Old values of the exchanges plus the final value: the initial 0 and
     * every g + 1, each exactly once. */
    if (check_permutation("atomicExch old values", exch, n, slots[SA_EXCH]))
        goto out;
    /* Block scope, block by block. */
    if (kt_read(&t, tickets, args.blk_tickets, n * SA_REPS * 4) ||
        kt_read(&t, exch, args.blk_exch, n * 4))
        goto out;
    for (uint32_t b = 0; b < nb; b++) {
        char what[64];
        const uint32_t *s = slots + SA_SLOTS * (1 + b);
        snprintf(what, sizeof what, "block %u", b);
        if (check_slots(what, s, nt))
            goto out;
        snprintf(what, sizeof what, "block %u atomicAdd_block old values", b);
        if (check_permutation(what, tickets + b * nt * SA_REPS, nt * SA_REPS, ~0u))
            goto out;
        snprintf(what, sizeof what, "block %u atomicExch_block old values", b);
        if (check_permutation(what, exch + b * nt, nt, s[SA_EXCH]))
            goto out;
    }
    r = 0;
out:
    free(buf);
    kt_end(&t);
    return r;
}
