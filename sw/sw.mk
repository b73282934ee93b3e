# Device software: runtime, example kernels, test kernels, ISA test programs.
#
# Kernels never depend on CONFIG: the runtime reads the machine's shape from
# CSRs, so every ELF is built once, into $(SW_BUILD) = build/sw/.
#
#   make sw                  every kernel below and the management core's firmware
#   make firmware            build/sw/firmware/firmware.{elf,bin} (sw/firmware/firmware.mk)
#   $(call sw_kernel,DIR)    DIR/kernel.c (+ DIR/*.S) -> build/sw/DIR/kernel.elf
#                            (other .c files of DIR, e.g. the host's test.c, are not
#                            part of the kernel; kernel.c may #include device helpers)
#
# Variables for the rest of the build:
#   SW_BUILD             build/sw
#   SW_EXAMPLE_ELFS      build/sw/sw/examples/<name>/kernel.elf
#   SW_TEST_ELFS         build/sw/tests/kernels/<name>/kernel.elf + the ISA program
#   SW_BAD_ELFS          build/sw/tests/bad/<name>/kernel.elf (kernels that must fault)
#   SW_ISA_ELF           build/sw/tests/isa/kernel.elf (generated self-checking program)
#   SW_ISA_TABLE         build/sw/tests/isa/isa_table.h (its case table, for the host)
#   SW_SCOR_ELFS         build/sw/sw/bench/{micro,detector,beyond}/<name>/kernel.elf
#                        (ScoR microbenchmarks, the detector's per-rule kernels, the
#                        races beyond ScoRD's classes) and
#                        build/sw/sw/bench/apps/<name>/kernel{,_racey}.elf (the ScoR
#                        applications; kernel_racey: kernel.c with -DRACEY=1)
#   SW_ELFS              all of the above
#   SW_INCLUDE           -I flags host code needs to include kernels' args.h
#   SW_GEN               build/sw/gen: scord_defs.h (C) and scord_asm.h (assembler)

SW_BUILD := $(BUILD)/sw
SW_GEN   := $(SW_BUILD)/gen

RV_PREFIX  ?= riscv64-unknown-elf-
RV_CC      := $(RV_PREFIX)gcc
RV_OBJDUMP := $(RV_PREFIX)objdump

# Debian's GCC has no rv32ima multilib: compile for the real ISA, link with
# rv32im so the rv32im picolibc/libgcc are chosen (they use no atomics).
# The lanes have no FPU: with -mabi=ilp32, float and double are calls into
# libgcc's soft float (-lgcc), and sqrt & co. come from picolibc's libm,
# which is inside its libc.a (-lc); docs/isa.md, "Floating point".
SW_CFLAGS := -march=rv32ima_zicsr -mabi=ilp32 --specs=picolibc.specs \
             -std=c11 -O2 -g -Wall -Wextra -Werror \
             -ffreestanding -fno-common -fno-asynchronous-unwind-tables \
             -ffunction-sections -fdata-sections -mstrict-align \
             -Isw/include -I$(SW_GEN) -MMD -MP
SW_ASFLAGS := -march=rv32ima_zicsr -mabi=ilp32 -g -Isw/include -I$(SW_GEN) -MMD -MP
SW_LDFLAGS := -march=rv32im -mabi=ilp32 --specs=picolibc.specs -nostartfiles -static \
              -T sw/runtime/link.ld -Wl,--gc-sections -Wl,--no-warn-rwx-segments
SW_LDLIBS  := -lc -lgcc

SW_INCLUDE := -Isw/include

SW_CRT0 := $(SW_BUILD)/sw/runtime/crt0.S.o
SW_GEN_HEADERS := $(SW_GEN)/scord_defs.h $(SW_GEN)/scord_asm.h

# The numbers of config/regmap.def do not depend on the configuration, so
# gendefs runs with an empty configuration (no GPU_* values: kernels must
# read those from CSRs).
$(SW_GEN)/scord_defs.h: config/regmap.def $(GENDEFS)
	@mkdir -p $(SW_GEN)
	$(GENDEFS) config/regmap.def /dev/null $(SW_GEN)/scord_defs.vh $@
# The assembler does not take C's `u` suffix.
$(SW_GEN)/scord_asm.h: $(SW_GEN)/scord_defs.h
	sed -e 's/\(0x[0-9a-fA-F]*\)u$$/\1/' -e 's/SCORD_DEFS_H/SCORD_ASM_H/g' $< > $@

$(SW_BUILD)/%.c.o: %.c | $(SW_GEN_HEADERS)
	@mkdir -p $(dir $@)
	$(RV_CC) $(SW_CFLAGS) -c -o $@ $<
$(SW_BUILD)/%.S.o: %.S | $(SW_GEN_HEADERS)
	@mkdir -p $(dir $@)
	$(RV_CC) $(SW_ASFLAGS) -c -o $@ $<

