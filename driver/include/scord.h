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
    uint32_t smem_bytes; /* shared memory of one core: what one block may use */
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
    uint32_t l2_det; /* L2 requests of the race detector: metadata lines and records */
    uint32_t smem_accesses;  /* warp instructions with lanes in shared memory */
    uint32_t smem_conflicts; /* their extra bank passes (bank conflicts) */
    uint32_t warp_syncs;     /* syncwarp, vote and shuffle instructions executed */
};

const char *scord_error_name(int err);
const char *scord_strerror(int err);
const char *scord_fault_name(uint32_t cause); /* "illegal instruction", ... */

/* uri: "sim" or "sim:OPTIONS" where OPTIONS is a comma list of
 * trace=FILE.fst (waveform of the whole run) and latency=N (device memory
 * latency in cycles); or "uart:/dev/ttyUSB0[,OPTIONS]" /
 * "uart:tcp=HOST:PORT[,OPTIONS]" for the FPGA board (docs/fpga.md).
 * Errors: INVALID_ARG, NO_DEVICE, NO_MEM. */
int scord_open(scord_device **dev, const char *uri);
void scord_close(scord_device *dev);
int scord_get_info(scord_device *dev, struct scord_info *info);

/* What a launch may ask for, so host code can size its grid instead of
 * guessing: the answers of CUDA's cudaGetDeviceProperties (the field of
 * cudaDeviceProp in brackets). scord_launch_shared refuses a launch past
 * any of them with LAUNCH, the detail naming each limit it broke. */
struct scord_properties {
    const char *config;             /* the configuration's name, e.g. "default" */
    uint32_t cores;                 /* [multiProcessorCount] */
    uint32_t warp_size;             /* lanes of a warp [warpSize] */
    uint32_t warps_per_core;        /* warp slots of a core */
    uint32_t max_threads_per_core;  /* warps_per_core x warp_size [maxThreadsPerMultiProcessor] */
    /* A block runs on one core: at most a core's threads, in any shape
     * (each dimension up to the whole, the product too) [maxThreadsPerBlock,
     * maxThreadsDim]. */
    uint32_t max_threads_per_block;
    uint32_t max_block_dim[3];
    /* Blocks of a grid: each dimension up to 2^32 - 1 and their product too
     * (block ids are 32-bit) [maxGridSize]. */
    uint32_t max_grid_dim[3];
    uint32_t max_grid_blocks;
    uint32_t max_blocks_per_core;   /* block slots: one per warp slot [maxBlocksPerMultiProcessor] */
    /* Shared memory: a core's, all of which one block may use (its static
     * __shared__ variables plus the launch's dynamic bytes); blocks on a
     * core share it, so it also limits how many a core holds
     * [sharedMemPerMultiprocessor, sharedMemPerBlock]. */
    uint32_t smem_per_core;
    uint32_t smem_per_block;
    uint32_t smem_banks;            /* 4-byte banks (one per lane) */
    /* Registers: every thread has RV32's 32 integer registers (x0 reads 0)
     * and no floating-point ones, whatever the kernel; they never limit
     * occupancy [regsPerBlock = regs_per_thread x max_threads_per_block]. */
    uint32_t regs_per_thread;
    uint32_t stack_bytes;           /* stack of each thread (CUDA's local memory) */
    uint32_t line_bytes;            /* cache line */
    uint32_t l1d_bytes;             /* data cache of a core */
    uint32_t l2_bytes;              /* [l2CacheSize] */
    uint32_t mem_bytes;             /* device memory [totalGlobalMem] */
};
/* Errors: INVALID_ARG. */
int scord_get_properties(scord_device *dev, struct scord_properties *props);
/* One line about the device beyond its registers, into buf (snprintf
 * style, always terminated when len > 0): for a board, its firmware
 * version, boot self-test result, boot count and clock. Errors:
 * INVALID_ARG, NOT_SUPPORTED (the backend has nothing to say: "sim"). */
int scord_describe(scord_device *dev, char *buf, size_t len);

/* Device memory. The allocator hands out line-aligned blocks above the
 * loaded kernel image and below the stack region; scord_free_all() resets
 * it. Errors: INVALID_ARG, NO_MEM, RANGE, IO.
 *
 * Copies and memsets do not wait for a launched kernel: the only
 * synchronisation between the host and a kernel is scord_wait(). Made
 * after scord_launch() and before scord_wait() returns, with the race
 * detector enabled, each is logged and checked against the kernel's
 * accesses when the kernel is over: a write that touches memory the
 * kernel accessed, or a read of memory the kernel wrote, is a
 * SCORD_RACE_HOST_DEVICE race (scord_ring_drain()). Then a write into the
 * detector's metadata or ring fails with RANGE. Without the detector no
 * such check is made. A kernel always sees what the host wrote before
 * its launch, and the host what the kernel wrote once scord_wait()
 * returned (every launch empties the GPU's caches; they write through). */
