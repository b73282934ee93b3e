/* CUDA's cuda.h declares the driver API (cuInit, cuLaunchKernel...),
 * which scord does not provide; programs that include it for the
 * runtime's types get the runtime API (cuda_runtime.h). */
#ifndef SCORD_CUDA_H
#define SCORD_CUDA_H
#include "cuda_runtime.h"
#endif
