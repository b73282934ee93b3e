#include "args.h"
#include "kernel_tests.h"

int test_det_stale_read(scord_device *dev, const char *sw_dir)
{
    return acquire_test(dev, sw_dir, "tests/kernels/det_stale_read", 0);
}
