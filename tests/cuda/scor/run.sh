#!/usr/bin/env bash
# The kernels of our ScoR suite and beyond group as CUDA programs
# (GROUP/<name>.cu, built with scord-nvcc) against their C versions
# (sw/bench/GROUP/<name>/kernel.c, run by scord-scor): each twin must report
# the same races, and no others, in full and in cache mode.
#
# usage: tests/cuda/scor/run.sh BUILD_DIR [[GROUP/]name ...]
#   BUILD_DIR holds bin/scord-nvcc, default/bin/scord-scor and sw/ (the C
#   kernels' builds; SW_BUILD=DIR to take them elsewhere). Default: every
#   GROUP/*.cu (GROUP: micro, detector, beyond, apps); a bare name is looked
#   up in each group. SCOR_TWIN_MODES: the detector modes to compare in
#   (default "full cache"). Prints "PASS <name> [mode]" or "FAIL <name>
#   [mode]: why" per twin and mode; exits 1 if any failed.
#
# How two runs are compared. Both print each distinct race in `scord run`'s
# format (scord-scor -v for the C kernel, the CUDA runtime on stderr for
# the .cu program). Each record is reduced to a line of what does not
# depend on the source file: race type | access | each of the two accesses
# (kind, thread, block, and the `scor:race` ID of the line the report
# names, "-" for a line without one). Both files carry the same IDs. The
# race type keeps the severity: a record printed as "Warning: race (T)"
# (lanes of one store writing one value, docs/detector.md §8.2) is
# "warning T", so a SCOR_WARN kernel's warnings are compared too.
# A twin passes when the two runs give the same set of
#   race type + unordered pair of the two accesses' IDs
# (so the same race types, on the same marked races, and no report on an
# unmarked line unless the C version has one too). Which of two unordered
# accesses comes second is the hardware's interleaving (docs/bench.md),
# which differs between the two builds for a few kernels; the PASS line
# says whether the reduced records were identical too (SCOR_TWIN_VERBOSE=1
# prints their difference).
#
# An application (GROUP apps) is compared twice, as scord-scor runs it:
# its race-free build (NAME: the twin built as is, against "== NAME
# [mode]") and its RACEY build (NAME_racey: the twin built with -DRACEY=1,
# against "== NAME (racey) [mode]"); the twin holds both as kernel.c does.
#
# A race whether a run catches depends on how the warps interleave (two
# accesses close in time, one ordering of them racing and the other not)
# can be caught by one build and not the other: the C kernel and its twin
# are different code (other compilers' output, no inline assembly in the
# twin). timing.allow lists each such race, per build and mode, with what
# was seen; a twin whose races differ only by those passes, saying so.
#
# A report names the outermost line of the file; when the access itself
# ("..., in F at FILE:L:C)") is at another line of the same file that
# carries a marker, or the named line is a kernel's first, the record
# names both ("decl:N(access:ID)") and fails: that is how reports
# named a kernel's `__global__` line instead of the access's, before
# scord-cc compiled C++ with -fno-partial-inlining (GCC had inlined a
# kernel's split-off body back into it). SCOR_TWIN_INNER=1 takes the
# access's own line instead, to compare verdicts alone.
set -u
[ $# -ge 1 ] || { echo "usage: $0 BUILD_DIR [name ...]" >&2; exit 2; }
build=$(cd "$1" && pwd) || exit 2
shift
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
nvcc=$build/bin/scord-nvcc
scor=$build/default/bin/scord-scor
swdir=${SW_BUILD:-$build/sw}
modes=${SCOR_TWIN_MODES:-full cache}
groups="micro detector beyond apps"
names=() group=()
add() { # $1 group, $2 name
    names+=("$2"); group+=("$1")
}
if [ $# -eq 0 ]; then
    for g in $groups; do
        for f in "$here"/$g/*.cu; do [ -f "$f" ] && add "$g" "$(basename "$f" .cu)"; done
    done
fi
for a in "$@"; do
    case $a in
    */*) add "${a%%/*}" "${a#*/}" ;;
    *)
        g=micro
        for x in $groups; do [ -f "$here/$x/$a.cu" ] && g=$x; done
        add "$g" "$a" ;;
    esac
