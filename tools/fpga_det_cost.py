#!/usr/bin/env python3
"""What each part of the race detector costs on the FPGA, from the board
flow's two flattened syntheses (with the detector and with DETECTOR=0).

usage: fpga_det_cost.py DET_SYNTH_JSON NODET_SYNTH_JSON
       (make fpga-det-cost BOARD=ulx3s)

A flattened netlist keeps no module boundaries, but Yosys keeps the
hierarchical names of the nets: every LUT4, carry cell (CCU2C) and LUT
RAM (TRELLIS_DPR16X4) is counted in the part whose instance names its
output net, weighted as nextpnr's packing roughly weighs them (LUT4 1,
CCU2C 2, LUT RAM 4), and flip-flops apart. A net carries the shortest of
its names, so logic shared across a module's ports lands on one side:
the figures are within a few hundred of the truth. The parts that exist
in both builds ("rest: ...") show what the detector's ports add to them.
Prints a Markdown table: part, LUTs, flip-flops (with minus without).
"""
import collections
import json
import re
import sys

WEIGHT = {"LUT4": 1, "CCU2C": 2, "TRELLIS_DPR16X4": 4}

# (pattern on the hierarchical name, part); the first match wins
PARTS = [
    (r"\.u_scord\.u_pipe\.u_mc\b", "metadata cache and its line port (scord_md_banks, scord_md_cache, scord_md_access)"),
    (r"\.u_scord\.u_regs\b", "registers and counters (scord_regs)"),
    (r"\.u_scord\.u_reports\.u_rep\b", "report writer (scord_report)"),
    (r"\.u_scord\.u_evq\b", "event queue (scord_evq)"),
    (r"\.u_scord\.u_pipe\.u_ff\b", "fence file (scord_fence_file)"),
    (r"\.u_scord\b", "detector pipeline and glue (scord_top)"),
    (r"\.g_sh_check\b", "shared-memory checks (scord_sh_check, scord_sh_rule)"),
    (r"\.u_hooks\.g_det\.u_evt_port\b", "event ports (scord_evt_port)"),
    (r"\.g_det\.u_locktable\b", "lock tables (scord_locktable)"),
    (r"\.g_det\.u_sh_clocks\b", "logical clocks (scord_sh_clocks)"),
    (r"\.g_det\.u_sh_events\b", "shared-memory events (scord_sh_events)"),
    (r"\.u_core\.u_hooks\b", "other hooks in the cores (scord_core_hooks)"),
    (r"\.u_gpu\.g_det\b", "event arbiter and glue (gpu_top's g_det)"),
    (r"\.u_core\b", "rest: the cores"),
    (r"\.u_l2\b", "rest: the L2"),
]
REST = "rest: elsewhere"
ORDER = [p for _, p in PARTS] + [REST]


def part_of(name):
    dotted = "." + name
    for rx, part in PARTS:
        if re.search(rx, dotted):
            return part
    return REST


def named_cells(path, tool="fpga_det_cost"):
    """Every LUT4, carry cell, LUT RAM and flip-flop of a flattened Yosys
    JSON netlist, as (cell type, the shortest name of its output net, or
    the cell's own name when the net has none)."""
    try:
        with open(path) as f:
            d = json.load(f)
        mods = d["modules"]
        top = [m for m in mods.values() if m.get("attributes", {}).get("top")]
        m = top[0] if top else max(mods.values(), key=lambda m: len(m.get("cells", {})))
        cells, nets = m["cells"], m["netnames"]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
        sys.exit(f"{tool}: {path}: not a Yosys JSON netlist ({e})")
    name_of = {}
    for n, net in nets.items():
        if n.startswith("$"):
            continue
        for b in net.get("bits", []):
            if isinstance(b, int) and (b not in name_of or len(n) < len(name_of[b])):
                name_of[b] = n
    out = []
    for cname, c in cells.items():
        t = c.get("type")
        if t not in WEIGHT and t != "TRELLIS_FF":
            continue
        name = None
        for port, direction in c.get("port_directions", {}).items():
            if direction != "output":
                continue
            for b in c.get("connections", {}).get(port, []):
                if b in name_of:
                    name = name_of[b]
                    break
            if name:
                break
        out.append((t, name if name else cname))
    return out


def load(path):
    luts, ffs = collections.Counter(), collections.Counter()
    for t, name in named_cells(path):
        part = part_of(name)
        if t == "TRELLIS_FF":
            ffs[part] += 1
        else:
            luts[part] += WEIGHT[t]
    return luts, ffs


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__.split("\n\n")[1])
    det_l, det_f = load(sys.argv[1])
    nod_l, nod_f = load(sys.argv[2])
    print("| part | LUTs | flip-flops |")
    print("| --- | --- | --- |")
    tl = tf = 0
    for p in ORDER:
        dl, df = det_l[p] - nod_l[p], det_f[p] - nod_f[p]
        if dl == 0 and df == 0:
            continue
        tl += dl
        tf += df
        print(f"| {p} | {dl} | {df} |")
    print(f"| total | {tl} | {tf} |")
    print(f"with the detector {sum(det_l.values())} LUTs, without {sum(nod_l.values())}: "
          f"the detector {100.0 * tl / max(1, sum(det_l.values())):.1f} % of them")


if __name__ == "__main__":
    main()
