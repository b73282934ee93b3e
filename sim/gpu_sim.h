/* gpu_sim: the cycle model of the GPU, usable from C.
 *
 * One gpu_sim object is the Verilated gpu_top plus the device memory behind
 * its memory port. Nothing advances unless the caller steps the clock, so a
 * given sequence of calls always produces the same cycles, memory contents
 * and waveform.
 *
 * Device memory model: accepts every request (ready stays high); a write
 * takes effect, byte strobes applied, at the edge where it is accepted; a
 * read captures the line at acceptance and is answered, in request order,
 * `latency` cycles later (at least 1). Addresses outside memory read as zero
 * and drop writes; they are counted (gpu_sim_bad_accesses) because the
 * GPU's own bounds checks should make them impossible.
 */
#ifndef GPU_SIM_H
#define GPU_SIM_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gpu_sim gpu_sim;

/* Builds the model, clears memory and holds rst_i for a few cycles.
 * latency 0 selects the configuration's GPU_MEM_LATENCY. NULL on failure. */
gpu_sim *gpu_sim_create(unsigned latency);
/* Flushes and closes the waveform, if any. NULL is accepted. */
void gpu_sim_destroy(gpu_sim *sim);

/* Starts an FST waveform of every cycle from now on (one file per object;
 * a second call fails). Returns 0, or -1 if the file cannot be written. */
int gpu_sim_trace_open(gpu_sim *sim, const char *path);

/* Holds rst_i high for `cycles` cycles (at least 1). Pending memory reads
 * are dropped: nothing is waiting for them after a hardware reset. */
void gpu_sim_reset(gpu_sim *sim, unsigned cycles);

/* Control registers over the ctl bus. Each access is one bus request and
 * costs one clock cycle (a read returns the data of the cycle after). */
void gpu_sim_reg_write(gpu_sim *sim, uint32_t idx, uint32_t value);
uint32_t gpu_sim_reg_read(gpu_sim *sim, uint32_t idx);

/* Backdoor to device memory (host copies): bytes [0, gpu_sim_mem_size). */
uint8_t *gpu_sim_mem(gpu_sim *sim);
size_t gpu_sim_mem_size(const gpu_sim *sim);

/* Advances the clock by n cycles with the ctl bus idle. */
void gpu_sim_step(gpu_sim *sim, uint64_t n);

uint64_t gpu_sim_cycles(const gpu_sim *sim);       /* since creation */
int gpu_sim_busy(gpu_sim *sim);                     /* busy_o now */
unsigned gpu_sim_latency(const gpu_sim *sim);
unsigned gpu_sim_pending_reads(const gpu_sim *sim); /* reads not yet answered */
uint64_t gpu_sim_bad_accesses(const gpu_sim *sim);  /* requests outside memory */

#ifdef __cplusplus
}
#endif
#endif
