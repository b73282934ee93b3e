# Differential test of the shared-memory race rule (rtl/scord/scord_sh_rule.v)
# against the C model's scord_sh_rule() (sim/refmodel/scord_sh_rule.c), in
# four configurations at once (shrule_tb_top.v).
#   make shrule-diff-test   1 000 000 random passes, fixed seed (also run by
#                           scord-diff-test, hence by make test)
#   make shrule-diff-long   50 000 000 passes, another seed
#   SHRULE_ARGS="--seed=N --passes=N --verbose" for other runs
# Included by the top Makefile (uses its B, GEN, CC, CFLAGS_HOST, RTL_INCDIRS, VERILATOR).

SHRULE_DIR       := $(B)/rtl-shrule
SHRULE_BIN       := $(SHRULE_DIR)/Vshrule_tb_top
SHRULE_RTL       := rtl/scord/scord_sh_rule.v tests/rtl/shrule/shrule_tb_one.v tests/rtl/shrule/shrule_tb_top.v
SHRULE_SRC       := tests/rtl/shrule/shrule_diff.cpp
SHRULE_MOBJ      := $(SHRULE_DIR)/scord_sh_rule.o
SHRULE_ARGS      ?=
SHRULE_LONG_ARGS ?= --seed=5 --passes=50000000

$(SHRULE_MOBJ): sim/refmodel/scord_sh_rule.c sim/refmodel/scord_sh_rule.h $(GEN)/scord_defs.h
	@mkdir -p $(SHRULE_DIR)
	$(CC) $(CFLAGS_HOST) -Isim/refmodel -I$(GEN) -c -o $@ $<

$(SHRULE_BIN): $(SHRULE_RTL) tests/rtl/shrule/shrule_tb.vh $(SHRULE_SRC) $(SHRULE_MOBJ) $(GEN)/scord_defs.vh $(GEN)/scord_defs.h
	@mkdir -p $(SHRULE_DIR)
	$(VERILATOR) --cc --exe --build -j 2 -Wall $(RTL_INCDIRS) -Itests/rtl/shrule -I$(GEN) rtl/lint.vlt \
	  --top-module shrule_tb_top --Mdir $(SHRULE_DIR) -o Vshrule_tb_top \
	  -CFLAGS "-std=c++17 -O2 -I$(abspath sim/refmodel) -I$(abspath $(GEN))" \
	  $(SHRULE_RTL) $(abspath $(SHRULE_SRC)) $(abspath $(SHRULE_MOBJ)) \
	  >$(SHRULE_DIR)/build.log 2>&1 || { tail -40 $(SHRULE_DIR)/build.log; exit 1; }

.PHONY: shrule-diff-test shrule-diff-long
shrule-diff-test: $(SHRULE_BIN)
	$(SHRULE_BIN) $(SHRULE_ARGS)

shrule-diff-long: $(SHRULE_BIN)
	$(SHRULE_BIN) $(SHRULE_LONG_ARGS) $(SHRULE_ARGS)
