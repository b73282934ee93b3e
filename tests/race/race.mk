# Unit tests of libscord's race reports (driver/src/record.c, debuginfo.c,
# format.c and ring.c).
# Included by the top Makefile after driver/driver.mk and sw/sw.mk (it uses
# SCORD_LIB, SCORD_LDLIBS, SW_BUILD, RV_PREFIX, GEN).
#
#   make race-unit-test   build build/$(CONFIG)/race-ut/test_race and run it
#
# The test decodes synthetic v2 records and records made by the reference
# model (linked in), names __shared__ variables of three kernels, maps
# PCs of a project kernel to source lines and compares them with binutils'
# addr2line, run here at build time over every PC of kernel_main and
# _start, so no line number is written into the test.

RACEUT_DIR    := $(B)/race-ut
RACEUT_BIN    := $(RACEUT_DIR)/test_race
RACEUT_KDIR   := tests/kernels/prodcons
RACEUT_ELF    := $(SW_BUILD)/$(RACEUT_KDIR)/kernel.elf
RACEUT_A2L    := $(RACEUT_DIR)/prodcons.a2l
RACEUT_NODBG  := $(RACEUT_DIR)/prodcons-nodebug.elf
RACEUT_NOSYM  := $(RACEUT_DIR)/prodcons-stripped.elf
# Kernels with __shared__ variables: 1-D and 2-D arrays (smem_scan, also
# without DWARF), a static local one (smem_histogram), a dynamic one
# (smem_dynamic).
RACEUT_SCAN   := $(SW_BUILD)/tests/kernels/smem_scan/kernel.elf
RACEUT_SCAN_NODBG := $(RACEUT_DIR)/smem_scan-nodebug.elf
RACEUT_HIST   := $(SW_BUILD)/tests/kernels/smem_histogram/kernel.elf
RACEUT_DYN    := $(SW_BUILD)/tests/kernels/smem_dynamic/kernel.elf
RACEUT_SRCS   := $(sort $(wildcard tests/race/*.c)) $(UNIT_SRCS) sim/refmodel/scord_ref.c
RACEUT_CFLAGS := $(CFLAGS_HOST) -Idriver/include -Idriver/src -Isim/refmodel -I$(GEN) $(UNIT_INC)
RACEUT_NM     := $(RV_PREFIX)nm
RACEUT_ADDR2LINE := $(RV_PREFIX)addr2line
RACEUT_OBJCOPY := $(RV_PREFIX)objcopy

$(RACEUT_BIN): $(RACEUT_SRCS) tests/race/race_test.h $(UNIT_HDRS) sim/refmodel/scord_ref.h driver/src/scord_int.h driver/include/scord.h \
               $(GEN)/scord_defs.h $(SCORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(RACEUT_CFLAGS) -o $@ $(RACEUT_SRCS) $(SCORD_LIB) $(SCORD_LDLIBS) -ldw

# Every 4-byte PC (rv32ima: no compressed instructions) of kernel_main and
# the first words of _start, through `addr2line -a -f -i`: address, then
# (function, file:line) pairs from the innermost inlined frame outwards.
$(RACEUT_A2L): $(RACEUT_ELF)
	@mkdir -p $(dir $@)
	@{ $(RACEUT_NM) -S $< | awk '$$4 == "kernel_main" { print $$1, $$2 } \
	                             $$3 == "_start" || $$4 == "_start" { print $$1, "10" }' | \
	   while read a s; do \
	     a=$$((0x$$a)); e=$$((a + 0x$$s)); \
	     while [ $$a -lt $$e ]; do printf '0x%x\n' $$a; a=$$((a + 4)); done; \
	   done; } | $(RACEUT_ADDR2LINE) -e $< -a -f -i > $@.tmp
	@test -s $@.tmp || { echo "race-ut: no kernel_main in $<" >&2; exit 1; }
	@mv $@.tmp $@

# The same kernel without DWARF, and without any symbols: lookups must
# degrade to "??", not fail.
$(RACEUT_NODBG): $(RACEUT_ELF)
	@mkdir -p $(dir $@)
	$(RACEUT_OBJCOPY) --strip-debug $< $@
$(RACEUT_NOSYM): $(RACEUT_ELF)
	@mkdir -p $(dir $@)
	$(RACEUT_OBJCOPY) --strip-all $< $@
$(RACEUT_SCAN_NODBG): $(RACEUT_SCAN)
	@mkdir -p $(dir $@)
	$(RACEUT_OBJCOPY) --strip-debug $< $@

.PHONY: race-unit-test
race-unit-test: $(RACEUT_BIN) $(RACEUT_A2L) $(RACEUT_NODBG) $(RACEUT_NOSYM) $(RACEUT_SCAN_NODBG) \
                $(RACEUT_HIST) $(RACEUT_DYN)
	$(RACEUT_BIN) $(RACEUT_ELF) $(RACEUT_A2L) $(RACEUT_KDIR)/kernel.c $(RACEUT_NODBG) \
	    $(RACEUT_NOSYM) $(RACEUT_SCAN) $(RACEUT_SCAN_NODBG) $(RACEUT_HIST) $(RACEUT_DYN)
