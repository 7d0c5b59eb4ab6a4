#!/usr/bin/env bash
# Checker. Usage: bash check.sh REPO_DIR ANSWER_FILE  -> PASS/FAIL lines, then "score K/N"; always exits 0.
R="$(cd "${1:?usage: check.sh REPO_DIR ANSWER_FILE}" && pwd)"
A="${2:-}"; { [ -n "$A" ] && [ -f "$A" ]; } || A=/dev/null
T="$(mktemp -d)"; trap 'rm -rf "$T"' EXIT
OUT="$T/results"; : > "$OUT"
res() { if [ "$2" = 1 ]; then echo "PASS $1 - $3"; else echo "FAIL $1 - $3"; fi >> "$OUT"; }
# check NAME WHY CMD...: PASS when CMD succeeds (the tail of its output explains a FAIL)
check() {
  local n="$1" w="$2"; shift 2
  if ( "$@" ) > "$T/last.log" 2>&1; then res "$n" 1 "$w"
  else res "$n" 0 "$w [$(tail -n 4 "$T/last.log" | tr '\n' ' ' | cut -c1-240)]"; fi
}
# ensure NAME...: a criterion a crashed probe never printed is a FAIL, so N is always the same
ensure() { for n in "$@"; do grep -qE "^(PASS|FAIL) $n - " "$OUT" || res "$n" 0 "probe did not run [$(tail -n 3 "$T/probe.log" 2>/dev/null | tr '\n' ' ' | cut -c1-240)]"; done; }
finish() {
  cat "$OUT"
  echo "score $(grep -c '^PASS ' "$OUT")/$(grep -cE '^(PASS|FAIL) ' "$OUT")"
  exit 0
}
# Probe helpers for the python job: a probe is a python file printing PASS/FAIL lines.
cat > "$T/plib.py" <<'PY'
import csv, io, os, subprocess, sys, tempfile
from pathlib import Path
R = Path(sys.argv[1])
HEADER = "txn_id,created_at,merchant_id,amount,currency,status\n"
RESULTS = {}
def write_input(d, rows, name="transactions_2026-03-02.csv"):
    p = Path(d) / name
    p.write_text(HEADER + "".join(",".join(r) + "\n" for r in rows), encoding="utf-8")
    return p
def run_cli(*args, cwd=None):
    env = dict(os.environ, PYTHONPATH=str(R), PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "-m", "etl.cli", *map(str, args)], cwd=cwd or R, env=env, capture_output=True, text=True, timeout=60)
def read_rows(path, delimiter=None):
    text = Path(path).read_bytes().decode("utf-8-sig")
    if delimiter is None:
        delimiter = ";" if text.splitlines()[0].count(";") > text.splitlines()[0].count(",") else ","
    return list(csv.DictReader(io.StringIO(text), delimiter=delimiter))
def tmp():
    return Path(tempfile.mkdtemp(dir=os.environ.get("T")))
def probe(criteria, body):
    detail = {}
    def setr(name, ok, why=""):
        RESULTS[name] = bool(ok); detail[name] = why
    try:
        body(setr)
    except Exception as e:  # a crash fails what was not decided yet
        for n in criteria:
            if n not in RESULTS: detail[n] = f"probe error: {type(e).__name__}: {str(e)[:200]}"
    for n, why in criteria.items():
        ok = RESULTS.get(n, False)
        extra = "" if ok or not detail.get(n) else f" [{str(detail[n])[:300]}]"
        print(f"{'PASS' if ok else 'FAIL'} {n} - {why}{extra}")
PY
run_probe() { (cd "$T" && T="$T" PYTHONDONTWRITEBYTECODE=1 timeout 120 python3 "$@") > "$T/probe.log" 2>&1; grep -E '^(PASS|FAIL) ' "$T/probe.log" >> "$OUT"; }
tests_pass() { cd "$R" && PYTHONDONTWRITEBYTECODE=1 timeout 180 python3 -m unittest discover -s tests; }
cat > "$T/p.py" <<'PY'
from plib import *
def body(setr):
    d = tmp()
    src = write_input(d, [
        ("a", "2026-03-02T10:00:00Z", "M-1001", '"1 234,50"', "RUB", "captured"),
        ("b", "2026-03-02T10:00:00Z", "M-1001", '"1\u00a0000,05"', "RUB", "captured"),
        ("c", "2026-03-02T10:00:00Z", "M-1002", '"7,5"', "RUB", "captured"),
        ("e", "2026-03-02T10:00:00Z", "M-1003", "12.30", "RUB", "captured"),
    ])
    r = run_cli(src, d / "out")
    p = d / "out" / "report_merchants.csv"
    rows = {x["merchant_id"]: x["revenue"] for x in read_rows(p)} if p.exists() else {}
    setr("parses_grouped_amounts", r.returncode == 0 and rows == {"M-1001": "2234.55", "M-1002": "7.50", "M-1003": "12.30"}, f"{rows} {r.stderr[-200:]}")
    bad = write_input(d, [
        ("a", "2026-03-02T10:00:00Z", "M-1001", "10.00", "RUB", "captured"),
        ("b", "2026-03-02T10:00:00Z", "M-1001", "12abc", "RUB", "captured"),
    ], "transactions_bad.csv")
    r2 = run_cli(bad, d / "bad")
    msg = (r2.stderr + r2.stdout).strip()
    setr("bad_amount_located", r2.returncode != 0 and "Traceback" not in msg and "transactions_bad.csv" in msg and "3" in msg.replace("2026-03-02", "") and len(msg.splitlines()) <= 2, msg[-300:])
probe({
    "parses_grouped_amounts": "'1 234,50', '1\u00a0000,05', '7,5' and '12.30' are all read as the right kopecks",
    "bad_amount_located": "a bad amount exits non-zero with one line naming the file and line 3, no traceback",
}, body)
PY
run_probe p.py "$R"
ensure parses_grouped_amounts bad_amount_located
check tests_pass "the repository's tests pass" tests_pass
finish
