/* libscord errors: the detail of the last failed call, kept per device
 * (per thread for scord_open and the calls that take no device), and the
 * names of error codes and fault causes. */
#include "scord_int.h"

#include <stdarg.h>
#include <stdio.h>

/* Failures of scord_open have no device to hold their detail. */
static _Thread_local char open_detail[SCORD_DETAIL_LEN];

int scord_fail(scord_device *dev, int err, const char *fmt, ...)
{
    char *buf = dev ? dev->detail : open_detail;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, SCORD_DETAIL_LEN, fmt, ap);
    va_end(ap);
    return err;
}

void scord_error_clear(scord_device *dev) { (dev ? dev->detail : open_detail)[0] = '\0'; }

const char *scord_last_error_detail(scord_device *dev)
{
    return dev ? dev->detail : open_detail;
}

/* ---- names ------------------------------------------------------------ */

const char *scord_error_name(int err)
{
    switch (err) {
    case SCORD_OK: return "SCORD_OK";
    case SCORD_ERR_INVALID_ARG: return "SCORD_ERR_INVALID_ARG";
    case SCORD_ERR_NO_DEVICE: return "SCORD_ERR_NO_DEVICE";
    case SCORD_ERR_NO_MEM: return "SCORD_ERR_NO_MEM";
    case SCORD_ERR_IO: return "SCORD_ERR_IO";
    case SCORD_ERR_ELF: return "SCORD_ERR_ELF";
    case SCORD_ERR_TIMEOUT: return "SCORD_ERR_TIMEOUT";
    case SCORD_ERR_KERNEL_FAULT: return "SCORD_ERR_KERNEL_FAULT";
    case SCORD_ERR_LAUNCH: return "SCORD_ERR_LAUNCH";
    case SCORD_ERR_BUSY: return "SCORD_ERR_BUSY";
    case SCORD_ERR_RANGE: return "SCORD_ERR_RANGE";
    case SCORD_ERR_NOT_SUPPORTED: return "SCORD_ERR_NOT_SUPPORTED";
    default: return "SCORD_ERR_UNKNOWN";
    }
}

const char *scord_strerror(int err)
{
    switch (err) {
    case SCORD_OK: return "success";
    case SCORD_ERR_INVALID_ARG: return "invalid argument";
    case SCORD_ERR_NO_DEVICE: return "no such device";
    case SCORD_ERR_NO_MEM: return "out of memory";
    case SCORD_ERR_IO: return "input/output error";
    case SCORD_ERR_ELF: return "not a loadable RV32 executable";
    case SCORD_ERR_TIMEOUT: return "the kernel did not finish in time";
    case SCORD_ERR_KERNEL_FAULT: return "the kernel faulted";
    case SCORD_ERR_LAUNCH: return "launch refused";
    case SCORD_ERR_BUSY: return "a kernel is still running";
    case SCORD_ERR_RANGE: return "address range outside device memory";
    case SCORD_ERR_NOT_SUPPORTED: return "not supported by this device";
    default: return "unknown error";
    }
}

const char *scord_fault_name(uint32_t cause)
{
    switch (cause) {
    case SCORD_FAULT_NONE: return "none";
    case SCORD_FAULT_ILLEGAL: return "illegal instruction";
    case SCORD_FAULT_MISALIGNED: return "misaligned access";
    case SCORD_FAULT_BOUNDS: return "out-of-bounds access";
    case SCORD_FAULT_FETCH: return "bad instruction fetch";
    case SCORD_FAULT_LAUNCH: return "bad launch";
    case SCORD_FAULT_ECALL: return "ecall/ebreak";
    case SCORD_FAULT_SMEM: return "shared-memory access outside the block's slice";
    default: return "unknown fault";
    }
}
