# Host programs of the tests (the kernels they run are built by sw/sw.mk).
#
#   KERNEL_TESTS_BIN  build/$(CONFIG)/bin/scord-kernel-tests: kernel tests
#                     (tests/kernels/*, tests/bad/*), one line per test
#   ISA_TESTS_BIN     build/$(CONFIG)/bin/scord-isa-tests: the generated ISA
#                     program, one line per instruction
#   TEST_BINS         both (the top Makefile's test-bins target builds them)
#   make tests-bin    both programs and every kernel they load
#   make test-kernels run the kernel tests    (TEST_DEVICE, default sim)
#   make test-isa     run the ISA tests
# Both programs take --device URI --sw-dir DIR --timeout MS [-v] [names...]
# and exit 1 if anything failed.

TEST_DEVICE ?= sim
TESTS_OBJDIR := $(B)/obj
KERNEL_TESTS_BIN := $(B)/bin/scord-kernel-tests
ISA_TESTS_BIN := $(B)/bin/scord-isa-tests
TEST_BINS := $(KERNEL_TESTS_BIN) $(ISA_TESTS_BIN)

TESTS_CFLAGS := $(CFLAGS_HOST) -MMD -MP -Idriver/include -Itests $(UNIT_INC) $(SW_INCLUDE) -Isw/examples -I$(SW_GEN) \
                -I$(SW_ISA_DIR)

KERNEL_TESTS_SRCS := tests/runner.c tests/test_util.c $(sort $(wildcard tests/kernels/*/test.c)) \
                     tests/bad/test.c $(UNIT_SRCS)
ISA_TESTS_SRCS := tests/isa/test_isa.c tests/test_util.c $(UNIT_SRCS)
KERNEL_TESTS_OBJS := $(patsubst %.c,$(TESTS_OBJDIR)/%.o,$(KERNEL_TESTS_SRCS))
ISA_TESTS_OBJS := $(patsubst %.c,$(TESTS_OBJDIR)/%.o,$(ISA_TESTS_SRCS))

$(TESTS_OBJDIR)/%.o: %.c | $(SW_GEN_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(TESTS_CFLAGS) -c -o $@ $<
$(TESTS_OBJDIR)/tests/isa/test_isa.o: $(SW_ISA_TABLE)

$(KERNEL_TESTS_BIN): $(KERNEL_TESTS_OBJS) $(SCORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(KERNEL_TESTS_OBJS) $(SCORD_LIB) $(SCORD_LDLIBS)
$(ISA_TESTS_BIN): $(ISA_TESTS_OBJS) $(SCORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) -o $@ $(ISA_TESTS_OBJS) $(SCORD_LIB) $(SCORD_LDLIBS)

.PHONY: tests-bin tests-objs test-kernels test-isa
tests-bin: $(KERNEL_TESTS_BIN) $(ISA_TESTS_BIN) $(SW_TEST_ELFS) $(SW_BAD_ELFS)
# Compile-only: everything but the link with libscord.
tests-objs: $(KERNEL_TESTS_OBJS) $(ISA_TESTS_OBJS)
test-kernels: $(KERNEL_TESTS_BIN) $(SW_TEST_ELFS) $(SW_BAD_ELFS)
	$(KERNEL_TESTS_BIN) --device $(TEST_DEVICE) --sw-dir $(SW_BUILD)
test-isa: $(ISA_TESTS_BIN) $(SW_ISA_ELF)
	$(ISA_TESTS_BIN) --device $(TEST_DEVICE) --sw-dir $(SW_BUILD)

-include $(KERNEL_TESTS_OBJS:.o=.d) $(ISA_TESTS_OBJS:.o=.d)
