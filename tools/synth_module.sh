#!/bin/bash
# One module of a design synthesized alone, with the parameters the top
# gives it, mapped as the board flow maps (synth_ecp5 with classic
# `abc -lut 4`, fpga/fpga.mk), and its cells counted: what an area cut
# saves, measured where ABC's mapping of the rest of the design cannot
# move the figure (docs/fpga.md, "Measuring area").
#
#   tools/synth_module.sh YOSYS OUTDIR TOP MODULE PREP INCFLAGS SOURCES...
#
# PREP: Yosys commands run before the top is elaborated (make
# synth-module: "chparam -set DETECTOR 1 gpu_top"), or "". A module the
# top instantiates with several sets of parameters (a core's CORE_ID) is
# measured with the first set Yosys lists, and the line says how many
# there are. Prints one line for the module alone, one with the modules it
# instantiates (and writes them to OUTDIR/MODULE.txt). A module the top
# does not instantiate is an error, with the names it does.
set -euo pipefail
[ $# -ge 7 ] || { echo "usage: synth_module.sh YOSYS OUTDIR TOP MODULE PREP INCFLAGS SOURCES..." >&2; exit 2; }
yosys=$1 out=$2 top=$3 module=$4 prep=$5 inc=$6
shift 6
srcs="$*"
mkdir -p "$out"
read_cmd="read_verilog -sv $inc $srcs; ${prep:+$prep; }hierarchy -top $top"

# The elaborated names: a module with parameters becomes $paramod$<hash>\NAME
# (or $paramod\NAME\P=V...), one per set of values.
"$yosys" -q -l "$out/modules.log" -p "$read_cmd; tee -q -o $out/modules.txt ls" >/dev/null 2>&1 ||
    { echo "synth-module: Yosys could not elaborate $top (see $out/modules.log)" >&2; exit 1; }
base='NF == 1 { n = $1; b = n; if (n ~ /^\$paramod/) { split(n, f, "\\"); b = f[2] } }'
sets=$(awk -v m="$module" "$base"' NF == 1 && b == m { print n }' \
       "$out/modules.txt" | sort)
name=$(printf '%s\n' "$sets" | head -n 1)
nsets=$(printf '%s\n' "$sets" | grep -c . || true)
if [ -z "$name" ] || [ "$module" = "$top" ]; then
    echo "synth-module: $top instantiates no module '$module'; it has:" >&2
    awk -v t="$top" "$base"' NF == 1 && b != t { print "  " b }' "$out/modules.txt" | sort -u >&2
    exit 1
fi

latches=+/ecp5/latches_map.v
"$yosys" -q -l "$out/$module.log" -p "$read_cmd; hierarchy -top $name;
    synth_ecp5 -noflatten -top $name -run begin:map_luts;
    techmap -map $latches; abc -lut 4; clean;
    synth_ecp5 -noflatten -top $name -run map_cells:check;
    tee -q -o $out/$module.stat stat" >/dev/null 2>&1 ||
    { echo "synth-module: Yosys failed on $module (see $out/$module.log)" >&2; exit 1; }

# stat prints a block per module and one for the hierarchy; count the
# module's own block and the hierarchy's.
awk -v m="$module" -v name="$name" -v nsets="$nsets" '
    function flush() {
        if (blk == "") return
        lut[blk] = c["LUT4"] + 0; cc[blk] = c["CCU2C"] + 0; dpr[blk] = c["TRELLIS_DPR16X4"] + 0
        ff[blk] = c["TRELLIS_FF"] + 0; bram[blk] = c["DP16KD"] + 0; mul[blk] = c["MULT18X18D"] + 0
        delete c
    }
    /^=== / { flush(); blk = $2; if (blk == "design") blk = "all"; next }
    $1 ~ /^(LUT4|CCU2C|TRELLIS_DPR16X4|TRELLIS_FF|DP16KD|MULT18X18D)$/ { c[$1] = $2 }
    END {
        flush()
        # a module without submodules has no hierarchy block: one line
        own = (name in lut) ? name : "all"
        for (k = 0; k < 2; k++) {
            b = (k == 0) ? own : "all"
            if (k == 1 && !(b in lut)) break
            eq = lut[b] + 2 * cc[b] + 4 * dpr[b]
            line = sprintf("%s%s %s: %d LUT4, %d CCU2C, %d LUT RAM -> %d LUT-equivalents; %d FF, %d DP16KD, %d MULT18X18D",
                           m, (nsets > 1) ? sprintf(" (1 of %d parameter sets)", nsets) : "",
                           (k == 0) ? "alone" : "with what it instantiates", lut[b], cc[b], dpr[b], eq,
                           ff[b], bram[b], mul[b])
            print line
            if (own == "all") break
        }
    }' "$out/$module.stat" | tee "$out/$module.txt"
