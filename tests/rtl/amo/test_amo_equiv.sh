#!/usr/bin/env bash
# rtl/gpu/gpu_amo_alu.v proven equal to its specification
# (tests/rtl/amo/amo_spec.v) for every operation code and every operand,
# with Yosys's SAT solver on a miter of the two; then a wrong truth table
# must make the proof fail, so the check can fail.
#   tests/rtl/amo/test_amo_equiv.sh GEN_DIR OUT_DIR
set -u
gen=${1:?usage: $0 GEN_DIR OUT_DIR}
out=${2:?usage: $0 GEN_DIR OUT_DIR}
mkdir -p "$out"
prove() { # rtl-file log -> 0 if proven equal
    yosys -p "read_verilog -sv -I$gen tests/rtl/amo/amo_spec.v $1; proc; opt_clean; \
        miter -equiv -flatten -make_outputs amo_spec gpu_amo_alu miter; hierarchy -top miter; \
        sat -verify -prove trigger 0 miter" > "$2" 2>&1
}
prove rtl/gpu/gpu_amo_alu.v "$out/equiv.log" ||
    { echo "FAIL amo equivalence: gpu_amo_alu differs from its specification ($out/equiv.log)"; exit 1; }
grep -q "SAT proof finished - no model found: SUCCESS" "$out/equiv.log" ||
    { echo "FAIL amo equivalence: no proof in $out/equiv.log"; exit 1; }
sed 's/`AMO_OR:  tt = 4.b1110;/`AMO_OR:  tt = 4'"'"'b0110;/' rtl/gpu/gpu_amo_alu.v > "$out/mutant.v"
cmp -s rtl/gpu/gpu_amo_alu.v "$out/mutant.v" &&
    { echo "FAIL amo equivalence: the mutation no longer applies (update the test)"; exit 1; }
prove "$out/mutant.v" "$out/mutant.log" &&
    { echo "FAIL amo equivalence: a wrong OR was proven equal"; exit 1; }
echo "PASS amo equivalence: gpu_amo_alu = specification for all inputs (SAT), a wrong OR refuted"
