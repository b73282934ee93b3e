// expect: error 'texture' is unavailable: textures (texture<>) is not supported by scord-nvcc
#include <cuda_runtime.h>

texture<float, 1> tex; // ERROR

int main() { return 0; }
