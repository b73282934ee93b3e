#!/usr/bin/env bash
# tools/gendefs: a configuration that includes another, and the refusals
# (a missing include, a shape the RTL cannot build) with no headers left.
#   tests/gendefs/test_gendefs.sh build/tools/gendefs
set -u
gendefs=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rc=0
ok() { echo "PASS $1"; }
bad() { echo "FAIL $1"; rc=1; }

# cores8 = default with NUM_CORES=8: every key once, in default's order
if "$gendefs" config/regmap.def config/cores8.cfg "$tmp/a.vh" "$tmp/a.h" 2>"$tmp/err" &&
   [ "$(grep -c '^#define GPU_' "$tmp/a.h")" = "$(grep -c '=' config/default.cfg)" ] &&
   grep -q '^#define GPU_NUM_CORES 8u$' "$tmp/a.h" &&
   grep -q '^`define GPU_NUM_CORES 8$' "$tmp/a.vh" &&
   [ "$(grep '^#define GPU_' "$tmp/a.h" | awk 'NR == 1 {print $2}')" = GPU_NUM_CORES ] &&
   grep -q "^#define GPU_L2_BYTES $(sed -n 's/^L2_BYTES=//p' config/default.cfg)u$" "$tmp/a.h"; then
    ok "include: default's keys, NUM_CORES overridden, each once"
else
    bad "include: $(cat "$tmp/err")"
fi

# refused NAME CFG PATTERN: gendefs fails on CFG, says PATTERN, leaves no header
refused() {
    local name=$1 cfg=$2 pattern=$3
    rm -f "$tmp/r.vh" "$tmp/r.h"
    if "$gendefs" config/regmap.def "$cfg" "$tmp/r.vh" "$tmp/r.h" 2>"$tmp/err"; then
        bad "$name: accepted"
    elif grep -q -- "$pattern" "$tmp/err" && [ ! -e "$tmp/r.h" ] && [ ! -e "$tmp/r.vh" ]; then
        ok "$name: refused, no headers"
    else
        bad "$name: '$(cat "$tmp/err")'"
    fi
}

printf 'include %s/none.cfg\nNUM_CORES=2\n' "$tmp" >"$tmp/missing.cfg"
refused "missing include" "$tmp/missing.cfg" "none.cfg: cannot read"
printf 'include config/default.cfg\nNUM_THREADS=6\n' >"$tmp/t6.cfg"
refused "override checked: NUM_THREADS=6" "$tmp/t6.cfg" "NUM_THREADS=6 is not a power of two"
printf 'include config/default.cfg\nDET_SLOTS=6\n' >"$tmp/s6.cfg"
refused "DET_SLOTS=6 (not a power of two)" "$tmp/s6.cfg" "DET_SLOTS=6 is not a power of two from 1 to LINE_BYTES / 4 = 8"
printf 'include config/default.cfg\nDET_SLOTS=16\n' >"$tmp/s16.cfg"
refused "DET_SLOTS=16 with 32-byte lines" "$tmp/s16.cfg" "DET_SLOTS=16 is not a power of two from 1 to LINE_BYTES / 4 = 8"
printf 'include config/default.cfg\nDET_SLOTS=0\n' >"$tmp/s0.cfg"
refused "DET_SLOTS=0" "$tmp/s0.cfg" "DET_SLOTS=0 is not a power of two"
printf 'include config/default.cfg\nMD_FRESH=2\n' >"$tmp/f2.cfg"
refused "MD_FRESH=2" "$tmp/f2.cfg" "MD_FRESH=2 is neither 0 nor 1"
printf 'include config/default.cfg\nE_STAGE=2\n' >"$tmp/e2.cfg"
refused "E_STAGE=2" "$tmp/e2.cfg" "E_STAGE=2 is neither 0 nor 1"
printf 'include config/default.cfg\nH_STAGE=2\n' >"$tmp/h2.cfg"
refused "H_STAGE=2" "$tmp/h2.cfg" "H_STAGE=2 is neither 0 nor 1"
printf 'include config/default.cfg\nDET_SUPP_SEQ=2\n' >"$tmp/q2.cfg"
refused "DET_SUPP_SEQ=2" "$tmp/q2.cfg" "DET_SUPP_SEQ=2 is neither 0 nor 1"
printf 'include config/default.cfg\nDET_WRITE_STAGE=2\n' >"$tmp/w2.cfg"
refused "DET_WRITE_STAGE=2" "$tmp/w2.cfg" "DET_WRITE_STAGE=2 is neither 0 nor 1"
for n in 1 2 4; do
    printf 'include config/default.cfg\nDET_SLOTS=%s\n' $n >"$tmp/s$n.cfg"
    if "$gendefs" config/regmap.def "$tmp/s$n.cfg" "$tmp/s.vh" "$tmp/s.h" 2>"$tmp/err" &&
       grep -q "^\`define GPU_DET_SLOTS $n\$" "$tmp/s.vh"; then
        ok "DET_SLOTS=$n accepted"
    else
        bad "DET_SLOTS=$n: $(cat "$tmp/err")"
    fi
done
printf 'include %s/loop.cfg\n' "$tmp" >"$tmp/loop.cfg"
refused "include loop" "$tmp/loop.cfg" "nested too deep"
exit $rc
