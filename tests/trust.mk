# The trust tier (docs/trust.md): an independent ISA reference, fuzzers,
# sanitizers, fault and soak stress, the differential test at scale.
include tests/isa/cosim/cosim.mk
include tests/fuzz/fuzz.mk
