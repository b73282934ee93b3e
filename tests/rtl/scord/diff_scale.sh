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
# "scord-diff: N lane events in M line events, C cycles"
fields='s/^scord-diff: \([0-9]*\) lane events in \([0-9]*\) line events, \([0-9]*\) cycles.*/'
events=$(echo "$line" | sed -n "${fields}\\1/p")
lines=$(echo "$line" | sed -n "${fields}\\2/p")
cycles=$(echo "$line" | sed -n "${fields}\\3/p")
if [ -z "$events" ]; then
    echo "scord-diff scale: no summary line from $bin" >&2
    [ "$rc" -ne 0 ] || rc=1
fi
awk -v e="${events:-0}" -v l="${lines:-0}" -v c="${cycles:-0}" -v s="$start" -v t="$end" -v rc="$rc" 'BEGIN {
    d = t - s; printf "scord-diff scale: %d lane events (%d line events), %d cycles in %.1f s: %.0f lane events/s, %.0f cycles/s (exit %d)\n",
    e, l, c, d, e / d, c / d, rc }'
exit "$rc"
