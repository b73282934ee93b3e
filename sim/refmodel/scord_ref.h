/* C reference model of the ScoRD race detector (docs/detector.md).
 *
 * The model is a transcription of docs/detector.md: the same registers, the
 * same event stream, the same metadata bytes and the same ring records as
 * the RTL, so a test can compare the two byte for byte. Section numbers in
 * comments (§n) refer to docs/detector.md.
 *
 * It owns an image of device memory (mem_bytes bytes): metadata entries and
 * ring records are stored there exactly where the hardware would put them.
 * Kernel data is never stored (the detector does not see data values).
 *
 * Numbers (register indices, race types, field positions) come from the
 * generated scord_defs.h (config/regmap.def).
 */
#ifndef SCORD_REF_H
#define SCORD_REF_H

#include <stdint.h>

#include "scord_defs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Events (§3) --------------------------------------------------------- */

/* One event of the detector queue, unpacked. For an access, `kind` is
 * SCORD_DET_EV_LOAD/STORE/ATOMIC; for a fence or a barrier it is
 * SCORD_DET_EV_SYNC and `size` holds SCORD_DET_SYNC_FENCE/BARRIER. */
typedef struct {
    uint8_t kind;     /* 2 bits */
    uint8_t scope;    /* 1 bit: atomic or fence scope, 0 block, 1 device */
    uint8_t strong;   /* 1 bit: strong load/store; always 1 for atomics */
    uint8_t size;     /* 2 bits: log2 bytes for accesses, sync sub-kind otherwise */
    uint32_t pc;
    uint32_t addr;    /* byte address (accesses); 0 for sync events */
    uint8_t core;     /* 8 bits */
    uint16_t block;   /* 16 bits: linear block id within the grid, low bits */
    uint8_t warp;     /* 5 bits: warp index within the block */
    uint8_t lane;     /* 5 bits */
    uint8_t barrier;  /* 8 bits: the block's barrier id when the access issued */
    uint16_t bloom;   /* 16 bits: summary of the warp's active locks (§4.3) */
    uint8_t wsync;    /* 8 bits: the warp's sync count (syncwarp, vote, shuffle) before this access; 0 for sync events */
    uint8_t stale;    /* 1 bit: this lane's weak load returned a stale L1 value (word 4 [8]) */
    uint8_t vclass;   /* 5 bits: a store lane's value class, the lowest active lane of its
                         instruction storing the same value (word 4 [13:9]); 0 otherwise */
} scord_event_t;

#define SCORD_EVENT_WORDS SCORD_DET_EV_WORDS

/* The 160-bit queue word (§3.1 and v2 word 4), word 0 = bits [31:0]. */
void scord_event_pack(const scord_event_t *ev, uint32_t w[SCORD_EVENT_WORDS]);
void scord_event_unpack(const uint32_t w[SCORD_EVENT_WORDS], scord_event_t *ev);

/* A line event (§3.1), what a core's port sends and the queue holds: the
 * lanes of one warp instruction whose addresses lie in one cache line. `ev`
 * is the event of the group's lowest lane (its addr names the line). */
typedef struct {
    scord_event_t ev;
    uint32_t mask;     /* lanes of the group, bit t = lane t */
    uint8_t off[32];   /* lane t's byte offset in the line (lanes outside mask: 0) */
    uint32_t stale;    /* lanes whose weak load returned a stale L1 value (within mask) */
    uint8_t cls[32];   /* lane t's value class (a store's; clog2(lanes) bits, at least 1) */
} scord_line_event_t;

/* 32-bit words of a line event for `lanes` lanes per warp and lines of
 * `line_bytes` bytes (a power of two, 4..256): 160 bits, the mask, the
 * offsets, the stale lanes, the value classes. The lead's event word 4 [8] is not used in a
 * line event: each lane's stale bit is in the stale lanes. */
unsigned scord_line_event_words(unsigned lanes, unsigned line_bytes);

