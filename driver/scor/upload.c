/* The device buffers of the suite's host code (the applications' host.c
 * and beyond.c): scor_upload of sw/bench/scor_app.h. */
#include <stdio.h>

#include "scor_app.h"

int scor_upload(struct scor_ctx *ctx, const char *who, const void *src, size_t bytes,
                scord_addr *addr)
{
    int err = scord_malloc(ctx->dev, bytes, addr);
    if (!err)
        err = src ? scord_memcpy_htod(ctx->dev, *addr, src, bytes)
                  : scord_memset(ctx->dev, *addr, 0, bytes);
    if (err)
        snprintf(ctx->msg, sizeof ctx->msg, "%s: device buffer of %zu bytes: %s (%s)", who,
                 bytes, scord_error_name(err), scord_last_error_detail(ctx->dev));
    return err ? -1 : 0;
}
