# The C unit tests' harness (tests/unit/unit.h): what a test program adds to
# its sources and flags.
UNIT_SRCS := tests/unit/unit.c
UNIT_HDRS := tests/unit/unit.h
UNIT_INC  := -Itests/unit
