#!/usr/bin/env bash
# make bench-nvcc: how long scord-nvcc takes to build a CUDA program, from
# the .cu file to the executable (translation with libclang, the device
# compile and link with the RISC-V g++, the host compile and link), for
# each race-free or racy program of tests/cuda/nvcc; each built RUNS times
# (default 3), the median printed, and the translation alone
# (--print-units) for vecadd.cu.
#   tests/cuda/nvcc/bench.sh BUILD_DIR [CONFIG]
set -u
build=$(cd "$1" && pwd)
config=${2:-default}
runs=${RUNS:-3}
here=$(cd "$(dirname "$0")" && pwd)
nvcc=$build/bin/scord-nvcc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
seconds() { # command...: wall seconds
    local t0 t1
    t0=$(date +%s.%N)
    "$@" > /dev/null 2>&1 || echo "FAILED: $*" >&2
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", b - a }'
}
printf '%-22s %8s %s\n' program seconds "(median of $runs builds, configuration $config, $(nproc) cores)"
for f in "$here"/*.cu; do
    head -1 "$f" | grep -q 'expect: error' && continue
    name=$(basename "$f" .cu)
    with=()
    for w in $(sed -n 's|^// with: ||p' "$f"); do with+=("$here/$w"); done
    m=$(for i in $(seq "$runs"); do seconds "$nvcc" --config "$config" -o "$tmp/$name" "$f" "${with[@]}"; done | median)
    printf '%-22s %8.2f\n' "$name" "$m"
done
m=$(for i in $(seq "$runs"); do seconds "$nvcc" --print-units "$here/vecadd.cu"; done | median)
printf '%-22s %8.2f\n' "translate vecadd only" "$m"
