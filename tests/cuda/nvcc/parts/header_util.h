// Included by header_kernels.cuh, relative to it.
#pragma once
#define HEADER_BIAS 1
