# The trust tier (docs/trust.md): an independent ISA reference, fuzzers,
# sanitizers, fault and soak stress, the differential test at scale.
include tests/isa/cosim/cosim.mk
include tests/fuzz/fuzz.mk
include tests/sanitize/sanitize.mk
include tests/stress/stress.mk

# The differential test of the detector RTL against the model at scale:
#   make scord-diff-rate   the make test run (scord-diff-test's arguments),
#                          timed: events per second
#   make scord-diff-100m   400 streams x 250 000 events = 100 000 000 events,
#                          once (about SCORD_DIFF_100M_ARGS)
SCORD_DIFF_100M_ARGS ?= --seed=11 --streams=400 --events=250000 --lt-ops=1000000
.PHONY: scord-diff-rate scord-diff-100m
scord-diff-rate: $(SCORDUT_BIN)
	@bash tests/rtl/scord/diff_scale.sh $(SCORDUT_BIN) $(SCORDUT_ARGS)
scord-diff-100m: $(SCORDUT_BIN)
	@bash tests/rtl/scord/diff_scale.sh $(SCORDUT_BIN) $(SCORD_DIFF_100M_ARGS)
