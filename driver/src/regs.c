/* libscord control registers: the backend's access with the error detail
 * set on failure (consecutive registers in one exchange where the backend
 * can), and the raw access of scord.h's low-level section. */
#include "scord_int.h"

int scord_regs_read(scord_device *dev, uint32_t idx, uint32_t *v)
{
    int rc = dev->be->reg_read(dev->ctx, idx, v);
    return rc ? scord_fail(dev, rc, "reading control register 0x%02x failed", (unsigned)idx) : 0;
}

int scord_regs_write(scord_device *dev, uint32_t idx, uint32_t v)
{
    int rc = dev->be->reg_write(dev->ctx, idx, v);
    return rc ? scord_fail(dev, rc, "writing control register 0x%02x failed", (unsigned)idx) : 0;
}

/* Consecutive registers: one exchange where the backend can. */
int scord_regs_read_n(scord_device *dev, uint32_t first, uint32_t count, uint32_t *v)
{
    if (dev->be->reg_read_n) {
        int rc = dev->be->reg_read_n(dev->ctx, first, count, v);
        return rc ? scord_fail(dev, rc, "reading control registers 0x%02x..0x%02x failed",
                               (unsigned)first, (unsigned)(first + count - 1))
                  : 0;
    }
    for (uint32_t k = 0; k < count; k++) {
        int rc = scord_regs_read(dev, first + k, &v[k]);
        if (rc)
            return rc;
    }
    return 0;
}

/* w[i] = {index, value}, written in order: one exchange where the backend
 * can. */
int scord_regs_write_n(scord_device *dev, const uint32_t (*w)[2], size_t count)
{
    if (dev->be->reg_write_n) {
        int rc = dev->be->reg_write_n(dev->ctx, w, count);
        return rc ? scord_fail(dev, rc, "writing %zu control registers (0x%02x first) failed",
                               count, (unsigned)w[0][0])
                  : 0;
    }
    for (size_t k = 0; k < count; k++) {
        int rc = scord_regs_write(dev, w[k][0], w[k][1]);
        if (rc)
            return rc;
    }
    return 0;
}

int scord_reg_read(scord_device *dev, uint32_t idx, uint32_t *value)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    if (!value)
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "no place for the register value");
    if (idx > 0xff)
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "control register index 0x%x is above 0xff",
                          (unsigned)idx);
    return scord_regs_read(dev, idx, value);
}

int scord_reg_write(scord_device *dev, uint32_t idx, uint32_t value)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    if (idx > 0xff)
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "control register index 0x%x is above 0xff",
                          (unsigned)idx);
    return scord_regs_write(dev, idx, value);
}
