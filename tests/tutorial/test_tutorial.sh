#!/usr/bin/env bash
# Runs docs/tutorial.md as a reader would: every command of its ```sh
# blocks, exactly as written and in order, in one shell started at the
# repository's root; every ```c FILE block is saved as FILE (in the shell's
# folder at that point) where it appears. Checks:
#   * each command exits 0, or with N when its comment says "exit status N";
#   * in each ```text block (the output of the commands just before it):
#     the values of every memory dump line ("  0xADDR: WORDS"), every
#     "Race (TYPE) detected" (or "Warning: race (TYPE) detected") and every
#     "RACE SUMMARY: .. (N distinct)" must
#     be in that output (addresses and occurrence counts may differ).
# Prints a PASS/FAIL line per command and per output block.
#
#   tests/tutorial/test_tutorial.sh [DOC]   (default docs/tutorial.md)
set -u
repo=$(cd "$(dirname "$0")/../.." && pwd)
doc=$(cd "$(dirname "${1:-$repo/docs/tutorial.md}")" && pwd)/$(basename "${1:-docs/tutorial.md}")
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scord-tutorial.XXXXXX")
script=$tmp/script.sh

# The document as a script of steps: `cmd LINE` / `file NAME` / `expect LINE`
# each followed by its text as a here-document. A command is one line, or
# several joined by trailing backslashes.
awk -v q="'" '
function flush_cmd() {
    if (cmd != "") { printf "cmd %d <<%s__SCORD_CMD__%s\n%s\n__SCORD_CMD__\n", cmd_line, q, q, cmd; cmd = "" }
}
/^```/ {
    if (!inside) {
        inside = 1; kind = ""; info = substr($0, 4)
        if (info == "sh") kind = "sh"
        else if (info ~ /^c [^ ]+$/) { kind = "file"; split(info, w, " "); printf "file %s <<%s__SCORD_FILE__%s\n", w[2], q, q }
        else if (info == "text") { kind = "text"; printf "expect %d <<%s__SCORD_TEXT__%s\n", NR, q, q }
        next
    }
    inside = 0
    if (kind == "sh") flush_cmd()
    else if (kind == "file") print "__SCORD_FILE__"
    else if (kind == "text") print "__SCORD_TEXT__"
    next
}
inside && kind == "sh" {
    if (cmd == "") cmd_line = NR
    line = $0
    if (line ~ /\\$/) { cmd = cmd substr(line, 1, length(line) - 1) " "; next }
    cmd = cmd line
    flush_cmd()
    next
}
inside && (kind == "file" || kind == "text") { print }
' "$doc" >"$tmp/steps"

cat >"$script" <<'EOF'
set -u
steps_out=$TUT_TMP/out
: >"$steps_out"
# Runs in this shell (cd, export and & carry on to the next command); the
# output of the commands since the last output block collects in $steps_out.
cmd() {
    local line=$1 c want=0 rc
    c=$(cat)
    if [[ $c =~ exit\ status\ ([0-9]+) ]]; then want=${BASH_REMATCH[1]}; fi
    eval "$c" >>"$steps_out" 2>&1 </dev/null
    rc=$?
    if [ $rc -eq "$want" ]; then
        echo "PASS tutorial line $line: $c"
    else
        echo "FAIL tutorial line $line: $c: exit status $rc, expected $want: $(tail -c 300 "$steps_out" | tr '\n' ' ')"
    fi
}
file() { cat >"$1"; }
expect() {
    local line=$1 text missing="" l v
    text=$(cat)
    while IFS= read -r l; do
        if [[ $l =~ ^\ \ 0x[0-9a-f]+:\ (.*)$ ]]; then
            v=${BASH_REMATCH[1]}
            grep -Eq "^  0x[0-9a-f]+: ${v}\$" "$steps_out" || missing+="dump '$v'; "
        elif [[ $l =~ ((Warning:\ race|Race)\ \([a-z-]+\)\ detected) ]]; then
            grep -qF "${BASH_REMATCH[1]}" "$steps_out" || missing+="'${BASH_REMATCH[1]}'; "
        elif [[ $l =~ RACE\ SUMMARY:\ [0-9]+\ races?\ (\([0-9]+\ distinct\)) ]]; then
            grep -Eq "RACE SUMMARY: [0-9]+ races? \\${BASH_REMATCH[1]%)}\\)" "$steps_out" ||
                missing+="summary '${BASH_REMATCH[1]}'; "
        fi
    done <<<"$text"
    if [ -z "$missing" ]; then
        echo "PASS tutorial output at line $line"
    else
        echo "FAIL tutorial output at line $line: not printed: $missing (got: $(tail -c 300 "$steps_out" | tr '\n' ' '))"
    fi
    : >"$steps_out"
}
EOF
cat "$tmp/steps" >>"$script"
# The tutorial's background jobs (the simulated board) end with the shell.
echo 'kill $(jobs -p) 2>/dev/null; wait 2>/dev/null; exit 0' >>"$script"

cd "$repo" || exit 1
if ! grep -q '^cmd ' "$tmp/steps"; then
    echo "FAIL tutorial: no command found in $doc"
    exit 1
fi
# The tutorial's `mktemp -d` lands in $tmp, removed at the end.
TUT_TMP=$tmp TMPDIR=$tmp bash "$script"
rc=$?
rm -rf "$tmp"
exit $rc
