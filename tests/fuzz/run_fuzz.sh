#!/usr/bin/env bash
# make fuzz: afl-fuzz on each target for a bounded time, one after the other,
# then one line per target: executions, crashes, hangs. Exits 1 if any
# target crashed or hung (the inputs are in DIR/<target>/out/default/).
# usage: tests/fuzz/run_fuzz.sh DIR SECONDS TARGET...
set -u
dir=$1 secs=$2
shift 2
export AFL_SKIP_CPUFREQ=1 AFL_NO_UI=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_AFFINITY=1
export AFL_SKIP_BIN_CHECK=0 AFL_QUIET=1
bad=0
results=()
for t in "$@"; do
    out=$dir/$t/out
    rm -rf "$out"
    mkdir -p "$dir/$t"
    timeout_ms=500
    [ "$t" = cli ] && timeout_ms=3000
    [ "$t" = elf ] && timeout_ms=2000
    echo "fuzz: $t for $secs s (log: $dir/$t/afl.log)"
    afl-fuzz -i "tests/fuzz/$t/corpus" -o "$out" -V "$secs" -t "$timeout_ms" \
        -- "$dir/bin/scord-fuzz-$t" >"$dir/$t/afl.log" 2>&1
    st=$out/default/fuzzer_stats
    if [ ! -f "$st" ]; then
        echo "FAIL fuzz/$t: afl-fuzz did not run (see $dir/$t/afl.log)"
        tail -n 15 "$dir/$t/afl.log"
        bad=1
        continue
    fi
    get() { sed -n "s/^$1 *: *//p" "$st" | head -n 1; }
    execs=$(get execs_done) rt=$(get run_time) crashes=$(get saved_crashes) hangs=$(get saved_hangs)
    crashes=${crashes:-$(get unique_crashes)} hangs=${hangs:-$(get unique_hangs)}
    paths=$(get corpus_count)
    paths=${paths:-$(get paths_total)}
    line=$(printf '%-12s %6s s %12s execs %8s execs/s %6s inputs %3s crashes %3s hangs' "$t" "$rt" "$execs" \
        "$(( ${rt:-0} > 0 ? ${execs:-0} / rt : 0 ))" "$paths" "$crashes" "$hangs")
    results+=("$line")
    if [ "${crashes:-0}" != 0 ] || [ "${hangs:-0}" != 0 ]; then
        echo "FAIL fuzz/$t: $crashes crashes, $hangs hangs (inputs in $out/default/crashes, hangs)"
        bad=1
    else
        echo "PASS fuzz/$t: $execs executions, no crash, no hang"
    fi
done
echo
echo "target          time        executions      rate   corpus  crashes hangs"
printf '%s\n' "${results[@]}"
exit $bad
