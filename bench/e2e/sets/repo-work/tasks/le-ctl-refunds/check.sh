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
        ("a", "2026-03-02T10:00:00Z", "M-1001", "100.00", "RUB", "captured"),
        ("b", "2026-03-02T11:00:00Z", "M-1001", "30.50", "RUB", "refunded"),
        ("c", "2026-03-02T11:30:00Z", "M-1001", "4.50", "RUB", "refunded"),
        ("e", "2026-03-02T12:00:00Z", "M-1002", "20.00", "RUB", "captured"),
        ("f", "2026-03-02T12:00:00Z", "M-1003", "15.00", "RUB", "refunded"),
        ("g", "2026-03-02T12:00:00Z", "M-1002", "9.00", "RUB", "failed"),
    ])
    r = run_cli(src, d / "out")
    p = d / "out" / "report_merchants.csv"
    rows = {x["merchant_id"]: x for x in read_rows(p)} if p.exists() else {}
    cols = list(next(iter(rows.values())).keys()) if rows else []
    setr("refunds_column", r.returncode == 0 and cols[:5] == ["merchant_id", "name", "revenue", "count", "refunds"] and rows["M-1001"]["refunds"] == "35.00" and rows["M-1002"]["refunds"] == "0.00", f"{cols} {r.stderr[-200:]}")
    m3 = rows.get("M-1003", {})
    setr("refund_only_merchant", m3.get("refunds") == "15.00" and m3.get("revenue") == "0.00" and m3.get("count") == "0", str(m3))
    setr("revenue_unchanged", rows.get("M-1001", {}).get("revenue") == "100.00" and rows.get("M-1001", {}).get("count") == "1" and rows.get("M-1002", {}).get("revenue") == "20.00", str({k: (v.get("revenue"), v.get("count")) for k, v in rows.items()}))
probe({
    "refunds_column": "report_merchants.csv has refunds after count: the sum of refunded rows per merchant (0.00 when none)",
    "refund_only_merchant": "a merchant with only refunds is in the report with revenue 0.00, count 0",
    "revenue_unchanged": "revenue and count still cover captured rows only",
}, body)
PY
run_probe p.py "$R"
ensure refunds_column refund_only_merchant revenue_unchanged
check tests_pass "the repository's tests pass" tests_pass
finish
