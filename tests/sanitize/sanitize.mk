# The host code under AddressSanitizer and UndefinedBehaviorSanitizer
# (docs/trust.md, "Sanitizers"): libscord, the cycle model's wrapper, the
# simulated board's harness, the CLI, the kernel tests, scord-scor, the
# host-link and firmware tests and the fuzz harnesses, rebuilt with
# ASAN_FLAGS into $(B)/asan/; the Verilated models themselves are linked
# as they are (uninstrumented: generated code, not ours).
#
#   make sanitize-bins CONFIG=fpga   build them (fpga: the configuration with
#                                    the simulated board)
#   make sanitize-test               build the fpga set and the CLI of
#                                    `default` (its test script expects that
#                                    configuration), then run the subset of
#                                    tests/sanitize/run.sh: every entry point
#                                    once; any finding aborts the program, so
#                                    a finding fails its test

ASAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
ASAN_DIR := $(B)/asan
ASAN_OBJ := $(ASAN_DIR)/obj
ASAN_BIN := $(ASAN_DIR)/bin
ASAN_INC := -MMD -MP -Idriver/include -Idriver/src -Isim -I$(GEN) -Itests -Itests/fuzz $(UNIT_INC) $(SW_INCLUDE) -Isw/examples \
            -I$(SW_GEN) -I$(SW_ISA_DIR) -Idriver/scor -Isw/bench -Isw/bench/micro -Isw/bench/beyond -I$(SCOR_OBJDIR) \
            -DSCORD_CONFIG_NAME='"$(CONFIG)"'

