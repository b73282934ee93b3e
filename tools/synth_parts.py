#!/usr/bin/env python3
"""What each module of the GPU costs: reads the `stat -json` of a synthesis
that kept the hierarchy (synth_ecp5 -noflatten, make synth-parts) and
prints, per module, its instances in the whole design, its own cells
(LUT4, carry cells, flip-flops, distributed-RAM cells, DP16KD) and the
total over its instances; then the race detector's parts (scord_*,
gpu_det_*) summed.

Why not the flattened synthesis: ABC maps a flattened design differently
after any change of its structure, by thousands of LUT4 (docs/fpga.md,
"Measuring area"), so a part's cost is not the difference of two flattened
runs. Without flattening a module's figures move by a few hundred LUT4
between runs (ABC's input order follows Yosys's internal names, numbered
over the whole design), and nothing is optimized across its ports, so they
are upper bounds that tell where the area is; a change's saving is
measured on its module synthesized alone.

usage: synth_parts.py STAT_JSON
"""
import json
import re
import sys

COLS = [("LUT4", "LUT4"), ("CCU2C", "carry"), ("TRELLIS_FF", "FF"),
        ("TRELLIS_DPR16X4", "LUTRAM"), ("DP16KD", "DP16KD")]


def base_name(mod):
    """$paramod$<hash>\\name or $paramod\\name\\P=V -> name"""
    if mod.startswith("$paramod"):
        return mod.split("\\")[1]
    return mod


def is_detector(name):
    return name.startswith("scord_") or name.startswith("gpu_det_")


def main(argv):
    if len(argv) != 2:
        print("usage: synth_parts.py STAT_JSON", file=sys.stderr)
        return 2
    try:
        with open(argv[1]) as f:
            text = f.read()
        # Yosys 0.23 prints the hierarchy's lines in the middle of its
        # JSON ("   $paramod\\name  3"): keep the lines JSON is made of
        lines = [ln for ln in text[text.index("{"):].splitlines()
                 if ln.strip()[:1] in ('"', "{", "}", "[", "]")]
        stat = json.loads("\n".join(lines))
        mods = stat["modules"]
    except (OSError, ValueError, KeyError) as e:
        print("synth_parts: cannot read %s: %s" % (argv[1], e), file=sys.stderr)
        return 1

    # module names without the leading backslash of Yosys's identifiers,
    # as cell types name them
    mods = {m.lstrip("\\"): v for m, v in mods.items()}
    cells = {m: v.get("num_cells_by_type", {}) for m, v in mods.items()}
    # instances of each module in the whole design: children are cell types
    # named after modules; the top is the module nobody instantiates
    children = {m: {c.lstrip("\\"): n for c, n in cells[m].items() if c.lstrip("\\") in mods}
                for m in mods}
    used = {c for m in mods for c in children[m]}
    tops = [m for m in mods if m not in used]
    inst = {m: 0 for m in mods}

    def walk(m, k):
        inst[m] += k
        for c, n in children[m].items():
            walk(c, k * n)
    for t in tops:
        walk(t, 1)

    # several parameterizations of one module are one part
    parts = {}
    for m in mods:
        name = base_name(m)
        p = parts.setdefault(name, {"inst": 0, "own": {k: 0 for k, _ in COLS}})
        p["inst"] += inst[m]
        for k, _ in COLS:
            p["own"][k] += cells[m].get(k, 0) * inst[m]

    hdr = "%-18s %5s" % ("module", "inst") + "".join(" %8s" % h for _, h in COLS) + " %9s"
    print(hdr % "LUT4+2C")
    tot = {k: 0 for k, _ in COLS}
    det = {k: 0 for k, _ in COLS}

    def lut_eq(v):
        return v["LUT4"] + 2 * v["CCU2C"]
    for name in sorted(parts, key=lambda n: -lut_eq(parts[n]["own"])):
        p = parts[name]
        if p["inst"] == 0:
            continue
        print("%-18s %5d" % (name + (" *" if is_detector(name) else ""), p["inst"]) +
              "".join(" %8d" % p["own"][k] for k, _ in COLS) + " %9d" % lut_eq(p["own"]))
        for k, _ in COLS:
            tot[k] += p["own"][k]
            if is_detector(name):
                det[k] += p["own"][k]
    print("%-18s %5s" % ("all", "") + "".join(" %8d" % tot[k] for k, _ in COLS) +
          " %9d" % lut_eq(tot))
    print("%-18s %5s" % ("detector (*)", "") + "".join(" %8d" % det[k] for k, _ in COLS) +
          " %9d" % lut_eq(det))
    if lut_eq(tot):
        print("detector share of LUT4 + 2 x carry: %.1f %% (modules only: the detector's"
              " part of gpu_exec, gpu_units and gpu_l2_arb, and the primitives (prim_*)"
              " it uses, are not counted)"
              % (100.0 * lut_eq(det) / lut_eq(tot)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
