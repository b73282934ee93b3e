#!/usr/bin/env bash
# The CUDA runtime (driver/cuda) without the translator: kernel.c built by
# scord-cc, host.cpp (C++) and c_host.c (C) linked against
# libscord_cudart.a, each case run on the default device (the cycle model)
# and its exit status, stdout and stderr checked. Prints PASS name or
# FAIL name: why per case; exits 1 if any failed.
#
# `make cuda-host-test` runs it with the build's paths; by hand, from the
# repository, after `make sim cudart`: bash tests/cuda/host/run.sh
set -u
root=$(cd "$(dirname "$0")/../../.." && pwd)
cd "$root" || exit 1
CC=${CC:-cc}
CXX=${CXX:-g++}
SCORD_CC=${SCORD_CC:-build/bin/scord-cc}
SCORD_CUDART_LIB=${SCORD_CUDART_LIB:-build/lib/libscord_cudart.a}
SCORD_CUDART_LDLIBS=${SCORD_CUDART_LDLIBS:-build/default/lib/libscord.a -ldw -lelf -lstdc++ -lz -lpthread -lm}
OUT=${OUT:-build/default/cuda-host}
src=tests/cuda/host
mkdir -p "$OUT"
# The runtime's settings come from the environment: start from none.
unset SCORD_DEVICE SCORD_DETECT_MODE SCORD_CUDA_TIMEOUT_MS SCORD_CUDA_VERBOSE SCORD_CHECK_EXITCODE

failed=0
fail() { echo "FAIL $1: $2"; failed=1; }

# ---- build -------------------------------------------------------------------
build() { # name, command...: PASS/FAIL on its status, the log kept
    local name=$1; shift
    if "$@" >"$OUT/$name.log" 2>&1; then
        echo "PASS $name"
        return 0
    fi
    fail "$name" "$(head -c 600 "$OUT/$name.log" | tr '\n' ' ')"
    return 1
}
# shellcheck disable=SC2086 # the link flags are words
build build-kernel "$SCORD_CC" -o "$OUT/kernel.elf" "$src/kernel.c" || exit 1
build build-cxx-host "$CXX" -std=c++17 -O1 -g -Wall -Wextra -Werror -Idriver/cuda/include \
    -o "$OUT/host" "$src/host.cpp" "$SCORD_CUDART_LIB" $SCORD_CUDART_LDLIBS || exit 1
build build-c-host "$CC" -std=c99 -pedantic -O1 -Wall -Wextra -Werror -Idriver/cuda/include \
    -o "$OUT/c_host" "$src/c_host.c" "$SCORD_CUDART_LIB" $SCORD_CUDART_LDLIBS || exit 1
elf=$OUT/kernel.elf
line() { grep -n "$1" "$src/kernel.c" | head -n 1 | cut -d: -f1; }
L_FAULT=$(line LINE_FAULT)
L_LOAD=$(line LINE_RACE_LOAD)
L_STORE=$(line LINE_RACE_STORE)
L_MISALIGNED=$(line LINE_MISALIGNED)

# ---- cases -------------------------------------------------------------------
# run NAME [VAR=VALUE...] -- COMMAND...: output in $OUT/NAME.{out,err}, status in rc.
rc=0
cur=
why=
run() {
    cur=$1; shift
    local envs=()
    while [ "$1" != "--" ]; do envs+=("$1"); shift; done
    shift
    why=
    env "${envs[@]}" timeout 120 "$@" >"$OUT/$cur.out" 2>"$OUT/$cur.err"
    rc=$?
}
note() { why="${why:+$why; }$1"; }
status_is() { [ "$rc" = "$1" ] || note "exit status $rc, expected $1 ($(grep -m1 'CHECK FAILED' "$OUT/$cur.err"))"; }
has() { grep -Eq -- "$2" "$OUT/$cur.$1" || note "no /$2/ in $1"; }
lacks() { ! grep -Eq -- "$2" "$OUT/$cur.$1" || note "unexpected /$2/ in $1: $(grep -Em1 -- "$2" "$OUT/$cur.$1")"; }
verdict() { if [ -z "$why" ]; then echo "PASS $cur"; else fail "$cur" "$why (see $OUT/$cur.err)"; fi; }

summary0='^========= RACE SUMMARY: 0 races \(0 distinct\), 0 dropped$'
summary_races='^========= RACE SUMMARY: [1-9][0-9]* races? \([1-9][0-9]* distinct\), 0 dropped$'

run basic -- "$OUT/host" "$elf" basic
status_is 0; has out '^ok basic$'; has err "$summary0"; lacks err 'Race|CHECK FAILED'
verdict