$(ASAN_OBJ)/%.c.o: %.c $(GEN)/scord_defs.h | $(SW_GEN_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(ASAN_FLAGS) $(ASAN_INC) -c -o $@ $<
$(ASAN_OBJ)/sw/bench/apps/%/host.c.o: sw/bench/apps/%/host.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(ASAN_FLAGS) $(ASAN_INC) -Isw/bench/apps/$* -c -o $@ $<
# (not a pattern rule: one without a recipe would cancel the rule above)
$(ASAN_OBJ)/driver/scor/scor.c.o $(ASAN_OBJ)/driver/scor/apps.c.o: $(SCOR_APPS_H)
$(ASAN_OBJ)/sim/gpu_sim.cpp.o: sim/gpu_sim.cpp sim/gpu_sim.h $(GEN)/scord_defs.h $(SIM_VLIB)
	@mkdir -p $(dir $@)
	$(CXX) $(SIM_CXXFLAGS) $(ASAN_FLAGS) -c -o $@ $<
# the fuzz harnesses, as fuzz.mk builds them, under the sanitizers
$(ASAN_OBJ)/fuzz/%/main.o: tests/fuzz/fuzz_main.c tests/fuzz/fuzz.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(ASAN_FLAGS) $(ASAN_INC) -DFUZZ_TARGET='"$*"' -c -o $@ $<
$(ASAN_OBJ)/fuzz/cli/cli/%.o: driver/cli/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(ASAN_FLAGS) $(ASAN_INC) $(FUZZ_CLI_DEFS) -c -o $@ $<

asan_objs = $(patsubst %,$(ASAN_OBJ)/%.o,$(1))
ASAN_LIB_OBJS := $(call asan_objs,$(SCORD_SRCS) sim/gpu_sim.cpp)
ASAN_LIBS := $(SIM_VLIB) $(SIM_VRT) $(SCORD_LDLIBS) -lm
ASAN_LINK = $(CC) $(ASAN_FLAGS) -o $@ $(filter %.o,$^)

$(ASAN_BIN)/scord: $(call asan_objs,$(SCORD_CLI_SRCS) driver/cli/sarif.c) $(ASAN_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(ASAN_LINK) $(ASAN_LIBS)
$(ASAN_BIN)/scord-kernel-tests: $(call asan_objs,$(KERNEL_TESTS_SRCS)) $(ASAN_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(ASAN_LINK) $(ASAN_LIBS)
$(ASAN_BIN)/scord-scor: $(call asan_objs,$(SCOR_SRCS) \
        $(patsubst %,sw/bench/apps/%/host.c,$(SCOR_APP_NAMES))) $(ASAN_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(ASAN_LINK) $(ASAN_LIBS)
$(ASAN_BIN)/scord-hostlink-test: $(call asan_objs,tests/fpga/test_hostlink.c driver/src/hostlink.c $(UNIT_SRCS))
	@mkdir -p $(dir $@)
	$(ASAN_LINK)
$(ASAN_BIN)/scord-firmware-test: $(call asan_objs,tests/fpga/test_firmware.c $(UNIT_SRCS))
	@mkdir -p $(dir $@)
	$(ASAN_LINK)
$(ASAN_BIN)/scord-fuzz-%: $(ASAN_OBJ)/fuzz/%/main.o $(ASAN_OBJ)/tests/fuzz/%/fuzz.c.o $(call asan_objs,$(UNIT_SRCS)) \
                          $(ASAN_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(ASAN_LINK) $(ASAN_LIBS)
$(ASAN_BIN)/scord-fuzz-cli: $(patsubst driver/cli/%.c,$(ASAN_OBJ)/fuzz/cli/cli/%.o,$(SCORD_CLI_SRCS)) $(ASAN_OBJ)/driver/cli/sarif.c.o
$(ASAN_BIN)/scord-fuzz-hostlink: $(ASAN_OBJ)/driver/src/hostlink.c.o
$(ASAN_OBJ)/tests/fuzz/fw_hostlink/fuzz.c.o: sw/firmware/hostlink.c

# The simulated board: soc_sim.cpp under the sanitizers, the Verilated SoC
# and Verilator's runtime objects from the normal build (soc_sim.mk).
$(ASAN_OBJ)/sim/soc_sim.cpp.o: sim/soc_sim.cpp $(SOC_SIM_BIN)
	@mkdir -p $(dir $@)
	$(CXX) $(SIM_CXXFLAGS) -I$(SOC_SIM_DIR) $(ASAN_FLAGS) -DVM_TRACE=0 -DVM_COVERAGE=0 -DVM_SC=0 -DSOC_CLKS_PER_BIT=$(SOC_SIM_CPB) \
	    -DSOC_CLK_HZ=$(SOC_SIM_HZ) -c -o $@ $<
$(ASAN_BIN)/scord-soc-sim: $(ASAN_OBJ)/sim/soc_sim.cpp.o $(SOC_SIM_BIN)
	@mkdir -p $(dir $@)
	$(CXX) $(ASAN_FLAGS) -o $@ $< $(SOC_SIM_DIR)/Vsoc_top__ALL.a \
	    $(filter-out $(SOC_SIM_DIR)/soc_sim.o,$(wildcard $(SOC_SIM_DIR)/verilated*.o)) -lz -lpthread

$(ASAN_BIN)/scord-fault-stress: $(call asan_objs,tests/stress/stress.c $(UNIT_SRCS)) $(ASAN_LIB_OBJS)
	@mkdir -p $(dir $@)
	$(ASAN_LINK) $(ASAN_LIBS)
$(ASAN_OBJ)/tests/stress/stress.c.o: ASAN_INC += -Itests/stress

# the detector's C reference model with its own test
$(ASAN_BIN)/test_refmodel: $(call asan_objs,$(REFMODEL_TEST_SRCS) $(REFMODEL_SRCS))
	@mkdir -p $(dir $@)
	$(ASAN_LINK)
$(ASAN_BIN)/test_sh_rule: $(call asan_objs,$(SHRULE_TEST_SRCS) sim/refmodel/scord_sh_rule.c)
	@mkdir -p $(dir $@)
	$(ASAN_LINK)
$(ASAN_OBJ)/tests/refmodel/%.c.o: ASAN_INC += -Isim/refmodel

ASAN_BINS := $(patsubst %,$(ASAN_BIN)/%,scord scord-kernel-tests scord-scor scord-fault-stress \
             scord-soc-sim test_refmodel test_sh_rule) $(patsubst %,$(ASAN_BIN)/scord-fuzz-%,$(FUZZ_TARGETS))

.PHONY: sanitize-bins sanitize-cli sanitize-test
sanitize-bins: $(DEPS_STAMP) $(ASAN_BINS)
sanitize-cli: $(DEPS_STAMP) $(ASAN_BIN)/scord
# (-j2 unless a jobserver is shared already: make test's steps share one)
SANITIZE_JOBS = $(if $(findstring jobserver,$(MAKEFLAGS)),,-j2)
sanitize-test: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory $(SANITIZE_JOBS) CONFIG=fpga sanitize-bins sw $(STRESS_ELF)
	@$(MAKE) --no-print-directory $(SANITIZE_JOBS) CONFIG=default sanitize-cli
	@bash tests/sanitize/run.sh $(BUILD)/fpga/asan/bin $(BUILD)/default/asan/bin $(SW_BUILD)

-include $(shell find $(ASAN_OBJ) -name '*.d' 2>/dev/null)