int scord_malloc(scord_device *dev, size_t bytes, scord_addr *addr);
void scord_free_all(scord_device *dev);
int scord_memcpy_htod(scord_device *dev, scord_addr dst, const void *src, size_t n);
int scord_memcpy_dtoh(scord_device *dev, void *dst, scord_addr src, size_t n);
int scord_memset(scord_device *dev, scord_addr dst, int value, size_t n);

/* Load an RV32 ELF executable (kernel image) into device memory: PT_LOAD
 * segments copied, .bss zeroed. The allocator restarts above the image.
 * Errors: INVALID_ARG, IO, ELF, RANGE, NO_MEM. */
int scord_load_kernel(scord_device *dev, const char *elf_path, scord_kernel **kernel);
/* The same from an image in host memory (size bytes), e.g. one embedded in
 * a program: the image is copied, so it may be freed or read-only
 * afterwards. Errors: as scord_load_kernel but IO. */
int scord_load_kernel_image(scord_device *dev, const void *image, size_t size,
                            scord_kernel **kernel);
void scord_kernel_free(scord_kernel *kernel);
uint32_t scord_kernel_entry(const scord_kernel *kernel);
/* Address of a symbol of the kernel's ELF (0 if absent). */
scord_addr scord_kernel_symbol(const scord_kernel *kernel, const char *name);

/* Copy args (args_size bytes, may be 0) into device memory, set the
 * argument pointer, and start the grid. Does not wait. Each block gets the
 * kernel's static shared memory (its __shared__ variables). A launch past
 * the device's limits (scord_get_properties: a dimension of 0, threads per
 * block, blocks per grid, shared memory per block) is refused with LAUNCH
 * before anything reaches the device; the detail names every limit broken
 * and its value, e.g. "block of 64 threads (64x1x1) exceeds the limit of
 * threads per block: a core's 4 warps x 8 threads = 32".
 * Errors: INVALID_ARG, BUSY, NO_MEM, LAUNCH, IO. */
int scord_launch(scord_device *dev, const scord_kernel *kernel, struct scord_dim3 grid,
                 struct scord_dim3 block, const void *args, size_t args_size);
/* The same with dynamic shared memory, CUDA's third launch parameter:
 * each block gets the kernel's static shared memory plus dyn_shared bytes,
 * which `extern __shared__ T name[] __dynamic_shared;` addresses (see
 * scord_gpu.h). A block needing more shared memory than a core has
 * (scord_info.smem_bytes) is refused with LAUNCH before anything reaches
 * the device, the detail saying how much was asked, how much a core has
 * and how much of it dynamic memory may take beside the kernel's static.
 * Errors: as scord_launch. */
int scord_launch_shared(scord_device *dev, const scord_kernel *kernel, struct scord_dim3 grid,
                        struct scord_dim3 block, uint32_t dyn_shared, const void *args,
                        size_t args_size);
/* Bytes of static shared memory (__shared__ variables) of a kernel: the
 * size of its .shared section. 0 for NULL. */
uint32_t scord_kernel_shared_bytes(const scord_kernel *kernel);
/* Run until the grid ends. timeout_ms = 0 waits forever. On TIMEOUT the
 * GPU is reset and left usable. Errors: TIMEOUT, KERNEL_FAULT, LAUNCH, IO. */
int scord_wait(scord_device *dev, unsigned timeout_ms);
int scord_get_fault(scord_device *dev, struct scord_fault *fault);
int scord_read_counters(scord_device *dev, struct scord_counters *counters);
/* Names of the counter fields, in struct order, for printing. */
extern const char *const scord_counter_names[];
#define SCORD_NUM_COUNTERS 24

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


/* ==== Race reports of the ScoRD detector (docs/detector.md §8) ==========
 *
 * The detector writes 32-byte records into a ring in device memory
 * (record v2: both accesses, the previous one's PC as an index from
 * DET_PC_BASE). scord_race_decode() turns one record into struct
 * scord_race (checking it: a record is device memory, not trusted),
 * scord_race_format() and scord_race_format_json() print it, with the
 * source lines of both accesses from the kernel's DWARF
 * (scord_kernel_addr2line()), and scord_ring_drain() takes the records
 * out of the ring.
 *
 * Functions of this section that take no device leave their error detail
 * where scord_last_error_detail(NULL) finds it (this thread's). */

