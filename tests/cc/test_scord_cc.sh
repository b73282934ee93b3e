#!/usr/bin/env bash
# scord-cc from the build tree: the kernel it builds is the one the
# project's makefiles build (same disassembly), separate compile and link,
# dependency files, GCC's errors and exit status passed through, and every
# way of not finding the runtime or GCC. Prints PASS/FAIL lines.
#
#   tests/cc/test_scord_cc.sh BUILD_DIR   (e.g. build)
set -u
repo=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-build}" && pwd)
cc=$build/bin/scord-cc
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scord-cc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
objdump=${RV_PREFIX:-riscv64-unknown-elf-}objdump

expect() { # name code pattern -- command...: exit code and output (ERE, may be empty)
    local name=$1 code=$2 pat=$3; shift 4
    "$@" >"$tmp/out" 2>&1
    local rc=$?
    if [ $rc -eq "$code" ] && { [ -z "$pat" ] || grep -Eq -- "$pat" "$tmp/out"; }; then
        echo "PASS $name"
    else
        echo "FAIL $name: exit $rc (expected $code): $(head -c 300 "$tmp/out" | tr '\n' ' ')"
    fi
}

mkdir -p "$tmp/w" && cd "$tmp/w" || exit 1
cp "$repo/sw/examples/vecadd/kernel.c" "$repo/sw/examples/vecadd/args.h" .
expect "vecadd from another folder" 0 '' -- "$cc" -o vecadd.elf kernel.c
# Instructions and addresses, without the file-name header.
dis() { "$objdump" -d -M no-aliases,numeric "$1" | tail -n +3; }
export -f dis
export objdump
if dis vecadd.elf >a.dis 2>&1 && dis "$build/sw/sw/examples/vecadd/kernel.elf" >b.dis 2>&1 &&
    [ -s a.dis ] && cmp -s a.dis b.dis; then
    echo "PASS same code as the project's build of vecadd (sw/sw.mk's flags)"
else
    echo "FAIL same code as the project's build of vecadd: $(diff a.dis b.dis | head -c 300)"
fi
expect "compile only (-c), then link the object" 0 '' -- \
    bash -c "'$cc' -c kernel.c -o k.o && '$cc' -o k2.elf k.o && cmp -s <(dis k2.elf) a.dis"
expect "-O0 and -g0 override the defaults (no DWARF for kernel.c; crt0 keeps its own)" 0 '' -- \
    bash -c "'$cc' -O0 -g0 -o o0.elf kernel.c && ! cmp -s <(dis o0.elf) a.dis &&
             ! '$objdump' --dwarf=info o0.elf | grep -q 'DW_AT_name.*kernel\\.c'"
expect "-MMD: dependencies of the ELF" 0 '' -- \
    bash -c "mkdir -p out && '$cc' -MMD -o out/v.elf kernel.c && grep -q '^out/v.elf:.*kernel.c' out/kernel.d &&
             grep -q 'scord_gpu.h' out/kernel.d"
printf '#include <scord_gpu.h>\nvoid kernel_main(void *a) { (void)a; int x = ; }\n' >bad.c
expect "GCC's error and exit status 1" 1 'bad.c:2:[0-9]+: error: expected expression' -- "$cc" -o bad.elf bad.c
# float and double in software: libgcc's routines and picolibc's sqrt link
# without -lm (docs/isa.md, "Floating point")
printf '#include <math.h>\n#include <scord_gpu.h>\nvoid kernel_main(double *p) { p[1] = sqrt(p[0] * 3.0) + (float)p[2]; atomicAdd((float *)p, 1.5f); }\n' >fp.c
expect "float, double and sqrt link (soft float)" 0 '' -- \
    bash -c "'$cc' -o fp.elf fp.c && dis fp.elf | grep -q '<__muldf3>:' && dis fp.elf | grep -q '<sqrt>:' &&
             dis fp.elf | grep -q '<__addsf3>:'"
printf '#include <scord_gpu.h>\nvoid kernel_main(float *p) { atomicMin(p, 1.0f); }\n' >fmin.c
expect "an atomic CUDA has only on integers, on a float: a compile error" 1 \
    'error: call to .__scord_atomic_float_unsupported. declared with attribute error: this atomic takes integers only \(on float: atomicAdd, atomicExch\)' -- \
    "$cc" -o fmin.elf fmin.c
expect "undefined symbol: the linker's error" 1 'undefined reference to .nowhere' -- \
    bash -c "printf 'void nowhere(void);\nvoid kernel_main(void *a) { (void)a; nowhere(); }\n' >u.c && '$cc' -o u.elf u.c"
expect "no input file: usage error" 2 'no input files' -- "$cc" -O2
expect "-o without a name: usage error" 2 "missing filename after '-o'" -- "$cc" kernel.c -o
expect "--print-device-dir: the build tree's" 0 "^$build/lib/scord/device\$" -- "$cc" --print-device-dir
expect "help" 0 'exit codes' -- "$cc" --help
expect "GCC not found: exit 3" 3 "cannot run 'no-such-gcc'" -- env SCORD_GCC=no-such-gcc "$cc" -o x.elf kernel.c
expect "SCORD_DEVICE_DIR without a runtime: exit 3" 3 'has no kernel runtime' -- \
    env SCORD_DEVICE_DIR="$tmp" "$cc" -o x.elf kernel.c
ln -s "$cc" linked-scord-cc
expect "through a symbolic link: the runtime next to the real file" 0 '' -- ./linked-scord-cc -o l.elf kernel.c
cp "$cc" copied-scord-cc
expect "a copy without a runtime next to it: exit 3" 3 'cannot find the kernel runtime' -- \
    ./copied-scord-cc -o c.elf kernel.c
