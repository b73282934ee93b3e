# libscord (host library) and the scord CLI.
#
#   SCORD_LIB     build/$(CONFIG)/lib/libscord.a: the library, the sim
#                 backend and the whole cycle model in one archive
#   SCORD_LDLIBS  what to link after it: $(SCORD_LIB) $(SCORD_LDLIBS) is enough
#   SCORD_CFLAGS  include paths for programs using scord.h
#   SCORD_BIN     build/$(CONFIG)/bin/scord
#   SCORD_CLI_SRCS  its sources but sarif.c (the fuzz and sanitizer builds
#                 compile them too)
#
# With CONFIG=default the CLI is also copied to build/bin/scord.
# Needs sim/sim.mk (SIM_LIB, SIM_LDLIBS) to be included first.

SCORD_OBJDIR := $(B)/obj/driver
SCORD_LIB    := $(B)/lib/libscord.a
SCORD_BIN    := $(B)/bin/scord
SCORD_LDLIBS := -ldw -lelf $(SIM_LDLIBS)
SCORD_CFLAGS := -Idriver/include

# One file per concern; scord_int.h says what each holds and which calls which.
SCORD_SRCS := $(addprefix driver/src/,error.c regs.c record.c debuginfo.c stream.c printf.c counters.c \
                device.c detector.c hostrace.c memory.c kernel.c ring.c launch.c format.c \
                backend_sim.c backend_uart.c hostlink.c)
SCORD_OBJS := $(patsubst driver/src/%.c,$(SCORD_OBJDIR)/%.o,$(SCORD_SRCS))
SCORD_HDRS := driver/include/scord.h driver/src/scord_int.h driver/src/backend.h \
              driver/src/hostlink.h sim/gpu_sim.h \
              $(GEN)/scord_defs.h
# -fPIC: the library's objects also make libscord.so (driver/install.mk).
SCORD_CC_FLAGS := $(CFLAGS_HOST) -fPIC -Idriver/include -Idriver/src $(SIM_CFLAGS) -I$(GEN) \
                  -DSCORD_CONFIG_NAME='"$(CONFIG)"'

.PHONY: scord-lib scord-bin
scord-lib: $(SCORD_LIB)
scord-bin: $(SCORD_BIN)

$(SCORD_OBJDIR)/%.o: driver/src/%.c $(SCORD_HDRS) driver/driver.mk
	@mkdir -p $(dir $@)
	$(CC) $(SCORD_CC_FLAGS) -c -o $@ $<

# The cycle model goes inside libscord.a so users link one archive.
$(SCORD_LIB): $(SCORD_OBJS) $(SIM_LIB)
	@mkdir -p $(dir $@)
	@rm -f $@
	{ printf 'CREATE %s\nADDLIB %s\n' $@ $(SIM_LIB); printf 'ADDMOD %s\n' $(SCORD_OBJS); \
	  printf 'SAVE\nEND\n'; } | $(AR) -M
	ranlib $@

# The CLI's own modules (cli.h says which holds what); sarif.c writes race
# reports as SARIF (--sarif) and is also linked into a test of its own.
SCORD_CLI_SRCS := $(addprefix driver/cli/,scord_cli.c run.c report.c options.c check.c)
SCORD_CLI_HDRS := driver/cli/cli.h driver/cli/sarif.h
SCORD_CLI_OBJS := $(patsubst driver/cli/%.c,$(SCORD_OBJDIR)/cli/%.o,$(SCORD_CLI_SRCS) driver/cli/sarif.c)
$(SCORD_OBJDIR)/cli/%.o: driver/cli/%.c $(SCORD_CLI_HDRS) driver/include/scord.h $(GEN)/scord_defs.h
	@mkdir -p $(dir $@)
	$(CC) $(SCORD_CC_FLAGS) -Idriver/cli -DSCORD_VERSION='"$(SCORD_VERSION)"' -c -o $@ $<

$(SCORD_BIN): $(SCORD_CLI_OBJS) $(SCORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(SCORD_CLI_OBJS) $(SCORD_LIB) $(SCORD_LDLIBS)
ifeq ($(CONFIG)$(DETECTOR),default1)
	@mkdir -p $(BUILD)/bin
	cp $@ $(BUILD)/bin/scord
endif

# The example runner behind `make run` and `make bench`.
EXAMPLES_BIN := $(B)/bin/scord-examples
$(SCORD_OBJDIR)/examples/run_examples.o: driver/examples/run_examples.c driver/include/scord.h \
        $(wildcard sw/examples/*/args.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -Idriver/include -Isw/include -Isw/examples -c -o $@ $<
$(EXAMPLES_BIN): $(SCORD_OBJDIR)/examples/run_examples.o $(SCORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) -o $@ $< $(SCORD_LIB) $(SCORD_LDLIBS)
