#!/usr/bin/env python3
"""Summarises an FPGA build: build/fpga/<board>/report.json and report.txt
from nextpnr's --report (placed resources, Fmax per clock) and Yosys'
stat -json (mapped cells), for the build with the detector and, when
present (nodet/), the one without.

usage: fpga_report.py [--placed] BUILD_DIR      e.g. build/fpga/ulx3s

--placed: the placement-only builds of make fpga-place (<dir>/placed/ and
<dir>/nodet/placed/) -> report-placed.json and report-placed.txt; Fmax is
then nextpnr's estimate before routing.
"""
import json
import os
import re
import sys

RESOURCES = [("luts", "TRELLIS_COMB"), ("ffs", "TRELLIS_FF"), ("brams", "DP16KD"),
             ("dsps", "MULT18X18D")]


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


def load_json(path, text):
    try:
        return json.loads(text)
    except ValueError as e:
        sys.exit(f"fpga_report.py: {path} is not valid JSON ({e})")


# nextpnr's log line for a clock's Fmax (after placement, and after routing)
FMAX_RE = re.compile(r"Max frequency for clock '(.*)': ([0-9.]+) MHz \((?:PASS|FAIL) at ([0-9.]+) MHz\)")


def log_fmax(path):
    """nextpnr leaves the report's fmax empty without routing; its log has
    the estimate: the last "Max frequency for clock" line of each clock."""
    fmax = {}
    for line in (read(path) or "").splitlines():
        m = FMAX_RE.search(line)
        if m:
            fmax[m.group(1)] = {"achieved": float(m.group(2)), "constraint": float(m.group(3))}
    return fmax


def pll_clock(d):
    """The clock the bitstream runs at: the PLL's, the last field of the
    pll.txt make fpga writes beside the synthesis (None without one).
    nextpnr may have routed for more (FPGA_MARGIN)."""
    pll = (read(os.path.join(d, "pll.txt")) or "").split()
    try:
        return round(float(pll[4]), 2)
    except (IndexError, ValueError):
        return None


def margin_pct(fmax, clock):
    return round(100.0 * (fmax - clock) / clock, 2)


def margin_text(pct):
    return f"{pct:.1f}% in hand" if pct >= 0 else f"{-pct:.1f}% too slow"


def one_build(d, placed=False):
    pnr_dir = os.path.join(d, "placed") if placed else d
    path = os.path.join(pnr_dir, "nextpnr-report.json")
    rep = read(path)
    if rep is None:
        return None
    rep = load_json(path, rep)
    if not isinstance(rep, dict) or "utilization" not in rep or "fmax" not in rep:
        sys.exit(f"fpga_report.py: {path} is not a nextpnr report (no utilization or fmax)")
    util = rep.get("utilization", {})
    out = {}
    for name, cell in RESOURCES:
        u = util.get(cell, {})
        out[name] = {"used": u.get("used"), "available": u.get("available")}
    fmax = rep.get("fmax") or log_fmax(os.path.join(pnr_dir, "nextpnr.log"))
    clocks = {}
    for clk, t in fmax.items():
        clocks[clk] = {"achieved_mhz": round(t.get("achieved", 0.0), 2),
                       "constraint_mhz": round(t.get("constraint", 0.0), 2)}
    out["clocks"] = clocks
    # the SoC clock is the PLL's output; the oscillator only feeds the PLL
    soc = [c for c in clocks.values() if c["constraint_mhz"] > 0]
    worst = min(soc, key=lambda c: c["achieved_mhz"] - c["constraint_mhz"]) if soc else None
    out["fmax_mhz"] = worst["achieved_mhz"] if worst else None
    out["target_mhz"] = worst["constraint_mhz"] if worst else None
    out["timing_met"] = bool(worst and worst["achieved_mhz"] >= worst["constraint_mhz"])
    # what is in hand is counted against the PLL's clock, not nextpnr's target
    out["clock_mhz"] = pll_clock(d)
    if out["clock_mhz"] and out["fmax_mhz"]:
        out["clock_margin_pct"] = margin_pct(out["fmax_mhz"], out["clock_mhz"])
    ver = read(os.path.join(d, "rtl-version"))
    out["rtl_version"] = ver.strip() if ver else None
    out["routed"] = not placed
    secs = read(os.path.join(pnr_dir, "pnr-seconds"))
    out["pnr_seconds"] = int(secs) if secs else None
    stat_path = os.path.join(d, "synth-stat.json")
    stat = read(stat_path)
    if stat:
        cells = load_json(stat_path, stat).get("design", {}).get("num_cells_by_type", {})
        out["yosys_cells"] = {k: v for k, v in sorted(cells.items()) if not k.startswith("$")}
    out["bitstream"] = sorted(f for f in os.listdir(d) if f.endswith(".bit"))
    # register to register: the paths from and to the chip's pins (<async>)
    # do not set Fmax
    paths = [p for p in rep.get("critical_paths", [])
             if "<async>" not in (p.get("from"), p.get("to"))]
    if paths:
        # the longest register-to-register path, with where it starts and ends
        def total(p):
            return sum(seg.get("delay", 0.0) for seg in p.get("path", []))
        worst_path = max(paths, key=total)
        segs = worst_path.get("path", [])
        if segs:
            delay = total(worst_path)
            routing = sum(x["delay"] for x in segs if x.get("type") == "routing")
            out["critical_path"] = {
                "delay_ns": round(delay, 2),
                "from": segs[0]["from"]["cell"], "to": segs[-1]["to"]["cell"],
                # as nextpnr's own summary: clock-to-out and setup count as logic
                "logic_ns": round(delay - routing, 2),
                "routing_ns": round(routing, 2),
            }
    return out


