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

printf 'include %s/none.cfg\nNUM_CORES=2\n' "$tmp" >"$tmp/missing.cfg"
if "$gendefs" config/regmap.def "$tmp/missing.cfg" "$tmp/b.vh" "$tmp/b.h" 2>"$tmp/err"; then
    bad "missing include accepted"
elif grep -q "none.cfg: cannot read" "$tmp/err" && [ ! -e "$tmp/b.h" ] && [ ! -e "$tmp/b.vh" ]; then
    ok "missing include: refused, named, no headers"
else
    bad "missing include: '$(cat "$tmp/err")'"
fi

printf 'include config/default.cfg\nNUM_THREADS=6\n' >"$tmp/t6.cfg"
if "$gendefs" config/regmap.def "$tmp/t6.cfg" "$tmp/c.vh" "$tmp/c.h" 2>"$tmp/err"; then
    bad "NUM_THREADS=6 accepted"
elif grep -q "NUM_THREADS=6 is not a power of two" "$tmp/err" && [ ! -e "$tmp/c.h" ]; then
    ok "override checked: NUM_THREADS=6 refused"
else
    bad "NUM_THREADS=6: '$(cat "$tmp/err")'"
fi

printf 'include %s/loop.cfg\n' "$tmp" >"$tmp/loop.cfg"
if "$gendefs" config/regmap.def "$tmp/loop.cfg" "$tmp/d.vh" "$tmp/d.h" 2>"$tmp/err"; then
    bad "include loop accepted"
elif grep -q "nested too deep" "$tmp/err"; then
    ok "include loop: refused"
else
    bad "include loop: '$(cat "$tmp/err")'"
fi
exit $rc
