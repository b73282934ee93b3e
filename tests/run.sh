#!/usr/bin/env bash
# The whole test suite, as `make test` runs it. Each step prints PASS/FAIL
# lines; this script counts them and ends with "N passed, N failed".
# Usage: tests/run.sh [config...]   (default: every named configuration)
set -u
cd "$(dirname "$0")/.."

configs=("$@")
[ ${#configs[@]} -eq 0 ] && configs=(default fpga minimal)
MAKE="${MAKE:-make}"
JOBS="${JOBS:-2}"
log_dir=build/test-logs
mkdir -p "$log_dir"

passed=0
failed=0
failures=()

# Each section's start, in seconds since the run began: the end of the run
# lists how long each took, to find what to speed up (make test aims at 20
# minutes on two cores).
sections=()
starts=()
note() {
    sections+=("$*")
    starts+=("$SECONDS")
    printf '\n== %s\n' "$*"
}
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); failures+=("$1"); echo "FAIL $1${2:+: $2}"; }

# A step's log file, named after it.
log_of() { echo "$log_dir/${1//[^A-Za-z0-9_.-]/_}.log"; }

# One test's outcome from its exit code: outcome NAME RC LOG.
outcome() {
    if [ "$2" -eq 0 ]; then pass "$1"; else fail "$1" "see $3"; tail -n 20 "$3"; return 1; fi
}

# Run a command whose success is one test.
check() {
    local name=$1; shift
    local log; log=$(log_of "$name")
    "$@" >"$log" 2>&1
    outcome "$name" $? "$log"
}

# Run a command that prints PASS/FAIL lines itself; count each line.
count() {
    local prefix=$1; shift
    "$@" >"$(log_of "$prefix")" 2>&1
    count_log "$prefix" $?
}

# Count the PASS/FAIL lines of a finished step's log: count_log PREFIX RC.
count_log() {
    local prefix=$1 rc=$2 n=0
    local log; log=$(log_of "$prefix")
    while IFS= read -r line; do
        case "$line" in
            PASS\ *) pass "$prefix: ${line#PASS }"; n=$((n + 1)) ;;
            FAIL\ *) fail "$prefix: ${line#FAIL }"; n=$((n + 1)) ;;
        esac
    done <"$log"
    if [ $rc -ne 0 ] && ! grep -q '^FAIL ' "$log"; then
        fail "$prefix" "exit code $rc without a FAIL line (see $log)"
        tail -n 20 "$log"
    elif [ $n -eq 0 ]; then
        fail "$prefix" "ran no test (see $log)"
    fi
}

