/* prodcons without the consumer's __threadfence(): it must read the old
 * values it cached in its L1 before the producer wrote. */
#define CONSUMER_FENCE 0
#include "../prodcons/kernel.c"
