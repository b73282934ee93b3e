# Differential test of the race detector RTL (rtl/scord) against the C
# reference model (sim/refmodel), plus the lock table unit test.
#   make scord-diff-test   >= 1M events, fixed seeds (full and cache mode,
#                          granularities 4/8/16, random back-pressure; then 12
#                          streams each with 1 and 2 check slots, and 4 with
#                          the suppression table searched one entry a cycle
#                          and one check slot, as on fpga, and the metadata
#                          cache's write stage, DET_WRITE_STAGE); first
#                          the shared-memory rule's test (shrule-diff-test,
#                          tests/rtl/shrule/shrule.mk)
#                          then lock inference in a core (locks_diff.cpp:
#                          scord_core_hooks against the model's lock tables,
#                          without and with the stage H)
#   make scord-diff-long   50M events with other seeds
#   SCORDUT_ARGS="--seed=N --streams=N --events=N --verbose" for other runs
# Included by tests/rtl/rtl.mk (its tb_rule builds the test bench).

SCORDUT_DIR    := $(B)/rtl-scord
SCORDUT_BIN    := $(SCORDUT_DIR)/Vscord_tb_top
SCORDUT_RTL    := tests/rtl/scord/scord_tb_top.v
SCORDUT_SRC    := tests/rtl/scord/scord_diff.cpp
SCORDUT_MODEL  := sim/refmodel/scord_ref.c sim/refmodel/scord_evgen.c
SCORDUT_MHDRS  := sim/refmodel/scord_ref.h sim/refmodel/scord_evgen.h
SCORDUT_MOBJS  := $(SCORDUT_DIR)/scord_ref.o $(SCORDUT_DIR)/scord_evgen.o
# The RTL under test: 32 warp ids and 32 lanes (the generator's whole range), 1 MiB of
# device memory, a short queue so back-pressure happens, a metadata cache
# of 8 lines so evictions (write back, then fetch) happen all the time.
SCORDUT_MD_LINES ?= 8
SCORDUT_PARAMS := -GNUM_WARPS=32 -GNUM_THREADS=32 -GMEM_BYTES=1048576 -GQUEUE_DEPTH=4 -GLINE_BYTES=32 \
                  -GMD_LINES=$(SCORDUT_MD_LINES)
SCORDUT_DEFS   := -DSCORDUT_NUM_WARPS=32 -DSCORDUT_LANES=32 -DSCORDUT_MEM_BYTES=1048576u -DSCORDUT_LINE_BYTES=32u
SCORDUT_ARGS   ?=
SCORDUT_LONG_ARGS ?= --seed=7 --streams=200 --events=250000 --lt-ops=2000000

# The same with fewer check slots (DET_SLOTS): one lane a pass (1: one
# check, one metadata bank, as on fpga) and 2 (passes of a chunk of a
# line's granules), fewer streams. Other slot counts: make
# build/default/rtl-scord-s4/Vscord_tb_top, run it with the same arguments.
SCORDUT_S_BIN   = $(B)/rtl-scord-s$(1)/Vscord_tb_top
SCORDUT_S_ARGS ?= --streams=12
SCORDUT_SLOTS  ?= 1 2

# The suppression table searched one entry a cycle from a LUT RAM
# (SUPP_SEQ, the FPGA configurations' DET_SUPP_SEQ=1), with one check slot
# as on fpga: the writer's decisions against the model's, over a few
# streams (the reports are what it changes). The same build has the
# metadata cache's entry writes a cycle later (WRITE_STAGE, the key
# DET_WRITE_STAGE, off in every configuration for now), so the write
# stage's bypass runs under the 8-line cache's evictions, with the zero
# fill of fresh lines waiting for it (MD_FRESH stays on here).
SCORDUT_Q_DIR   = $(B)/rtl-scord-q
SCORDUT_Q_BIN   = $(SCORDUT_Q_DIR)/Vscord_tb_top
SCORDUT_Q_ARGS ?= --streams=4