# Two counted steps side by side (with JOBS >= 2, else one after the
# other): count_pair NAME1 COMMAND1... -- NAME2 COMMAND2...
count_pair() {
    local a=() b=() name_a=$1 name_b
    shift
    while [ $# -gt 0 ] && [ "$1" != -- ]; do a+=("$1"); shift; done
    shift
    name_b=$1; shift
    b=("$@")
    if [ "$JOBS" -lt 2 ]; then
        count "$name_a" "${a[@]}"
        count "$name_b" "${b[@]}"
        return
    fi
    "${a[@]}" >"$(log_of "$name_a")" 2>&1 &
    local pid_a=$! rc_a rc_b
    "${b[@]}" >"$(log_of "$name_b")" 2>&1
    rc_b=$?
    wait "$pid_a"
    rc_a=$?
    count_log "$name_a" $rc_a
    count_log "$name_b" $rc_b
}

# A check run in the background beside the steps that follow: start_bg
# NAME COMMAND... starts it, finish_bg waits and counts its outcome.
# Yosys's synthesis of the fpga GPU is one core's work for ten minutes or
# so, and most steps leave the second core idle.
bg_name=
bg_pid=
start_bg() {
    bg_name=$1; shift
    "$@" >"$(log_of "$bg_name")" 2>&1 &
    bg_pid=$!
}
finish_bg() {
    wait "$bg_pid"
    outcome "$bg_name" $? "$(log_of "$bg_name")"
}

note "generated headers"
check "gendefs" $MAKE --no-print-directory build/default/gen/scord_defs.h
count "gendefs" bash tests/gendefs/test_gendefs.sh build/tools/gendefs

note "kernels (RISC-V GCC)"
check "sw build" $MAKE --no-print-directory -j"$JOBS" sw

for c in "${configs[@]}"; do
    note "configuration $c"
    check "$c: verilator lint -Wall" $MAKE --no-print-directory CONFIG="$c" lint-one
    if [ "$c" = fpga ]; then
        check "$c: verilator lint -Wall, GPU without detector" \
            $MAKE --no-print-directory CONFIG="$c" DETECTOR=0 lint-one
    fi
    if ! check "$c: build cycle model and driver" \
            $MAKE --no-print-directory -j"$JOBS" CONFIG="$c" sim test-bins; then
        continue
    fi
    if [ "$c" = default ]; then
        # The same kernels with the detector armed: results must not change.
        # Each run is one core's work and nothing else runs yet, so two at
        # a time (their logs are counted in this order afterwards).
        count_pair "$c: kernel" build/"$c"/bin/scord-kernel-tests \
            -- "$c: kernel, detector full mode" build/"$c"/bin/scord-kernel-tests --detect
        count_pair "$c: kernel, detector cache mode" build/"$c"/bin/scord-kernel-tests \
            --detect-mode cache -- "$c: isa" build/"$c"/bin/scord-isa-tests
    else
        count "$c: kernel" build/"$c"/bin/scord-kernel-tests
        count "$c: isa" build/"$c"/bin/scord-isa-tests
    fi
    if [ "$c" = fpga ]; then
        # Its headers exist now, so nothing in front writes what it reads.
        start_bg "fpga: yosys synth_ecp5" nice -n 5 $MAKE --no-print-directory CONFIG=fpga synth
    fi
done

note "the GPU without the race detector (DETECTOR=0, minimal configuration)"
if check "minimal, no detector: build cycle model and driver" \
        $MAKE --no-print-directory -j"$JOBS" CONFIG=minimal DETECTOR=0 sim test-bins; then
    # Every kernel test but those of the detector itself (det_*).
    nodet_tests=$(build/minimal-nodet/bin/scord-kernel-tests --help | sed -n 's/^tests://p' |
                  tr ' ' '\n' | grep -v -e '^det_' -e '^$')
    # shellcheck disable=SC2086
    count "minimal, no detector: kernel" build/minimal-nodet/bin/scord-kernel-tests $nodet_tests
fi

note "memory system unit test (random traffic against a golden model)"
check "mem unit" $MAKE --no-print-directory mem-unit-test
grep -h 'passed, .* failed' "$log_dir"/mem_unit.log 2>/dev/null | sed 's/^/  checks: /'

note "launch check unit test (gpu_ctl against an exact model)"
count "ctl unit" $MAKE --no-print-directory ctl-unit-test

note "performance counters (gpu_perf_counters) against plain 32-bit counters"
check "perf counters unit, 8 lanes" $MAKE --no-print-directory perf-unit-test
check "perf counters unit, 4 lanes (fpga)" $MAKE --no-print-directory CONFIG=fpga perf-unit-test

note "the lanes' multiplier (gpu_mul, combinational and split in two) against RV32M"
check "mul unit" $MAKE --no-print-directory mul-unit-test

note "atomic ALU against its specification (Yosys SAT, every input)"
check "amo equivalence" bash tests/rtl/amo/test_amo_equiv.sh build/default/gen build/default/amo-equiv

note "race detector reference model"
count "refmodel" $MAKE --no-print-directory refmodel-test

note "race detector RTL against the reference model (randomized, differential)"
count "scord diff" $MAKE --no-print-directory scord-diff-test

note "race reports: decoding, source lines (libdw), text and JSON"
count "race" $MAKE --no-print-directory race-unit-test

note "ScoR suite: microbenchmarks, per-rule kernels, races beyond ScoRD, applications (scord-scor --check, full and cache mode)"
if check "scord-scor build" $MAKE --no-print-directory -j"$JOBS" CONFIG=default scor-bin; then
    count "scor" build/default/bin/scord-scor --sw-dir build/sw --check --configs full,cache \
        ${SCOR_TEST_WORKLOADS:-micro detector beyond apps}
    count "scor cli" bash tests/scor/test_scor.sh build/default/bin/scord-scor build/sw
fi

note "scord CLI and bad input"
count "cli" bash tests/cli/test_cli.sh build/default/bin/scord build/sw

note "trust: ISA co-simulation against QEMU, fuzz corpora (docs/trust.md)"
if check "cosim and fuzz harnesses build" $MAKE --no-print-directory -j"$JOBS" CONFIG=default \
        build/default/bin/scord-isa-cosim fuzz-bins; then
    count "cosim" $MAKE --no-print-directory CONFIG=default isa-cosim
    count "fuzz corpora" $MAKE --no-print-directory CONFIG=default fuzz-replay
fi

note "toolchain: scord-cc, SARIF output, make install + pkg-config, FuseSoC cores"
count "scord-cc" bash tests/cc/test_scord_cc.sh build
if check "sarif: build the writer's unit program" $MAKE --no-print-directory CONFIG=default \
        build/default/bin/scord-sarif-related; then
    count "sarif" bash tests/sarif/test_sarif.sh build/default/bin build/sw
fi
count "install" bash tests/install/test_install.sh
count "fusesoc" bash tests/fusesoc/test_fusesoc.sh build

note "FPGA SoC: lint, board-top synthesis check, simulated board over the uart backend"
check "fpga: SoC verilator lint -Wall" $MAKE --no-print-directory CONFIG=fpga lint-soc
check "fpga: board tops synthesise (yosys, GPU a black box)" $MAKE --no-print-directory CONFIG=fpga fpga-check
check "fpga: path finder ranks a synthesized netlist's paths" bash tests/fpga/test_fpga_paths.sh
check "fpga: detector cost table from two flattened syntheses" bash tests/fpga/test_fpga_det_cost.sh
check "fpga: detector share by number of cores from cost tables" bash tests/fpga/test_fpga_det_scale.sh
check "fpga: parts table of a synthesis that keeps the hierarchy" bash tests/fpga/test_synth_parts.sh
check "fpga: our ECP5 cell models (block RAM, multiplier) against their documented behaviour" $MAKE --no-print-directory fpga-sim-models-test
check "fpga: report of a placed and routed build (nextpnr on a small ECP5)" bash tests/fpga/test_fpga_report.sh
check "fpga: seed sweep table over real place-and-route runs (nextpnr on a small ECP5)" bash tests/fpga/test_fpga_seeds.sh
if check "fpga: build simulated board" $MAKE --no-print-directory -j"$JOBS" CONFIG=fpga \
        sim soc-sim build/fpga/bin/scord-hostlink-test build/fpga/bin/scord-firmware-test; then
    count "soc" bash tests/fpga/test_soc.sh build/fpga/bin build/sw
fi

note "trust: state after faults (cycle model, simulated board), sanitizers (docs/trust.md)"
count "fault stress" $MAKE --no-print-directory CONFIG=fpga fault-stress STRESS_ROUNDS=40
count "sanitizers" $MAKE --no-print-directory sanitize-test

note "docs/tutorial.md, every command as written (cycle model and simulated board)"
count "tutorial" bash tests/tutorial/test_tutorial.sh

note "synthesis (Yosys), started after the fpga configuration's tests"
if [ -z "$bg_pid" ]; then
    check "fpga: yosys synth_ecp5" $MAKE --no-print-directory CONFIG=fpga synth
else
    finish_bg
fi
grep -h '^synth ' "$log_dir"/fpga__yosys_synth_ecp5.log 2>/dev/null

printf '\nTime per section (seconds; the synthesis runs beside the sections after the fpga configuration):\n'
for i in "${!sections[@]}"; do
    if [ $((i + 1)) -lt ${#starts[@]} ]; then end=${starts[$((i + 1))]}; else end=$SECONDS; fi
    printf '%6d  %s\n' $((end - starts[i])) "${sections[i]}"
done
printf '%6d  in all\n' "$SECONDS"

if [ $failed -gt 0 ]; then
    printf '\nFailed:\n'
    printf '  %s\n' "${failures[@]}"
fi
echo
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
