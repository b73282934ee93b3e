# Firmware of the FPGA SoC's management core (docs/hostlink.md), included
# by sw/sw.mk.
#
#   make firmware        build/sw/firmware/firmware.{elf,bin} (+ .dis, .map)
#
# firmware.bin is the flat image from MGMT_FW_BASE on: the initial contents
# of the core's 16 KiB RAM. The link fails if code, constants and .bss leave
# less than 2 KiB of stack. The detector self-test kernel (selftest/) is an
# ordinary kernel; its flat image is embedded with .incbin and the few
# addresses the firmware needs come from its symbol table.

FW_DIR   := sw/firmware
FW_BUILD := $(SW_BUILD)/firmware
FW_ELF   := $(FW_BUILD)/firmware.elf
FW_BIN   := $(FW_BUILD)/firmware.bin

FW_ST_ELF  := $(call sw_kernel,$(FW_DIR)/selftest)
FW_ST_BIN  := $(FW_BUILD)/selftest.bin
FW_ST_SYMS := $(FW_BUILD)/selftest_syms.h

FW_SRCS := $(FW_DIR)/main.c $(FW_DIR)/hostlink.c $(FW_DIR)/selftest.c
FW_OBJS := $(patsubst %,$(SW_BUILD)/%.o,$(FW_DIR)/crt0.S $(FW_SRCS) $(FW_DIR)/selftest_image.S)
FW_LDS  := $(FW_BUILD)/link.ld

# FW_MEASURE=1 (rebuild build/sw/firmware and build/sw/sw/firmware): the
# firmware times its inner loops once after boot and PING's info block
# carries the cycle counts instead of the self-test's (docs/firmware.md).
FW_MEASURE ?= 0

# Kernels' flags, plus: no loop turned into a memcpy/memset call (the
# firmware brings its own, trivial ones) and no libc at link time.
$(patsubst %,$(SW_BUILD)/%.o,$(FW_SRCS)): private SW_CFLAGS += $(if $(filter 1,$(FW_MEASURE)),-DFW_MEASURE) -fno-tree-loop-distribute-patterns -I$(FW_BUILD)
$(SW_BUILD)/$(FW_DIR)/selftest.c.o: $(FW_ST_SYMS)
$(SW_BUILD)/$(FW_DIR)/selftest_image.S.o: private SW_ASFLAGS += -DFW_SELFTEST_BIN='"$(FW_ST_BIN)"'
$(SW_BUILD)/$(FW_DIR)/selftest_image.S.o: $(FW_ST_BIN)

$(FW_ST_BIN): $(FW_ST_ELF)
	@mkdir -p $(dir $@)
	$(RV_PREFIX)objcopy -O binary $< $@
$(FW_ST_SYMS): $(FW_ST_ELF)
	@mkdir -p $(dir $@)
	$(RV_PREFIX)nm $< | awk 'BEGIN { print "/* generated from $< */" } \
	    $$3 == "__image_start" { print "#define FW_ST_IMAGE_START 0x" $$1 "u" } \
	    $$3 == "_start" { print "#define FW_ST_ENTRY 0x" $$1 "u" } \
	    $$3 == "__bss_start" { print "#define FW_ST_BSS_START 0x" $$1 "u" } \
	    $$3 == "__bss_end" { print "#define FW_ST_BSS_END 0x" $$1 "u" }' > $@.tmp
	@test $$(grep -c define $@.tmp) = 4 || { echo "$@: symbols missing in $<" >&2; exit 1; }
	mv $@.tmp $@

$(FW_LDS): $(FW_DIR)/link.ld.S $(SW_GEN)/scord_asm.h
	@mkdir -p $(dir $@)
	$(RV_CC) -E -P -undef -x c -I$(SW_GEN) -o $@ $<

$(FW_ELF): $(FW_OBJS) $(FW_LDS)
	@mkdir -p $(dir $@)
	$(RV_CC) -march=rv32im -mabi=ilp32 -nostdlib -nostartfiles -static -T $(FW_LDS) \
	    -Wl,--gc-sections -Wl,--no-warn-rwx-segments -Wl,-Map,$(@:.elf=.map) \
	    -o $@ $(FW_OBJS) -lgcc
	$(RV_OBJDUMP) -d -M no-aliases,numeric $@ > $(@:.elf=.dis)
$(FW_BIN): $(FW_ELF)
	$(RV_PREFIX)objcopy -O binary $< $@
	@sym() { $(RV_PREFIX)nm $< | awk -v n=$$1 '$$3 == n { print "0x" $$1 }'; }; \
	    base=$$(sym _start); end=$$(sym _end); top=$$(sym __stack_top); \
	    echo "firmware: $$(stat -c %s $@) bytes image, $$((end - base)) bytes with .bss," \
	         "$$((top - end)) bytes left for the stack (RAM $$((top - base)) bytes)"

.PHONY: firmware
firmware: $(FW_BIN)
