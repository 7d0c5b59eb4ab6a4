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
        ("a", "2026-03-02T10:00:00Z", "M-1001", "120.00", "RUB", "captured"),
        ("b", "2026-03-02T10:05:00Z", "M-1002", "10.23", "RUB", "captured"),
        ("c", "2026-03-02T10:06:00Z", "M-1003", "10.35", "RUB", "captured"),
        ("e", "2026-03-02T10:07:00Z", "M-1004", "10.29", "RUB", "captured"),
        ("f", "2026-03-02T10:08:00Z", "M-1005", "0.03", "RUB", "captured"),
    ])
    r = run_cli(src, d / "out")
    rows = {x["merchant_id"]: x for x in read_rows(d / "out" / "report_merchants.csv")}
    cols = list(next(iter(rows.values())).keys())
    setr("vat_column", r.returncode == 0 and cols[:4] == ["merchant_id", "name", "revenue", "count"] and "vat" in cols, f"{cols} {r.stderr[-200:]}")
    v = {k: x.get("vat") for k, x in rows.items()}
    setr("vat_exact", v["M-1001"] == "20.00" and v["M-1004"] == "1.72", str(v))
    # 10.23*20/120 = 1.705, 10.35*20/120 = 1.725, 0.03*20/120 = 0.005: bankers' rounding gives 1.70, 1.72, 0.00
    setr("vat_half_even", v["M-1002"] == "1.70" and v["M-1003"] == "1.72" and v["M-1005"] == "0.00", str(v))
probe({
    "vat_column": "report_merchants.csv keeps merchant_id,name,revenue,count and has a vat column",
    "vat_exact": "vat = revenue*20/120 where it is exact or unambiguous (120.00 -> 20.00, 10.29 -> 1.72)",
    "vat_half_even": "halves are rounded to even (banker's rounding, finance's rule): 10.23 -> 1.70, 10.35 -> 1.72, 0.03 -> 0.00",
}, body)
PY
run_probe p.py "$R"
ensure vat_column vat_exact vat_half_even
check tests_pass "the repository's tests pass" tests_pass
finish
