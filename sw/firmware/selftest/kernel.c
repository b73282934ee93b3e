/* The firmware's detector self-test kernel (docs/hostlink.md, "Boot").
 *
 * Launched as 2 blocks of 1 thread with the argument pointer set to one
 * word inside the detector's tracked window: both threads store to it with
 * no fence and no lock between them, so the second store the detector sees
 * is a device-scope race (Table IV (b), DET_RACE_DEV_FENCE) on that word.
 * The firmware checks the ring holds that record. */
#include <scord_gpu.h>

__global__ void kernel_main(volatile uint32_t *word)
{
    *word = __block_linear() + 1u;
}
