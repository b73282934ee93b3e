#!/usr/bin/env bash
# scord-scor: bad input, and that --check can fail (a marker removed from a
# copy of a kernel's source makes its race a false positive and the race
# unfound). Prints PASS/FAIL lines.
# Usage: tests/scor/test_scor.sh BIN SW_DIR
set -u
bin=$1 sw=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expect_rc() { # name rc cmd...
    local name=$1 want=$2; shift 2
    "$@" >"$tmp/out" 2>&1
    local rc=$?
    if [ $rc -eq "$want" ]; then echo "PASS $name"; else echo "FAIL $name: exit $rc, expected $want"; cat "$tmp/out"; fi
}

expect_rc "unknown option" 2 "$bin" --bogus
expect_rc "unknown workload" 2 "$bin" --sw-dir "$sw" no_such_workload
expect_rc "unknown configuration" 2 "$bin" --sw-dir "$sw" --configs full,huge micro
expect_rc "bad ring size" 2 "$bin" --ring 1 micro
expect_rc "missing value" 2 "$bin" --configs
expect_rc "list" 0 "$bin" --list

# A copy of the sources with its markers dropped: the racy kernel must fail.
k=sw/bench/micro/interblock_blkatom
mkdir -p "$tmp/root/$k"
sed 's#// scor:race blkatom##' "$k/kernel.c" > "$tmp/root/$k/kernel.c"
"$bin" --sw-dir "$sw" --src-root "$tmp/root" --check --configs full interblock_blkatom >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q '^FAIL interblock_blkatom \[full\]: .*false positive' "$tmp/out"; then
    echo "PASS unmarked report is a false positive"
else
    echo "FAIL unmarked report is a false positive: exit $rc"; cat "$tmp/out"
fi
# The same kernel with its own sources passes, and the JSON names it.
"$bin" --sw-dir "$sw" --check --configs full --json "$tmp/r.json" interblock_blkatom >"$tmp/out" 2>&1
if [ $? -eq 0 ] && grep -q '"name": "interblock_blkatom".*"expected_races": 1, "reported_races": 1, "false_positives": 0' "$tmp/r.json"; then
    echo "PASS json result"
else
    echo "FAIL json result"; cat "$tmp/out" "$tmp/r.json"
fi

# -j: the same workloads in two worker processes print and write exactly
# what one process does (reports with -v, the JSON with every counter).
jw=(interblock_blkatom interwarp_none-lock_waw t3a_racy t3a_free hrf_indirect lock_table_5)
"$bin" --sw-dir "$sw" -j1 -v --configs full,cache --json "$tmp/j1.json" "${jw[@]}" >"$tmp/j1.out" 2>&1
rc1=$?
"$bin" --sw-dir "$sw" -j2 -v --configs full,cache --json "$tmp/j2.json" "${jw[@]}" >"$tmp/j2.out" 2>&1
rc2=$?
if [ $rc1 -eq 0 ] && [ $rc2 -eq 0 ] && grep -q 'Race (' "$tmp/j1.out" && cmp -s "$tmp/j1.out" "$tmp/j2.out" &&
    cmp -s "$tmp/j1.json" "$tmp/j2.json"; then
    echo "PASS -j2 prints and writes exactly what -j1 does"
else
    echo "FAIL -j2 prints and writes exactly what -j1 does: exit $rc1/$rc2; $(diff "$tmp/j1.out" "$tmp/j2.out" | head -c 300)"
fi
expect_rc "bad -j" 2 "$bin" -j 0 micro
expect_rc "-j with a board" 2 "$bin" --device uart:tcp=127.0.0.1:1 -j2 micro
