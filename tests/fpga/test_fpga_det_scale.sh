#!/usr/bin/env bash
# tools/fpga_det_scale.py on three small tables in fpga_det_cost.py's
# format: every part at every size, what one more core adds (between the
# two largest sizes), the share that tends to and, with --target, how
# large the detector may be for a given share; bad input refused.
set -u
out=${1:-build/fpga/det-scale-test}
mkdir -p "$out"
fail() { echo "FAIL fpga_det_scale: $*"; exit 1; }
table() {  # table FILE UNIT PER_CORE_PART WITH WITHOUT
    printf '| part | LUTs | flip-flops |\n| --- | --- | --- |\n' > "$1"
    printf '| report writer (scord_report) | %d | 8 |\n' "$2" >> "$1"
    printf '| shared-memory checks (scord_sh_check, scord_sh_rule) | %d | 4 |\n' "$3" >> "$1"
    printf '| total | %d | 12 |\n' $(($2 + $3)) >> "$1"
    printf 'with the detector %d LUTs, without %d: the detector x %% of them\n' "$4" "$5" >> "$1"
}
# a unit of 1000 the cores share, 500 per core; the GPU 4000 per core
table "$out/c1.md" 1000 500 5500 4000
table "$out/c2.md" 1000 1000 10000 8000
table "$out/c4.md" 1000 2000 19000 16000
# given out of order: the tool sorts by cores
python3 tools/fpga_det_scale.py 4="$out/c4.md" 1="$out/c1.md" 2="$out/c2.md" > "$out/table.txt" 2>&1 \
    || fail "exit status $?: $(cat "$out/table.txt")"
grep -q '^| part (LUTs) | 1 core | 2 cores | 4 cores | one more core (2 to 4) |$' "$out/table.txt" \
    || fail "header wrong: $(head -n 1 "$out/table.txt")"
grep -q '^| report writer (scord_report) | 1000 | 1000 | 1000 | 0 |$' "$out/table.txt" \
    || fail "shared part wrong: $(grep 'report writer' "$out/table.txt")"
grep -q '^| shared-memory checks (scord_sh_check, scord_sh_rule) | 500 | 1000 | 2000 | 500 |$' "$out/table.txt" \
    || fail "per-core part wrong: $(grep 'shared-memory' "$out/table.txt")"
grep -q '^| \*\*the detector\*\* | 1500 | 2000 | 3000 | 500 |$' "$out/table.txt" \
    || fail "detector row wrong: $(grep 'the detector\*' "$out/table.txt")"
grep -q "^| the detector's share | 27.3 % | 20.0 % | 15.8 % | |$" "$out/table.txt" \
    || fail "share row wrong: $(grep 'share |' "$out/table.txt")"
# 500 of detector to 4000 of GPU per core: 500 / 4500
grep -q '^one more core adds 500 LUTs of detector to 4000 of GPU: with more cores the share tends to 11.1 %$' \
    "$out/table.txt" || fail "limit wrong: $(tail -n 1 "$out/table.txt")"
# --target 20: the detector at most a quarter of the GPU without it
python3 tools/fpga_det_scale.py --target 20 1="$out/c1.md" 2="$out/c2.md" 4="$out/c4.md" > "$out/target.txt" 2>&1 \
    || fail "--target: exit status $?: $(cat "$out/target.txt")"
grep -q '^for 20 %: a detector of at most 1000 with 1 core (now 1500), 2000 with 2 cores (now 2000), 4000 with 4 cores (now 3000); with more cores at most 1000 per core (now 500)$' \
    "$out/target.txt" || fail "--target line wrong: $(tail -n 1 "$out/target.txt")"
python3 tools/fpga_det_scale.py --target 100 1="$out/c1.md" 2="$out/c2.md" > "$out/badt.txt" 2>&1 && fail "accepted a target of 100 %"
grep -q "not a percentage between 0 and 100" "$out/badt.txt" || fail "no clear error for a bad target: $(cat "$out/badt.txt")"
echo 'garbage' > "$out/bad.md"
python3 tools/fpga_det_scale.py 1="$out/bad.md" 2="$out/c2.md" > "$out/bad.txt" 2>&1 && fail "accepted a file that is no table"
grep -q "not a table of tools/fpga_det_cost.py" "$out/bad.txt" || fail "no clear error for a bad table: $(cat "$out/bad.txt")"
python3 tools/fpga_det_scale.py x="$out/c1.md" 2="$out/c2.md" > /dev/null 2>&1 && fail "accepted a core count that is no number"
python3 tools/fpga_det_scale.py 2="$out/c1.md" 2="$out/c2.md" > /dev/null 2>&1 && fail "accepted two tables of one size"
python3 tools/fpga_det_scale.py 1="$out/c1.md" > /dev/null 2>&1 && fail "accepted a single table"
python3 tools/fpga_det_scale.py 1="$out/c1.md" 2="$out/none.md" > /dev/null 2>&1 && fail "accepted a missing file"
echo "PASS fpga_det_scale: $(tail -n 1 "$out/table.txt"), bad input refused"
