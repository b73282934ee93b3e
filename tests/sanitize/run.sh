#!/usr/bin/env bash
# The sanitizer tier (make sanitize-test): the ASan/UBSan builds of
# tests/sanitize/sanitize.mk run a subset that reaches every entry point of
# the host code once: libscord with the cycle model (kernel tests: launch,
# faults, timeouts, the detector's ring and registers, cache mode, the
# host-device check), the CLI
# (its whole test script: options, bad input, races), scord-scor (a few
# microbenchmarks, an application and four kernels of the beyond group,
# full and cache mode), the detector's
# reference model and its test, the simulated board's harness and
# the uart backend with the driver's host link (scord info, a kernel run
# and the fault stress over the link), and every fuzz corpus (the ELF
# loader, the CLI's parser, both host-link parsers, the race decoder). A
# finding aborts the program, so its test fails with the report in the log.
# usage: tests/sanitize/run.sh FPGA_ASAN_BIN DEFAULT_ASAN_BIN SW_BUILD_DIR
set -u
bin=$1 cli_bin=$2 sw=$3
export ASAN_OPTIONS=abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
rc=0
prefix() { sed -u "s/^\(PASS\|FAIL\) /\1 $1: /"; }
run() { # NAME CMD...: one test whose success is the command's
    local name=$1; shift
    if "$@" >"$tmp/out" 2>&1; then echo "PASS $name"; else
        echo "FAIL $name: exit $? ($(grep -m1 -E 'ERROR|runtime error|FAIL' "$tmp/out" | head -c 300))"
        tail -n 30 "$tmp/out"; rc=1
    fi
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scord-asan.XXXXXX")
sim_pid=
trap '[ -n "$sim_pid" ] && kill $sim_pid 2>/dev/null; wait 2>/dev/null; rm -rf "$tmp"' EXIT

"$bin/scord-kernel-tests" --sw-dir "$sw" vecadd divergent faults det_stream det_overflow \
    det_intrusion det_regs det_host printf 2>&1 | prefix kernel
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
"$bin/scord-kernel-tests" --sw-dir "$sw" --detect-mode cache vecadd 2>&1 | prefix "kernel, cache mode"
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
bash tests/cli/test_cli.sh "$cli_bin/scord" "$sw" 2>&1 | prefix cli
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
"$bin/scord-scor" --sw-dir "$sw" --check --configs full,cache interblock_none-atom_waw \
    interwarp_blkatom hrf_indirect sh_table wgl_exchange_sync host_htod_out host_htod_aux 2>&1 |
    prefix scor
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
# an application too: its buffers need more than the 16 KiB window full
# mode has at 4-byte granules on fpga's 176 KiB, so 8-byte granules
"$bin/scord-scor" --sw-dir "$sw" --check --configs full8,cache 1dc 2>&1 | prefix scor
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
# the detector's reference model (sim/refmodel) and its generator
"$bin/test_refmodel" 2>&1 | prefix refmodel
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
"$bin/test_sh_rule" 2>&1 | prefix refmodel
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
for t in elf cli hostlink fw_hostlink race; do
    "$bin/scord-fuzz-$t" "tests/fuzz/$t/corpus" $(ls -d "tests/fuzz/$t/regressions" 2>/dev/null) 2>&1 |
        prefix corpus
    [ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
done

# The simulated board (its harness under the sanitizers too) over TCP.
"$bin/scord-soc-sim" --port-file "$tmp/port" --idle-exit 60 >"$tmp/board.log" 2>&1 &
sim_pid=$!
for _ in $(seq 100); do [ -s "$tmp/port" ] && break; sleep 0.1; done
dev="uart:tcp=127.0.0.1:$(cat "$tmp/port" 2>/dev/null)"
for _ in $(seq 8); do "$bin/scord" --device "$dev" info >"$tmp/info" 2>&1 && break; done
run "board: scord info over the link" "$bin/scord" --device "$dev" info
run "board: a kernel over the link" "$bin/scord" --device "$dev" run -q --grid 2 --block 8 \
    --dump @2:64 "$sw/sw/examples/vecadd/kernel.elf" seq:16 seq:16 zeros:64 16
"$bin/scord-fault-stress" --device "$dev" --sw-dir "$sw" --rounds 8 --endless-ms 1000 \
    --name "board link" 2>&1 | prefix stress
[ "${PIPESTATUS[0]}" -eq 0 ] || rc=1
kill "$sim_pid" 2>/dev/null
wait "$sim_pid" 2>/dev/null
st=$?
sim_pid=
# SIGTERM ends it normally (exit 0); a sanitizer finding aborts it.
if [ $st -ne 0 ] || grep -q -E 'ERROR: AddressSanitizer|runtime error' "$tmp/board.log"; then
    echo "FAIL board: the simulated board's harness exited $st: $(grep -m1 -E 'ERROR|runtime error' "$tmp/board.log")"
    rc=1
else
    echo "PASS board: the simulated board's harness ended cleanly"
fi
exit $rc