$(SCORDUT_DIR)/%.o: sim/refmodel/%.c $(SCORDUT_MHDRS) $(GEN)/scord_defs.h
	@mkdir -p $(SCORDUT_DIR)
	$(CC) $(CFLAGS_HOST) -Isim/refmodel -I$(GEN) -c -o $@ $<

# The test bench with extra parameters $(2) as binary $(1) (a pattern: $*
# in $(2) is its stem).
SCORDUT_CXXFLAGS := $(SCORDUT_DEFS) -I$(abspath sim/refmodel)
scordut_rule = $(call tb_rule,$(1),scord_tb_top,$(SCORDUT_RTL) $(SCORDUT_SRC) $(SCORDUT_MOBJS),\
                 $(SCORDUT_PARAMS) $(2),$(SCORDUT_CXXFLAGS))
$(eval $(call scordut_rule,$(SCORDUT_BIN),))
$(eval $(call scordut_rule,$(call SCORDUT_S_BIN,%),-GPASS_SLOTS=$$*))
$(eval $(call scordut_rule,$(SCORDUT_Q_BIN),-GSUPP_SEQ=1 -GPASS_SLOTS=1 -GWRITE_STAGE=1))

# Lock inference in a core: scord_core_hooks alone (4 warp slots of 4 lanes,
# no shared memory), without and with the stage H, against the model's
# lock tables (docs/detector.md §4.2).
LOCKSUT_BIN   = $(B)/rtl-locks-h$(1)/Vscord_core_hooks
LOCKSUT_ARGS ?=
$(foreach h,0 1,$(eval $(call tb_rule,$(call LOCKSUT_BIN,$(h)),scord_core_hooks,\
  $(call tb_rtl,scord_core_hooks) tests/rtl/scord/locks_diff.cpp $(SCORDUT_DIR)/scord_ref.o,\
  -Wno-WIDTH -GNUM_WARPS=4 -GNUM_THREADS=4 -GLINE_BYTES=32 -GMEM_BYTES=1048576 -GSMEM_BYTES=0 -GH_STAGE=$(h),\
  -DLOCKS_H_STAGE=$(h) -I$(abspath sim/refmodel))))

.PHONY: scord-diff-test scord-diff-long locks-diff-test
locks-diff-test: $(call LOCKSUT_BIN,0) $(call LOCKSUT_BIN,1)
	@rc=0; $(call LOCKSUT_BIN,0) $(LOCKSUT_ARGS) || rc=1; $(call LOCKSUT_BIN,1) $(LOCKSUT_ARGS) || rc=1; exit $$rc

scord-diff-test: $(SCORDUT_BIN) $(foreach n,$(SCORDUT_SLOTS),$(call SCORDUT_S_BIN,$(n))) \
                 $(SCORDUT_Q_BIN) $(SHRULE_BIN) $(call LOCKSUT_BIN,0) $(call LOCKSUT_BIN,1)
	@rc=0; $(SHRULE_BIN) $(SHRULE_ARGS) || rc=1; \
	$(SCORDUT_BIN) $(SCORDUT_ARGS) || rc=1; \
	$(foreach n,$(SCORDUT_SLOTS),echo "$(n) check slots (PASS_SLOTS=$(n)):"; \
	    $(call SCORDUT_S_BIN,$(n)) $(SCORDUT_S_ARGS) || rc=1;) \
	echo "suppression table searched one entry a cycle, write stage (SUPP_SEQ=1, PASS_SLOTS=1, WRITE_STAGE=1):"; \
	$(SCORDUT_Q_BIN) $(SCORDUT_Q_ARGS) || rc=1; \
	echo "lock inference in a core (scord_core_hooks, without and with the stage H):"; \
	$(call LOCKSUT_BIN,0) $(LOCKSUT_ARGS) || rc=1; $(call LOCKSUT_BIN,1) $(LOCKSUT_ARGS) || rc=1; \
	exit $$rc

scord-diff-long: $(SCORDUT_BIN)
	$(SCORDUT_BIN) $(SCORDUT_LONG_ARGS) $(SCORDUT_ARGS)
