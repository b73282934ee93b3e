#!/usr/bin/env python3
"""Longest register-to-register paths of a synthesized ECP5 netlist, in
seconds: nextpnr names its critical path only after routing, which takes an
hour or more on this design, so this is the quick way to see which logic to
cut before a place-and-route run.

usage: fpga_paths.py SYNTH_JSON [N]      (make fpga-paths BOARD=ulx3s)

Reads Yosys' JSON netlist (build/fpga/<board>/synth.json), walks every
combinational path from a flip-flop, block RAM or LUT RAM output to a
flip-flop, block RAM or LUT RAM input, and prints the N longest ones (one
per destination register, digits folded), each with the cells where the
path crosses from one module instance into another.

The delay model is a rough one, not nextpnr's: a LUT level costs about
0.45 ns plus a routing hop that grows with the net's fan-out, a carry
cell 0.15 ns along the chain, a block RAM 4 ns from clock to output. The
figures rank paths; they overestimate what nextpnr reports (by about a
factor of 1.5 to 2 on this design), so compare them with each other, not
with the clock period.
"""
import collections
import json
import re
import sys
import threading

SEQ = {"TRELLIS_FF", "DP16KD", "EHXPLLL", "TRELLIS_IO", "$scopeinfo", "DCCA"}
ENDS = {"TRELLIS_FF", "DP16KD", "TRELLIS_DPR16X4"}


def load(path):
    d = json.load(open(path))
    tops = [n for n, m in d["modules"].items() if m.get("attributes", {}).get("top")]
    if not tops:
        # the design module is the one with the most cells
        tops = [max(d["modules"], key=lambda n: len(d["modules"][n].get("cells", {})))]
    return d["modules"][tops[0]]["cells"]


def cell_delay(typ, ip, op):
    if typ == "LUT4":
        return 0.45
    if typ == "CCU2C":
        if ip == "CIN":
            return 0.15 if op == "COUT" else 0.4
        return 0.45 if op.startswith("S") else 0.5
    if typ == "TRELLIS_DPR16X4":
        return 0.6 if ip.startswith("RAD") else None   # write side ends a path
    if typ == "MULT18X18D":
        return 4.0
    if typ in ("PFUMX", "L6MUX21"):
        return 0.25
    return 0.5


def main():
    if len(sys.argv) not in (2, 3):
        print("usage: fpga_paths.py SYNTH_JSON [N]", file=sys.stderr)
        return 2
    try:
        cells = load(sys.argv[1])
    except (OSError, ValueError, KeyError) as e:
        print("fpga_paths: cannot read %s: %s" % (sys.argv[1], e), file=sys.stderr)
        return 1
    try:
        count = int(sys.argv[2]) if len(sys.argv) == 3 else 10
    except ValueError:
        print("fpga_paths: N must be a number", file=sys.stderr)
        return 2

    driver, fanout = {}, collections.Counter()
    for name, c in cells.items():
        for port, bits in c["connections"].items():
            out = c["port_directions"].get(port) == "output"
            for b in bits:
                if isinstance(b, str):
                    continue
                if out:
                    driver[b] = (name, port)
                else:
                    fanout[b] += 1

    def hop(b):
        return 0.6 + 0.15 * min(fanout[b], 64) ** 0.5

    # arrival[bit] = (time, (cell, input bit or None)); recursive, on a
    # thread with a large stack, as the paths are thousands of cells deep
    arrival = {}

    def resolve(b):
        if b in arrival:
            return arrival[b]
        arrival[b] = (0.0, None)            # a combinational loop stops here
        if b not in driver:
            return arrival[b]
        name, op = driver[b]
        c = cells[name]
        if c["type"] in SEQ:
            arrival[b] = (4.0 if c["type"] == "DP16KD" else 0.6, (name, None))
            return arrival[b]
        best = (0.0, (name, None))
        for ip, bits in c["connections"].items():
            if c["port_directions"].get(ip) != "input":
                continue
            dl = cell_delay(c["type"], ip, op)
            if dl is None:
                continue
            for ib in bits:
                if isinstance(ib, str):
                    continue
                v = resolve(ib)[0] + hop(ib) + dl
                if v > best[0]:
                    best = (v, (name, ib))
        arrival[b] = best
        return best

    ends = []
    for name, c in cells.items():
        if c["type"] not in ENDS:
            continue
        for port, bits in c["connections"].items():
            if c["port_directions"].get(port) != "input" or port in ("CLK", "CLKA", "CLKB", "WCK"):
                continue
            for b in bits:
                if isinstance(b, str):
                    continue
                resolve(b)
                ends.append((arrival[b][0] + hop(b), name, port, b))
    ends.sort(key=lambda e: -e[0])

    def short(n):
        return n.lstrip("\\$")

    def inst(n):
        # the module instance a cell belongs to: its name up to the last
        # hierarchy level Yosys kept
        parts = short(n).split(".")
        return ".".join(p for p in parts[:-1] if not re.search(r"_(LUT4|CCU2C|PFUMX|TRELLIS|L6MUX)", p))

    seen, shown = set(), 0
    for t, name, port, b in ends:
        key = re.sub(r"\d+", "#", name)
        if key in seen:
            continue
        seen.add(key)
        print("%6.1f  -> %s (%s)" % (t, short(name), port))
        path, x = [], b
        while True:
            at, pred = arrival.get(x, (0.0, None))
            if pred is None:
                break
            cname, ib = pred
            path.append((at, cells[cname]["type"], cname))
            if ib is None:
                break
            x = ib
        last = None
        levels = sum(1 for _, typ, _ in path if typ == "LUT4")
        for at, typ, cname in reversed(path):
            where = inst(cname)
            if where != last:
                print("        %6.1f  %-15s %s" % (at, typ, short(cname)[:120]))
                last = where
        print("        (%d cells, %d LUT levels)" % (len(path), levels))
        shown += 1
        if shown >= count:
            break
    return 0


if __name__ == "__main__":
    sys.setrecursionlimit(10000000)
    threading.stack_size(1 << 30)
    rc = [1]
    th = threading.Thread(target=lambda: rc.__setitem__(0, main()))
    th.start()
    th.join()
    sys.exit(rc[0])