def fmt(b):
    lines = []
    for name, _ in RESOURCES:
        u = b[name]
        if u["used"] is None:
            continue
        pct = 100.0 * u["used"] / u["available"] if u["available"] else 0
        lines.append(f"  {name:6} {u['used']:7} / {u['available']:<7} ({pct:4.1f}%)")
    if b["fmax_mhz"] is not None:
        met = "met" if b["timing_met"] else "NOT met"
        what = "" if b["routed"] else ", estimated after placement, before routing"
        lines.append(f"  Fmax   {b['fmax_mhz']:.2f} MHz (target {b['target_mhz']:.2f} MHz: {met}{what})")
        if b.get("clock_mhz") and b.get("clock_margin_pct") is not None:
            lines.append(f"  clock  {b['clock_mhz']:.2f} MHz (the PLL's): {margin_text(b['clock_margin_pct'])}")
    cp = b.get("critical_path")
    if cp:
        lines.append(f"  critical path {cp['delay_ns']} ns ({cp['logic_ns']} logic, "
                     f"{cp['routing_ns']} routing): {cp['from']} -> {cp['to']}")
    if b.get("rtl_version"):
        lines.append(f"  RTL of commit {b['rtl_version']}")
    if b.get("pnr_seconds") is not None:
        what = "place and route" if b["routed"] else "placement"
        lines.append(f"  {what} took {b['pnr_seconds']} s")
    return "\n".join(lines)


def detector_cost(withdet, nodet):
    """What the detector adds: its share of the design's LUTs (the targets
    say at most 12 %) and how much it lowers Fmax (at most 5 %)."""
    out = {}
    lw, ln = withdet["luts"]["used"], nodet["luts"]["used"]
    if lw and ln is not None:
        out["luts"] = lw - ln
        out["lut_share_pct"] = round(100.0 * (lw - ln) / lw, 2)
    fw, fn = withdet["fmax_mhz"], nodet["fmax_mhz"]
    if fw and fn:
        out["fmax_drop_pct"] = round(100.0 * (fn - fw) / fn, 2)
    return out


def main():
    args = sys.argv[1:]
    placed = bool(args) and args[0] == "--placed"
    if placed:
        args = args[1:]
    if len(args) != 1 or args[0].startswith("-"):
        sys.exit("usage: fpga_report.py [--placed] BUILD_DIR")
    d = args[0]
    withdet = one_build(d, placed)
    if withdet is None:
        where = os.path.join(d, "placed") if placed else d
        sys.exit(f"fpga_report.py: no nextpnr report in {where}")
    nodet = one_build(os.path.join(d, "nodet"), placed)
    board = os.path.basename(os.path.normpath(d))
    report = {"board": board, "with_detector": withdet, "without_detector": nodet}
    cost = detector_cost(withdet, nodet) if nodet else None
    report["detector_cost"] = cost
    name = "report-placed" if placed else "report"
    with open(os.path.join(d, name + ".json"), "w") as f:
        json.dump(report, f, indent=2)
        f.write("\n")
    title = f"FPGA build for {board}" + (" (placement only: no routing, no bitstream)" if placed else "")
    text = [title, "with the race detector:", fmt(withdet)]
    if nodet:
        text += ["without the race detector (DETECTOR=0):", fmt(nodet)]
        if cost:
            text.append("detector cost:")
            if "luts" in cost:
                text.append(f"  {cost['luts']} LUTs, {cost['lut_share_pct']:.1f}% of the design's (target: at most 12%)")
            if "fmax_drop_pct" in cost:
                drop = cost["fmax_drop_pct"]
                how = f"{drop:.1f}% lower" if drop >= 0 else f"{-drop:.1f}% higher"
                text.append(f"  Fmax {withdet['fmax_mhz']:.2f} MHz against {nodet['fmax_mhz']:.2f} MHz "
                            f"without it: {how} (target: at most 5% lower)")
    else:
        text += ["without the race detector: not built (make fpga-nodet, make fpga-place-nodet)"]
    with open(os.path.join(d, name + ".txt"), "w") as f:
        f.write("\n".join(text) + "\n")


if __name__ == "__main__":
    main()
