#!/usr/bin/env bash
# Share of the race detector in the synthesized GPU (make bench-detector):
# reads the Yosys `stat` outputs of the GPU with and without the detector
# and of scord_top alone, prints one line per resource.
#   tools/det_synth_share.sh WITH_STAT WITHOUT_STAT ALONE_STAT
set -eu
[ $# -eq 3 ] || { echo "usage: $0 WITH_STAT WITHOUT_STAT ALONE_STAT" >&2; exit 2; }
get() { # file cell-name -> count (0 if absent)
    awk -v k="$2" 'k == "cells" && /Number of cells/ {v=$4} $1 == k {v=$2} END {print v+0}' "$1"
}
printf '%-12s %10s %10s %10s %10s %8s\n' resource with without "added" "alone" "added %"
for k in cells LUT4 TRELLIS_FF DP16KD MULT18X18D; do
    w=$(get "$1" $k); o=$(get "$2" $k); a=$(get "$3" $k)
    pct=$(awk -v w="$w" -v o="$o" 'BEGIN {printf "%.1f", w ? 100 * (w - o) / w : 0}')
    printf '%-12s %10s %10s %10s %10s %7s%%\n' "$k" "$w" "$o" $((w - o)) "$a" "$pct"
done
