#!/usr/bin/env bash
# make test's report (tests/test.mk), from the logs and result files of its
# steps in LOGS (tests/test_step.sh), in the order of LOGS/steps.tsv:
# section by section, each step's verdicts; then the time per section, the
# failures and the closing line "N passed, N failed". Exit status 1 if
# anything failed.
#   check step  PASS NAME if it exited 0, else FAIL NAME and its log's tail
#   count step  each PASS/FAIL line of its log as "PASS NAME: ..." /
#               "FAIL NAME: ..."; a non-zero exit without a FAIL line, or no
#               line at all, is one failure more
#   skipped     (a step it needs did not pass) counts nothing
#   no result   a failure: the step did not run (make's own errors are in
#               LOGS/make.log); with --only (make test TEST_STEPS=...) only
#               the steps that ran are reported
#   tests/test_summary.sh LOGS [--only]
set -u
logs=$1 only=${2:-}
passed=0
failed=0
failures=()
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); failures+=("$1"); echo "FAIL $1${2:+: $2}"; }
# A failed step's last log lines, indented: no line of theirs reads as a verdict.
tail_of() { tail -n 20 "$1" | sed 's/^/    /'; }
# field NAME FILE: the value of "NAME value" in a result file
field() { sed -n "s/^$1 //p" "$2"; }

# The time table's rows: section title, then per section the steps' wall and
# CPU seconds added up and the first start and last end.
sections=()
declare -A wall=() cpu=() from=() to=() step_name=()
while IFS=$'\t' read -r id kind title name _; do step_name[$id]=$name; done <"$logs/steps.tsv"
section=
while IFS=$'\t' read -r id kind title name note note_prefix; do
    [ -n "$id" ] || continue
    log=$logs/$id.log result=$logs/$id.result
    [ -f "$result" ] || [ "$only" != --only ] || continue
    if [ "$title" != "$section" ]; then
        section=$title
        sections+=("$title")
        printf '\n== %s\n' "$title"
    fi
    if [ ! -f "$result" ]; then
        fail "$name" "did not run (see $logs/make.log)"
        continue
    fi
    s=$(field start "$result") e=$(field end "$result") c=$(field cpu "$result")
    wall[$title]=$(awk -v a="${wall[$title]:-0}" -v s="$s" -v e="$e" 'BEGIN { print a + e - s }')
    cpu[$title]=$(awk -v a="${cpu[$title]:-0}" -v c="$c" 'BEGIN { print a + c }')
    from[$title]=$(awk -v a="${from[$title]:-$s}" -v s="$s" 'BEGIN { print (s < a ? s : a) }')
    to[$title]=$(awk -v a="${to[$title]:-$e}" -v e="$e" 'BEGIN { print (e > a ? e : a) }')
    skip=$(field skip "$result")
    if [ -n "$skip" ]; then
        echo "SKIP $name: not run, it needs '${step_name[$skip]:-$skip}', which did not pass"
        continue
    fi
    rc=$(field rc "$result")
    if [ "$kind" = check ]; then
        if [ "$rc" -eq 0 ]; then pass "$name"; else fail "$name" "see $log"; tail_of "$log"; fi
    else
        n=0
        while IFS= read -r line; do
            case "$line" in
                PASS\ *) pass "$name: ${line#PASS }"; n=$((n + 1)) ;;
                FAIL\ *) fail "$name: ${line#FAIL }"; n=$((n + 1)) ;;
            esac
        done <"$log"
        if [ "$rc" -ne 0 ] && ! grep -q '^FAIL ' "$log"; then
            fail "$name" "exit code $rc without a FAIL line (see $log)"
            tail_of "$log"
        elif [ $n -eq 0 ]; then
            fail "$name" "ran no test (see $log)"
        fi
    fi
    if [ -n "$note" ]; then
        grep -E -h -- "$note" "$log" | sed "s/^/$note_prefix/"
    fi
done <"$logs/steps.tsv"

end=$(awk -v a="$(cat "$logs/start")" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f", b - a }')
printf '\nTime per section (seconds: wall, the time its steps took, added up; cpu, their\n'
printf 'processor time; from and to, when they ran; make -j runs steps side by side):\n'
printf '%6s %6s %6s %6s\n' wall cpu from to
total_cpu=0
for t in "${sections[@]}"; do
    [ -n "${wall[$t]:-}" ] || continue
    printf '%6.0f %6.0f %6.0f %6.0f  %s\n' "${wall[$t]}" "${cpu[$t]}" "${from[$t]}" "${to[$t]}" "$t"
    total_cpu=$(awk -v a="$total_cpu" -v c="${cpu[$t]}" 'BEGIN { print a + c }')
done
printf '%6.0f %6.0f %6s %6s  in all\n' "$end" "$total_cpu" "" ""

if [ $failed -gt 0 ]; then
    printf '\nFailed:\n'
    printf '  %s\n' "${failures[@]}"
    if [ -s "$logs/make.log" ]; then
        printf '\nmake (%s):\n' "$logs/make.log"
        tail_of "$logs/make.log"
    fi
fi
echo
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
