# Host link test against the simulated board (tests/fpga/test_hostlink.c)
# and the end-to-end run script (tests/fpga/test_soc.sh).
HOSTLINK_TEST_BIN := $(B)/bin/scord-hostlink-test
$(HOSTLINK_TEST_BIN): tests/fpga/test_hostlink.c driver/src/hostlink.c driver/src/hostlink.h $(GEN)/scord_defs.h \
                      $(UNIT_SRCS) $(UNIT_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -Idriver/src -Idriver/include -I$(GEN) $(UNIT_INC) -o $@ tests/fpga/test_hostlink.c \
	    driver/src/hostlink.c $(UNIT_SRCS)

.PHONY: soc-test
soc-test: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 CONFIG=fpga sim sw soc-sim tests-bin $(BUILD)/fpga/bin/scord-hostlink-test \
	    $(BUILD)/fpga/bin/scord-firmware-test
	@bash tests/fpga/test_soc.sh build/fpga/bin $(BUILD)/sw

# The management core's firmware at the frame level (tests/fpga/test_firmware.c;
# its own frame code, independent of the driver's).
FW_TEST_BIN := $(B)/bin/scord-firmware-test
$(FW_TEST_BIN): tests/fpga/test_firmware.c $(GEN)/scord_defs.h $(UNIT_SRCS) $(UNIT_HDRS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -I$(GEN) $(UNIT_INC) -o $@ tests/fpga/test_firmware.c $(UNIT_SRCS)
