/* Entry point of every kernel image. All threads of the grid start here at
 * once, each with its own registers, so nothing in here may touch shared
 * state: in particular .bss is NOT cleared (the host loader zeroes it before
 * the launch; clearing it here would wipe what faster threads already wrote).
 *
 * Kernel ABI: void kernel_main(void *arg), arg = the launch's argument block
 * (CSR arg_ptr). Returning from kernel_main ends the thread.
 */
#include "scord_asm.h"

    .section .text.start, "ax", @progbits
    .option norvc
    .globl _start
    .type _start, @function
_start:
    /* Each hardware thread owns a stack slice; the GPU computes its top. */
    csrr    sp, SCORD_CSR_STACK_TOP
    /* No relaxation: gp is not set yet, so `la gp` must not become gp-relative. */
    .option push
    .option norelax
    la      gp, __global_pointer$
    .option pop
    csrr    a0, SCORD_CSR_ARG_PTR
    call    kernel_main
    /* SIMT exit: the lane ends; the warp slot is freed with its last lane. */
    .insn i SCORD_OPC_SIMT, SCORD_SIMT_EXIT, x0, x0, 0
    /* exit never falls through; the loop only documents that. */
1:  j       1b
    .size _start, . - _start
