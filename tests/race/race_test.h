/* The unit tests of libscord's race reports (test_race.c): what the files
 * of the program share. */
#ifndef RACE_TEST_H
#define RACE_TEST_H

#include <stdbool.h>
#include <stdint.h>

#include "scord_int.h"
#include "scord.h"
#include "scord_ref.h"
#include "unit.h"

/* The files the program was given (test_race.c says what each is). */
extern const char *elf_path, *a2l_path, *src_path, *nodebug_path, *stripped_path;
extern const char *scan_path, *scan_nodebug_path, *hist_path, *dyn_path;
/* The cycle model, and the project kernel (elf_path) loaded into it. */
extern scord_device *dev;
extern scord_kernel *kern;

/* ---- the reference model as the detector (model.c) ---------------------------- */

#define MEM      0x100000u
#define TRACK    0x10000u
#define TRACK_SZ 0x10000u
#define MDB      0x40000u
#define RING     0x80000u
#define X        (TRACK + 0x100u)
#define LOCK     (TRACK + 0x400u)
#define LOCK2    (TRACK + 0x800u)
#define PCB      0x0800u /* DET_PC_BASE of the model's runs */

extern scord_ref_t *m;
/* A fresh model armed with a ring of ring_size records at RING. */
void setup(uint32_t ring_size);
/* An access event with every identity field chosen by the caller, so a
 * field landing in the wrong place of the record shows. */
scord_event_t acc(uint8_t kind, uint32_t addr, unsigned block, unsigned warp, unsigned lane,
                  unsigned core, unsigned size_log2, int strong, int scope);
/* The event to the model; go: acc's defaults (lane 0, core 0, 4 bytes), sent. */
void send(const scord_event_t *e);
scord_event_t go(uint8_t kind, uint32_t addr, unsigned b, unsigned w, int strong, int scope);
/* A record's bytes from a decoded race, written from the record table
 * (docs/detector.md §8.1), apart from the library. */
void wr32(uint8_t *p, uint32_t v);
void encode(const struct scord_race *r, uint8_t b[32]);

/* ---- what the other files use ------------------------------------------------------ */

/* Records of every type decoded by decode_synthetic (records.c), with the
 * previous access known and unknown. */
extern struct scord_race decoded[SCORD_RACE_TYPE_MAX + 1];
extern struct scord_race decoded_unknown[SCORD_RACE_TYPE_MAX + 1];
/* One JSON object, one line, ending in '\n' (json_check.c). */
bool json_line_ok(const char *s);
/* The part of a path after its last '/' (source_map.c). */
const char *path_base(const char *p);
/* A launch's shape for a record: grid 20x16 or 4x2, blocks of 16x2
 * threads, 8-lane warps (format.c). */
void give_shape(struct scord_race *r, bool big_grid);

/* The cases, one table per file, in the order they run. */
extern const struct unit_case race_record_cases[], race_model_cases[], race_json_cases[],
    race_source_cases[], race_format_cases[], race_ring_cases[];

#endif
