/* CUDA splits its runtime API between this header and cuda_runtime.h;
 * scord keeps it in one: this name is here for programs that include it. */
#ifndef SCORD_CUDA_RUNTIME_API_H
#define SCORD_CUDA_RUNTIME_API_H
#include "cuda_runtime.h"
#endif
