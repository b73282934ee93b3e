# State that survives a fault, and the soak (docs/trust.md).
#
#   STRESS_BIN        build/$(CONFIG)/bin/scord-fault-stress
#   make fault-stress the make test run: the stress on the cycle model
#                     (STRESS_ROUNDS launches) and over the simulated
#                     board's link (CONFIG=fpga: needs soc-sim)
#   make soak         CONFIG=fpga: SOAK_LAUNCHES launches (default 1000) on
#                     the simulated board over a damaged line (a bit flipped
#                     in every SOAK_FLIP-th byte each way), then the host
#                     link test: the board must answer normally

STRESS_BIN := $(B)/bin/scord-fault-stress
STRESS_ELF := $(call sw_kernel,tests/stress)
STRESS_ROUNDS ?= 60
SOAK_LAUNCHES ?= 1000
SOAK_FLIP ?= 4000

STRESS_OBJS := $(patsubst %.c,$(TESTS_OBJDIR)/%.o,tests/stress/stress.c $(UNIT_SRCS))
$(STRESS_BIN): $(STRESS_OBJS) $(SCORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(STRESS_OBJS) $(SCORD_LIB) $(SCORD_LDLIBS)
$(TESTS_OBJDIR)/tests/stress/stress.o: TESTS_CFLAGS += -Itests/stress

.PHONY: fault-stress soak
fault-stress: $(DEPS_STAMP) $(SCORD_BIN) $(STRESS_BIN) $(STRESS_ELF) $(SOC_SIM_BIN) $(HOSTLINK_TEST_BIN)
	@bash tests/stress/run_stress.sh $(B)/bin $(SW_BUILD) $(STRESS_ROUNDS) 0 0
soak: $(DEPS_STAMP) $(SCORD_BIN) $(STRESS_BIN) $(STRESS_ELF) $(SOC_SIM_BIN) $(HOSTLINK_TEST_BIN)
	@bash tests/stress/run_stress.sh $(B)/bin $(SW_BUILD) 0 $(SOAK_LAUNCHES) $(SOAK_FLIP)
