# ISA co-simulation against QEMU (docs/trust.md, "ISA against an
# independent reference").
#
#   COSIM_BIN            build/$(CONFIG)/bin/scord-isa-cosim
#   make isa-cosim       the quick run of make test: random programs on one
#                        lane and on every lane of a warp, and the directed
#                        programs of tests/isa/cosim/directed/
#   make isa-cosim-long  at least 100 000 programs (COSIM_LONG_BATCHES
#                        launches of 1 024 programs each, one lane, then
#                        warps), minimizing and saving every mismatch to
#                        build/cosim-mismatches/

COSIM_BIN := $(B)/bin/scord-isa-cosim
COSIM_SRCS := tests/isa/cosim/cosim.c tests/isa/cosim/rvgen.c $(UNIT_SRCS)
COSIM_OBJS := $(patsubst %.c,$(TESTS_OBJDIR)/%.o,$(COSIM_SRCS))
COSIM_DIRECTED := $(sort $(wildcard tests/isa/cosim/directed/*.prog))
COSIM_SEED ?= 1
COSIM_LONG_BATCHES ?= 80

$(COSIM_BIN): $(COSIM_OBJS) $(SCORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(COSIM_OBJS) $(SCORD_LIB) $(SCORD_LDLIBS)

.PHONY: isa-cosim isa-cosim-long
isa-cosim: $(DEPS_STAMP) $(COSIM_BIN)
	@bash tests/isa/cosim/run_quick.sh $(COSIM_BIN) $(COSIM_SEED) $(COSIM_DIRECTED)
isa-cosim-long: $(DEPS_STAMP) $(COSIM_BIN)
	@mkdir -p $(BUILD)/cosim-mismatches
	$(COSIM_BIN) --seed $(COSIM_SEED) --batches $(COSIM_LONG_BATCHES) --blocks 16 --lanes 1 \
	    --programs 64 --minimize --save $(BUILD)/cosim-mismatches
	$(COSIM_BIN) --seed $(COSIM_SEED) --batches $(COSIM_LONG_BATCHES) --blocks 16 \
	    --lanes $(NUM_THREADS) --programs 16 --minimize --save $(BUILD)/cosim-mismatches

-include $(COSIM_OBJS:.o=.d)
