/* The detector self-test kernel (selftest/kernel.c), as a flat image to be
 * copied to device memory at its link address. FW_SELFTEST_BIN is the path
 * of the objcopy output (firmware.mk). */
    .section .rodata.selftest_image, "a", @progbits
    .balign 4
    .globl fw_selftest_image
    .globl fw_selftest_image_end
fw_selftest_image:
    .incbin FW_SELFTEST_BIN
fw_selftest_image_end:
    .balign 4