/* Race types: record word 0 [7:0] (DET_RACE_* of config/regmap.def). */
enum scord_race_type {
    SCORD_RACE_BLOCK_FENCE = 1, /* missing block-scope fence, same block */
    SCORD_RACE_DEV_FENCE = 2,   /* missing device-scope fence, different blocks */
    SCORD_RACE_NOT_STRONG = 3,  /* fence-ordered, but one access is weak */
    SCORD_RACE_SCOPED_ATOM = 4, /* block-scope atomic seen from another block */
    SCORD_RACE_LOCK_LOAD = 5,   /* load sharing no lock with the earlier write */
    SCORD_RACE_LOCK_STORE = 6,  /* store sharing no lock with the earlier access */
    SCORD_RACE_INTRUSION = 7,   /* kernel wrote the detector's metadata or ring */
    SCORD_RACE_INTRA_WARP = 8,  /* global memory: two lanes of one warp, unordered */
    SCORD_RACE_SHARED = 9,      /* shared memory: two warps of one block, no barrier */
    SCORD_RACE_SHARED_WARP = 10, /* shared memory: two lanes of one warp, no __syncwarp */
    SCORD_RACE_STALE_READ = 11,  /* missing acquire fence: a weak load may read a stale L1 copy */
    SCORD_RACE_HOST_DEVICE = 12  /* a host copy or memset while a kernel ran (made by the
                                    library, see below) */
};
#define SCORD_RACE_TYPE_MIN 1
#define SCORD_RACE_TYPE_MAX 12

/* The host call of a HOST_DEVICE race (record word 1 [7:0]). */
enum scord_host_call {
    SCORD_HOST_MEMCPY_HTOD = 1, /* scord_memcpy_htod: the host wrote */
    SCORD_HOST_MEMCPY_DTOH = 2, /* scord_memcpy_dtoh: the host read */
    SCORD_HOST_MEMSET = 3       /* scord_memset: the host wrote */
};
#define SCORD_RACE_RECORD_BYTES 32
/* A previous access's PC index when the detector kept no PC for it. */
#define SCORD_RACE_PC_INDEX_UNKNOWN 0xFFFFu

enum scord_access_kind { SCORD_ACCESS_LOAD = 0, SCORD_ACCESS_STORE = 1, SCORD_ACCESS_ATOMIC = 2 };

/* One decoded race record. "Current" is the access that was checked and
 * reported; "previous" is the last earlier access of the location as the
 * detector remembers it (global memory: its metadata entry; shared memory:
 * the shadow entry beside the banks): its kind, thread and, when
 * prev_known, its PC. */
struct scord_race {
    uint32_t type;        /* enum scord_race_type */
    uint8_t device_scope; /* 1: the two accesses are from different blocks */
    /* current access */
    uint8_t kind;   /* enum scord_access_kind */
    uint8_t strong; /* strong load/store, or atomic (always strong) */
    uint8_t scope;  /* atomics: 0 block, 1 device; 0 for loads and stores */
    uint8_t size;   /* bytes: 1, 2 or 4 */
    /* previous access (all 0 for SCORD_RACE_INTRUSION: there is none) */
    uint8_t has_prev;
    uint8_t prev_kind;     /* enum scord_access_kind, from the two flags below */
    uint8_t prev_modified; /* it wrote (store or atomic) */
    uint8_t prev_atomic;
    uint8_t prev_scope; /* its atomic scope: 0 block, 1 device */
    uint8_t prev_strong;
    uint32_t pc;    /* of the current access */
    uint32_t addr;  /* global: data byte address; shared: SMEM_BASE + offset in the block's
                       shared memory (0x40000000 + ..., as the kernel's pointers) */
    uint32_t block; /* accessor's linear block id, low 16 bits */
    uint32_t core, warp, lane; /* warp: index within the block */
    uint32_t prev_block; /* low 7 bits of the previous accessor's block id (shared
                            races: the current block's) */
    uint32_t prev_warp;  /* within its block */
    uint32_t count; /* occurrences of (pc, type) merged here, >= 1, saturating */
    uint32_t seq;   /* the detector's device-memory access counter
                       (DET_CNT_ACCESSES) at the first occurrence; for a
                       shared record only an order among records */
    /* ---- record v2 (docs/detector.md §8) ---- */
    uint8_t shared;     /* 1: a shared-memory race (types SHARED, SHARED_WARP) */
    uint8_t prev_known; /* 1: prev_pc and prev_lane are the previous access's; 0: the
                           detector kept no PC for it (the report says it is unknown) */
    uint32_t prev_lane;
    uint32_t prev_pc_index; /* (prev PC - DET_PC_BASE) / 4, or SCORD_RACE_PC_INDEX_UNKNOWN */
    uint32_t prev_pc;       /* pc_base + 4 * prev_pc_index when prev_known, else 0 */
    uint8_t stale; /* 1: this weak load (or, in a record of several occurrences, one of
                      them) returned a stale value: its L1 served a word another core had
                      written at the L2 since the line was filled */
    uint8_t warning; /* 1: severity warning, not error: an intra-warp race between lanes of
                        one store instruction that wrote the same value (every occurrence of
                        the record was; docs/detector.md §8.2). Not counted by default in
                        `scord run`'s exit code. 0 for every other race */
    /* The launch the record belongs to, filled by scord_ring_drain() from
     * the device's last scord_launch() (0 when unknown, e.g. after
     * scord_race_decode() alone): reports then name threads as CUDA does,
     * thread (x,y,z) in block (x,y,z), instead of lane, warp and block id. */
    struct scord_dim3 grid_dim, block_dim;
    uint32_t warp_size; /* lanes per warp of the device (scord_info.threads) */
    /* ---- host-device races (SCORD_RACE_HOST_DEVICE; docs/detector.md §15) ----
     * The racing access is the host's: a library call that wrote (kind
     * STORE: scord_memcpy_htod, scord_memset) or read (kind LOAD:
     * scord_memcpy_dtoh) device memory while a launched kernel had not been
     * waited for. addr is the call's first byte that the kernel's access
     * also touched; the "previous" fields name that kernel access (the
     * kernel's last access to the location, not necessarily earlier than
     * the call); count is the granules of the call's range in conflict
     * with that kernel instruction; seq the call's number among the host's
     * memory calls since the launch, from 1. pc, block, core, warp, lane,
     * strong, scope and device_scope are 0, size 1. */
    uint32_t host_call;             /* enum scord_host_call; 0 for other races */
    uint32_t host_addr, host_bytes; /* the call's device range */
    /* Where the host program made the call, when the library knows it
     * (scord_ring_drain() of the device that found the race; 0 and ""
     * otherwise): the return address in the program, its function and,
     * with the program's debug information, its source line. */
    uint64_t host_pc;
    uint32_t host_offset;   /* host_pc - the function's start */
    uint32_t host_line;     /* 0: unknown */
    char host_function[64]; /* "" when unknown */
    char host_file[256];    /* "" when unknown */
};

