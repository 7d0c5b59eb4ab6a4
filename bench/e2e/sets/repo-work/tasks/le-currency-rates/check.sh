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
    # 2026-03-03 (Tue): USD 91.0025, EUR 100.1708 -> 100 USD = 9100.25, 100 EUR = 10017.08
    src = write_input(d, [
        ("a", "2026-03-03T09:00:00Z", "M-1001", "100.00", "RUB", "captured"),
        ("b", "2026-03-03T10:00:00Z", "M-1001", "100.00", "USD", "captured"),
        ("c", "2026-03-03T11:00:00Z", "M-1002", "100.00", "EUR", "captured"),
    ])
    r = run_cli(src, d / "out")
    p = d / "out" / "report_merchants.csv"
    rows = {x["merchant_id"]: (x["revenue"], x["count"]) for x in read_rows(p)} if p.exists() else {}
    setr("converts_weekday", r.returncode == 0 and rows.get("M-1001") == ("9200.25", "2") and rows.get("M-1002") == ("10017.08", "1"), f"{rows} {r.stderr[-200:]}")
    # Saturday 2026-03-07 and Sunday 2026-03-01: the Central Bank publishes nothing; the last published rate applies
    src2 = write_input(d, [
        ("s", "2026-03-07T12:00:00Z", "M-1003", "100.00", "USD", "captured"),
        ("u", "2026-03-01T12:00:00Z", "M-1004", "100.00", "USD", "captured"),
    ], "transactions_2026-03-07.csv")
    r2 = run_cli(src2, d / "wk")
    p2 = d / "wk" / "report_merchants.csv"
    wk = {x["merchant_id"]: x["revenue"] for x in read_rows(p2)} if p2.exists() and r2.returncode == 0 else {}
    setr("weekend_uses_last_published", wk == {"M-1003": "9247.37", "M-1004": "9155.76"}, f"{wk} {r2.stderr[-200:]}")
    src3 = write_input(d, [("z", "2025-06-11T12:00:00Z", "M-1001", "100.00", "USD", "captured")], "transactions_2025-06-11.csv")
    r3 = run_cli(src3, d / "none")
    msg = (r3.stderr + r3.stdout).strip()
    setr("missing_rate_error", r3.returncode != 0 and "Traceback" not in msg and ("2025-06-11" in msg or "USD" in msg) and len(msg.splitlines()) <= 3, msg[-300:])
probe({
    "converts_weekday": "USD and EUR on a weekday are converted at that day's rate and counted (100 USD on 2026-03-03 = 9100.25)",
    "missing_rate_error": "with no rate anywhere near the date (2025-06-11) the job exits non-zero with a short message naming the date or currency, no traceback",
    "weekend_uses_last_published": "a Saturday/Sunday payment uses the last published rate (Friday 2026-03-06, 2026-02-27): the Central Bank publishes no weekend rates",
}, body)
PY
run_probe p.py "$R"
ensure converts_weekday missing_rate_error weekend_uses_last_published
check tests_pass "the repository's tests pass" tests_pass
finish
