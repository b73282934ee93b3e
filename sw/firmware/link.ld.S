/* Firmware image of the management core: its whole RAM at MGMT_FW_BASE
 * (16 KiB) holds code, constants, .bss and the stack. firmware.bin is the
 * flat image from MGMT_FW_BASE on (the RAM's initial contents). Run through
 * the C preprocessor for the numbers of regmap.def (firmware.mk). */
#include "scord_asm.h"
OUTPUT_ARCH(riscv)
ENTRY(_start)

FW_STACK = 2K;

MEMORY
{
    ram (rwx) : ORIGIN = SCORD_MGMT_FW_BASE, LENGTH = SCORD_MGMT_FW_BYTES
}

SECTIONS
{
    .text : {
        KEEP(*(.text.start))           /* _start must be the first word */
        *(.text.unlikely .text.unlikely.*)
        *(.text .text.*)
    } > ram

    .rodata : {
        *(.rodata .rodata.*)
        *(.srodata .srodata.*)
        . = ALIGN(4);
    } > ram

    /* Initialised writable data is not restored when the SoC restarts the
     * firmware: refused below, keep mutable state in .bss. */
    .data : {
        *(.data .data.*)
        *(.sdata .sdata.*)
    } > ram
    ASSERT(SIZEOF(.data) == 0, "firmware: no initialised writable data (.data is not reloaded on a restart); use .bss or const")

    . = ALIGN(4);
    __global_pointer$ = . + 0x800;
    .sbss (NOLOAD) : {
        __bss_start = .;
        *(.sbss .sbss.* .scommon)
    } > ram
    .bss (NOLOAD) : {
        *(.bss .bss.*)
        *(COMMON)
        . = ALIGN(4);
        __bss_end = .;
    } > ram
    /* Kept across restarts (not zeroed by crt0): the boot self-test's
     * results, guarded by a check word (selftest.c). */
    .noinit (NOLOAD) : {
        *(.noinit .noinit.*)
        . = ALIGN(4);
    } > ram
    _end = .;

    __stack_top = ORIGIN(ram) + LENGTH(ram);
    __stack_limit = __stack_top - FW_STACK;
    ASSERT(_end <= __stack_limit, "firmware: code + data + bss leave less than 2 KiB of stack in the 16 KiB RAM")

    .tdata : { *(.tdata .tdata.*) }
    .tbss : { *(.tbss .tbss.*) }
    ASSERT(SIZEOF(.tdata) == 0 && SIZEOF(.tbss) == 0, "firmware: no thread-local storage")

    /DISCARD/ : {
        *(.eh_frame .eh_frame_hdr .eh_frame.*)
        *(.note .note.*)
        *(.comment)
    }
}