/* Packs into w[scord_line_event_words(lanes, line_bytes)]; bits past the event are 0. */
void scord_line_event_pack(const scord_line_event_t *le, unsigned lanes, unsigned line_bytes,
                           uint32_t *w);

/* Lane t's own event: the lead's with lane t, the address of t's offset in
 * the line, t's stale bit and value class. */
void scord_line_event_lane(const scord_line_event_t *le, unsigned line_bytes, unsigned t,
                           scord_event_t *ev);

/* ---- Core-side logic: lock table and Bloom summary (§4) -------------------- */

#define SCORD_LT_ENTRIES 4

typedef struct {
    uint8_t hash[SCORD_LT_ENTRIES];   /* 6 bits */
    uint8_t scope[SCORD_LT_ENTRIES];  /* 1 bit */
    uint8_t valid[SCORD_LT_ENTRIES];
    uint8_t active[SCORD_LT_ENTRIES];
    uint8_t next;                     /* 2 bits: circular insertion pointer */
} scord_locktab_t;

uint8_t scord_lock_hash(uint32_t addr);
uint16_t scord_bloom_bits(uint8_t hash, uint8_t scope);
void scord_locktab_reset(scord_locktab_t *lt);
/* The table's operations (§4.2 L1-L3): insert the lock at addr (a lane that
 * acquired), release it (a lane that released), a fence. */
void scord_locktab_cas(scord_locktab_t *lt, uint32_t addr, uint8_t scope);
void scord_locktab_exch(scord_locktab_t *lt, uint32_t addr, uint8_t scope);
void scord_locktab_fence(scord_locktab_t *lt, uint8_t scope);
uint16_t scord_locktab_bloom(const scord_locktab_t *lt);

/* Which atomic lanes operate on the table (§4.2): a CAS lane acquires iff
 * it compared with 0, wrote a non-zero value and found 0 (it succeeded and
 * took the word from free to held); an exchange lane releases iff it
 * writes 0. Polling (a CAS from 0 to 0, a CAS that fails, any other
 * atomic) and flags set to a non-zero value touch nothing. */
int scord_lock_acquires(uint32_t cmp, uint32_t newv, uint32_t old);
int scord_lock_releases(uint32_t newv);
/* One lane of `amocas` (compare cmp, new value newv, old value old
 * returned) or of `amoswap` (new value newv), applied per that rule. */
void scord_locktab_amocas(scord_locktab_t *lt, uint32_t addr, uint8_t scope, uint32_t cmp,
                          uint32_t newv, uint32_t old);
void scord_locktab_amoswap(scord_locktab_t *lt, uint32_t addr, uint8_t scope, uint32_t newv);

/* ---- Metadata entry (§5, v2: 128 bits) ------------------------------------------ */

typedef struct {
    uint8_t gen;      /* 6 */
    uint8_t tag;      /* 6: bits [3:0] at TAG, bit 4 at TAG4, bit 5 at TAG5 */
    uint8_t block;    /* 7 */
    uint8_t warp;     /* 5 */
    uint8_t devfence; /* 6 */
    uint8_t blkfence; /* 6 */
    uint8_t barrier;  /* 8 */
    uint16_t bloom;   /* 16 */
    uint8_t modified, blkshared, devshared, atom, scope, strong; /* 1 each */
    uint16_t pcidx;   /* 16: PC index of the last access, SCORD_DET_PCIDX_UNKNOWN if unknown */
    uint8_t lane;     /* 5 */
    uint8_t bytes;    /* 4: bytes of its word the last access's line event touched (its lanes on
                         the granule, §5.3; 0xF unless 4-byte granules) */
    uint8_t wsync;    /* 8: the last access's event wsync */
    uint16_t epoch;   /* 16: the device-fence epoch E when the last access was checked (§6.1) */
    uint8_t lbytes;   /* 4: bytes of its word the last access itself touched (0xF unless 4-byte granules) */
} scord_md_t;

