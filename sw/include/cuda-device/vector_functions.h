/* vector_functions.h in scord-nvcc's device compile: what CUDA declares in it
 * (threadIdx & co., intrinsics, atomics, vector types and their make_
 * functions) is all in scord_cuda.h. */
#include <scord_cuda.h>
