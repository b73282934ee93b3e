/* Same handshake as prodcons, but the consumer skips the device fence. */
#include "../prodcons/args.h"