/* Decode one 32-byte little-endian record. Every reserved bit must be 0
 * and the fields must obey the record's own rules (§8.1, §8.2, §3.2):
 * known type and kind, size 1/2/4, count >= 1, ids within their widths,
 * normalised strong/scope, the scope flag the type implies and equal to
 * "block ids differ", no previous access for INTRUSION, the shared flag
 * exactly on the shared types (with an address in the shared window),
 * same warp for INTRA_WARP and SHARED_WARP and different warps for
 * SHARED, a PC index other than SCORD_RACE_PC_INDEX_UNKNOWN exactly when
 * the previous access is known; a HOST_DEVICE record (made by the library)
 * obeys §15's rules instead. The previous PC is taken relative to
 * DET_PC_BASE 0 (prev_pc = 4 * index): scord_race_decode_at() takes the
 * base the records were made with, and scord_ring_drain() does that
 * itself. *out is written only on success; its launch fields are 0.
 * Errors: INVALID_ARG (NULL argument or bad record). */
int scord_race_decode(const void *record32, struct scord_race *out);
/* The same for records made while DET_PC_BASE held pc_base (the library
 * writes the loaded kernel's image start there at every launch with the
 * detector enabled). Errors: as scord_race_decode. */
int scord_race_decode_at(const void *record32, uint32_t pc_base, struct scord_race *out);

/* "block-fence", "device-fence", "not-strong", "scoped-atomic",
 * "lock-load", "lock-store", "intrusion", "intra-warp", "shared",
 * "shared-warp", "stale-read", "host-device"; "unknown" otherwise. */
const char *scord_race_type_name(uint32_t type);
/* One line saying what went wrong, e.g. "missing device-scope fence
 * between conflicting accesses of different blocks"; "unknown race type"
 * otherwise. */
const char *scord_race_type_description(uint32_t type);

/* Source location of a kernel PC. Strings belong to the kernel handle and
 * live until scord_kernel_free(); unknown parts are "??" (strings) or 0. */
struct scord_srcloc {
    const char *function; /* ELF symbol containing pc */
    uint32_t offset;      /* pc - start of function (0 if unknown) */
    const char *file;     /* source file of the line-table row, as in DWARF */
    const char *comp_dir; /* compilation directory a relative `file` is from */
    uint32_t line, column;
    /* When pc is in code inlined into `function`: the innermost inlined
     * function (file/line above are inside it) and the line of `function`
     * that the outermost inlined call was made from. Otherwise NULL, "??"
     * and 0. */
    const char *inlined;
    const char *call_file;
    uint32_t call_line;
};

