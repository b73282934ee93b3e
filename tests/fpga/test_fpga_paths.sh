#!/usr/bin/env bash
# tools/fpga_paths.py on a small synthesized netlist (Debian's Yosys):
# the deep path must come first, the shallow one after it, and bad input
# must give an error and a non-zero exit.
set -u
out=${1:-build/fpga/paths-test}
mkdir -p "$out"
fail() { echo "FAIL fpga_paths: $*"; exit 1; }
yosys -q -p "read_verilog tests/fpga/paths_fixture.v; synth_ecp5 -top paths_fixture -json $out/fixture.json" \
    > "$out/yosys.log" 2>&1 || fail "yosys could not synthesise the fixture"
python3 tools/fpga_paths.py "$out/fixture.json" 5 > "$out/paths.txt" 2>&1 || fail "exit status $?"
first=$(grep -m1 -- '->' "$out/paths.txt")
case "$first" in *deep_q*) ;; *) fail "first path is not deep_q: $first" ;; esac
grep -q -- '-> .*flag_q' "$out/paths.txt" || fail "flag_q missing"
deep=$(awk '/->.*deep_q/ {print $1; exit}' "$out/paths.txt")
flag=$(awk '/->.*flag_q/ {print $1; exit}' "$out/paths.txt")
awk -v d="$deep" -v f="$flag" 'BEGIN { exit !(d > 3 * f) }' || fail "deep $deep ns not well above flag $flag ns"
echo '{' > "$out/bad.json"
python3 tools/fpga_paths.py "$out/bad.json" > "$out/bad.txt" 2>&1 && fail "accepted a malformed netlist"
grep -q "cannot read" "$out/bad.txt" || fail "no clear error for a malformed netlist"
python3 tools/fpga_paths.py > /dev/null 2>&1 && fail "accepted no arguments"
echo "PASS fpga_paths: deep path first ($deep ns against $flag ns), bad input refused"
