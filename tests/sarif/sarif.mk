# The SARIF writer's unit program (tests/sarif/sarif_related.c, with
# driver/cli/sarif.c); tests/sarif/test_sarif.sh runs it and the CLI.
#
#   SARIF_RELATED_BIN   build/$(CONFIG)/bin/scord-sarif-related

SARIF_RELATED_BIN := $(B)/bin/scord-sarif-related
$(SARIF_RELATED_BIN): tests/sarif/sarif_related.c driver/cli/sarif.c driver/cli/sarif.h \
                      driver/include/scord.h $(SCORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -Idriver/include -Idriver/cli -o $@ tests/sarif/sarif_related.c \
	    driver/cli/sarif.c $(SCORD_LIB) $(SCORD_LDLIBS)

# A host-device race through the CLI's report path (report.c, sarif.c; the
# options file for the CLI's shared names), on the det_host test kernel.
HOSTDEV_REPORT_BIN := $(B)/bin/scord-hostdev-report
$(HOSTDEV_REPORT_BIN): tests/sarif/hostdev_report.c driver/cli/report.c driver/cli/sarif.c \
                       driver/cli/options.c $(SCORD_CLI_HDRS) tests/kernels/det_host/args.h \
                       driver/include/scord.h $(GEN)/scord_defs.h $(SCORD_LIB)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -Idriver/include -Idriver/cli -I$(GEN) -Isw/include \
	    -Itests/kernels/det_host -o $@ tests/sarif/hostdev_report.c driver/cli/report.c \
	    driver/cli/sarif.c driver/cli/options.c $(SCORD_LIB) $(SCORD_LDLIBS)