/* Map pc to function, file, line and column with the kernel's DWARF
 * (kept from scord_load_kernel; the file is not read again). A pc outside
 * every function and line table, or a kernel without debug information,
 * is not an error: *loc is filled with "??" and 0. Not for use on one
 * kernel from two threads at once (libdw caches lookups).
 * Errors: INVALID_ARG (NULL argument). */
int scord_kernel_addr2line(const scord_kernel *kernel, uint32_t pc, struct scord_srcloc *loc);

/* The shared-memory variable at a shared address (0x40000000 + offset, as
 * in a shared race's addr), from the kernel's DWARF (or, without it, its
 * symbol table): "tile[3][1]", "sums[7] (+2 bytes)", a dynamic shared
 * array by its declared name; "" when no variable covers addr. Returns
 * like snprintf (the name's length); buf may be NULL when len is 0.
 * Errors: INVALID_ARG (NULL kernel, NULL buf with len > 0). */
int scord_kernel_shared_name(const scord_kernel *kernel, uint32_t addr, char *buf, size_t len);

/* A compute-sanitizer-like report of r, several lines ending in '\n',
 * naming both accesses:
 *
 *   ========= Race (shared) detected: store of 4 bytes at 0x40000010 (__shared__ sums[4])
 *   =========     Write by thread (4,0,0) in block (1,0,0) at red.c:27:9 (kernel_main+0x44) [warp 0, lane 4, core 1]
 *   =========     previous Read by thread (12,0,0) in block (1,0,0) at red.c:25:21 (kernel_main+0x3c) [warp 1, lane 4]
 *   =========     conflicting shared-memory accesses by two warps of one block with no ...
 *   =========     (seen once)
 *
 * Threads are named as CUDA does when r carries its launch's shape
 * (scord_ring_drain() fills it), else as lane, warp and block id. A
 * line inside an inlined helper is given as the kernel's own line, then
 * the helper's: "count.c:14 (kernel_main+0x30, in scord_add_u_block at
 * scord_gpu.h:285:1)". A previous access whose PC the detector did not
 * keep is said to be unknown, never guessed. Shared races name the
 * variable (scord_kernel_shared_name()). A HOST_DEVICE race names the
 * host's call (function, range, number since the launch, its line in the
 * host program when known) and then "the kernel's" access. kernel may be
 * NULL (no source mapping: PCs are printed alone).
 * Returns like snprintf: the length of the whole report (without the
 * NUL); buf holds at most len-1 characters of it, NUL terminated when
 * len > 0. buf may be NULL when len is 0 (to size a buffer).
 * Errors: INVALID_ARG (NULL r, NULL buf with len > 0, r not a valid
 * record: unknown type or kind, bad size). */
int scord_race_format(const scord_kernel *kernel, const struct scord_race *r, char *buf,
                      size_t len);
/* The same as one JSON object on one line, ending in '\n': every field of
 * r, the type's name and description, "shared" (and for shared races
 * "shared_offset" and "shared_variable"), the accessor with "thread" and
 * "block_idx" ([x,y,z], null when unknown), the source location of the
 * current access ("source", null without a kernel) and "previous": its
 * kind and flags, "known", "block" (null when only its id mod 128 is
 * known), "warp", "lane", "pc", "pc_index", "thread", "block_idx" and
 * its own "source" (null when unknown); "previous" is null for
 * INTRUSION. A HOST_DEVICE race has "accessor" and "source" null and
 * "host": its "call", "addr", "bytes", "call_number" and call site
 * ("pc", "function", "offset", "file", "line", null when unknown);
 * "previous" is the kernel's access. Same return and errors as
 * scord_race_format. */
int scord_race_format_json(const scord_kernel *kernel, const struct scord_race *r, char *buf,
                           size_t len);

/* What scord_ring_drain saw besides the records. */
struct scord_ring_info {
    uint32_t drops;     /* DET_RING_DROPS: occurrences lost to a full ring */
    uint32_t invalid;   /* records that failed scord_race_decode: consumed, skipped */
    uint32_t remaining; /* records left in the ring because max was reached */
    uint32_t status;    /* DET_STATUS (bit2 overflow, bit3 intrusion, ...) */
};

