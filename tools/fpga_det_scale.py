#!/usr/bin/env python3
"""How the race detector's share of the FPGA's LUTs changes with the number
of cores, from tools/fpga_det_cost.py's tables at several sizes of one
configuration.

usage: fpga_det_scale.py [--target PCT] CORES=TABLE CORES=TABLE [...]
       (make fpga-det-scale BOARD=ulx3s [FPGA_DET_TARGET=PCT])

Each TABLE is what fpga_det_cost.py printed for a build of CORES cores.
Prints a Markdown table of every part's LUTs at each size, with what one
more core adds between the two largest sizes, then the totals and the
share the detector tends to as cores are added: a part that grows with
the cores (the shared-memory checks, the event ports) sets that limit,
one the cores share (the ScoRD unit: metadata cache, registers, report
writer) only the small sizes' figures. With --target PCT it also says
how large the detector may be for a share of PCT %, at each size and
per added core.
"""
import re
import sys

ROW = re.compile(r"^\| (.+?) \| (-?\d+) \| (-?\d+) \|$")
TOTALS = re.compile(r"^with the detector (\d+) LUTs, without (\d+):")


def load(arg):
    cores, sep, path = arg.partition("=")
    if not sep or not cores.isdigit() or int(cores) < 1:
        sys.exit(f"fpga_det_scale: '{arg}': expected CORES=TABLE, CORES a number of cores")
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        sys.exit(f"fpga_det_scale: {path}: {e.strerror}")
    parts, with_det, without = {}, None, None
    for line in lines:
        m = ROW.match(line)
        if m and m.group(1) != "total":
            parts[m.group(1)] = int(m.group(2))
        m = TOTALS.match(line)
        if m:
            with_det, without = int(m.group(1)), int(m.group(2))
    if not parts or with_det is None:
        sys.exit(f"fpga_det_scale: {path}: not a table of tools/fpga_det_cost.py")
    return int(cores), parts, with_det, without


def cores(c):
    return f"{c} core{'s' if c > 1 else ''}"


def main():
    args = sys.argv[1:]
    target = None
    if args and args[0] == "--target":
        try:
            target = float(args[1])
        except (IndexError, ValueError):
            sys.exit("fpga_det_scale: --target needs a percentage")
        if not 0 < target < 100:
            sys.exit(f"fpga_det_scale: --target {args[1]}: not a percentage between 0 and 100")
        args = args[2:]
    if len(args) < 2:
        sys.exit(__doc__.split("\n\n")[1])
    sizes = sorted((load(a) for a in args), key=lambda s: s[0])
    counts = [s[0] for s in sizes]
    if len(set(counts)) != len(counts):
        sys.exit("fpga_det_scale: two tables for the same number of cores")
    # the parts in the order of the first table that has them
    order = []
    for _, parts, _, _ in sizes:
        order += [p for p in parts if p not in order]
    (c0, p0, w0, n0), (c1, p1, w1, n1) = sizes[-2], sizes[-1]
    dc = c1 - c0
    d_core = ((w1 - n1) - (w0 - n0)) / dc
    g_core = (n1 - n0) / dc
    head = " | ".join(cores(c) for c in counts)
    print(f"| part (LUTs) | {head} | one more core ({c0} to {c1}) |")
    print("| --- |" + " --- |" * (len(counts) + 1))
    for p in order:
        row = " | ".join(str(s[1].get(p, 0)) for s in sizes)
        print(f"| {p} | {row} | {(p1.get(p, 0) - p0.get(p, 0)) / dc:.0f} |")
    print("| **the detector** | " + " | ".join(str(w - n) for _, _, w, n in sizes) +
          f" | {d_core:.0f} |")
    print("| the GPU without it | " + " | ".join(str(n) for _, _, _, n in sizes) +
          f" | {g_core:.0f} |")
    print("| the detector's share | " +
          " | ".join(f"{100.0 * (w - n) / w:.1f} %" for _, _, w, n in sizes) + " | |")
    if g_core + d_core > 0:
        print(f"one more core adds {d_core:.0f} LUTs of detector to {g_core:.0f} of GPU: "
              f"with more cores the share tends to {100.0 * d_core / (g_core + d_core):.1f} %")
    if target is not None:
        # a share of t of the whole: the detector at most t / (1 - t) of the GPU without it
        r = target / (100.0 - target)
        sized = ", ".join(f"{r * n:.0f} with {cores(c)} (now {w - n})"
                          for c, _, w, n in sizes)
        print(f"for {target:g} %: a detector of at most {sized}; "
              f"with more cores at most {r * g_core:.0f} per core (now {d_core:.0f})")


if __name__ == "__main__":
    main()
