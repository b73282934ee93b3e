# Fuzzing with AFL++ (docs/trust.md, "Fuzzing"). One harness per target in
# tests/fuzz/<target>/fuzz.c, its corpus in tests/fuzz/<target>/corpus/.
#
#   make fuzz-replay     build the harnesses with the host compiler and run
#                        every corpus file once (make test does this)
#   make fuzz            build them with afl-clang-fast and run afl-fuzz on
#                        each target for FUZZ_SECONDS (default 60) in turn;
#                        prints executions, crashes and hangs per target
#                        (build/fuzz/<target>/out/ keeps AFL's findings)
#   make fuzz-corpus     afl-cmin the last run's queue of each target back
#                        into its corpus (to commit), AFL++'s ':' and ','
#                        in the file names turned into '-' (names every
#                        file system and archive takes)
#
#   FUZZ_TARGETS         elf cli hostlink fw_hostlink race
#   FUZZ_REPLAY_BINS     build/$(CONFIG)/bin/scord-fuzz-<target>

FUZZ_TARGETS := elf cli hostlink fw_hostlink race
FUZZ_SECONDS ?= 60
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_REPLAY_OBJDIR := $(B)/obj/fuzz
FUZZ_REPLAY_BINS := $(patsubst %,$(B)/bin/scord-fuzz-%,$(FUZZ_TARGETS))
FUZZ_HDR := tests/fuzz/fuzz.h
# The harnesses #include hostlink.h, scord_defs.h and (cli) the CLI itself.
FUZZ_INC := -Itests/fuzz -Idriver/include -Idriver/src -I$(GEN) $(UNIT_INC) $(SIM_CFLAGS)
# The CLI inside its harness: main renamed, the outside world reached
# through the harness (tests/fuzz/cli/fuzz.c says what it keeps out).
FUZZ_CLI_DEFS := -Dmain=scord_cli_main -Dscord_open=fuzz_scord_open -Dfopen=fuzz_fopen -Dfork=fuzz_fork \
                 -DSCORD_CONFIG_NAME='"$(CONFIG)"'

# Sources of each target besides its fuzz.c and tests/fuzz/fuzz_main.c
# (libscord.a comes in for every target but hostlink and fw_hostlink).
fuzz_extra_cli := $(SCORD_CLI_SRCS)
fuzz_extra_hostlink := driver/src/hostlink.c
fuzz_uses_lib = $(filter elf cli race,$(1))

# ---- replay builds (host compiler, same flags as the rest) -----------------
$(FUZZ_REPLAY_OBJDIR)/%/main.o: tests/fuzz/fuzz_main.c $(FUZZ_HDR)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(FUZZ_INC) -DFUZZ_TARGET='"$*"' -c -o $@ $<
$(FUZZ_REPLAY_OBJDIR)/%/fuzz.o: tests/fuzz/%/fuzz.c $(FUZZ_HDR) $(GEN)/scord_defs.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(FUZZ_INC) -c -o $@ $<
$(FUZZ_REPLAY_OBJDIR)/fw_hostlink/fuzz.o: sw/firmware/hostlink.c
$(FUZZ_REPLAY_OBJDIR)/cli/cli/%.o: driver/cli/%.c $(SCORD_CLI_HDRS) driver/include/scord.h $(GEN)/scord_defs.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(FUZZ_INC) $(FUZZ_CLI_DEFS) -c -o $@ $<
$(FUZZ_REPLAY_OBJDIR)/hostlink/hostlink.o: driver/src/hostlink.c driver/src/hostlink.h $(GEN)/scord_defs.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(FUZZ_INC) -c -o $@ $<
$(FUZZ_REPLAY_OBJDIR)/unit.o: $(UNIT_SRCS) $(UNIT_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(FUZZ_INC) -c -o $@ $<

fuzz_replay_objs = $(FUZZ_REPLAY_OBJDIR)/$(1)/main.o $(FUZZ_REPLAY_OBJDIR)/$(1)/fuzz.o $(FUZZ_REPLAY_OBJDIR)/unit.o \
	$(if $(filter cli,$(1)),$(patsubst driver/cli/%.c,$(FUZZ_REPLAY_OBJDIR)/cli/cli/%.o,$(SCORD_CLI_SRCS)) $(SCORD_OBJDIR)/cli/sarif.o) \
	$(if $(filter hostlink,$(1)),$(FUZZ_REPLAY_OBJDIR)/hostlink/hostlink.o)
define fuzz_replay_rule
$(B)/bin/scord-fuzz-$(1): $(call fuzz_replay_objs,$(1)) $(if $(call fuzz_uses_lib,$(1)),$(SCORD_LIB))
	@mkdir -p $$(dir $$@)
	$$(CC) -o $$@ $(call fuzz_replay_objs,$(1)) $(if $(call fuzz_uses_lib,$(1)),$(SCORD_LIB) $(SCORD_LDLIBS))
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_replay_rule,$(t))))