/* Take up to max records out of the detector's ring: read DET_RING_HEAD,
 * copy slots tail..head-1 from device memory, decode them into races[]
 * (previous PCs relative to DET_PC_BASE, launch fields from the last
 * scord_launch()), then write DET_RING_TAIL so the detector may reuse the
 * slots. The HOST_DEVICE races the library found at the end of a kernel
 * (see scord_memcpy_htod()) come after the ring's records, with their
 * host call sites; they wait in the library until drained, and count in
 * info's remaining and drops like the ring's. The slots are claimed first (DET_RING_CLAIM, docs/detector.md
 * §8.3), so no occurrence is merged into a record while it is copied. *n receives the
 * number of races stored; info may be NULL. Errors: INVALID_ARG (NULL dev
 * or n, NULL races with max > 0), NOT_SUPPORTED (no detector ring: ring
 * size reads below 2), IO (head or tail outside the ring, register
 * access failed), RANGE (ring outside device memory). */
int scord_ring_drain(scord_device *dev, struct scord_race *races, size_t max, size_t *n,
                     struct scord_ring_info *info);

/* Races counted over one launch or many, for the summary line every tool
 * prints the same way (`scord run`, the CUDA runtime). Zero it to start. */
struct scord_race_tally {
    uint64_t races;     /* occurrences of severity error, dropped ones included
                           (their severity is unknown: counted as errors) */
    uint64_t distinct;  /* records of severity error */
    uint64_t warnings;  /* occurrences of severity warning (scord_race.warning) */
    uint64_t distinct_warnings; /* records of severity warning */
    uint64_t dropped;   /* occurrences lost to a full ring (scord_ring_info.drops) */
};
/* Count n races and drops dropped occurrences into *t. The device's drop
 * counter restarts at each launch, so pass a launch's drops once: those
 * of its last scord_ring_drain(). Saturates instead of wrapping. */
void scord_race_tally_add(struct scord_race_tally *t, const struct scord_race *races, size_t n,
                          uint32_t drops);
/* The summary line, ending in '\n':
 *   ========= RACE SUMMARY: 3 races (2 distinct), 1 warning (1 distinct), 0 dropped
 * (the warnings only when there are some). A run failed the race check
 * when t->races or t->distinct is not 0 (warnings only by choice).
 * Returns like snprintf. Errors: INVALID_ARG (NULL t, NULL buf with len
 * > 0). */
int scord_race_summary_format(const struct scord_race_tally *t, char *buf, size_t len);
/* ==== end of race reports ================================================ */

/* ==== Arming the race detector from launches (docs/detector.md §7) =====
 *
 * scord_detector_configure() remembers a configuration on the device;
 * every later scord_launch() arms the detector before starting the grid
 * when cfg.enable is set, and disarms it otherwise. The library places the
 * detector's regions itself:
 *
 *   [0, W)        the tracked window: a power of two (at least 32 KiB
 *                 where memory allows, else the largest that fits, at
 *                 least 4 KiB) covering the kernel image, every
 *                 allocation and the launch's arguments
 *   [W, W+M)      metadata: a 16-byte entry per granule of the window in
 *                 full mode (4 W at 4-byte granules), one per 32 granules
 *                 in cache mode (W / 8 at 4-byte granules)
 *   [.., +32R)    the report ring of R records (32-byte aligned)
 *   ...           below the stack region at the top of memory
 *
 * While the detector is enabled, scord_malloc() keeps every allocation
 * below the largest window whose metadata and ring still fit under the
 * stacks (so enabling it shrinks the heap: to 2 MiB of the 16 MiB default
 * configuration, 16 KiB of the 176 KiB `fpga` one, at 4-byte granularity
 * in full mode), and kernel arguments go just above the
 * allocations instead of at the top of the heap. The stacks are outside
 * the window: stack accesses are not checked (DET_CNT_UNTRACKED).
 *
 * Cost: the detector stays armed across launches while the configuration
 * is unchanged and the armed window still covers the launch. The first
 * launch after arming (and every 63rd launch after it, when the 6-bit
 * generation wraps) sweeps the whole metadata region before the first
 * block starts: about 3 cycles per 32-byte line, e.g. ~12 000 cycles for
 * the 32 KiB minimum window in full mode at 4-byte granularity (128 KiB
 * of metadata) and ~790 000 cycles for a 2 MiB window. Other launches only bump the
 * generation. A launch whose data outgrows the armed window re-arms with
 * a larger one (and sweeps again).
 *
 * Records stay in the ring across launches: drain it (scord_ring_drain)
 * after each scord_wait() to attribute them to that kernel. Re-arming
 * empties the ring. A kernel that wrote into the metadata or the ring
 * (an INTRUSION record, DET_STATUS bit3 in scord_ring_info.status) leaves
 * metadata that can no longer be trusted: the next launch re-arms, which
 * sweeps it and clears the bit (drain before launching again). */
