#!/bin/sh
# tests/cuda/device/run.sh: the device side of scord-nvcc, tested without
# the translator. C++ kernels written as scord-nvcc's device unit presents
# them (scord_cuda.h first; volatile accesses, extern __shared__ and
# __shared__ in templates already rewritten) are compiled with the RISC-V
# g++, linked by scord-cc (its crt0, link.ld and libraries) and run on the
# cycle model of the default configuration with the race detector armed.
#
#   tests/cuda/device/run.sh        one line per test: "PASS name" or
#                                   "FAIL name: why"; exit status 1 if any failed
#
# Environment: SCORD_BIN (default build/bin: scord and scord-cc), SCORD_GXX
# (default riscv64-unknown-elf-g++), KEEP=1 keeps the build directory.
#
# scord-cc's C++ flags include -fno-thread-jumps: GCC's jump threading
# copies the code after a branch into both arms, and a warp operation
# (shuffle, vote, __syncwarp) copied so runs at two PCs, each time with
# only part of the warp; CUDA's compilers never duplicate such
# "convergent" operations.
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
bin=${SCORD_BIN:-$root/build/bin}
scord=$bin/scord
scord_cc=$bin/scord-cc
gxx=${SCORD_GXX:-riscv64-unknown-elf-g++}
objdump=${gxx%g++}objdump

fails=0
pass() { echo "PASS $1"; }
fail() {
    echo "FAIL $1: $2"
    fails=$((fails + 1))
}

for tool in "$scord" "$scord_cc"; do
    if [ ! -x "$tool" ]; then
        echo "FAIL setup: $tool not found (make sim)"
        exit 1
    fi
done
if ! command -v "$gxx" >/dev/null 2>&1; then
    echo "FAIL setup: $gxx not found (make deps)"
    exit 1
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/scord-cuda-device.XXXXXX") || exit 1
if [ "${KEEP:-0}" = 1 ]; then
    echo "build directory: $work"
else
    trap 'rm -rf "$work"' EXIT
fi

# scord-cc compiles .cpp files with the RISC-V g++ and its C++ flags
# (freestanding C++17, -fno-thread-jumps; scord-cc --verbose prints them).
# build NAME SRC OPT: compile and link $work/NAME.elf; 0 on success, else
# the compiler's first error is in $work/NAME.err.
build() {
    "$scord_cc" "$3" -Werror -I"$root/sw/include/cuda-device" -I"$here" \
        -c -o "$work/$1.o" "$2" >"$work/$1.err" 2>&1 &&
        "$scord_cc" -o "$work/$1.elf" "$work/$1.o" >>"$work/$1.err" 2>&1
}
first_error() { grep -m1 -E 'error|warning|undefined' "$work/$1.err" || head -n1 "$work/$1.err"; }

# run NAME ARGS...: run $work/NAME.elf, output in $work/NAME.out, status in $rc.
run() {
    name=$1
    shift
    "$scord" run --timeout 120 "$work/$name.elf" "$@" >"$work/$name.out" 2>&1
    rc=$?
}

# check_ok NAME TEST WORD: the kernel's own verdict "WORD: ok", no race.
check_ok() {
    if [ "$rc" -ne 0 ]; then
        fail "$2" "exit status $rc ($(grep -m1 -E 'FAIL|fault|Race|timeout' "$work/$1.out"))"
    elif ! grep -q "] $3: ok\$" "$work/$1.out"; then
        fail "$2" "$(grep -m1 -E 'FAIL|errors' "$work/$1.out" || echo "no verdict printed")"
    else
        pass "$2"
    fi
}

# ---- 1. every construct compiles warning-free and links, at -O2 and -O0 --
for opt in -O2 -O0; do
    if build "all_constructs$opt" "$here/all_constructs.cu.cpp" "$opt"; then
        pass "compile all_constructs $opt"
    else
        fail "compile all_constructs $opt" "$(first_error "all_constructs$opt")"
    fi
done

# ---- 2. the kernels ------------------------------------------------------
for k in atomics volatile warp printf shared; do
    if ! build "$k" "$here/$k.cu.cpp" -O2; then
        fail "$k" "does not build: $(first_error "$k")"
        eval "built_$k=0"
    else
        eval "built_$k=1"
    fi
done

if [ "$built_atomics" = 1 ]; then
    run atomics --grid 2 --block 16
    check_ok atomics atomics atomics
fi

if [ "$built_volatile" = 1 ]; then
    # the accesses must be strong ones: custom-2 (0x5b) loads, custom-3 (0x7b)
    # stores, which objdump prints as .4byte words ending in 5b/db, 7b/fb
    strong=$("$objdump" -d "$work/volatile.elf" | grep -cE '\.4byte[[:space:]]+0x[0-9a-f]*(5b|db|7b|fb)$')
    run volatile --grid 2 --block 16 0
    if [ "$strong" -lt 40 ]; then
        fail volatile "only $strong strong loads and stores in the image"
    else
        check_ok volatile volatile volatile
    fi
    # the same hand-off with plain accesses must be reported
    run volatile --grid 2 --block 16 1
    if [ "$rc" -eq 4 ] && grep -qE 'Race \((stale-read|not-strong)\)' "$work/volatile.out"; then
        pass volatile-weak-reported
    else
        fail volatile-weak-reported "exit status $rc, no stale-read / not-strong race reported"
    fi
fi

if [ "$built_warp" = 1 ]; then
    run warp --grid 2 --block 16
    check_ok warp warp warp
fi

if [ "$built_printf" = 1 ]; then
    run printf -q --grid 2 --block 4 0
    cat >"$work/printf.want" <<'EOF'
[block (0,0,0) thread (0,0,0)] b0: -5 7 A -1234567890123 18364758544493064720 1.25 -2.500 image string 0x1234 8 -42
[block (0,0,0) thread (1,0,0)] template 0
[block (0,0,0) thread (2,0,0)] point (0, 0)
[block (0,0,0) thread (3,0,0)] b0 t3: width [   42] [42   ] [003.1] ff FF 10 %
[block (1,0,0) thread (0,0,0)] b1: -6 8 B -1234567890123 18364758544493064720 1.25 -5.000 image string 0x1234 8 -42
[block (1,0,0) thread (1,0,0)] template -1000000000000
[block (1,0,0) thread (2,0,0)] point (1, 2)
[block (1,0,0) thread (3,0,0)] b1 t3: width [   42] [42   ] [003.1] ff FF 10 %
========= RACE SUMMARY: 0 races (0 distinct), 0 dropped
EOF
    if [ "$rc" -ne 0 ]; then
        fail printf "exit status $rc"
    elif ! diff "$work/printf.want" "$work/printf.out" >"$work/printf.diff"; then
        fail printf "output differs: $(grep -m1 '^[<>]' "$work/printf.diff")"
    else
        pass printf
    fi
    run printf -q --grid 2 --block 4 1
    if [ "$rc" -eq 1 ] &&
        grep -q '^\[block (1,0,0) thread (2,0,0)\] .*printf.cu.cpp:[0-9]*: void print_kernel(unsigned int): Assertion `!(b == 1 \&\& t == 2)` failed\.$' "$work/printf.out" &&
        grep -q 'fault: ecall/ebreak' "$work/printf.out"; then
        pass assert
    else
        fail assert "exit status $rc, want 1 with the assertion's message and the trap"
    fi
fi

if [ "$built_shared" = 1 ]; then
    run shared --grid 4 --block 16 --shared 256
    check_ok shared shared shared
fi

[ "$fails" -eq 0 ]
