#!/usr/bin/env bash
# The FuseSoC cores at the repository's root (scord_detector.core,
# scord_gpu.core, scord_soc.core): each lists every RTL file of its folder
# (the detector's core also those of rtl/prim),
# and FuseSoC's lint target (Verilator -Wall, rtl/lint.vlt) passes on each;
# a core with a lint warning must fail, so a pass means something.
# Prints PASS/FAIL lines.
#
#   tests/fusesoc/test_fusesoc.sh [BUILD_DIR]   (default build)
set -u
cd "$(dirname "$0")/../.."
build=${1:-build}
work=$build/fusesoc
mkdir -p "$work"
# FuseSoC scans the library for .core files: not the build tree's (its
# generators write cores there).
touch "$build/FUSESOC_IGNORE"

if ! command -v fusesoc >/dev/null; then
    echo "FAIL setup: fusesoc not found (make deps installs it)"
    exit 1
fi

# Every .v of the folder is in the core, and every rtl/ file the core names exists.
for pair in detector:rtl/scord detector:rtl/prim gpu:rtl/gpu soc:rtl/soc; do
    core=scord_${pair%%:*}.core dir=${pair#*:}
    missing=$(for f in "$dir"/*.v; do grep -q -- "- $f\$" "$core" || echo "$f"; done)
    stale=$(grep -o 'rtl/[A-Za-z0-9_/.]*' "$core" | while read -r f; do [ -e "$f" ] || echo "$f"; done)
    if [ -z "$missing$stale" ]; then
        echo "PASS $core lists every file of $dir"
    else
        echo "FAIL $core lists every file of $dir: missing: ${missing:-none}; not found: ${stale:-none}"
    fi
done

lint() { # name vlnv [cores-root...]
    local name=$1 vlnv=$2; shift 2
    local roots=() r
    for r in "$@"; do roots+=(--cores-root "$r"); done
    rm -rf "${work:?}/$name"
    fusesoc "${roots[@]}" run --build-root "$work/$name" --target lint "$vlnv" >"$work/$name.log" 2>&1
}
for pair in detector:scord:ip:detector gpu:scord:ip:gpu soc:scord:soc:soc; do
    name=${pair%%:*} vlnv=${pair#*:}
    if lint "$name" "$vlnv" .; then
        echo "PASS fusesoc lint $vlnv (verilator -Wall)"
    else
        echo "FAIL fusesoc lint $vlnv: see $work/$name.log"
        tail -n 15 "$work/$name.log"
    fi
done

# A core depending on the detector whose own module has an unused signal.
bad=$work/badcore
rm -rf "$bad" && mkdir -p "$bad"
cat >"$bad/bad_top.v" <<'V'
`default_nettype none
module bad_top (input wire clk_i, output wire q_o);
    wire spare_w;  // neither driven nor used: UNUSEDSIGNAL
    assign q_o = clk_i;
endmodule
V
cat >"$bad/bad.core" <<'C'
CAPI=2:
name: test:bad:top:0
filesets:
  rtl:
    files: [bad_top.v]
    file_type: verilogSource
targets:
  lint:
    filesets: [rtl]
    toplevel: bad_top
    flow: lint
    flow_options:
      tool: verilator
      verilator_options: [-Wall]
C
if lint bad test:bad:top:0 "$bad"; then
    echo "FAIL fusesoc lint fails on a lint warning (it passed)"
elif grep -q 'UNUSEDSIGNAL' "$work/bad.log"; then
    echo "PASS fusesoc lint fails on a lint warning"
else
    echo "FAIL fusesoc lint fails on a lint warning: failed without Verilator's UNUSEDSIGNAL warning"
    tail -n 15 "$work/bad.log"
fi
