#!/usr/bin/env python3
"""Summarises a sweep of place-and-route seeds over one synthesis (make
fpga-seeds): for each seed its placement's Fmax estimate, whether it
routed, the routed Fmax and critical path, or, for a route that did not
finish, how many wires were still overused when it stopped.

usage: fpga_seeds.py SEEDS_DIR SEED...       e.g. build/fpga/ulx3s/seeds 1 2 3

Each SEEDS_DIR/<seed>/ holds nextpnr.log, the exit status of nextpnr
(status: 0, or 124 when the sweep's time limit stopped it) and, for a
finished route, nextpnr-report.json. Writes SEEDS_DIR/seeds.json and
SEEDS_DIR/seeds.txt and prints the latter.
"""
import json
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpga_report import FMAX_RE, margin_pct, margin_text, one_build, pll_clock, read  # noqa: E402

# router1's progress line: iterations | arcs routed, ripped up | ... | overused wires | times
ROUTER1_RE = re.compile(r"^Info:\s+(\d+)\s*\|\s*\d+\s+\d+\s*\|\s*\d+\s+\d+\s*\|\s*(\d+)\s*\|")


def log_facts(text):
    """The placement's estimate (the SoC clock's last figure before routing
    starts) and router1's last progress line (iterations, overused wires)."""
    placed = None
    iters = overused = None
    routing = False
    for line in text.splitlines():
        if "Routing globals" in line:
            routing = True
        m = FMAX_RE.search(line)
        if m and not routing and float(m.group(3)) > 0:
            # several clocks: the SoC's is the one with the tightest figure
            f = float(m.group(2))
            placed = f if placed is None else min(placed, f)
        m = ROUTER1_RE.match(line)
        if m:
            iters, overused = int(m.group(1)), int(m.group(2))
    return placed, iters, overused


def one_seed(d, seed):
    out = {"seed": seed}
    text = read(os.path.join(d, "nextpnr.log"))
    if text is None:
        out["state"] = "not run"
        return out
    status = read(os.path.join(d, "status"))
    out["status"] = int(status) if status and status.strip().lstrip("-").isdigit() else None
    out["placed_mhz"], iters, overused = log_facts(text)
    build = one_build(d) if out["status"] == 0 else None
    if build and build.get("fmax_mhz") is not None:
        out["state"] = "routed"
        out["fmax_mhz"] = build["fmax_mhz"]
        out["target_mhz"] = build["target_mhz"]
        out["timing_met"] = build["timing_met"]
        out["critical_path"] = build.get("critical_path")
        out["pnr_seconds"] = build.get("pnr_seconds")
    else:
        out["state"] = ("stopped at the time limit" if out["status"] == 124
                        else "running" if out["status"] is None
                        else f"failed (exit {out['status']})")
        out["router_iterations"], out["overused_wires"] = iters, overused
    return out


def fmt_mhz(x):
    return f"{x:.2f} MHz" if x is not None else "-"


def main():
    if len(sys.argv) < 3 or sys.argv[1].startswith("-"):
        sys.exit("usage: fpga_seeds.py SEEDS_DIR SEED...")
    d = sys.argv[1]
    seeds = sys.argv[2:]
    if not os.path.isdir(d):
        sys.exit(f"fpga_seeds.py: no sweep in {d} (make fpga-seeds)")
    rows = [one_seed(os.path.join(d, s), s) for s in seeds]
    routed = [r["fmax_mhz"] for r in rows if r["state"] == "routed"]
    summary = {"seeds": len(rows), "routed": len(routed)}
    if routed:
        summary.update(min_mhz=min(routed), median_mhz=round(statistics.median(routed), 2),
                       max_mhz=max(routed))
    # what the slowest seed keeps in hand over the synthesis's PLL clock
    clock = pll_clock(os.path.join(d, ".."))
    if clock and routed:
        summary.update(clock_mhz=clock, min_margin_pct=margin_pct(min(routed), clock))
    with open(os.path.join(d, "seeds.json"), "w") as f:
        json.dump({"runs": rows, "summary": summary}, f, indent=2)
        f.write("\n")
    ver = read(os.path.join(d, "..", "rtl-version"))
    text = [f"place-and-route seeds over one synthesis ({d}"
            + (f", RTL of commit {ver.strip()}" if ver else "") + ")",
            f"{'seed':>6}  {'placement':>11}  {'routed':>11}  outcome"]
    for r in rows:
        if r["state"] == "routed":
            cp = r.get("critical_path") or {}
            what = ("met" if r["timing_met"] else "NOT met") + f" at {r['target_mhz']:.2f}"
            if r.get("pnr_seconds") is not None:
                what += f", {r['pnr_seconds']} s"
            if cp:
                what += (f"; critical path {cp['delay_ns']} ns ({cp['routing_ns']} routing): "
                         f"{cp['from']} -> {cp['to']}")
        else:
            what = r["state"]
            if r.get("overused_wires") is not None:
                what += (f": {r['overused_wires']} overused wires after "
                         f"{r['router_iterations']} router iterations")
        text.append(f"{r['seed']:>6}  {fmt_mhz(r.get('placed_mhz')):>11}  "
                    f"{fmt_mhz(r.get('fmax_mhz')):>11}  {what}")
    line = f"routed {len(routed)} of {len(rows)}"
    if routed:
        line += (f": min {summary['min_mhz']:.2f}, median {summary['median_mhz']:.2f}, "
                 f"max {summary['max_mhz']:.2f} MHz")
        if "clock_mhz" in summary:
            line += (f"; the PLL's clock {summary['clock_mhz']:.2f} MHz: the slowest seed "
                     + margin_text(summary["min_margin_pct"]))
    text.append(line)
    with open(os.path.join(d, "seeds.txt"), "w") as f:
        f.write("\n".join(text) + "\n")
    print("\n".join(text))


if __name__ == "__main__":
    main()
