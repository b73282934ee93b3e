#!/usr/bin/env bash
# The scord CLI against bad input: wrong options, files that are not RV32
# executables, and kernels that fault or never end. Every case must end
# with a clear message, the documented exit code and no crash.
#
#   tests/cli/test_cli.sh SCORD_BIN SW_BUILD_DIR
#   e.g. tests/cli/test_cli.sh build/default/bin/scord build/sw
#
# Prints "PASS name" / "FAIL name: why" per case; exits 1 if any failed.
set -u

if [ $# -ne 2 ]; then
    echo "usage: $0 SCORD_BIN SW_BUILD_DIR" >&2
    exit 2
fi
scord=$1
sw=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scord-cli.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
failed=0

# expect NAME CODE PATTERN -- COMMAND...
# The command must exit with CODE and its stdout+stderr must match the
# extended regex PATTERN (empty: anything). A signal (code > 128) is a crash.
expect() {
    local name=$1 code=$2 pattern=$3
    shift 4
    local out="$tmp/out" rc
    "$@" >"$out" 2>&1
    rc=$?
    if [ $rc -gt 128 ]; then
        echo "FAIL $name: crashed (exit $rc)"
    elif [ $rc -ne "$code" ]; then
        echo "FAIL $name: exit code $rc, expected $code: $(head -c 300 "$out" | tr '\n' ' ')"
    elif [ -n "$pattern" ] && ! grep -Eq -- "$pattern" "$out"; then
        echo "FAIL $name: output does not match /$pattern/: $(head -c 300 "$out" | tr '\n' ' ')"
    else
        echo "PASS $name"
        return 0
    fi
    failed=1
    return 1
}

if [ ! -x "$scord" ]; then
    echo "FAIL setup: $scord is not an executable"
    exit 1
fi

# ---- help and usage errors (exit 2) -----------------------------------
expect "help" 0 'exit codes' -- "$scord" --help
expect "run help" 0 '--timeout' -- "$scord" run --help
expect "help documents every run option" 0 '' -- bash -c \
    "h=\$('$scord' run --help); for o in --grid --block --timeout --trace --dump --quiet zeros: seq: \
         --no-detect --detect-mode --granularity --ring --json --sarif --shared --warnings-as-errors --printf-buffer 'RACE SUMMARY' ' 4 '; do
         grep -q -- \"\$o\" <<<\"\$h\" || { echo missing \$o; exit 1; }; done"
expect "no command" 2 'missing command' -- "$scord"
expect "unknown command" 2 "unknown command" -- "$scord" frobnicate
expect "unknown global option" 2 "unknown option" -- "$scord" --frob run x.elf
expect "unknown run option" 2 "unknown option '--bogus'" -- "$scord" run --bogus x.elf
expect "missing kernel" 2 'missing the kernel' -- "$scord" run
expect "missing --grid value" 2 'needs a value' -- "$scord" run --grid
expect "missing --timeout value" 2 'needs a number' -- "$scord" run x.elf --timeout
expect "missing --device value" 2 'needs a device' -- "$scord" --device
expect "bad grid" 2 "bad grid" -- "$scord" run --grid 4xq x.elf
expect "zero grid" 2 "bad grid" -- "$scord" run --grid 0 x.elf
expect "grid too many dims" 2 "bad grid" -- "$scord" run --grid 1x1x1x1 x.elf
expect "bad block" 2 "bad block" -- "$scord" run --block -3 x.elf
expect "negative timeout" 2 "bad timeout" -- "$scord" run --timeout -1 x.elf
expect "bad timeout" 2 "bad timeout" -- "$scord" run --timeout soon x.elf
expect "bad integer arg" 2 "bad kernel argument" -- "$scord" run x.elf 12abc
expect "integer arg too big" 2 "bad kernel argument" -- "$scord" run x.elf 0x100000000
expect "bad zeros arg" 2 "bad kernel argument" -- "$scord" run x.elf zeros:0
expect "bad seq arg" 2 "bad kernel argument" -- "$scord" run x.elf seq:many
expect "bad dump" 2 "bad dump" -- "$scord" run --dump sym:0 x.elf
expect "unknown device" 3 "unknown device" -- "$scord" --device nosuch info
expect "bad device option" 2 "unknown option 'speed'" -- "$scord" --device sim:speed=9 info
expect "info" 0 'cores' -- "$scord" info
# The limits of a launch as `scord info` tells them must be the
# configuration's: the values of the generated header the CLI was built
# with (build/CONFIG/gen), not numbers written here. (The sanitizers' build
# of the CLI lives one level further down, in build/CONFIG/asan/bin.)
gen="$(dirname "$scord")/../gen/scord_defs.h"
[ -f "$gen" ] || gen="$(dirname "$scord")/../../gen/scord_defs.h"
cfg() { awk -v n="GPU_$1" '$1 == "#define" && $2 == n { sub(/u$/, "", $3); print $3 }' "$gen"; }
if [ -f "$gen" ] && "$scord" info >"$tmp/info" 2>&1; then
    C=$(cfg NUM_CORES) W=$(cfg NUM_WARPS) T=$(cfg NUM_THREADS) S=$(cfg SMEM_BYTES)
    K=$(cfg STACK_LOG2) L2=$(cfg L2_BYTES)
    for line in "cores +$C\$" "warps/core +$W\$" "threads/warp +$T\$" "warp size +$T lanes\$" \
        "block threads +$((W * T)) at most \(a core's $W warps x $T lanes; any shape\)\$" \
        "blocks/core +$W at most " "grid blocks +4294967295 at most " \
        "smem/block +$S bytes at most \(static \+ dynamic\)\$" \
        "shared memory +$S bytes per core, $T banks;" "registers +32 per thread " \
        "L2 +$L2 bytes\$" "stack region .*, $((1 << K)) bytes per thread\$"; do
        expect "info: /$line/" 0 '' -- grep -Eq "^$line" "$tmp/info"
    done
else
    echo "FAIL info: no $gen, or scord info failed"
    failed=1
    # the refusals below still run, with the device's own shape
    W=$("$scord" info 2>/dev/null | awk '$1 == "warps/core" { print $2 }')
    T=$("$scord" info 2>/dev/null | awk '$1 == "threads/warp" { print $2 }')
    W=${W:-1} T=${T:-1}
fi
expect "help documents exit code 4" 0 '4  run: the kernel finished, but the race detector' -- "$scord" --help
expect "bad granularity" 2 "bad granularity '5'" -- "$scord" run --granularity 5 x.elf
expect "bad detect mode" 2 "bad detect mode" -- "$scord" run --detect-mode half x.elf
expect "bad ring size" 2 "bad ring size" -- "$scord" run --ring 1 x.elf
expect "missing --json value" 2 'needs a file name' -- "$scord" run x.elf --json
expect "bad --shared value" 2 "bad shared memory size 'lots'" -- "$scord" run --shared lots x.elf
expect "missing --shared value" 2 'needs a number of bytes' -- "$scord" run x.elf --shared
expect "bad --printf-buffer value" 2 "bad printf buffer size '12'" -- "$scord" run --printf-buffer 12 x.elf

# ---- files that are not loadable kernels (exit 3) ------------------------
bad_dir="$sw/tests/bad"
good=""
for n in illegal ecall null oob misaligned endless; do
    if [ -f "$bad_dir/$n/kernel.elf" ]; then good="$bad_dir/$n/kernel.elf"; break; fi
done

expect "missing file" 3 "cannot open" -- "$scord" run "$tmp/does-not-exist.elf"
echo "just some text" >"$tmp/text.elf"
expect "not an ELF" 3 "not an ELF file" -- "$scord" run "$tmp/text.elf"
: >"$tmp/empty.elf"
expect "empty file" 3 "not an ELF file" -- "$scord" run "$tmp/empty.elf"
expect "directory" 3 "" -- "$scord" run "$tmp"
x86=""
for f in /bin/true /usr/bin/true /bin/sh; do [ -f "$f" ] && { x86=$f; break; }; done
if [ -n "$x86" ]; then
    expect "host (x86-64) ELF" 3 "64-bit, expected 32-bit RISC-V|expected RISC-V" -- "$scord" run "$x86"
else
    echo "FAIL host (x86-64) ELF: no host executable found"
    failed=1
fi
if [ -n "$good" ]; then
    size=$(wc -c <"$good")
    for cut in 10 40 100 $((size / 2)) $((size - 1)); do
        head -c "$cut" "$good" >"$tmp/cut$cut.elf"
        expect "truncated ELF ($cut of $size bytes)" 3 "truncated" -- \
            "$scord" run "$tmp/cut$cut.elf"
    done
    # 64-bit RISC-V: flip EI_CLASS of a real kernel (byte 4 -> 2).
    { head -c 4 "$good"; printf '\002'; tail -c +6 "$good"; } >"$tmp/class64.elf"
    expect "ELF class 64" 3 "64-bit" -- "$scord" run "$tmp/class64.elf"
    # x86 machine: e_machine (bytes 18-19) = 3.
    { head -c 18 "$good"; printf '\003\000'; tail -c +21 "$good"; } >"$tmp/x86.elf"
    expect "ELF machine x86" 3 "machine is x86" -- "$scord" run "$tmp/x86.elf"
    # Relocatable object: e_type (bytes 16-17) = ET_REL.
    { head -c 16 "$good"; printf '\001\000'; tail -c +19 "$good"; } >"$tmp/rel.elf"
    expect "ELF not executable" 3 "expected an executable" -- "$scord" run "$tmp/rel.elf"
    expect "dump of unknown symbol" 2 "no symbol" -- \
        "$scord" run --dump no_such_symbol_here "$good"
else
    echo "FAIL truncated ELF: no kernel ELF under $bad_dir (build them: make sw)"
    failed=1
fi

# ---- kernels that fault or never end (exit 1) ----------------------------
# name: expected text of the fault line
declare -A cause=(
    [illegal]='fault: illegal instruction'
    [misaligned]='fault: misaligned access'
    [oob]='fault: out-of-bounds access'
    [null]='fault: out-of-bounds access .* address 0x00000[0-9a-f]{3} \(null page\)'
    [ecall]='fault: ecall/ebreak'
    [endless]='timeout: .*reset'
    [smem_oob]="fault: shared-memory access outside the block's slice .* address 0x40000040"
    [smem_lrsc]="fault: shared-memory access outside the block's slice .* address 0x40000000"
)
for n in illegal misaligned oob null ecall endless smem_oob smem_lrsc; do
    elf="$bad_dir/$n/kernel.elf"
    if [ ! -f "$elf" ]; then
        echo "FAIL bad kernel $n: $elf missing (build it: make sw)"
        failed=1
        continue
    fi
    # the faulting kernels end by themselves: their timeout only guards
    # against a hang, long enough for a loaded host (a 2 s one ran out
    # beside a netlist simulation before the kernel's first fault)
    t=30; [ $n = endless ] && t=2
    expect "bad kernel $n" 1 "${cause[$n]}" -- "$scord" run --timeout $t "$elf"
done
if [ -f "$bad_dir/illegal/kernel.elf" ]; then
    expect "fault reports pc and lane" 1 'at pc 0x[0-9a-f]{8}, .*core [0-9]+ warp [0-9]+ lane [0-9]+' -- \
        "$scord" run --timeout 10 "$bad_dir/illegal/kernel.elf"
    # every refused launch names the limit it broke, with its value
    per_block="exceeds the limit of threads per block: a core's $W warps x $T threads = $((W * T))"
    expect "block larger than a core" 1 "launch refused: block of 100000 threads \(100000x1x1\) $per_block" -- \
        "$scord" run --block 100000 "$bad_dir/illegal/kernel.elf"
    expect "3-D block larger than a core" 1 "launch refused: block of $((4 * W * T)) threads \(2x2x$((W * T))\) $per_block" -- \
        "$scord" run --block "2x2x$((W * T))" "$bad_dir/illegal/kernel.elf"
    expect "grid of more than 2^32-1 blocks" 1 \
        'launch refused: grid of 8589934592 blocks \(65536x65536x2\) exceeds the limit of blocks per grid: 4294967295' -- \
        "$scord" run --grid 65536x65536x2 "$bad_dir/illegal/kernel.elf"
    expect "more shared memory than a core has" 1 \
        'launch refused: a block needs 16777216 bytes of shared memory \(0 static \+ 16777216 dynamic\), a core has [0-9]+: the limit of shared memory per block' -- \
        "$scord" run --shared 16777216 "$bad_dir/illegal/kernel.elf"
    expect "every limit broken is named" 1 "block of 100000 threads .*; grid of 8589934592 blocks .*; a block needs 16777216 bytes" -- \
        "$scord" run --block 100000 --grid 65536x65536x2 --shared 16777216 "$bad_dir/illegal/kernel.elf"
fi

# ---- the race detector (armed by default; exit 4 when races are found) ----
# stale (tests/kernels/prodcons/args.h): data, flags (16 words), pre, post,
# cores, n; two one-warp blocks hand data over without the consumer's fence.
stale="$sw/tests/kernels/stale/kernel.elf"
vecadd="$sw/sw/examples/vecadd/kernel.elf"
matmul="$sw/sw/examples/matmul/kernel.elf"
stale_args=(--grid 2 --block 8 "$stale" seq:8 zeros:64 zeros:32 zeros:32 zeros:8 8)
if [ -f "$stale" ]; then
    expect "stale: races found (exit 4)" 4 '^=========     (Read|Write|Atomic)( \([a-z-]+\))? by thread \([0-9]+,[0-9]+,[0-9]+\) in block \([0-9]+,[0-9]+,[0-9]+\) at kernel\.c:[0-9]+(:[0-9]+)? \(kernel_main\+0x[0-9a-f]+' -- \
        "$scord" run "${stale_args[@]}"
    # Both accesses named (record v2: the previous access's PC and lane).
    expect "stale: the previous access's thread and line" 4 '^=========     previous (Read|Write|Atomic)( \([a-z-]+\))? by thread \([0-9]+,[0-9]+,[0-9]+\) in block \([0-9]+,[0-9]+,[0-9]+\) at kernel\.c:[0-9]+' -- \
        "$scord" run "${stale_args[@]}"
    expect "stale: race summary" 4 '^========= RACE SUMMARY: [1-9][0-9]* races \([1-9][0-9]* distinct\), 0 dropped$' -- \
        "$scord" run "${stale_args[@]}"
    expect "stale: detector counters printed" 4 'detector counters:' -- \
        "$scord" run "${stale_args[@]}"
    expect "stale: --no-detect exits 0" 0 'done' -- "$scord" run --no-detect "${stale_args[@]}"
    expect "stale: --no-detect prints no race" 0 '' -- bash -c \
        "! '$scord' run --no-detect ${stale_args[*]} | grep -q 'Race\|RACE\|detector counters'"
    expect "stale: cache mode" 4 'RACE SUMMARY: [1-9]' -- \
        "$scord" run --detect-mode cache "${stale_args[@]}"
    expect "stale: sparse cache mode" 4 'RACE SUMMARY: [1-9]' -- \
        "$scord" run --detect-mode sparse "${stale_args[@]}"
    expect "stale: granularity 16" 4 'RACE SUMMARY: [1-9]' -- \
        "$scord" run --granularity 16 --ring 4 "${stale_args[@]}"
    expect "stale: ring of 2 drops races" 4 'RACE SUMMARY: [1-9][0-9]* races \(1 distinct\), [1-9][0-9]* dropped' -- \
        "$scord" run --ring 2 "${stale_args[@]}"
    expect "stale: --json - is one JSON object per line" 4 '' -- bash -c \
        "'$scord' run --json - ${stale_args[*]} 2>/dev/null >'$tmp/races.jsonl'; rc=\$?
         [ -s '$tmp/races.jsonl' ] || exit 9
         while IFS= read -r l; do printf '%s' \"\$l\" | python3 -m json.tool >/dev/null || exit 9; done <'$tmp/races.jsonl'
         grep -q 'kernel.c' '$tmp/races.jsonl' || exit 9
         exit \$rc"
    expect "stale: --json carries the previous access (thread, pc, source line)" 0 '' -- python3 -c "
import json, sys
rs = [json.loads(l) for l in open('$tmp/races.jsonl')]
p = [r['previous'] for r in rs if r['previous'] and r['previous']['known']]
assert p and all(x['thread'] and x['pc'] and x['source']['line'] for x in p), rs[0]
assert all(r['accessor']['thread'] and r['accessor']['block_idx'] for r in rs), rs[0]"
    expect "stale: --json FILE" 4 'RACE SUMMARY' -- "$scord" run --json "$tmp/r.json" "${stale_args[@]}"
    expect "stale: --json FILE content" 0 '' -- bash -c \
        "[ \$(wc -l <'$tmp/r.json') -ge 1 ] && head -n 1 '$tmp/r.json' | python3 -m json.tool >/dev/null"
    expect "stale: --json to an unwritable file" 3 'cannot write' -- \
        "$scord" run --json "$tmp/no/such/dir/r.json" "${stale_args[@]}"
else
    echo "FAIL race detector: $stale missing (build it: make sw)"
    failed=1
fi
if [ -f "$vecadd" ] && [ -f "$matmul" ]; then
    expect "vecadd: no race (exit 0)" 0 'RACE SUMMARY: 0 races \(0 distinct\), 0 dropped' -- \
        "$scord" run --grid 4 --block 32 "$vecadd" seq:128 seq:128 zeros:512 128
    expect "matmul: no race (exit 0)" 0 'RACE SUMMARY: 0 races \(0 distinct\), 0 dropped' -- \
        "$scord" run --grid 2x2 --block 8x4 "$matmul" seq:256 seq:256 zeros:1024 16 16 16
    expect "vecadd: cache mode, no race" 0 'RACE SUMMARY: 0 races' -- \
        "$scord" run --detect-mode cache --granularity 8 --grid 4 --block 32 "$vecadd" \
        seq:128 seq:128 zeros:512 128
    expect "vecadd: --json - empty without races" 0 '' -- bash -c \
        "out=\$('$scord' run --json - --grid 4 --block 32 '$vecadd' seq:128 seq:128 zeros:512 128 2>/dev/null) && [ -z \"\$out\" ]"
    # The heap shrinks to the detector's largest window (2 MiB at 4-byte
    # granules in full mode on 16 MiB): a clear error, and cache mode fits.
    if [ "$("$scord" info | awk '$1 == "memory" && $2 ~ /^[0-9]+$/ {print $2}')" = 16777216 ]; then
        expect "detector: heap outside the window" 3 'use cache mode or a coarser granularity' -- \
            "$scord" run --grid 4 --block 32 "$vecadd" seq:128 seq:128 zeros:8000000 128
        expect "detector: cache mode fits a large heap" 0 'RACE SUMMARY: 0 races' -- \
            "$scord" run --detect-mode cache --grid 4 --block 32 "$vecadd" seq:128 seq:128 zeros:8000000 128
    fi
else
    echo "FAIL race detector: $vecadd or $matmul missing (build them: make sw)"
    failed=1
fi

# Severities (docs/detector.md §8.2): every lane of a warp sets one flag
# word to 1 (sev_gl_flag of the beyond group: in, out, aux, n): warnings,
# exit 0 unless --warnings-as-errors; lanes storing different values
# (sev_gl_lane_id): an error.
sevflag="$sw/sw/bench/beyond/sev_gl_flag/kernel.elf"
sevid="$sw/sw/bench/beyond/sev_gl_lane_id/kernel.elf"
sev_args=(--grid 2 --block 16)
sev_bufs=(seq:512 zeros:2048 zeros:2048 0)
if [ -f "$sevflag" ] && [ -f "$sevid" ]; then
    expect "same value: a warning" 0 '^========= Warning: race \(intra-warp\) detected: weak store of 4 bytes' -- \
        "$scord" run "${sev_args[@]}" "$sevflag" "${sev_bufs[@]}"
    expect "same value: counted apart, exit 0" 0 '^========= RACE SUMMARY: 0 races \(0 distinct\), [1-9][0-9]* warnings \([1-9][0-9]* distinct\), 0 dropped$' -- \
        "$scord" run "${sev_args[@]}" "$sevflag" "${sev_bufs[@]}"
    expect "same value: --warnings-as-errors exits 4" 4 'warnings' -- \
        "$scord" run --warnings-as-errors "${sev_args[@]}" "$sevflag" "${sev_bufs[@]}"
    expect "same value: JSON severity" 0 '' -- bash -c \
        "'$scord' run --json - ${sev_args[*]} '$sevflag' ${sev_bufs[*]} 2>/dev/null | grep -q '\"severity\":\"warning\"'"
    expect "different values: an error (exit 4)" 4 '^========= Race \(intra-warp\) detected: weak store' -- \
        "$scord" run "${sev_args[@]}" "$sevid" "${sev_bufs[@]}"
else
    echo "FAIL severities: $sevflag or $sevid missing (build them: make sw)"
    failed=1
fi

# A kernel storing into the detector's metadata: the smallest window is
# [0, 32 KiB), so the metadata covers [0x8000, 0x28000) in full mode at
# 4-byte granules and 0x10000 lies inside it (docs/detector.md §12).
intrude="$sw/tests/kernels/det_intrusion/kernel.elf"
if [ -f "$intrude" ]; then
    expect "intrusion: reported" 4 'Race \(intrusion\) detected: weak store of 4 bytes at 0x00010000' -- \
        "$scord" run --grid 1 --block 4 "$intrude" 0x10000 0 zeros:16
    expect "intrusion: metadata no longer trusted" 4 'metadata can no longer be trusted' -- \
        "$scord" run --grid 1 --block 4 "$intrude" 0x10000 0 zeros:16
else
    echo "FAIL race detector: $intrude missing (build it: make sw)"
    failed=1
fi

# printf in kernels (tests/kernels/printf/args.h: text, mode, count): the
# lines on stdout with their block and thread, by block then thread,
# before the counters and the race summary; a full buffer's exact loss;
# records that cannot be printed: exit 1, every other line still there.
pf="$sw/tests/kernels/printf/kernel.elf"
if [ -f "$pf" ]; then
    expect "printf: a line with its block and thread" 0 '^\[block \(1,0,0\) thread \(3,0,0\)\] b1 t3: star \[    42\] \[7   \] \[2\.500\] 100% continued$' -- \
        "$scord" run --grid 2 --block 4 "$pf" zeros:16 0 0
    expect "printf: %d %i %u %x %X %o %c" 0 '^\[block \(0,0,0\) thread \(2,0,0\)\] b0 t2: -3 200     2\|ad  \|00C0FFEE\|012 C!$' -- \
        "$scord" run --grid 2 --block 4 "$pf" zeros:16 0 0
    expect "printf: by block, thread, program order, before counters and races" 0 '' -- bash -c \
        "'$scord' run --grid 2 --block 4 '$pf' zeros:16 0 0 >'$tmp/pf.out' || exit 9
         grep -o '^\[block ([0-9],0,0) thread ([0-9],0,0)\] b[0-9] t[0-9]: [a-z]*' '$tmp/pf.out' >'$tmp/pf.got'
         [ \$(wc -l <'$tmp/pf.got') = 16 ] || exit 9
         sort -s -t']' -k1,1 '$tmp/pf.got' | cmp -s - '$tmp/pf.got' || exit 9
         a=\$(grep -n '\] b1 t1: -2 100' '$tmp/pf.out' | cut -d: -f1)
         b=\$(grep -n '\] b1 t1: f 1.500000' '$tmp/pf.out' | cut -d: -f1)
         [ -n \"\$a\" ] && [ -n \"\$b\" ] && [ \"\$a\" -lt \"\$b\" ] || exit 9
         last=\$(grep -n '^\[block' '$tmp/pf.out' | tail -n 1 | cut -d: -f1)
         c=\$(grep -n '^counters:' '$tmp/pf.out' | cut -d: -f1)
         s=\$(grep -n 'RACE SUMMARY: 0 races' '$tmp/pf.out' | cut -d: -f1)
         [ -n \"\$c\" ] && [ -n \"\$s\" ] && [ \"\$last\" -lt \"\$c\" ] && [ \"\$last\" -lt \"\$s\" ]"
    expect "printf: full buffer, exact loss" 0 'printf buffer full: 4 lines lost \(8 printed; buffer of 256 bytes' -- \
        "$scord" run --printf-buffer 256 --block 4 "$pf" zeros:16 1 3
    expect "printf: unknown format, exit 1" 1 'printf error in block \(0,0,0\) thread \(1,0,0\): printf format "%q" is not supported' -- \
        "$scord" run --block 4 "$pf" zeros:16 2 0
    expect "printf: format outside the image" 1 'thread \(2,0,0\): printf format pointer 0x[0-9a-f]{8} lies outside the kernel image' -- \
        "$scord" run --block 4 "$pf" zeros:16 2 0
    expect "printf: the other lines and the race summary still printed" 1 '' -- bash -c \
        "'$scord' run --block 4 '$pf' zeros:16 2 0 >'$tmp/pfbad.out' 2>/dev/null; rc=\$?
         [ \$(grep -c '^\[block (0,0,0) thread ([0-3],0,0)\] \(before\|after\) [0-3]$' '$tmp/pfbad.out') = 8 ] &&
         grep -q 'RACE SUMMARY: 0 races' '$tmp/pfbad.out' || exit 9; exit \$rc"
    expect "printf: damaged buffer" 1 'printf error: printf buffer damaged at record word 5' -- \
        "$scord" run --block 4 "$pf" zeros:16 3 0
else
    echo "FAIL printf: $pf missing (build it: make sw)"
    failed=1
fi

exit $failed
