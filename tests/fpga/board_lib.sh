# Helpers of the simulated-board tests (test_soc.sh: the RTL, test_netlist.sh:
# the synthesized netlist), sourced by them. They expect $bin (the folder of
# the scord CLI), $tmp (a scratch folder), $dev (the board's device URI) and
# $failed (set to 1 on a failure).

# wait_for FILE TRIES: until FILE exists and is not empty (0.1 s a try)
wait_for() {
    local i
    for i in $(seq "$2"); do [ -s "$1" ] && return 0; sleep 0.1; done
    [ -s "$1" ]
}

# run_cmp NAME ARGS...: `scord run ARGS` on the board and on the cycle model
# must exit alike and print the same (dumps, race reports). STEP_TIMEOUT:
# seconds the board's run may take (default: no limit)
run_cmp() {
    local name=$1; shift
    timeout "${STEP_TIMEOUT:-0}" "$bin/scord" --device "$dev" run -q "$@" >"$tmp/uart.out" 2>&1
    local rc_u=$?
    # block RAM answers a read the cycle after it is taken: latency 1
    "$bin/scord" --device sim:latency=1 run -q "$@" >"$tmp/sim.out" 2>&1
    local rc_s=$?
    if [ $rc_u -ne $rc_s ]; then
        echo "FAIL $name: exit $rc_u over uart, $rc_s on the cycle model: $(head -c 300 "$tmp/uart.out")"
        failed=1
    elif ! diff -q "$tmp/uart.out" "$tmp/sim.out" >/dev/null; then
        echo "FAIL $name: output differs: $(diff "$tmp/uart.out" "$tmp/sim.out" | head -c 300)"
        failed=1
    elif [ ! -s "$tmp/uart.out" ]; then
        echo "FAIL $name: no output to compare"
        failed=1
    else
        echo "PASS $name"
    fi
}
