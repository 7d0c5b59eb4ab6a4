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
        ("a", "2026-03-02T09:00:00Z", "M-1001", "100.00", "RUB", "captured"),
        ("b", "2026-03-02T12:00:00Z", "M-1002", "50.25", "RUB", "captured"),
        ("c", "2026-03-02T13:00:00Z", "M-1002", "999.00", "RUB", "failed"),
        ("d", "2026-03-03T10:00:00Z", "M-1001", "10.00", "RUB", "captured"),
        ("e", "2026-03-03T22:30:00Z", "M-1003", "7.00", "RUB", "captured"),
        ("f", "2026-03-01T21:30:00Z", "M-1003", "3.00", "RUB", "captured"),
    ])
    r = run_cli(src, d / "out")
    path = d / "out" / "report_daily.csv"
    rows = read_rows(path) if path.exists() else []
    setr("daily_file", r.returncode == 0 and rows and list(rows[0].keys()) == ["date", "revenue", "count"] and [x["date"] for x in rows] == sorted(x["date"] for x in rows), f"{rows} {r.stderr[-200:]}")
    by = {x["date"]: (x["revenue"], x["count"]) for x in rows}
    setr("daily_sums", by.get("2026-03-02", ("",))[0] in ("150.25", "153.25") and by.get("2026-03-03", ("",))[0] in ("10.00", "17.00"), str(by))
    # 22:30 UTC on the 3rd is the 4th in Moscow; 21:30 UTC on the 1st is the 2nd
    setr("moscow_business_day", by == {"2026-03-02": ("153.25", "3"), "2026-03-03": ("10.00", "1"), "2026-03-04": ("7.00", "1")}, str(by))
probe({
    "daily_file": "report_daily.csv is written with date,revenue,count, sorted by date",
    "daily_sums": "captured RUB revenue is summed per day (failed rows out) for mid-day payments",
    "moscow_business_day": "days are Moscow business days (UTC+3): 22:30 UTC counts on the next date",
}, body)
PY
run_probe p.py "$R"
ensure daily_file daily_sums moscow_business_day
check tests_pass "the repository's tests pass" tests_pass
finish
