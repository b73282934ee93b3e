#!/usr/bin/env bash
# One step of make test (tests/test.mk): runs COMMAND with bash, its output
# in LOGS/ID.log, unless a step it needs failed, and writes LOGS/ID.result:
#   rc N            the command's exit status, or
#   skip ID         not run: step ID, which it needs, failed or was skipped
#   start S, end S  when it ran (seconds since LOGS/start)
#   cpu S           processor seconds of the command and what it waited for
# then a line of progress on stdout. Exits 0 either way: the verdicts are
# counted from the logs afterwards (tests/test_summary.sh), and make goes
# on with the other steps.
#   tests/test_step.sh LOGS ID KIND NAME 'NEEDS' COMMAND
set -u
logs=$1 id=$2 kind=$3 name=$4 needs=$5 cmd=$6
log=$logs/$id.log
t0=$(cat "$logs/start" 2>/dev/null || echo "$EPOCHREALTIME")
since() { awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

start=$(since)
skip=
for n in $needs; do
    grep -qx 'rc 0' "$logs/$n.result" 2>/dev/null || { skip=$n; break; }
done
if [ -n "$skip" ]; then
    outcome="skip $skip"
    : >"$log"
else
    bash -c "$cmd" >"$log" 2>&1 </dev/null
    outcome="rc $?"
fi
end=$(since)
# the children's user and system time, as `times` prints them (XmY.YYYs;
# run by this shell itself, not in a pipeline's subshell)
times >"$logs/$id.times"
cpu=$(awk 'NR == 2 {
    t = 0
    for (i = 1; i <= 2; i++) { split($i, p, /[ms]/); t += p[1] * 60 + p[2] }
    printf "%.1f", t }' "$logs/$id.times")
rm -f "$logs/$id.times"
printf '%s\nstart %s\nend %s\ncpu %s\n' "$outcome" "$start" "$end" "$cpu" >"$logs/$id.result.tmp"
mv "$logs/$id.result.tmp" "$logs/$id.result"

case $outcome in
    skip*) verdict="skipped: needs $skip" ;;
    "rc 0") verdict=ok ;;
    *) verdict="failed (exit ${outcome#rc })" ;;
esac
if [ "$kind" = count ] && [ -z "$skip" ]; then
    verdict="$(grep -c '^PASS ' "$log") passed, $(grep -c '^FAIL ' "$log") failed, exit ${outcome#rc }"
fi
printf '  [%6.0f s] %s: %s\n' "$end" "$name" "$verdict"
