#!/usr/bin/env bash
# tools/fpga_det_cost.py on a small design synthesized flattened with and
# without its "detector" (Debian's Yosys): the report writer's 8
# flip-flops must be found in its row and in the total, the detector must
# cost LUTs, and bad input must give an error and a non-zero exit.
set -u
out=${1:-build/fpga/det-cost-test}
mkdir -p "$out"
fail() { echo "FAIL fpga_det_cost: $*"; exit 1; }
for det in 1 0; do
    yosys -q -p "read_verilog tests/fpga/det_cost_fixture.v; chparam -set DETECTOR $det det_cost_fixture; synth_ecp5 -top det_cost_fixture -json $out/fixture$det.json" \
        > "$out/yosys$det.log" 2>&1 || fail "yosys could not synthesise the fixture (DETECTOR=$det)"
done
python3 tools/fpga_det_cost.py "$out/fixture1.json" "$out/fixture0.json" > "$out/table.txt" 2>&1 \
    || fail "exit status $?: $(cat "$out/table.txt")"
grep -q '^| report writer (scord_report) | [1-9][0-9]* | 8 |$' "$out/table.txt" \
    || fail "report writer row wrong: $(grep 'report writer' "$out/table.txt")"
grep -q '^| total | [1-9][0-9]* | 8 |$' "$out/table.txt" || fail "total row wrong: $(grep total "$out/table.txt")"
echo '{' > "$out/bad.json"
python3 tools/fpga_det_cost.py "$out/bad.json" "$out/fixture0.json" > "$out/bad.txt" 2>&1 && fail "accepted a malformed netlist"
grep -q "not a Yosys JSON netlist" "$out/bad.txt" || fail "no clear error for a malformed netlist"
python3 tools/fpga_det_cost.py > /dev/null 2>&1 && fail "accepted no arguments"
echo "PASS fpga_det_cost: $(grep '^| total' "$out/table.txt"), bad input refused"
