#!/usr/bin/env bash
# The synthesized board top end to end (make fpga-netlist-sim): the netlist
# the bitstream is made from (synth_ecp5's cells, with our models of the
# block RAM, multiplier and PLL: fpga/ecp5/sim) served by scord-netlist-sim
# on a local TCP port, its UART pins driven at the board's own clocks per
# bit. The firmware must boot from the block RAM's initial contents and pass
# its self-test, `scord info` must show the board and the GPU's shape, and
# a race-free and a racy kernel must give exactly the cycle model's output
# (memory latency 1, as block RAM), race records included.
#
#   tests/fpga/test_netlist.sh BIN_DIR NETLIST_SIM SW_BUILD_DIR
# Prints "PASS name" / "FAIL name: why" with the time of each step, then
# "fpga-netlist-sim: PASS" or "fpga-netlist-sim: FAIL"; exits 1 on a failure.
# The netlist runs at about 1 500 cycles/s, a UART byte takes 10 x CLKS_PER_BIT
# cycles (450 at the board's 45 MHz and 1 Mbaud):
# the driver's per-attempt timeout is raised to 10 minutes, and every step
# has a watchdog of its own (BOOT_MAX, STEP_MAX seconds).
set -u
if [ $# -ne 3 ]; then
    echo "usage: $0 BIN_DIR NETLIST_SIM SW_BUILD_DIR" >&2
    exit 2
fi
bin=$1
netsim=$2
sw=$3
BOOT_MAX=${BOOT_MAX:-1800}
STEP_MAX=${STEP_MAX:-2400}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scord-netlist.XXXXXX")
failed=0
t_start=$(date +%s)

"$netsim" --port-file "$tmp/port" >"$tmp/sim.log" 2>&1 &
sim_pid=$!
finish() {
    kill "$sim_pid" 2>/dev/null
    wait "$sim_pid" 2>/dev/null
    # the simulator's own count: cycles run and cycles/s
    grep -h 'cycles in' "$tmp/sim.log" | sed 's/^/  /'
    echo "  total $(( $(date +%s) - t_start )) s"
    if [ "$failed" -eq 0 ]; then echo "fpga-netlist-sim: PASS"; else echo "fpga-netlist-sim: FAIL"; fi
    rm -rf "$tmp"
}
trap finish EXIT
trap 'failed=1; exit 1' TERM INT
. "$(dirname "$0")/board_lib.sh"

if ! wait_for "$tmp/port" 100; then
    echo "FAIL netlist sim start: $(cat "$tmp/sim.log")"
    failed=1
    exit 1
fi
port=$(cat "$tmp/port")

# Boot: reset for 2^16 cycles after the PLL locks, then the firmware's
# self-test; the simulator reports the outcome (the board's LEDs 6 and 4).
# Nothing is sent before: a frame sent into a board still in reset is lost
# and would cost a whole driver timeout.
t0=$(date +%s)
while ! grep -q 'boot self-test' "$tmp/sim.log"; do
    if ! kill -0 "$sim_pid" 2>/dev/null || [ $(( $(date +%s) - t0 )) -ge "$BOOT_MAX" ]; then
        echo "FAIL netlist boot: no self-test outcome after $(( $(date +%s) - t0 )) s: $(tail -c 300 "$tmp/sim.log")"
        failed=1
        exit 1
    fi
    sleep 2
done
boot=$(grep -m1 'boot self-test' "$tmp/sim.log")
if ! grep -q 'boot self-test passed' "$tmp/sim.log"; then
    echo "FAIL netlist boot: $boot"
    failed=1
    exit 1
fi
echo "PASS netlist boot: ${boot#*: } ($(( $(date +%s) - t0 )) s)"

dev="uart:tcp=127.0.0.1:$port,timeout=600000,retries=1"

# scord info: PING's info block (the self-test's results) and the GPU's
# shape read from its registers, which must be the cycle model's
t0=$(date +%s)
timeout "$STEP_MAX" "$bin/scord" --device "$dev" info >"$tmp/info" 2>&1
rc=$?
grep -v '^device\|^board\|^memory latency' "$tmp/info" >"$tmp/info.shape"
"$bin/scord" --device sim:latency=1 info 2>&1 | grep -v '^device\|^board\|^memory latency' >"$tmp/info.sim"
board=$(grep '^board' "$tmp/info")
if [ $rc -ne 0 ]; then
    echo "FAIL netlist info: exit $rc: $(head -c 300 "$tmp/info")"; failed=1
elif ! echo "$board" | grep -q 'self-test memory ok .*detector ok .*boots 1 '; then
    echo "FAIL netlist info: the board's self-test: $board"; failed=1
elif ! diff -q "$tmp/info.shape" "$tmp/info.sim" >/dev/null; then
    echo "FAIL netlist info: GPU shape differs from the cycle model: $(diff "$tmp/info.shape" "$tmp/info.sim" | head -c 300)"
    failed=1
else
    echo "PASS netlist info: $(echo "$board" | sed 's/^board *//') ($(( $(date +%s) - t0 )) s)"
fi

# run_cmp (board_lib.sh) with a watchdog per kernel and its time
timed_cmp() {
    local t0 f0=$failed
    t0=$(date +%s)
    STEP_TIMEOUT=$STEP_MAX run_cmp "$@"
    echo "  ($(( $(date +%s) - t0 )) s)"
    [ "$failed" -eq "$f0" ] || return 1
}
if [ "$failed" -eq 0 ]; then
    timed_cmp "netlist vecadd: same dump as the cycle model" --timeout 0 --grid 2 --block 16 \
        "$sw/sw/examples/vecadd/kernel.elf" seq:32 seq:32 zeros:128 32 --dump @2
    timed_cmp "netlist stale: same races as the cycle model (exit 4)" --timeout 0 --grid 2 --block 8 \
        "$sw/tests/kernels/stale/kernel.elf" seq:8 zeros:64 zeros:32 zeros:32 zeros:8 8
fi
exit $failed
