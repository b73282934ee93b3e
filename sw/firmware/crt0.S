/* Entry point of the management core's firmware (docs/hostlink.md).
 *
 * The SoC starts the core here after reset and again after a fault or a
 * return from main. Its RAM is NOT reloaded on a restart, so everything
 * mutable lives in .bss (zeroed here on every start); .data is refused by
 * the link script. */
#include "scord_asm.h"

    .section .text.start, "ax", @progbits
    .option norvc
    .globl _start
    .type _start, @function
_start:
    /* The stack is the top of the firmware RAM (link.ld). */
    .option push
    .option norelax
    la      sp, __stack_top
    la      gp, __global_pointer$
    .option pop
    la      t0, __bss_start
    la      t1, __bss_end
1:  bgeu    t0, t1, 2f
    sw      zero, 0(t0)
    addi    t0, t0, 4
    j       1b
2:  call    main
    /* Returning ends the core's only thread; the SoC counts the start in
     * BOOTS and starts the firmware again. */
    .insn i SCORD_OPC_SIMT, SCORD_SIMT_EXIT, x0, x0, 0
3:  j       3b
    .size _start, . - _start
