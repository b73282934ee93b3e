#!/usr/bin/env bash
# The co-simulation's quick run (make isa-cosim, make test): the comparison's
# self-check and the directed programs, then 512 random programs on one lane
# and 128 on every lane of a warp (lane-dependent inputs). Prints the
# PASS/FAIL lines of scord-isa-cosim.
# usage: tests/isa/cosim/run_quick.sh COSIM_BIN SEED [DIRECTED.prog...]
set -u
bin=$1 seed=$2
shift 2
rc=0
"$bin" --self-check ${1:+--directed "$@"} || rc=1
lanes=$("$bin" --print-lanes)
"$bin" --seed "$seed" --blocks 16 --lanes 1 --programs 32 --minimize || rc=1
"$bin" --seed "$seed" --blocks 16 --lanes "$lanes" --programs 8 --minimize || rc=1
exit $rc
