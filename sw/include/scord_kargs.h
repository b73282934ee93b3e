/* Kernel argument structs are shared by the kernel (RV32, 4-byte pointers)
 * and the host program (usually 64-bit): a device pointer must have the same
 * size and alignment on both sides. SCORD_PTR(T) is a T * in the kernel and
 * a 32-bit device address (scord_addr) on the host:
 *
 *     struct vecadd_args {
 *         SCORD_PTR(const int) a;
 *         SCORD_PTR(int) c;
 *         uint32_t n;
 *     };
 *     SCORD_KARGS_SIZE(struct vecadd_args, 12);
 */
#ifndef SCORD_KARGS_H
#define SCORD_KARGS_H

#include <stdint.h>

#if defined(__riscv) && __riscv_xlen == 32
#define SCORD_PTR(T) T *
#else
#define SCORD_PTR(T) uint32_t
#endif

/* Fails to compile on the side whose layout drifted. */
#ifdef __cplusplus
#define SCORD_KARGS_SIZE(type, bytes) \
    static_assert(sizeof(type) == (bytes), #type " must be " #bytes " bytes on host and device")
#else
#define SCORD_KARGS_SIZE(type, bytes) \
    _Static_assert(sizeof(type) == (bytes), #type " must be " #bytes " bytes on host and device")
#endif

#endif
