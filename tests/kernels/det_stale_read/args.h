/* The message passing of det_acquire without the consumer's fence. */
#include "../det_acquire/args.h"
