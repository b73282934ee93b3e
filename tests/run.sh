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
# Sections run side by side (run_lanes) carry their lane's number and
# their own end.
sections=()
starts=()
ends=()
lanes=()
close_section() {
    local n=${#sections[@]}
    if [ "$n" -gt 0 ] && [ -z "${ends[n - 1]}" ]; then ends[n - 1]=$SECONDS; fi
}
open_section() {    # open_section START LANE NAME
    close_section
    starts+=("$1")
    ends+=("")
    lanes+=("$2")
    sections+=("$3")
    printf '\n== %s\n' "$3"
}
note() { open_section "$SECONDS" "" "$*"; }
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

# A step's outcome from its exit code, as check or count would take it:
# settle KIND NAME RC (KIND: check or count).
settle() {
    if [ "$1" = check ]; then outcome "$2" "$3" "$(log_of "$2")"; else count_log "$2" "$3"; fi
}

# Steps run in the background beside the steps that follow: bg_start KIND
# NAME COMMAND... starts one (run at once with JOBS < 2), bg_finish NAME
# waits for it and counts its outcome. Yosys's synthesis of the fpga GPU is
# one core's work for ten minutes or so, and many steps leave the second
# core idle.
declare -A bg_pid=() bg_kind=() bg_rc=()
bg_start() {
    local kind=$1 name=$2
    shift 2
    bg_kind[$name]=$kind
    if [ "$JOBS" -lt 2 ]; then
        "$@" >"$(log_of "$name")" 2>&1
        bg_rc[$name]=$?
        return
    fi
    "$@" >"$(log_of "$name")" 2>&1 &
    bg_pid[$name]=$!
}
bg_finish() {
    local name=$1 rc
    if [ -n "${bg_pid[$name]:-}" ]; then
        wait "${bg_pid[$name]}"
        rc=$?
    else
        rc=${bg_rc[$name]}
    fi
    unset "bg_pid[$name]"
    settle "${bg_kind[$name]}" "$name" "$rc"
}
bg_started() { [ -n "${bg_kind[$1]:-}" ]; }

# Two lanes of sections side by side (one after the other with JOBS < 2):
# run_lanes FUNCTION1 FUNCTION2. Each function runs in a subshell and
# declares its sections with lane_note and its steps with lane_step KIND
# NAME COMMAND... (which returns the step's exit code); the steps only run
# and log there, and a manifest keeps their outcomes, which the main shell
# counts afterwards, lane 1 first, in each lane's order. So the output
# reads as if the sections had run one after another. The two lanes must
# not build the same files: what both need is built before.
lane_manifest=
lane_note() { printf 'section\t%s\t%s\n' "$SECONDS" "$*" >>"$lane_manifest"; }
lane_step() {
    local kind=$1 name=$2 rc
    shift 2
    "$@" >"$(log_of "$name")" 2>&1
    rc=$?
    printf '%s\t%s\t%s\n' "$kind" "$rc" "$name" >>"$lane_manifest"
    return $rc
}
run_lane() {    # run_lane MANIFEST FUNCTION, in a subshell
    ( lane_manifest=$1; "$2"; printf 'end\t%s\n' "$SECONDS" >>"$1" )
}
run_lanes() {
    local m1=$log_dir/lane1.tsv m2=$log_dir/lane2.tsv pid
    close_section
    rm -f "$m1" "$m2"
    run_lane "$m1" "$1" &
    pid=$!
    if [ "$JOBS" -lt 2 ]; then wait "$pid"; pid=; fi
    run_lane "$m2" "$2"
    if [ -n "$pid" ]; then wait "$pid"; fi
    replay_lane 1 "$m1"
    replay_lane 2 "$m2"
}
replay_lane() {
    local lane=$1 kind a b
    while IFS=$'\t' read -r kind a b; do
        case $kind in
            section)
                # the lane's previous section ended as this one started
                if [ "${lanes[${#lanes[@]} - 1]}" = "$lane" ]; then ends[${#ends[@]} - 1]=$a; fi
                open_section "$a" "$lane" "$b" ;;
            end)
                ends[${#ends[@]} - 1]=$a ;;
            *)
                settle "$kind" "$b" "$a" ;;
        esac
    done <"$2"
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
        # Each run is one core's work and nothing else runs yet: the three
        # long ones at once, then the short ISA tests (a pair of pairs left
        # a core idle for over a minute).
        bg_start count "$c: kernel, detector full mode" build/"$c"/bin/scord-kernel-tests --detect
        bg_start count "$c: kernel, detector cache mode" build/"$c"/bin/scord-kernel-tests \
            --detect-mode cache
    fi
    count "$c: kernel" build/"$c"/bin/scord-kernel-tests
    count "$c: isa" build/"$c"/bin/scord-isa-tests
    if [ "$c" = default ]; then
        bg_finish "$c: kernel, detector full mode"
        bg_finish "$c: kernel, detector cache mode"
    fi
    if [ "$c" = fpga ]; then
        # Its headers exist now, so nothing in front writes what it reads.
        bg_start check "fpga: yosys synth_ecp5" nice -n 5 $MAKE --no-print-directory CONFIG=fpga synth
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

# The rest but the tutorial in two lanes side by side: mostly one core's
# work each. Built first, one after the other, what both lanes use or
# whose build touches files the other's builds touch too: the firmware's
# image (lint-soc makes it; fpga-check and the simulated board read it)
# and the simulated board (`make sim` rewrites scord-cc's flags header,
# which `make install` in the toolchain's tests checks as well).
note "FPGA SoC: lint, the simulated board's build"
check "fpga: SoC verilator lint -Wall" $MAKE --no-print-directory CONFIG=fpga lint-soc
check "fpga: build simulated board" $MAKE --no-print-directory -j"$JOBS" CONFIG=fpga \
    sim soc-sim build/fpga/bin/scord-hostlink-test build/fpga/bin/scord-firmware-test
board_built=$?

lane_board() {
    lane_note "FPGA SoC: the simulated board over the uart backend"
    if [ "$board_built" -eq 0 ]; then
        lane_step count "soc" bash tests/fpga/test_soc.sh build/fpga/bin build/sw
    fi
    lane_note "trust: state after faults (cycle model, simulated board), sanitizers (docs/trust.md)"
    lane_step count "fault stress" $MAKE --no-print-directory CONFIG=fpga fault-stress STRESS_ROUNDS=40
    lane_step count "sanitizers" $MAKE --no-print-directory sanitize-test
}

lane_tools() {
    lane_note "scord CLI and bad input"
    lane_step count "cli" bash tests/cli/test_cli.sh build/default/bin/scord build/sw

    lane_note "trust: ISA co-simulation against QEMU, fuzz corpora (docs/trust.md)"
    if lane_step check "cosim and fuzz harnesses build" $MAKE --no-print-directory -j"$JOBS" CONFIG=default \
            build/default/bin/scord-isa-cosim fuzz-bins; then
        lane_step count "cosim" $MAKE --no-print-directory CONFIG=default isa-cosim
        lane_step count "fuzz corpora" $MAKE --no-print-directory CONFIG=default fuzz-replay
    fi

    lane_note "toolchain: scord-cc, SARIF output, make install + pkg-config, FuseSoC cores"
    lane_step count "scord-cc" bash tests/cc/test_scord_cc.sh build
    if lane_step check "sarif: build the writer's unit program" $MAKE --no-print-directory CONFIG=default \
            build/default/bin/scord-sarif-related; then
        lane_step count "sarif" bash tests/sarif/test_sarif.sh build/default/bin build/sw
    fi
    lane_step count "install" bash tests/install/test_install.sh
    lane_step count "fusesoc" bash tests/fusesoc/test_fusesoc.sh build

    lane_note "FPGA tools: board-top synthesis check, reports and tables, cell models"
    lane_step check "fpga: board tops synthesise (yosys, GPU a black box)" \
        $MAKE --no-print-directory CONFIG=fpga fpga-check
    lane_step check "fpga: path finder ranks a synthesized netlist's paths" bash tests/fpga/test_fpga_paths.sh
    lane_step check "fpga: detector cost table from two flattened syntheses" bash tests/fpga/test_fpga_det_cost.sh
    lane_step check "fpga: detector share by number of cores from cost tables" bash tests/fpga/test_fpga_det_scale.sh
    lane_step check "fpga: parts table of a synthesis that keeps the hierarchy" bash tests/fpga/test_synth_parts.sh
    lane_step check "fpga: our ECP5 cell models (block RAM, multiplier) against their documented behaviour" \
        $MAKE --no-print-directory fpga-sim-models-test
    lane_step check "fpga: report of a placed and routed build (nextpnr on a small ECP5)" \
        bash tests/fpga/test_fpga_report.sh
    lane_step check "fpga: seed sweep table over real place-and-route runs (nextpnr on a small ECP5)" \
        bash tests/fpga/test_fpga_seeds.sh
}

run_lanes lane_board lane_tools

note "docs/tutorial.md, every command as written (cycle model and simulated board)"
count "tutorial" bash tests/tutorial/test_tutorial.sh

note "synthesis (Yosys), started after the fpga configuration's tests"
if bg_started "fpga: yosys synth_ecp5"; then
    bg_finish "fpga: yosys synth_ecp5"
else
    check "fpga: yosys synth_ecp5" $MAKE --no-print-directory CONFIG=fpga synth
fi
grep -h '^synth ' "$log_dir"/fpga__yosys_synth_ecp5.log 2>/dev/null

close_section
printf '\nTime per section (seconds; the synthesis runs beside the sections after the fpga configuration;\n'
printf 'lanes 1 and 2 side by side):\n'
for i in "${!sections[@]}"; do
    printf '%6d  %s%s\n' $((ends[i] - starts[i])) "${lanes[i]:+[lane ${lanes[i]}] }" "${sections[i]}"
done
printf '%6d  in all\n' "$SECONDS"

if [ $failed -gt 0 ]; then
    printf '\nFailed:\n'
    printf '  %s\n' "${failures[@]}"
fi
echo
echo "$passed passed, $failed failed"
[ $failed -eq 0 ]
