#!/usr/bin/env bash
# tools/synth_module.sh (make synth-module) on the parts fixture: a leaf
# the top instantiates with two parameter sets is measured with one of
# them and says so, a module holding others is counted alone and with
# them, a name the top does not instantiate is refused with the names it
# does, a missing argument with the usage.
set -u
out=${1:-build/fpga/synth-module-test}
mkdir -p "$out"
fail() { echo "FAIL synth_module: $*"; exit 1; }
run() { bash tools/synth_module.sh yosys "$out" parts_fixture "$1" "" "" tests/fpga/parts_fixture.v; }

run parts_leaf > "$out/leaf.txt" 2>&1 || fail "parts_leaf: exit status $? ($(cat "$out/leaf.txt"))"
# the first set Yosys lists is W=4 (its parameter's bits sort first): 4 flip-flops,
# one line (a leaf has nothing below it)
grep -q '^parts_leaf (1 of 2 parameter sets) alone: .* 4 FF,' "$out/leaf.txt" &&
    [ "$(wc -l < "$out/leaf.txt")" -eq 1 ] ||
    fail "parts_leaf: not one of two sets with 4 flip-flops: $(cat "$out/leaf.txt")"

run scord_fixture > "$out/fix.txt" 2>&1 || fail "scord_fixture: exit status $? ($(cat "$out/fix.txt"))"
grep -q '^scord_fixture alone: .* 0 FF,' "$out/fix.txt" ||
    fail "scord_fixture alone holds flip-flops: $(cat "$out/fix.txt")"
grep -q '^scord_fixture with what it instantiates: .* 24 FF,' "$out/fix.txt" ||
    fail "scord_fixture with its three leaves is not 24 flip-flops: $(cat "$out/fix.txt")"
lut=$(sed -n 's/^scord_fixture with what it instantiates: \([0-9]*\) LUT4.*/\1/p' "$out/fix.txt")
[ -n "$lut" ] && [ "$lut" -gt 0 ] || fail "scord_fixture: no LUT4 counted: $(cat "$out/fix.txt")"

run nosuch > "$out/bad.txt" 2>&1 && fail "accepted a module the top does not instantiate"
grep -q "instantiates no module 'nosuch'" "$out/bad.txt" && grep -q '^  parts_leaf$' "$out/bad.txt" &&
    ! grep -q '^  [0-9]' "$out/bad.txt" ||
    fail "no clear error for an unknown module: $(cat "$out/bad.txt")"
bash tools/synth_module.sh yosys "$out" > "$out/usage.txt" 2>&1 && fail "accepted missing arguments"
grep -q usage "$out/usage.txt" || fail "no usage for missing arguments"
echo "PASS synth_module: one of two parameter sets (4 FF), a module alone and with its leaves ($lut LUT4, 24 FF), bad names refused"