.PHONY: fuzz fuzz-replay fuzz-bins fuzz-corpus
fuzz-bins: $(FUZZ_REPLAY_BINS)
fuzz-replay: $(DEPS_STAMP) $(FUZZ_REPLAY_BINS)
	@for t in $(FUZZ_TARGETS); do \
	    $(B)/bin/scord-fuzz-$$t tests/fuzz/$$t/corpus $$(ls -d tests/fuzz/$$t/regressions 2>/dev/null) \
	    || exit 1; done

# ---- AFL++ builds: the target's own code instrumented, the cycle model not --
AFL_CC ?= afl-clang-fast
FUZZ_AFL_CFLAGS := -std=c11 -O2 -g -Wall -Wno-unused-command-line-argument $(FUZZ_INC)
FUZZ_AFL_OBJDIR := $(FUZZ_DIR)/obj
FUZZ_AFL_LIB_OBJS := $(patsubst driver/src/%.c,$(FUZZ_AFL_OBJDIR)/driver/%.o,$(SCORD_SRCS))
$(FUZZ_AFL_OBJDIR)/driver/%.o: driver/src/%.c $(SCORD_HDRS)
	@mkdir -p $(dir $@)
	$(AFL_CC) $(FUZZ_AFL_CFLAGS) -DSCORD_CONFIG_NAME='"$(CONFIG)"' -c -o $@ $<
$(FUZZ_AFL_OBJDIR)/%/main.o: tests/fuzz/fuzz_main.c $(FUZZ_HDR)
	@mkdir -p $(dir $@)
	$(AFL_CC) $(FUZZ_AFL_CFLAGS) -DFUZZ_TARGET='"$*"' -c -o $@ $<
$(FUZZ_AFL_OBJDIR)/%/fuzz.o: tests/fuzz/%/fuzz.c $(FUZZ_HDR) $(GEN)/scord_defs.h
	@mkdir -p $(dir $@)
	$(AFL_CC) $(FUZZ_AFL_CFLAGS) -c -o $@ $<
$(FUZZ_AFL_OBJDIR)/fw_hostlink/fuzz.o: sw/firmware/hostlink.c
$(FUZZ_AFL_OBJDIR)/cli/cli/%.o: driver/cli/%.c $(SCORD_CLI_HDRS) driver/include/scord.h $(GEN)/scord_defs.h
	@mkdir -p $(dir $@)
	$(AFL_CC) $(FUZZ_AFL_CFLAGS) $(FUZZ_CLI_DEFS) -c -o $@ $<
$(FUZZ_AFL_OBJDIR)/unit.o: $(UNIT_SRCS) $(UNIT_HDRS)
	@mkdir -p $(dir $@)
	$(AFL_CC) $(FUZZ_AFL_CFLAGS) -c -o $@ $<

fuzz_afl_objs = $(FUZZ_AFL_OBJDIR)/$(1)/main.o $(FUZZ_AFL_OBJDIR)/$(1)/fuzz.o $(FUZZ_AFL_OBJDIR)/unit.o \
	$(if $(filter cli,$(1)),$(patsubst driver/cli/%.c,$(FUZZ_AFL_OBJDIR)/cli/cli/%.o,$(SCORD_CLI_SRCS)) $(SCORD_OBJDIR)/cli/sarif.o) \
	$(if $(filter hostlink,$(1)),$(FUZZ_AFL_OBJDIR)/driver/hostlink.o)
define fuzz_afl_rule
$(FUZZ_DIR)/bin/scord-fuzz-$(1): $(call fuzz_afl_objs,$(1)) $(if $(call fuzz_uses_lib,$(1)),$(FUZZ_AFL_LIB_OBJS) $(SIM_LIB))
	@mkdir -p $$(dir $$@)
	$$(AFL_CC) -o $$@ $(call fuzz_afl_objs,$(1)) \
	    $(if $(call fuzz_uses_lib,$(1)),$(FUZZ_AFL_LIB_OBJS) $(SIM_LIB) $(SCORD_LDLIBS))
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call fuzz_afl_rule,$(t))))

fuzz: $(DEPS_STAMP) $(patsubst %,$(FUZZ_DIR)/bin/scord-fuzz-%,$(FUZZ_TARGETS)) $(FUZZ_REPLAY_BINS)
	@bash tests/fuzz/run_fuzz.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

fuzz-corpus: $(DEPS_STAMP)
	@for t in $(FUZZ_TARGETS); do \
	    test -d $(FUZZ_DIR)/$$t/out/default/queue || continue; \
	    rm -rf $(FUZZ_DIR)/$$t/cmin; \
	    AFL_SKIP_CPUFREQ=1 afl-cmin -i $(FUZZ_DIR)/$$t/out/default/queue -o $(FUZZ_DIR)/$$t/cmin \
	        -- $(FUZZ_DIR)/bin/scord-fuzz-$$t >/dev/null && \
	    rm -f tests/fuzz/$$t/corpus/* && \
	    for f in $(FUZZ_DIR)/$$t/cmin/*; do \
	        cp "$$f" "tests/fuzz/$$t/corpus/$$(basename "$$f" | tr ':,' '--')" || exit 1; done && \
	    echo "fuzz-corpus: $$t: $$(ls tests/fuzz/$$t/corpus | wc -l) files"; \
	done
