#!/usr/bin/env bash
# tools/synth_parts.py (make synth-parts) on a small hierarchy synthesized
# by Debian's Yosys with -noflatten: instances counted through the levels
# (a leaf in two parameterizations and inside a detector module), the
# detector's modules summed, bad input refused with a clear error.
set -u
out=${1:-build/fpga/parts-test}
mkdir -p "$out"
fail() { echo "FAIL synth_parts: $*"; exit 1; }
yosys -q -p "read_verilog tests/fpga/parts_fixture.v; synth_ecp5 -noflatten -top parts_fixture -run :check; \
    tee -q -o $out/stat.json stat -json" > "$out/yosys.log" 2>&1 || fail "yosys could not synthesise the fixture"
python3 tools/synth_parts.py "$out/stat.json" > "$out/parts.txt" 2>&1 || fail "exit status $?"
# parts_leaf: 2 in the top (W=8, W=4) + 3 in each of the 2 scord_fixtures;
# flip-flops 8 + 4 + 6 x 8
awk '$1 == "parts_leaf" && $2 == 8 && $5 == 60 {ok = 1} END {exit !ok}' "$out/parts.txt" ||
    fail "parts_leaf is not 8 instances with 60 flip-flops: $(grep parts_leaf "$out/parts.txt")"
awk '$1 == "scord_fixture" && $2 == "*" && $3 == 2 {ok = 1} END {exit !ok}' "$out/parts.txt" ||
    fail "scord_fixture not marked as a detector part with 2 instances: $(grep scord_fixture "$out/parts.txt")"
all=$(awk '$1 == "all" {print $NF}' "$out/parts.txt")
det=$(awk '$1 == "detector" && $2 == "(*)" {print $NF}' "$out/parts.txt")
[ -n "$all" ] && [ -n "$det" ] && [ "$det" -lt "$all" ] || fail "totals: all '$all', detector '$det'"
echo '{' > "$out/bad.json"
python3 tools/synth_parts.py "$out/bad.json" > "$out/bad.txt" 2>&1 && fail "accepted a malformed file"
grep -q "cannot read" "$out/bad.txt" || fail "no clear error for a malformed file"
python3 tools/synth_parts.py > /dev/null 2>&1 && fail "accepted no arguments"
echo "PASS synth_parts: 8 leaf instances over two levels, detector $det of $all LUT4 + 2 x carry, bad input refused"
