#!/usr/bin/env bash
# The detector's overhead against GPU size or check slots
# (docs/performance.md): for each configuration named (default: cores1
# cores2 default cores8, the default GPU with 1, 2, 4 and 8 cores), build
# it, then run the examples (vecadd, matmul, matmul_tiled) and the
# race-free ScoR applications with the detector off and in cache mode, and
# print cycles(cache) / cycles(off) per workload and configuration (one
# column each, in the order named), with the applications' geometric mean
# and worst case.
#
#   tools/bench_scale.sh [CONFIG ...]        (make bench-scale, make bench-slots)
#   SCALE_JOBS=N   simulations at once for the applications (default: CPUs)
set -u
configs=("$@")
[ ${#configs[@]} -gt 0 ] || configs=(cores1 cores2 default cores8)
apps=(mm red r110 gcol gcon 1dc uts)
out=build/bench-scale
mkdir -p "$out"
: >"$out/ratios.txt"

for c in "${configs[@]}"; do
    if [ ! -f "config/$c.cfg" ]; then
        echo "bench-scale: no configuration '$c' (config/$c.cfg)" >&2
        exit 2
    fi
    echo "== $c: build" >&2
    make --no-print-directory -j2 CONFIG="$c" sim sw scor-bin "build/$c/bin/scord-examples" \
        >"$out/$c.build.log" 2>&1 || {
        echo "bench-scale: building $c failed (see $out/$c.build.log)" >&2
        exit 1
    }
    echo "== $c: examples" >&2
    if ! "build/$c/bin/scord-examples" --sw-dir build/sw --bench-scale >"$out/$c.examples.txt" 2>&1; then
        echo "bench-scale: scord-examples on $c failed:" >&2
        tail -5 "$out/$c.examples.txt" >&2
        exit 1
    fi
    awk -v col="$c" '$1 == "scale" { print $2, col, $6 }' "$out/$c.examples.txt" >>"$out/ratios.txt"
    echo "== $c: applications (race-free builds, off and cache)" >&2
    sel=()
    for a in "${apps[@]}"; do sel+=("${a}_free"); done
    # simulated cycles do not depend on the machine, the wall-clock timeout
    # does: a long one (uts on one core runs for minutes)
    if ! "build/$c/bin/scord-scor" --sw-dir build/sw --configs off,cache --timeout 3600000 \
            ${SCALE_JOBS:+-j "$SCALE_JOBS"} "${sel[@]}" >"$out/$c.scor.txt" 2>&1; then
        echo "bench-scale: scord-scor on $c failed:" >&2
        tail -5 "$out/$c.scor.txt" >&2
        exit 1
    fi
    # lines: workload config expected found FP cycles
    awk -v col="$c" '
        $2 == "off" || $2 == "cache" { cyc[$1, $2] = $6; names[$1] = 1 }
        END { for (n in names) if (cyc[n, "off"] > 0) print n, col, cyc[n, "cache"] / cyc[n, "off"] }
    ' "$out/$c.scor.txt" >>"$out/ratios.txt"
done

# the table: one row per workload, one column per configuration
awk -v apps="${apps[*]}" '
    { r[$1, $2] = $3; if (!($2 in seen)) { seen[$2] = 1; cols[++nc] = $2 } }
    END {
        printf "\ncycles with the detector in cache mode / detector off (race-free; examples: second launch)\n\n"
        printf "%-16s", "configuration"
        for (i = 1; i <= nc; i++) printf " %8s", cols[i]
        printf "\n"
        n = split("vecadd matmul matmul_tiled", ex, " ")
        for (k = 1; k <= n; k++) {
            printf "%-16s", ex[k]
            for (i = 1; i <= nc; i++) printf " %8s", ((ex[k], cols[i]) in r) ? sprintf("%.3f", r[ex[k], cols[i]]) : "-"
            printf "\n"
        }
        na = split(apps, ap, " ")
        for (k = 1; k <= na; k++) {
            printf "%-16s", ap[k]
            for (i = 1; i <= nc; i++) printf " %8s", ((ap[k], cols[i]) in r) ? sprintf("%.3f", r[ap[k], cols[i]]) : "-"
            printf "\n"
        }
        for (row = 1; row <= 2; row++) {
            printf "%-16s", row == 1 ? "apps geomean" : "apps worst"
            for (i = 1; i <= nc; i++) {
                s = 0; m = 0; c = 0
                for (k = 1; k <= na; k++) if ((ap[k], cols[i]) in r) {
                    v = r[ap[k], cols[i]]; s += log(v); c++; if (v > m) m = v
                }
                printf " %8s", c ? sprintf("%.3f", row == 1 ? exp(s / c) : m) : "-"
            }
            printf "\n"
        }
    }
' "$out/ratios.txt"
