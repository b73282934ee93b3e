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
