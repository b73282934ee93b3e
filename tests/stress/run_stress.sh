#!/usr/bin/env bash
# make fault-stress / make soak (tests/stress/stress.mk).
# usage: tests/stress/run_stress.sh BIN_DIR SW_DIR ROUNDS SOAK_LAUNCHES FLIP
#   ROUNDS > 0: the stress on the cycle model (ROUNDS launches), then on the
#               simulated board over a clean line (2/5 of ROUNDS launches)
#   SOAK_LAUNCHES > 0: that many launches on the simulated board over a
#               line damaged every FLIP-th byte, then the same board must
#               answer normally (scord info, a short stress, the host-link
#               frame test)
set -u
bin=$1 sw=$2 rounds=$3 soak=$4 flip=$5
seed=${STRESS_SEED:-1}
rc=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scord-stress.XXXXXX")
sim_pid=
stop_board() {
    [ -n "$sim_pid" ] && { kill "$sim_pid" 2>/dev/null; wait "$sim_pid" 2>/dev/null; }
    sim_pid=
}
trap 'stop_board; rm -rf "$tmp"' EXIT
start_board() { # [--flip N]
    rm -f "$tmp/port"
    "$bin/scord-soc-sim" --port-file "$tmp/port" --idle-exit 120 "$@" >"$tmp/board.log" 2>&1 &
    sim_pid=$!
    for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.1; done
    [ -s "$tmp/port" ] || { echo "FAIL stress/board start: $(cat "$tmp/board.log")"; return 1; }
    port=$(cat "$tmp/port")
    # The board boots (its self-test) before it answers: wait for it.
    for _ in $(seq 8); do
        "$bin/scord" --device "uart:tcp=127.0.0.1:$port" info >"$tmp/boot" 2>&1 && return 0
    done
    echo "FAIL stress/board boot: $(head -c 300 "$tmp/boot")"
    return 1
}

if [ "$rounds" -gt 0 ]; then
    "$bin/scord-fault-stress" --device sim --sw-dir "$sw" --rounds "$rounds" --seed "$seed" \
        --name "cycle model" || rc=1
    if start_board; then
        "$bin/scord-fault-stress" --device "uart:tcp=127.0.0.1:$port" --sw-dir "$sw" \
            --rounds $((rounds * 2 / 5)) --seed "$((seed + 1))" --endless-ms 1000 --name "board link" || rc=1
        stop_board
    else
        rc=1
    fi
fi
if [ "$soak" -gt 0 ]; then
    if start_board --flip "$flip"; then
        start=$(date +%s)
        "$bin/scord-fault-stress" --device "uart:tcp=127.0.0.1:$port" --sw-dir "$sw" \
            --rounds "$soak" --seed "$((seed + 2))" --endless-ms 1500 --progress 100 \
            --name "soak, a bit flipped every $flip bytes" || rc=1
        echo "soak: $soak launches in $(( $(date +%s) - start )) s"
        # the same board, the same damaged line: it must still answer
        if "$bin/scord" --device "uart:tcp=127.0.0.1:$port" info >"$tmp/info" 2>&1; then
            echo "PASS stress/after the soak: the board answers 'scord info'"
        else
            echo "FAIL stress/after the soak: scord info: $(head -c 300 "$tmp/info")"; rc=1
        fi
        "$bin/scord-fault-stress" --device "uart:tcp=127.0.0.1:$port" --sw-dir "$sw" --rounds 20 \
            --seed "$((seed + 3))" --endless-ms 1500 --name "after the soak" || rc=1
        stop_board
        echo "board log: $(tail -n 3 "$tmp/board.log" | tr '\n' ' ')"
    else
        rc=1
    fi
fi
exit $rc