run basic-exitcode SCORD_CHECK_EXITCODE=7 -- "$OUT/host" "$elf" basic
status_is 0; has out '^ok basic$'
verdict

# Errors are returned, not printed (CUDA prints nothing), but for what
# this runtime does not support.
run errors -- "$OUT/host" "$elf" errors
status_is 0; has out '^ok errors$'; has err 'only the default stream'
lacks err 'cudaErrorInvalid|exceeds the limit'
verdict

run errors-verbose SCORD_CUDA_VERBOSE=1 -- "$OUT/host" "$elf" errors
status_is 0; has out '^ok errors$'
has err "launch: cudaErrorInvalidConfiguration: kernel 'too_big' .*exceeds the limit of threads per block"
has err 'cudaFree: cudaErrorInvalidValue: 0x12345 is not an address cudaMalloc returned'
verdict

run fault -- "$OUT/host" "$elf" fault
status_is 0; has out '^continued after the faults$'; has out '^ok fault$'
has err "^scord-cuda: kernel 'fault' faulted: out-of-bounds access \(cause 3\) at pc 0x[0-9a-f]{8} \(kernel.c:$L_FAULT, in fault\), address 0x00000000 \(null page\), .*cudaErrorIllegalAddress"
has err "^scord-cuda: kernel 'misaligned' faulted: misaligned access .*\(kernel.c:$L_MISALIGNED, in misaligned\).*cudaErrorMisalignedAddress"
verdict

# The race: both accesses named by their line of kernel.c.
run race -- "$OUT/host" "$elf" race
status_is 0; has out '^ok race$'
has err '^========= Race \([a-z-]+\) detected: '
has err "^=========     (Read|Write)( \([a-z-]+\))? by thread \(0,0,0\) in block \([01],0,0\) at kernel.c:($L_LOAD|$L_STORE):"
has err "^=========     previous (Read|Write)( \([a-z-]+\))? by thread \(0,0,0\) in block \([01],0,0\) at kernel.c:($L_LOAD|$L_STORE):"
if grep -q "kernel.c:$L_LOAD:" "$OUT/race.err" && grep -q "kernel.c:$L_STORE:" "$OUT/race.err"; then :; else
    note "not both lines $L_LOAD and $L_STORE of kernel.c in the report"
fi
has err "$summary_races"
verdict

run race-exitcode SCORD_CHECK_EXITCODE=7 -- "$OUT/host" "$elf" race
status_is 7; has out '^ok race$'; has err "$summary_races"
verdict

run race-exitcode-0 SCORD_CHECK_EXITCODE=0 -- "$OUT/host" "$elf" race
status_is 0; has err "$summary_races"
verdict

run race-detect-off SCORD_DETECT_MODE=off SCORD_CHECK_EXITCODE=7 -- "$OUT/host" "$elf" race
status_is 0; has out '^ok race$'; lacks err 'Race|RACE'
verdict

# Launched and never waited for: the exit waits, and reports.
run pending SCORD_CHECK_EXITCODE=5 -- "$OUT/host" "$elf" pending
status_is 5; has out '^ok pending$'; has err '^========= Race '; has err "$summary_races"
verdict

# The kernel's printf between the host's own lines, as the kernel wrote it.
run printf -- "$OUT/host" "$elf" printf
status_is 0
printf '%s\n' "before the kernel" "hello from block 0 thread 0" "hello from block 0 thread 1" \
    "hello from block 1 thread 0" "hello from block 1 thread 1" "after the kernel" "ok printf" \
    >"$OUT/printf.expected"
cmp -s "$OUT/printf.out" "$OUT/printf.expected" || note "stdout differs from $OUT/printf.expected"
verdict

run timeout SCORD_CUDA_TIMEOUT_MS=1000 -- "$OUT/host" "$elf" timeout
status_is 0; has out '^ok timeout$'; has err "^scord-cuda: kernel 'endless' timed out"
verdict

run c-host -- "$OUT/c_host" "$elf"
status_is 0; has out '^ok c \(1 device, scord '
verdict

run bad-device SCORD_DEVICE=nosuch -- "$OUT/host" "$elf" basic
status_is 90; has err "^scord-cuda: cannot open device 'nosuch'"; has err 'cudaErrorNoDevice'
verdict

run bad-mode SCORD_DETECT_MODE=half -- "$OUT/host" "$elf" basic
status_is 90; has err "SCORD_DETECT_MODE='half'"; has err 'cudaErrorInitializationError'
verdict

exit $failed