struct scord_detector_config {
    int enable;             /* 0: launches run with the detector disarmed */
    int cache_mode;         /* 0: full mode (one entry per granule), 1: cache mode (one
                             * per 32 granules), 2: sparse cache mode (one per 64) */
    unsigned granularity;   /* bytes per granule: 4, 8 or 16 (0 means 4) */
    unsigned ring_records;  /* ring size in 32-byte records, >= 2 (0 means 256) */
};
#define SCORD_DETECTOR_DEFAULT_RING 256u
#define SCORD_DETECTOR_MIN_WINDOW (32u << 10)
/* The smallest window at all: on a device whose memory cannot hold the
 * 32 KiB one with its metadata and ring (the board's `fpga`
 * configuration in full mode at 4-byte granules), the largest power of
 * two down to this. */
#define SCORD_DETECTOR_SMALLEST_WINDOW (4u << 10)
/* Cache mode tracks at least this window when memory allows (its entries
 * then repeat no closer than every 4 KiB of addresses); sparse cache mode
 * twice this. */
#define SCORD_DETECTOR_CACHE_WINDOW (128u << 10)

/* Remember cfg for later launches (cfg NULL: disable). Disarms the
 * detector now if the configuration changed. Errors: INVALID_ARG (bad
 * granularity, mode or ring size), BUSY (a kernel is running), NO_MEM
 * (even the window the current kernel image and allocations need, with
 * its metadata and ring, does not fit below the stacks: the detail says
 * what did not fit and suggests cache mode or a coarser granularity),
 * IO. The configuration is unchanged on error. scord_launch() may fail
 * with NO_MEM for the same reason, and with LAUNCH when the GPU refuses
 * the arming (DET_STATUS[15:8] = DET_ERR_*, named in the detail). */
int scord_detector_configure(scord_device *dev, const struct scord_detector_config *cfg);
/* The remembered configuration (all zero if never configured). */
int scord_detector_get_config(scord_device *dev, struct scord_detector_config *cfg);

/* Detector counters of the last launch (DET_CNT_*, cleared at each kernel
 * start; read from the device, so valid until the next launch).
 * races[t-1] counts occurrences of race type t (enum scord_race_type),
 * whether recorded, merged into a record or dropped; for HOST_DEVICE the
 * library's count (granules in conflict) of the last kernel that ended. */
struct scord_detector_counters {
    uint32_t accesses;     /* access events received */
    uint32_t prelim_pass;  /* tracked accesses passed by the preliminary checks */
    uint32_t md_reads, md_writes;
    uint32_t tag_mismatch; /* cache mode: histories lost to aliasing */
    uint32_t stall;        /* core cycles replayed for a full event queue */
    uint32_t untracked;    /* accesses outside the tracked window */
    uint32_t fences, barriers;
    uint32_t records;      /* records written to the ring */
    uint32_t suppressed;   /* occurrences merged into an existing record */
    uint32_t sh_accesses;  /* shared-memory lane accesses checked beside the banks */
    uint32_t sh_syncs;     /* warp syncs (syncwarp, vote, shuffle) seen */
    uint32_t epoch_sat;    /* pairs taken as ordered only because the device-fence epoch
                              had saturated (the acquire rule could not tell) */
    uint32_t warnings;     /* race occurrences of severity warning (lanes of one store
                              writing one value; also counted in races[]) */
    uint32_t races[SCORD_RACE_TYPE_MAX];
};
#define SCORD_NUM_DETECTOR_COUNTERS (15 + SCORD_RACE_TYPE_MAX)
/* Errors: INVALID_ARG, IO. */
int scord_read_detector_counters(scord_device *dev, struct scord_detector_counters *counters);
/* Names of the fields, in struct order ("accesses", ..., "sh_syncs", "epoch_sat",
 * "warnings", "races_block_fence", ..., "races_intrusion", "races_intra_warp", "races_shared",
 * "races_shared_warp", "races_stale_read"), NULL terminated. */
extern const char *const scord_detector_counter_names[];

/* ---- low level: tests, bring-up, tools ---------------------------------
 *
 * The detector's regions as its registers hold them now (docs/detector.md
 * §7.1). The library arms at scord_launch(), so after a launch with the
 * detector enabled these are the addresses a kernel must never write
 * (metadata and ring); before that armed is 0. */
