#!/usr/bin/env bash
# tools/fpga_area.py (make fpga-area) on a small design synthesized
# flattened by Debian's Yosys: the two cores' accumulators summed in one
# row (16 flip-flops), the L2's apart (4), the total the netlist's, and bad
# input refused with a clear error and a non-zero exit.
set -u
out=${1:-build/fpga/area-test}
mkdir -p "$out"
fail() { echo "FAIL fpga_area: $*"; exit 1; }
yosys -q -p "read_verilog tests/fpga/area_fixture.v; synth_ecp5 -top area_fixture -json $out/fixture.json" \
    > "$out/yosys.log" 2>&1 || fail "yosys could not synthesise the fixture"
python3 tools/fpga_area.py "$out/fixture.json" 3 > "$out/table.txt" 2>&1 || fail "exit status $?: $(cat "$out/table.txt")"
grep -q '^| g_core\[\*\]\.u_acc | [1-9][0-9]* | [0-9.]* % | 16 |$' "$out/table.txt" ||
    fail "the cores' row is not 16 flip-flops: $(cat "$out/table.txt")"
grep -q '^| u_l2 | [1-9][0-9]* | [0-9.]* % | 4 |$' "$out/table.txt" || fail "the L2's row is not 4 flip-flops: $(cat "$out/table.txt")"
grep -q '^| total | [1-9][0-9]* | 100 % | 20 |$' "$out/table.txt" || fail "total row wrong: $(grep total "$out/table.txt")"
python3 tools/fpga_area.py "$out/fixture.json" 3 1 > "$out/one.txt" 2>&1 || fail "one row: exit status $?"
grep -q '^| 3 more units | ' "$out/one.txt" || fail "the rows beyond ROWS are not summed: $(cat "$out/one.txt")"
echo '{' > "$out/bad.json"
python3 tools/fpga_area.py "$out/bad.json" > "$out/bad.txt" 2>&1 && fail "accepted a malformed netlist"
grep -q "fpga_area: .*not a Yosys JSON netlist" "$out/bad.txt" || fail "no clear error for a malformed netlist"
python3 tools/fpga_area.py > /dev/null 2>&1 && fail "accepted no arguments"
python3 tools/fpga_area.py "$out/fixture.json" deep > /dev/null 2>&1 && fail "accepted a depth that is no number"
echo "PASS fpga_area: $(grep -c '^| ' "$out/table.txt") rows, the cores summed, bad input refused"