# $(call sw_kernel,DIR[,EXTRA_OBJECTS]): define the rule for
# $(SW_BUILD)/DIR/kernel.elf from DIR/kernel.c and every .S of DIR, and expand to that
# path. A disassembly (kernel.dis) is written next to it.
define sw_kernel_rule
$(SW_BUILD)/$(1)/kernel.elf: $(SW_CRT0) $(patsubst %,$(SW_BUILD)/%.o,$(1)/kernel.c $(wildcard $(1)/*.S)) $(2) sw/runtime/link.ld
	@mkdir -p $$(dir $$@)
	$$(RV_CC) $$(SW_LDFLAGS) -Wl,-Map,$$(@:.elf=.map) -o $$@ $$(filter %.o,$$^) $$(SW_LDLIBS)
	$$(RV_OBJDUMP) -d -M no-aliases,numeric $$@ > $$(@:.elf=.dis)
endef
sw_kernel = $(eval $(call sw_kernel_rule,$(1),$(2)))$(SW_BUILD)/$(1)/kernel.elf

SW_EXAMPLE_DIRS := $(patsubst %/kernel.c,%,$(sort $(wildcard sw/examples/*/kernel.c)))
SW_TEST_DIRS    := $(patsubst %/kernel.c,%,$(sort $(wildcard tests/kernels/*/kernel.c)))
SW_BAD_DIRS     := $(patsubst %/kernel.c,%,$(sort $(wildcard tests/bad/*/kernel.c)))

SW_EXAMPLE_ELFS := $(foreach d,$(SW_EXAMPLE_DIRS),$(call sw_kernel,$(d)))
SW_BAD_ELFS     := $(foreach d,$(SW_BAD_DIRS),$(call sw_kernel,$(d)))

# ---- ISA tests: a host generator writes one self-checking program ----------
SW_ISA_GEN   := $(SW_BUILD)/host/gen_isa
SW_ISA_DIR   := $(SW_BUILD)/tests/isa
SW_ISA_S     := $(SW_ISA_DIR)/isa_prog.S
SW_ISA_TABLE := $(SW_ISA_DIR)/isa_table.h
SW_ISA_ELF   := $(SW_ISA_DIR)/kernel.elf

SW_ISA_GEN_SRCS := $(sort $(wildcard tests/isa/gen_isa*.c))
$(SW_ISA_GEN): $(SW_ISA_GEN_SRCS) tests/isa/gen_isa.h $(SW_GEN)/scord_defs.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -I$(SW_GEN) -o $@ $(SW_ISA_GEN_SRCS)
$(SW_ISA_S) $(SW_ISA_TABLE) &: $(SW_ISA_GEN)
	@mkdir -p $(SW_ISA_DIR)
	$(SW_ISA_GEN) $(SW_ISA_S) $(SW_ISA_TABLE)
$(SW_ISA_DIR)/isa_prog.o: $(SW_ISA_S) | $(SW_GEN_HEADERS)
	$(RV_CC) $(SW_ASFLAGS) -c -o $@ $<
$(SW_ISA_ELF): $(SW_CRT0) $(SW_ISA_DIR)/isa_prog.o sw/runtime/link.ld
	$(RV_CC) $(SW_LDFLAGS) -Wl,-Map,$(@:.elf=.map) -o $@ $(filter %.o,$^) $(SW_LDLIBS)
	$(RV_OBJDUMP) -d -M no-aliases,numeric $@ > $(@:.elf=.dis)

SW_TEST_ELFS := $(foreach d,$(SW_TEST_DIRS),$(call sw_kernel,$(d))) $(SW_ISA_ELF)
# ---- ScoR suite (sw/bench): microbenchmarks, per-rule kernels, applications --
SW_SCOR_KDIRS := $(patsubst %/kernel.c,%,$(sort $(wildcard sw/bench/micro/*/kernel.c) \
                                              $(wildcard sw/bench/detector/*/kernel.c) \
                                              $(wildcard sw/bench/beyond/*/kernel.c)))
SW_SCOR_APP_DIRS := $(patsubst %/kernel.c,%,$(sort $(wildcard sw/bench/apps/*/kernel.c)))

$(SW_BUILD)/%/kernel_racey.c.o: %/kernel.c | $(SW_GEN_HEADERS)
	@mkdir -p $(dir $@)
	$(RV_CC) $(SW_CFLAGS) -DRACEY=1 -MT $@ -MF $(@:.o=.d) -c -o $@ $<
define sw_racey_rule
$(SW_BUILD)/$(1)/kernel_racey.elf: $(SW_CRT0) $(SW_BUILD)/$(1)/kernel_racey.c.o sw/runtime/link.ld
	@mkdir -p $$(dir $$@)
	$$(RV_CC) $$(SW_LDFLAGS) -Wl,-Map,$$(@:.elf=.map) -o $$@ $$(filter %.o,$$^) $$(SW_LDLIBS)
	$$(RV_OBJDUMP) -d -M no-aliases,numeric $$@ > $$(@:.elf=.dis)
endef
$(foreach d,$(SW_SCOR_APP_DIRS),$(eval $(call sw_racey_rule,$(d))))

SW_SCOR_ELFS := $(foreach d,$(SW_SCOR_KDIRS) $(SW_SCOR_APP_DIRS),$(call sw_kernel,$(d))) \
                $(patsubst %,$(SW_BUILD)/%/kernel_racey.elf,$(SW_SCOR_APP_DIRS))

SW_ELFS := $(SW_EXAMPLE_ELFS) $(SW_TEST_ELFS) $(SW_BAD_ELFS) $(SW_SCOR_ELFS)

include sw/firmware/firmware.mk

.PHONY: sw
sw: $(SW_ELFS) $(FW_BIN)

-include $(shell find $(SW_BUILD) -name '*.d' 2>/dev/null)