/* raw[0] = bits [63:0] (the v1 entry), raw[1] = bits [127:64]. */
void scord_md_encode(const scord_md_t *md, uint64_t raw[2]);
void scord_md_decode(const uint64_t raw[2], scord_md_t *md);

/* (pc - pc_base) >> 2, or SCORD_DET_PCIDX_UNKNOWN when pc < pc_base or the
 * index does not fit below 0xFFFF. */
uint16_t scord_pc_index(uint32_t pc, uint32_t pc_base);

/* Bytes of its 4-byte word an access of 2^size bytes at addr touches, as the
 * 4-bit mask the checks compare; 0xF unless the granule is 4 bytes (gran_log2 == 2). */
uint8_t scord_access_bytes(uint32_t addr, uint8_t size, unsigned gran_log2);

/* ---- The detector ---------------------------------------------------------- */

typedef struct scord_ref scord_ref_t;

/* mem_bytes: device memory size (what CTL_MEM_BYTES reads). NULL if out of
 * memory or mem_bytes is 0. The state after creation is the reset state. */
scord_ref_t *scord_ref_new(uint32_t mem_bytes);
void scord_ref_free(scord_ref_t *m);

/* ctl-bus register access, word index SCORD_DET_* (§7). Unknown indices
 * read 0 and ignore writes. */
void scord_ref_reg_write(scord_ref_t *m, uint32_t idx, uint32_t value);
uint32_t scord_ref_reg_read(const scord_ref_t *m, uint32_t idx);

/* CTL_CTRL.start seen by the detector (§7.3). */
void scord_ref_kernel_start(scord_ref_t *m);

/* One lane's event, a line event of one lane. Ignored unless armed. */
void scord_ref_event(scord_ref_t *m, const scord_event_t *ev);

/* One line event from the queue: its lanes in ascending lane order, each as
 * scord_ref_event (§3.1), except that lanes of one line event on one
 * granule keep the bytes of all of them in the entry (§5.3). */
void scord_ref_line_event(scord_ref_t *m, const scord_line_event_t *le, unsigned line_bytes);

/* Device memory image: metadata and ring records live here. Writable, so a
 * test can play the host (fill garbage) before a kernel start. */
uint8_t *scord_ref_mem(scord_ref_t *m);
uint32_t scord_ref_mem_bytes(const scord_ref_t *m);

/* Fence file entry of (block id low 7 bits, warp) (§6.1). */
void scord_ref_fence_file(const scord_ref_t *m, uint8_t block7, uint8_t warp,
                          uint8_t *blkfence, uint8_t *devfence);
/* A block's acquire stamp: the epoch E after the last device fence of any
 * of its warps (§6.1). */
uint16_t scord_ref_fence_acq(const scord_ref_t *m, uint8_t block7);
/* The device-fence epoch E: device fences since the kernel started, saturating. */
uint16_t scord_ref_epoch(const scord_ref_t *m);

/* ---- Race records (§8) ---------------------------------------------------- */

typedef struct {
    uint8_t type;
    uint8_t devrace;                       /* accessors in different blocks */
    uint8_t kind, strong, scope, size;     /* current access */
    uint8_t prev_modified, prev_atom, prev_scope, prev_strong;
    uint8_t prev_known;                    /* previous PC index and thread are real */
    uint8_t shared;                        /* shared memory (types 9, 10) */
    uint8_t prev_lane;
    uint8_t stale;                         /* a weak load of this record returned a stale L1 value */
    uint8_t warning;                       /* severity warning: every occurrence was lanes of one
                                              store writing the same value (word 3 [16]) */
    uint32_t pc, addr;
    uint16_t block;
    uint8_t core, warp, lane;
    uint8_t prev_block, prev_warp;
    uint16_t prev_pcidx;                   /* previous PC = DET_PC_BASE + 4 * prev_pcidx */
    uint32_t count;
    uint32_t seq;
} scord_record_t;

void scord_record_decode(const uint8_t bytes[32], scord_record_t *r);

#ifdef __cplusplus
}
#endif
#endif
