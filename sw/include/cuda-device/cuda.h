/* cuda.h (the driver API) in scord-nvcc's device compile: its types are of
 * no use in device code; the runtime header's types and scord_cuda.h. */
#ifndef SCORD_DEV_CUDA_DRIVER_H
#define SCORD_DEV_CUDA_DRIVER_H
#include <cuda_runtime.h>
#define CUDA_VERSION 12000
#endif
