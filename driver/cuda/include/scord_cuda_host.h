/* What the code scord-nvcc generates calls in the CUDA runtime
 * (driver/cuda/cudart.c), beside the CUDA API of cuda_runtime.h. Not for
 * programs written by hand, except tests.
 *
 *   __scordCudaRegisterImage  from a static constructor, before main: the
 *                             kernel image (an RV32 ELF with DWARF) embedded
 *                             in the executable
 *   __scordCudaRegisterVar    the same, for each __device__ / __constant__
 *                             variable: its host-side shadow, its name in
 *                             the image, its size
 *   k<<<g, b, s, st>>>(args)  becomes
 *                             (__scordCudaPushCallConfiguration(g, b, s, st), k(args))
 *   k(args)                   the host stub packs the arguments (4 bytes of
 *                             kernel index for the device's dispatcher, then
 *                             the arguments as the kernel's struct lays them
 *                             out) and calls __scordCudaLaunch
 */
#ifndef SCORD_CUDA_HOST_H
#define SCORD_CUDA_HOST_H

#include <stddef.h>

#include "cuda_runtime.h"

#ifdef __cplusplus
extern "C" {
#endif

/* elf: len bytes that must stay valid until the program ends (they are
 * read when the device opens, at the first CUDA call). source: the .cu
 * file, for messages. One image per program: a second, different one
 * makes every CUDA call fail with cudaErrorInvalidKernelImage (the image
 * holds every kernel of the program). */
void __scordCudaRegisterImage(const void *elf, size_t len, const char *source);

/* host_shadow: the host object standing for the variable (what
 * cudaMemcpyToSymbol gets); device_name: its symbol in the image; size:
 * its size in bytes. device_name must stay valid (a string literal). */
void __scordCudaRegisterVar(const void *host_shadow, const char *device_name, size_t size);

/* The launch configuration of the next __scordCudaLaunch of this host
 * thread (a stack, so a configuration pushed while the arguments of
 * another launch are evaluated pairs correctly). Returns 0, or 1 when 8
 * configurations are already pending (the launch then fails with
 * cudaErrorMissingConfiguration). No default arguments here: the
 * translator's header (scord_nvcc_host.h) redeclares it with CUDA's
 * (shmem 0, stream 0), and C++ allows them once. */
int __scordCudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem, cudaStream_t stream);

/* Pops the configuration and starts the kernel with args_len bytes of
 * args as its argument block (copied: args may be freed on return).
 * kernel_name is for messages. Does not wait for the kernel: the next call
 * that touches the device does. Errors: cudaErrorMissingConfiguration,
 * cudaErrorInvalidValue (a stream other than 0), cudaErrorInvalidConfiguration
 * (a launch past the device's limits: cudaGetDeviceProperties),
 * cudaErrorLaunchOutOfResources (no device memory left for the arguments,
 * the printf buffer or the race detector's window), cudaErrorNoKernelImageForDevice
 * (no image registered), a sticky error of an earlier kernel. */
cudaError_t __scordCudaLaunch(const char *kernel_name, const void *args, size_t args_len);

#ifdef __cplusplus
}
#endif
#endif
