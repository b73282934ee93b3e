/* det_acquire without the consumer's __threadfence(): its weak load of the
 * data reads the stale copy its L1 holds (a STALE_READ, stale flag set). */
#define CONSUMER_FENCE 0
#include "../det_acquire/kernel.c"