done
for t in "$nvcc" "$scor"; do
    [ -x "$t" ] || { echo "FAIL setup: $t not built" >&2; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
pass() { echo "PASS $1"; }
fail() { echo "FAIL $1: $2"; fails=$((fails + 1)); }

# "LINE ID" for every line of $1 carrying a scor:race marker, and
# "LINE decl:LINE" for the first line of each __global__ function.
markers() {
    grep -n 'scor:race' "$1" | sed 's|^\([0-9]*\):.*scor:race \([^ ]*\).*|\1 \2|'
    grep -n '^__global__' "$1" | sed 's|^\([0-9]*\):.*|\1 decl:\1|'
}

# Reduce the race records of stdin to one sorted line each (above). $1: the
# markers of the file the records name, $2: its base name.
normalize() {
    awk -v mk="$1" -v file="$2" -v use_inner="${SCOR_TWIN_INNER:-0}" '
    BEGIN { while ((getline l < mk) > 0) { split(l, p, " "); id[p[1]] = p[2] } }
    function flush() { if (rec != "") print rec; rec = "" }
    function line_of(at,   ln) {
        ln = substr(at, length(file) + 2); sub(/:.*/, "", ln)
        return ln
    }
    function mark(ln) { return (ln in id) ? id[ln] : "-" }
    function who(s,   kind, t, at, inner, ln, il) {
        kind = s; sub(/^=+ +/, "", kind); sub(/ by thread.*/, "", kind)
        t = s; sub(/.* by thread /, "", t); sub(/\) at .*/, ")", t)
        at = s; sub(/.* by thread [^)]*\) in block [^)]*\) at /, "", at); sub(/ .*/, "", at)
        inner = ""
        if (s ~ /, in [^ ]+ at [^ ]+\)/) {
            inner = s; sub(/.*, in [^ ]+ at /, "", inner); sub(/\).*/, "", inner)
        }
        if (index(at, file ":") != 1)
            return kind " " t " at ?" at
        ln = line_of(at)
        if (index(inner, file ":") == 1 && (il = line_of(inner)) != ln) {
            # The access itself is at line il of the same file, the report
            # names line ln (a kernel inlined into scord-nvcc'"'"'s dispatch
            # names its own first line). When line il carries no marker and
            # ln is not a kernel'"'"'s first line, il is in a helper of the
            # file inlined at a marked (or unmarked) call, line ln: the
            # line the file marks (the apps'"'"' C kernels mark their asm
            # helpers'"'"' calls so), and the line taken.
            if (use_inner)
                ln = il
            else if (mark(il) != "-" || mark(ln) ~ /^decl:/)
                return kind " " t " at " mark(ln) "(access:" mark(il) ")"
        }
        return kind " " t " at " mark(ln)
    }
    /^=+ (Race|Warning: race) \(/ {
        flush()
        s = $0; sev = (s ~ /^=+ Warning: race \(/) ? "warning " : ""
        sub(/^=+ (Race|Warning: race) \(/, "", s)
        type = s; sub(/\).*/, "", type)
        acc = s; sub(/^[^:]*: /, "", acc); sub(/ at 0x[0-9a-fA-F]+.*/, "", acc)
        rec = sev type " | " acc; next
    }
    rec != "" && / by thread / { rec = rec " | " who($0); next }
    rec != "" && /^=+     / { next }
    { flush() }
    END { flush() }' | sort
}

# The races of the reduced records of file $1: one line per distinct race
# type and unordered pair of the two accesses' markers ("-": a line with
# none), sorted.
races() {
    awk -F' [|] ' '{
        a = $3; sub(/.* at /, "", a); b = $4; sub(/.* at /, "", b)
        if (b < a) { x = a; a = b; b = x }
        print $1 " " a "/" b
    }' "$1" | sort -u
}

# The races of one side only (file $3: the C version's, $4: the twin's)
# that timing.allow does not list for build $1 in mode $2.
unexplained() {
    comm -3 "$3" "$4" | tr -d '\t' | while IFS= read -r r; do
        grep -v '^#' "$here/timing.allow" 2>/dev/null | sed 's/ *#.*//' |
            grep -qxF "$1 $2 $r" || echo "$r"
    done
}

# The C versions: one scord-scor run, each record under its "== name [mode]".
cfgs=$(echo $modes | tr ' ' ,)
(cd "$root" && "$scor" -j1 -v --no-warmup --sw-dir "$swdir" --src-root "$root" \
     --configs "$cfgs" "${names[@]}") > "$tmp/c.out" 2>&1
rc=$?
if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then
    echo "FAIL setup: scord-scor exited $rc: $(tail -3 "$tmp/c.out" | tr '\n' ' ')"
    exit 1
fi

