#include "args.h"
#include "kernel_tests.h"

int test_stale(scord_device *dev, const char *sw_dir)
{
    return handshake_test(dev, sw_dir, "tests/kernels/stale", 0);
}
