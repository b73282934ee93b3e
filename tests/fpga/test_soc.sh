#!/usr/bin/env bash
# The FPGA SoC end to end on the simulated board: scord-soc-sim serves
# soc_top (the RTL that goes on the FPGA, with the management core running
# the firmware) on a local TCP port; the host link test checks the frames,
# then the scord CLI and the kernel tests run over the "uart" backend
# exactly as over the board's USB serial port.
#
#   tests/fpga/test_soc.sh BIN_DIR SW_BUILD_DIR   (BIN_DIR: build/fpga/bin)
# Prints "PASS name" / "FAIL name: why"; exits 1 if anything failed.
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 BIN_DIR SW_BUILD_DIR" >&2
    exit 2
fi
bin=$1
sw=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scord-soc.XXXXXX")
# idle-exit: it waits, idle, while the pseudo-terminal and damaged-line
# boards below run, which takes minutes on a loaded 2-core host
"$bin/scord-soc-sim" --port-file "$tmp/port" --idle-exit 600 >"$tmp/sim.log" 2>&1 &
sim_pid=$!
trap 'kill $sim_pid 2>/dev/null; wait $sim_pid 2>/dev/null; rm -rf "$tmp"' EXIT
. "$(dirname "$0")/board_lib.sh"
if ! wait_for "$tmp/port" 50; then
    echo "FAIL soc-sim start: $(cat "$tmp/sim.log")"
    exit 1
fi
port=$(cat "$tmp/port")
dev="uart:tcp=127.0.0.1:$port"
failed=0

# the firmware test first: it checks the state the boot leaves
"$bin/scord-firmware-test" "$port" "$sw/firmware/selftest.bin" || failed=1
"$bin/scord-hostlink-test" "$port" || failed=1


run_cmp "vecadd over uart: same dump as the cycle model" --grid 8 --block 16 \
    "$sw/sw/examples/vecadd/kernel.elf" seq:128 seq:128 zeros:512 128 --dump @2
run_cmp "stale over uart: same races as the cycle model (exit 4)" --grid 2 --block 8 \
    "$sw/tests/kernels/stale/kernel.elf" seq:8 zeros:64 zeros:32 zeros:32 zeros:8 8

run_cmp "stale over uart, cache mode: same races as the cycle model" --detect-mode cache \
    --grid 2 --block 8 "$sw/tests/kernels/stale/kernel.elf" seq:8 zeros:64 zeros:32 zeros:32 zeros:8 8

# a kernel that never ends: the host's timeout stops it and resets the GPU
# through the firmware; the board then runs the next kernel as usual
"$bin/scord" --device "$dev" run --timeout 2 "$sw/tests/bad/endless/kernel.elf" >"$tmp/endless" 2>&1
rc=$?
if [ $rc -ne 1 ] || ! grep -Eq 'timeout: .*reset' "$tmp/endless"; then
    echo "FAIL endless kernel over uart: exit $rc, $(head -c 300 "$tmp/endless")"; failed=1
else
    echo "PASS endless kernel over uart: stopped by the host's timeout"
fi
run_cmp "vecadd after a timed-out kernel: the board is not wedged" --grid 8 --block 16 \
    "$sw/sw/examples/vecadd/kernel.elf" seq:128 seq:128 zeros:512 128 --dump @2

# a bad URI option and a closed port fail cleanly
if "$bin/scord" --device "uart:tcp=127.0.0.1:$port,bogus=1" info >"$tmp/o" 2>&1; then
    echo "FAIL uart bad option: accepted"; failed=1
elif grep -q "unknown option 'bogus'" "$tmp/o"; then echo "PASS uart bad option: refused"
else echo "FAIL uart bad option: $(cat "$tmp/o")"; failed=1; fi

# the same board behind a pseudo-terminal: the serial-port path of the
# backend (termios, raw mode), as with the board's /dev/ttyUSB0
"$bin/scord-soc-sim" --pty "$tmp/pty" >"$tmp/pty.log" 2>&1 &
pty_pid=$!
if wait_for "$tmp/pty" 50; then
    dev_saved=$dev
    # the board answers once its boot self-test is done: seconds of
    # simulation on a loaded host
    dev="uart:$(cat "$tmp/pty"),timeout=3000,retries=10"
    run_cmp "vecadd over a pseudo-terminal: same dump as the cycle model" --grid 8 --block 16 \
        "$sw/sw/examples/vecadd/kernel.elf" seq:64 seq:64 zeros:256 64 --dump @2
    dev=$dev_saved
else
    echo "FAIL pseudo-terminal: the simulator did not start: $(cat "$tmp/pty.log")"
    failed=1
fi
kill $pty_pid 2>/dev/null
wait $pty_pid 2>/dev/null

# a damaged line: the simulator flips a bit in every 97th byte each way, so
# requests and answers arrive broken; the CRC rejects them, the host
# retries, and the results are still exactly the cycle model's
"$bin/scord-soc-sim" --port-file "$tmp/fport" --idle-exit 60 --flip 97 >"$tmp/flip.log" 2>&1 &
flip_pid=$!
if wait_for "$tmp/fport" 50; then
    dev_saved=$dev
    # short timeouts, so a broken frame is retried at once, and retries
    # enough to wait out the boot self-test on a loaded host (30 s)
    dev="uart:tcp=127.0.0.1:$(cat "$tmp/fport"),timeout=300,retries=100"
    run_cmp "vecadd over a line damaging every 97th byte: same dump as the cycle model" \
        --grid 8 --block 16 "$sw/sw/examples/vecadd/kernel.elf" seq:128 seq:128 zeros:512 128 --dump @2
    run_cmp "stale over a damaged line: same races as the cycle model" --grid 2 --block 8 \
        "$sw/tests/kernels/stale/kernel.elf" seq:8 zeros:64 zeros:32 zeros:32 zeros:8 8
    dev=$dev_saved
else
    echo "FAIL damaged line: the simulator did not start: $(cat "$tmp/flip.log")"
    failed=1
fi
kill $flip_pid 2>/dev/null
wait $flip_pid 2>/dev/null

# kernel tests (a subset; det_stream: race records streamed while the kernel runs;
# host_order and det_host: the host's copies between and during kernels, docs/detector.md §15;
# printf: its buffer placed and read back over the link)
"$bin/scord-kernel-tests" --device "$dev" --sw-dir "$sw" vecadd prodcons barrier exit det_stream \
    host_order det_host printf >"$tmp/kt" 2>&1
kt_rc=$?
sed -n 's/^\(PASS\|FAIL\) /\1 kernel over uart: /p' "$tmp/kt"
grep -q '^PASS' "$tmp/kt" || { echo "FAIL kernel tests over uart: $(tail -3 "$tmp/kt")"; failed=1; }
[ $kt_rc -eq 0 ] || failed=1

exit $failed