struct scord_detector_regions {
    uint32_t armed;         /* out: DET_STATUS bit 0 */
    uint32_t status;        /* out: DET_STATUS (bit3 intrusion, [15:8] DET_ERR_*) */
    uint32_t mode;          /* DET_MODE: bit0 cache mode, [2:1] granularity code */
    scord_addr track_base;  /* tracked window */
    uint32_t track_bytes;
    scord_addr md_base;     /* metadata region */
    uint32_t md_bytes;      /* out: DET_MD_BYTES, computed by the hardware */
    scord_addr ring_base;   /* report ring */
    uint32_t ring_records;  /* DET_RING_SIZE */
};
/* Errors: INVALID_ARG, IO. */
int scord_detector_get_regions(scord_device *dev, struct scord_detector_regions *r);
/* Arm with exactly these values (mode, track_base/bytes, md_base,
 * ring_base/records; the out fields are ignored), bypassing the library's
 * placement, so the hardware's own checks (§7.2) decide. On refusal the
 * detector stays disarmed and the error is LAUNCH with the DET_ERR_* code
 * named in the detail. Either way the next scord_launch() arms by the
 * configuration again (or disarms). Errors: INVALID_ARG, BUSY, LAUNCH, IO. */
int scord_detector_arm_regions(scord_device *dev, const struct scord_detector_regions *r);
/* Raw control registers by word index (CTL_* and DET_* of
 * config/regmap.def, e.g. DET_RING_DROPS). Writes bypass every check of the
 * library and can leave the device inconsistent with it: for tests.
 * Errors: INVALID_ARG (index above 0xff, NULL value), IO. */
int scord_reg_read(scord_device *dev, uint32_t idx, uint32_t *value);
int scord_reg_write(scord_device *dev, uint32_t idx, uint32_t value);
/* ==== end of detector arming ============================================= */


/* ==== printf in kernels (docs/architecture.md, "printf in kernels") =====
 *
 * A kernel that calls printf (scord_gpu.h) gets a buffer in device memory
 * at each launch: the library places it at the top of the free memory,
 * outside the race detector's tracked window, and tells the kernel where
 * it is; a kernel without printf gets none and costs nothing. Each call
 * appends one record (block, thread, format, raw arguments); when the
 * kernel is over (scord_wait returned, whatever the outcome: done, fault
 * or timeout), the library reads the records, formats them on the host
 * and keeps the output as lines until the next launch: every thread's
 * lines in its program order, threads ordered by block, then by thread
 * (CUDA promises no order; this is the one people expect). A call that
 * finds the buffer full is lost, and counted exactly. */
struct scord_printf_line {
    const char *text; /* the line, without '\n' (a printf's text is cut at each '\n';
                         one without it goes on with the thread's next printf); for an
                         error, what is wrong. Valid until the next launch */
    int error;        /* 1: not output but a record that could not be printed (a format
                         the runtime does not know, a format pointer outside the kernel
                         image, a damaged buffer): text says why */
    int has_thread;   /* 0 for a damaged buffer: no thread to name */
    uint32_t block, thread; /* linear block id, thread index within its block */
    struct scord_dim3 block_idx, thread_idx; /* the same as CUDA's blockIdx, threadIdx */
};
struct scord_printf_info {
    uint32_t records;      /* printf calls of the last launch printed */
    uint32_t lost;         /* printf calls that found the buffer full: their output is lost */
    uint32_t invalid;      /* records that could not be printed (error lines) */
    uint32_t buffer_bytes; /* the buffer the launch had; 0: no printf in the kernel */
    uint32_t remaining;    /* lines left because max was reached */
};
/* The default buffer size (CUDA's default is 1 MiB; a record takes 16
 * bytes plus 4 per argument, 8 per double or long long), and the smallest
 * buffer. Where less memory is free (small configurations, the detector's
 * regions), the buffer takes what is free, down to the smallest, and the
 * launch fails with NO_MEM below that. */
#define SCORD_PRINTF_DEFAULT_BUFFER (64u << 10)
#define SCORD_PRINTF_MIN_BUFFER 256u
/* Buffer size of later launches; 0 restores the default. Errors:
 * INVALID_ARG (outside SCORD_PRINTF_MIN_BUFFER .. device memory), BUSY. */
int scord_printf_set_buffer(scord_device *dev, uint32_t bytes);
/* The size set (or the default). */
uint32_t scord_printf_get_buffer(scord_device *dev);
/* Take up to max lines of the last launch's output, oldest first; *n
 * receives the count; info (may be NULL) the launch's counts. Lines not
 * taken stay for the next call. Errors: INVALID_ARG (NULL dev or n, NULL
 * lines with max > 0), BUSY (the kernel has not been waited for). */
int scord_printf_drain(scord_device *dev, struct scord_printf_line *lines, size_t max, size_t *n,
                       struct scord_printf_info *info);
/* A line as `scord run` prints it, ending in '\n':
 *   [block (1,0,0) thread (3,0,0)] x = 42
 * ("[printf] ..." for a line with no thread). Returns like snprintf.
 * Errors: INVALID_ARG. */
int scord_printf_format(const struct scord_printf_line *line, char *buf, size_t len);
/* ==== end of printf ====================================================== */

#ifdef __cplusplus
}
#endif
#endif
