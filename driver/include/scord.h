/* libscord: host API for the open SIMT GPU (and, later, its race detector).
 *
 * Style follows libusb: opaque handles, every function returns 0 or a
 * negative value from enum scord_error, scord_error_name() and
 * scord_strerror() turn it into text. Backends (the in-process cycle model
 * "sim", later a board over a UART) sit behind one table of functions, so
 * the same host code runs on both.
 */
#ifndef SCORD_H
#define SCORD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum scord_error {
    SCORD_OK = 0,
    SCORD_ERR_INVALID_ARG = -1,   /* a NULL handle, a bad size or option */
    SCORD_ERR_NO_DEVICE = -2,     /* unknown URI or backend cannot start */
    SCORD_ERR_NO_MEM = -3,        /* host or device memory exhausted */
    SCORD_ERR_IO = -4,            /* file or link error */
    SCORD_ERR_ELF = -5,           /* not a loadable RV32 executable */
    SCORD_ERR_TIMEOUT = -6,       /* the kernel did not finish in time */
    SCORD_ERR_KERNEL_FAULT = -7,  /* the kernel trapped: see scord_get_fault */
    SCORD_ERR_LAUNCH = -8,        /* launch parameters refused by the GPU */
    SCORD_ERR_BUSY = -9,          /* a kernel is still running */
    SCORD_ERR_RANGE = -10,        /* address range outside device memory */
    SCORD_ERR_NOT_SUPPORTED = -11 /* the backend cannot do this */
};

typedef struct scord_device scord_device;
typedef struct scord_kernel scord_kernel;
typedef uint32_t scord_addr; /* a device memory byte address */

struct scord_dim3 {
    uint32_t x, y, z;
};

struct scord_info {
    uint32_t cores, warps, threads; /* per GPU, per core, per warp */
    uint32_t line_bytes;
    uint32_t mem_bytes;
    uint32_t version;
    const char *config; /* name of the named configuration, e.g. "default" */
};

/* Fault causes: the ERR_* values of config/regmap.def. */
struct scord_fault {
    uint32_t cause;
    uint32_t pc, addr;
    uint32_t core, warp, lane;
};

/* Counters of the last launch, summed over cores (see config/regmap.def). */
struct scord_counters {
    uint32_t cycles, instrs, thread_instrs;
    uint32_t loads, stores, atomics;
    uint32_t l1d_hits, l1d_misses, l1i_hits, l1i_misses;
    uint32_t l2_hits, l2_misses, mem_reads, mem_writes;
    uint32_t stall_mem, stall_fetch, stall_bar, stall_replay, stall_wb, idle;
};

const char *scord_error_name(int err);
const char *scord_strerror(int err);
const char *scord_fault_name(uint32_t cause); /* "illegal instruction", ... */

/* uri: "sim" or "sim:OPTIONS" where OPTIONS is a comma list of
 * trace=FILE.fst (waveform of the whole run) and latency=N (device memory
 * latency in cycles). Errors: INVALID_ARG, NO_DEVICE, NO_MEM. */
int scord_open(scord_device **dev, const char *uri);
void scord_close(scord_device *dev);
int scord_get_info(scord_device *dev, struct scord_info *info);

/* Device memory. The allocator hands out line-aligned blocks above the
 * loaded kernel image and below the stack region; scord_free_all() resets
 * it. Errors: INVALID_ARG, NO_MEM, RANGE, IO. */
int scord_malloc(scord_device *dev, size_t bytes, scord_addr *addr);
void scord_free_all(scord_device *dev);
int scord_memcpy_htod(scord_device *dev, scord_addr dst, const void *src, size_t n);
int scord_memcpy_dtoh(scord_device *dev, void *dst, scord_addr src, size_t n);
int scord_memset(scord_device *dev, scord_addr dst, int value, size_t n);

/* Load an RV32 ELF executable (kernel image) into device memory: PT_LOAD
 * segments copied, .bss zeroed. The allocator restarts above the image.
 * Errors: INVALID_ARG, IO, ELF, RANGE, NO_MEM. */
int scord_load_kernel(scord_device *dev, const char *elf_path, scord_kernel **kernel);
void scord_kernel_free(scord_kernel *kernel);
uint32_t scord_kernel_entry(const scord_kernel *kernel);
/* Address of a symbol of the kernel's ELF (0 if absent). */
scord_addr scord_kernel_symbol(const scord_kernel *kernel, const char *name);

/* Copy args (args_size bytes, may be 0) into device memory, set the
 * argument pointer, and start the grid. Does not wait.
 * Errors: INVALID_ARG, BUSY, NO_MEM, LAUNCH, IO. */
int scord_launch(scord_device *dev, const scord_kernel *kernel, struct scord_dim3 grid,
                 struct scord_dim3 block, const void *args, size_t args_size);
/* Run until the grid ends. timeout_ms = 0 waits forever. On TIMEOUT the
 * GPU is reset and left usable. Errors: TIMEOUT, KERNEL_FAULT, LAUNCH, IO. */
int scord_wait(scord_device *dev, unsigned timeout_ms);
int scord_get_fault(scord_device *dev, struct scord_fault *fault);
int scord_read_counters(scord_device *dev, struct scord_counters *counters);
/* Names of the counter fields, in struct order, for printing. */
extern const char *const scord_counter_names[];
#define SCORD_NUM_COUNTERS 20

/* Why the last call failed, in words, e.g. "ELF class is 64-bit, expected
 * 32-bit RISC-V" (the file name is not included). dev NULL gives the detail
 * of this thread's last failed scord_open. Never NULL; "" if none. */
const char *scord_last_error_detail(scord_device *dev);
/* Address and st_size (0 if unknown) of a symbol of the kernel's ELF.
 * Errors: INVALID_ARG (NULL argument or no such symbol). */
int scord_kernel_symbol_info(const scord_kernel *kernel, const char *name, scord_addr *addr,
                             uint32_t *size);
/* Soft reset (CTRL.reset): stops a running kernel, clears done and error;
 * device memory and the loaded kernel are kept. Errors: INVALID_ARG, IO. */
int scord_reset(scord_device *dev);

#ifdef __cplusplus
}
#endif
#endif
