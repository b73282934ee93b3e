#!/usr/bin/env python3
"""Where the LUTs of a flattened board synthesis go, by unit: every LUT4,
carry cell and LUT RAM counted in the instance that names its output net
and weighted as nextpnr's packing roughly weighs them, as in
fpga_det_cost.py; the cores' copies of a unit summed (g_core[*]).

usage: fpga_area.py SYNTH_JSON [DEPTH] [ROWS]
       (make fpga-area BOARD=ulx3s [FPGA_CONFIG=...])

DEPTH: instance levels below the SoC a unit is named by (default 6, so
u_gpu.g_core[*].u_core.u_units.g_smem.u_smem); ROWS: the largest units listed
(default 40), the rest summed in one row. Prints a Markdown table: unit,
LUT-equivalents, their share, flip-flops.
"""
import collections
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fpga_det_cost import WEIGHT, named_cells  # noqa: E402


def unit_of(name, depth):
    path = name.split(".")[:-1]          # the instances, not the net
    if path and path[0] == "u_soc":
        path = path[1:]
    path = [re.sub(r"\[\d+\]$", "[*]", p) for p in path]
    return ".".join(path[:depth]) or "(top)"


def main():
    args = sys.argv[1:]
    if not 1 <= len(args) <= 3 or not all(a.isdigit() for a in args[1:]):
        sys.exit(__doc__.split("\n\n")[1])
    depth = int(args[1]) if len(args) > 1 else 6
    rows = int(args[2]) if len(args) > 2 else 40
    luts, ffs = collections.Counter(), collections.Counter()
    for t, name in named_cells(args[0], "fpga_area"):
        u = unit_of(name, depth)
        if t == "TRELLIS_FF":
            ffs[u] += 1
        else:
            luts[u] += WEIGHT[t]
    total = sum(luts.values())
    if total == 0:
        sys.exit(f"fpga_area: {args[0]}: no LUTs in the netlist")
    print("| unit | LUTs | share | flip-flops |")
    print("| --- | --- | --- | --- |")
    top = luts.most_common(rows)
    for u, n in top:
        print(f"| {u} | {n} | {100.0 * n / total:.1f} % | {ffs[u]} |")
    shown = {u for u, _ in top}
    rest_l = sum(n for u, n in luts.items() if u not in shown)
    rest_f = sum(ffs.values()) - sum(ffs[u] for u in shown)
    if rest_l or rest_f:
        print(f"| {len(luts) - len(top)} more units | {rest_l} | {100.0 * rest_l / total:.1f} % | {rest_f} |")
    print(f"| total | {total} | 100 % | {sum(ffs.values())} |")


if __name__ == "__main__":
    main()
