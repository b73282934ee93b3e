# Race-detector reference model (sim/refmodel) and its directed tests.
# Included by the top Makefile, which provides CC, CFLAGS_HOST, BUILD, GEN and
# the rule for $(GEN)/scord_defs.h (the model only uses numbers that are the
# same in every configuration).
#
#   make refmodel-test   build and run build/refmodel/test_refmodel (the
#                        detector model and its generator) and
#                        build/refmodel/test_sh_rule (the shared-memory rule)
#
# REFMODEL_SRCS / REFMODEL_INC are meant for the differential tests, which
# link the same model and generator.

REFMODEL_DIR   := $(BUILD)/refmodel
REFMODEL_SRCS  := sim/refmodel/scord_ref.c sim/refmodel/scord_evgen.c sim/refmodel/scord_sh_rule.c
REFMODEL_HDRS  := sim/refmodel/scord_ref.h sim/refmodel/scord_evgen.h sim/refmodel/scord_sh_rule.h
REFMODEL_INC   := -Isim/refmodel -I$(GEN)
REFMODEL_CFLAGS := $(CFLAGS_HOST) $(REFMODEL_INC)
REFMODEL_TEST  := $(REFMODEL_DIR)/test_refmodel
SHRULE_TEST    := $(REFMODEL_DIR)/test_sh_rule
# the tests' own sources (the sanitizer build takes the same lists)
REFMODEL_TEST_SRCS := $(sort $(filter-out tests/refmodel/test_sh_rule.c,$(wildcard tests/refmodel/*.c))) \
                      $(UNIT_SRCS)
SHRULE_TEST_SRCS   := tests/refmodel/test_sh_rule.c $(UNIT_SRCS)

$(REFMODEL_TEST): $(REFMODEL_TEST_SRCS) tests/refmodel/fixture.h $(UNIT_HDRS) $(REFMODEL_SRCS) $(REFMODEL_HDRS) \
                  $(GEN)/scord_defs.h
	@mkdir -p $(dir $@)
	$(CC) $(REFMODEL_CFLAGS) $(UNIT_INC) -o $@ $(REFMODEL_TEST_SRCS) $(REFMODEL_SRCS)

$(SHRULE_TEST): $(SHRULE_TEST_SRCS) $(UNIT_HDRS) sim/refmodel/scord_sh_rule.c sim/refmodel/scord_sh_rule.h \
                $(GEN)/scord_defs.h
	@mkdir -p $(dir $@)
	$(CC) $(REFMODEL_CFLAGS) $(UNIT_INC) -o $@ $(SHRULE_TEST_SRCS) sim/refmodel/scord_sh_rule.c

.PHONY: refmodel-test
refmodel-test: $(REFMODEL_TEST) $(SHRULE_TEST)
	@rc=0; $(REFMODEL_TEST) || rc=1; $(SHRULE_TEST) || rc=1; exit $$rc