# An application (group apps) has two builds, as scord-scor runs it: the
# race-free one ("== NAME [mode]") and the RACEY one (kernel.c compiled with
# -DRACEY=1, "== NAME (racey) [mode]"); its twin holds both the same way
# (#if RACEY) and is built twice, NAME and NAME_racey.
builds=() bgroup=() bflags=()
for i in "${!names[@]}"; do
    builds+=("${names[$i]}"); bgroup+=("${group[$i]}"); bflags+=("")
    if [ "${group[$i]}" = apps ]; then
        builds+=("${names[$i]}_racey"); bgroup+=(apps); bflags+=("-DRACEY=1")
    fi
done

for i in "${!builds[@]}"; do
    name=${builds[$i]}
    src=${name%_racey}
    [ -n "${bflags[$i]}" ] || src=$name
    cu=$here/${bgroup[$i]}/$src.cu
    kc=$root/sw/bench/${bgroup[$i]}/$src/kernel.c
    head="== $src"
    [ -n "${bflags[$i]}" ] && head="== $src (racey)"
    if [ ! -f "$cu" ] || [ ! -f "$kc" ]; then
        for m in $modes; do fail "$name [$m]" "no $cu or no $kc"; done
        continue
    fi
    markers "$cu" > "$tmp/$name.cumk"
    markers "$kc" > "$tmp/$name.cmk"
    if ! "$nvcc" --config default ${bflags[$i]} -o "$tmp/$name" "$cu" > "$tmp/$name.log" 2>&1; then
        for m in $modes; do
            fail "$name [$m]" "scord-nvcc: $(head -3 "$tmp/$name.log" | tr '\n' ' ')"
        done
        continue
    fi
    for m in $modes; do
        awk -v h="$head [$m]" '$0 == h { on = 1; next } /^== / { on = 0 } on' "$tmp/c.out" |
            normalize "$tmp/$name.cmk" kernel.c > "$tmp/$name.$m.c"
        if ! grep -qxF "$head [$m]" "$tmp/c.out"; then
            fail "$name [$m]" "scord-scor did not run the C version"
            continue
        fi
        SCORD_DETECT_MODE=$m "$tmp/$name" > "$tmp/$name.$m.stdout" 2> "$tmp/$name.$m.stderr"
        rc=$?
        normalize "$tmp/$name.cumk" "$src.cu" < "$tmp/$name.$m.stderr" > "$tmp/$name.$m.cu"
        races "$tmp/$name.$m.c" > "$tmp/$name.$m.ck"
        races "$tmp/$name.$m.cu" > "$tmp/$name.$m.cuk"
        nc=$(wc -l < "$tmp/$name.$m.c") ncu=$(wc -l < "$tmp/$name.$m.cu")
        if [ $rc -ne 0 ]; then
            fail "$name [$m]" "the program exited $rc: $(grep -v '^=' "$tmp/$name.$m.stderr" | head -3 | tr '\n' ' ')"
        elif ! grep -q 'RACE SUMMARY' "$tmp/$name.$m.stderr"; then
            fail "$name [$m]" "no RACE SUMMARY line from the program"
        elif ! cmp -s "$tmp/$name.$m.ck" "$tmp/$name.$m.cuk" &&
             left=$(unexplained "$name" "$m" "$tmp/$name.$m.ck" "$tmp/$name.$m.cuk" | paste -sd';') &&
             [ -n "$left" ]; then
            fail "$name [$m]" "C: {$(paste -sd';' "$tmp/$name.$m.ck")} CUDA: {$(paste -sd';' "$tmp/$name.$m.cuk")}; not in timing.allow: {$left}"
        else
            if ! cmp -s "$tmp/$name.$m.ck" "$tmp/$name.$m.cuk"; then
                allowed=$(comm -3 "$tmp/$name.$m.ck" "$tmp/$name.$m.cuk" | tr -d '\t' | paste -sd';')
                pass "$name [$m] (timing-dependent, timing.allow: one side only: $allowed)"
                continue
            fi
            what="no race"
            [ -s "$tmp/$name.$m.ck" ] && what=$(paste -sd';' "$tmp/$name.$m.ck")
            if cmp -s "$tmp/$name.$m.c" "$tmp/$name.$m.cu"; then
                same="records identical"
            else
                same="records differ: C $nc, CUDA $ncu"
                [ -n "${SCOR_TWIN_VERBOSE:-}" ] && diff "$tmp/$name.$m.c" "$tmp/$name.$m.cu" | sed 's/^/    /'
            fi
            pass "$name [$m] ($what; $same)"
        fi
    done
done
[ $fails -eq 0 ]
