/* cuda_runtime_api.h in scord-nvcc's device compile: see cuda_runtime.h. */
#include <cuda_runtime.h>
