#!/usr/bin/env bash
# The RTL-vs-model differential test at scale (docs/trust.md): runs
# scord_diff with the given arguments, times it and prints its events per
# second. usage: tests/rtl/scord/diff_scale.sh BIN [ARGS...]
set -u
bin=$1
shift
start=$(date +%s.%N)
"$bin" "$@" | tee /dev/stderr | grep '^scord-diff:' >"${TMPDIR:-/tmp}/scord-diff-scale.$$"
rc=${PIPESTATUS[0]}
end=$(date +%s.%N)
line=$(cat "${TMPDIR:-/tmp}/scord-diff-scale.$$")
rm -f "${TMPDIR:-/tmp}/scord-diff-scale.$$"
events=$(echo "$line" | sed -n 's/^scord-diff: \([0-9]*\) events, \([0-9]*\) cycles.*/\1/p')
cycles=$(echo "$line" | sed -n 's/^scord-diff: \([0-9]*\) events, \([0-9]*\) cycles.*/\2/p')
awk -v e="${events:-0}" -v c="${cycles:-0}" -v s="$start" -v t="$end" -v rc="$rc" 'BEGIN {
    d = t - s; printf "scord-diff scale: %d events, %d cycles in %.1f s: %.0f events/s, %.0f cycles/s (exit %d)\n",
    e, c, d, e / d, c / d, rc }'
exit "$rc"
