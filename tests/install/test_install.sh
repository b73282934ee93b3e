#!/usr/bin/env bash
# make install into a temporary prefix, then, from outside the tree, with
# only what was installed: the installed scord-cc builds a kernel, scord-nvcc
# a CUDA program that scord check runs, a host
# program builds against libscord through pkg-config (shared and static)
# and runs it, scord runs it, scord-scor runs a workload with its installed
# suite data; the man pages are there; a DESTDIR image works where it was
# staged; make uninstall removes everything. Prints PASS/FAIL lines.
#
#   tests/install/test_install.sh
set -u
repo=$(cd "$(dirname "$0")/../.." && pwd)
src=$repo/tests/install
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scord-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
MAKE=${MAKE:-make}

check() { # name command...: PASS if the command succeeds
    local name=$1; shift
    if "$@" >"$tmp/out" 2>&1; then echo "PASS $name"; else
        echo "FAIL $name: $(tail -c 400 "$tmp/out" | tr '\n' ' ')"; fi
}
# name want-regex command...: PASS if it succeeds and its output matches
check_out() {
    local name=$1 want=$2; shift 2
    if "$@" >"$tmp/out" 2>&1 && grep -Eq -- "$want" "$tmp/out"; then echo "PASS $name"; else
        echo "FAIL $name: $(tail -c 400 "$tmp/out" | tr '\n' ' ')"; fi
}

if ! $MAKE --no-print-directory -C "$repo" install PREFIX="$prefix" >"$tmp/install.log" 2>&1; then
    echo "FAIL make install PREFIX=$prefix: $(tail -c 600 "$tmp/install.log")"
    exit 1
fi
echo "PASS make install PREFIX=..."

# Outside the tree, only the prefix on PATH.
work=$tmp/work
mkdir -p "$work"
cp "$src/count.c" "$src/count.h" "$src/host.c" "$repo/tests/cuda/nvcc/racy_sum.cu" "$work/"
cd "$work" || exit 1
export PATH="$prefix/bin:$PATH"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"

check "installed scord-cc finds its runtime" test "$(scord-cc --print-device-dir)" = "$prefix/lib/scord/device"
check "installed scord-cc: kernel from two flags and a local header" \
    scord-cc -O2 -g -o count.elf count.c
check "installed scord-cc: -D reaches GCC" scord-cc -DRACY=1 -o racy.elf count.c

check "host program builds with pkg-config --cflags --libs scord" \
    bash -c 'cc -std=c11 -Wall -Werror -o host host.c $(pkg-config --cflags --libs scord)'
check "host program links libscord.so" bash -c 'readelf -d ./host | grep -q "NEEDED.*\[libscord.so.1\]"'
check_out "host program (shared libscord): right count, no race" '^total 128 races 0$' \
    env LD_LIBRARY_PATH="$prefix/lib" ./host count.elf
check_out "host program (shared libscord): block-scope atomics race" '^total [0-9]+ races [1-9]' \
    env LD_LIBRARY_PATH="$prefix/lib" ./host racy.elf
check "host program builds against libscord.a" bash -c \
    'cc -std=c11 -o host_static host.c $(pkg-config --cflags scord) \
        "$(pkg-config --variable=libdir scord)/libscord.a" \
        $(pkg-config --static --libs-only-l scord | sed "s/-lscord//")'
check_out "host program (static libscord): right count, no race" '^total 128 races 0$' ./host_static count.elf

check_out "installed scord runs the kernel" 'RACE SUMMARY: 0 races' \
    scord run --grid 4 --block 32 count.elf zeros:4 128 --dump @0
check_out "installed scord-scor runs a workload from its installed data" \
    '^PASS interblock_blkatom \[full\]' scord-scor -j1 --check --configs full interblock_blkatom

check "installed scord-nvcc builds a CUDA program (installed configuration)" \
    scord-nvcc -o racy_sum racy_sum.cu
check_out "installed scord check runs it and names the racy line" 'racy_sum.cu:11' \
    bash -c 'scord check --error-exitcode 9 ./racy_sum; test $? = 9'

# roff writes "--" as "\-\-"
man_has() { grep -q '^\.TH' "$1" && sed 's/\\-/-/g' "$1" | grep -q -- "$2"; }
for m in scord:--sarif scord:--grid scord-cc:--print-device-dir scord-scor:--jobs scord-nvcc:--config; do
    check "man page ${m%%:*}(1) documents ${m#*:}" man_has "$prefix/share/man/man1/${m%%:*}.1" "${m#*:}"
done

# A DESTDIR image for PREFIX=/opt/scord, used where it was staged:
# scord-cc finds its runtime next to itself.
stage=$tmp/stage
check "make install DESTDIR=... PREFIX=/opt/scord" \
    $MAKE --no-print-directory -C "$repo" install DESTDIR="$stage" PREFIX=/opt/scord
check "staged pkg-config file names the final prefix" grep -qx 'prefix=/opt/scord' \
    "$stage/opt/scord/lib/pkgconfig/scord.pc"
check "staged scord-cc builds a kernel" "$stage/opt/scord/bin/scord-cc" -o staged.elf count.c
check_out "staged kernel runs" 'RACE SUMMARY: 0 races' \
    "$stage/opt/scord/bin/scord" run --grid 4 --block 32 staged.elf zeros:4 128

check "make uninstall PREFIX=..." $MAKE --no-print-directory -C "$repo" uninstall PREFIX="$prefix"
left=$(find "$prefix" -type f -o -type l | head -n 5)
if [ -z "$left" ]; then echo "PASS uninstall leaves no file"; else
    echo "FAIL uninstall leaves no file: $left"; fi
