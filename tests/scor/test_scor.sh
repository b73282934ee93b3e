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
# The beyond group: its race-free kernels' results are checked on the
# host, so a kernel computing something else must fail (another kernel's
# ELF in a copy of the build), and the right one passes with the detector
# off; the JSON names each kernel's class of race.
mkdir -p "$tmp/sw/sw/bench/beyond/sh_table"
cp "$sw/sw/bench/beyond/wsh_exchange_sync/kernel.elf" "$tmp/sw/sw/bench/beyond/sh_table/kernel.elf"
"$bin" --sw-dir "$tmp/sw" --check --configs off sh_table >"$tmp/out" 2>&1
rc=$?
if [ $rc -eq 1 ] && grep -q '^FAIL sh_table \[off\]: sh_table: wrong result: out\[' "$tmp/out"; then
    echo "PASS beyond: a wrong result fails the check"
else
    echo "FAIL beyond: a wrong result fails the check: exit $rc"; cat "$tmp/out"
fi
"$bin" --sw-dir "$sw" --check --configs off --json "$tmp/b.json" sh_table wsh_exchange_sync \
    scoped_own_words >"$tmp/out" 2>&1
if [ $? -eq 0 ] && [ "$(grep -c '^PASS' "$tmp/out")" -eq 3 ] &&
    grep -q '"name": "sh_table", "group": "beyond", "racey": false, "config": "off", "class": "shared"' "$tmp/b.json"; then
    echo "PASS beyond: right results pass, the JSON names the class"
else
    echo "FAIL beyond: right results pass, the JSON names the class"; cat "$tmp/out" "$tmp/b.json"
fi
if [ "$("$bin" --list | awk '$1 == "beyond"' | wc -l)" -ge 40 ]; then
    echo "PASS beyond: listed"
else
    echo "FAIL beyond: listed: $("$bin" --list | awk '$1 == "beyond"' | wc -l) kernels"
fi

expect_rc "bad -j" 2 "$bin" -j 0 micro
expect_rc "-j with a board" 2 "$bin" --device uart:tcp=127.0.0.1:1 -j2 micro
