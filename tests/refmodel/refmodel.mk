# Race-detector reference model (sim/refmodel) and its directed tests.
# Included by the top Makefile, which provides CC, CFLAGS_HOST, BUILD, GEN and
# the rule for $(GEN)/scord_defs.h (the model only uses numbers that are the
# same in every configuration).
#
#   make refmodel-test   build build/refmodel/test_refmodel and run it
#
# REFMODEL_SRCS / REFMODEL_INC are meant for the later differential test,
# which links the same model and generator.

REFMODEL_DIR   := $(BUILD)/refmodel
REFMODEL_SRCS  := sim/refmodel/scord_ref.c sim/refmodel/scord_evgen.c
REFMODEL_HDRS  := sim/refmodel/scord_ref.h sim/refmodel/scord_evgen.h
REFMODEL_INC   := -Isim/refmodel -I$(GEN)
REFMODEL_CFLAGS := $(CFLAGS_HOST) $(REFMODEL_INC)
REFMODEL_TEST  := $(REFMODEL_DIR)/test_refmodel

$(REFMODEL_TEST): tests/refmodel/test_refmodel.c $(REFMODEL_SRCS) $(REFMODEL_HDRS) $(GEN)/scord_defs.h
	@mkdir -p $(dir $@)
	$(CC) $(REFMODEL_CFLAGS) -o $@ tests/refmodel/test_refmodel.c $(REFMODEL_SRCS)

.PHONY: refmodel-test
refmodel-test: $(REFMODEL_TEST)
	$(REFMODEL_TEST)
