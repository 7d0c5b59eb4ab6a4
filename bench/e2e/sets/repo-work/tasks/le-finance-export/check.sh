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
        ("a", "2026-03-02T10:00:00Z", "M-1001", "1234.50", "RUB", "captured"),
        ("b", "2026-03-02T11:00:00Z", "M-1001", "0.25", "RUB", "captured"),
        ("c", "2026-03-02T12:00:00Z", "M-1002", "99.00", "RUB", "captured"),
    ])
    r0 = run_cli(src, d / "plain")
    setr("no_flag_unchanged", r0.returncode == 0 and not (d / "plain" / "finance_merchants.csv").exists() and (d / "plain" / "report_merchants.csv").exists(), r0.stderr[-200:])
    r = run_cli(src, d / "out", "--finance")
    path = d / "out" / "finance_merchants.csv"
    rows = read_rows(path) if path.exists() else []
    norm = lambda v: (v or "").replace("\u00a0", "").replace(" ", "").replace(",", ".")
    got = [(x.get("Мерчант"), norm(x.get("Выручка")), x.get("Операций")) for x in rows]
    setr("finance_file_rows", r.returncode == 0 and got == [("Кофейня на Садовой", "1234.75", "2"), ("Bookworm", "99.00", "1")], f"{got} {r.stderr[-200:]}")
    raw = path.read_bytes() if path.exists() else b""
    first = raw[3:].decode("utf-8", "replace").splitlines()[:2] if raw else []
    ok = raw.startswith(b"\xef\xbb\xbf") and len(first) == 2 and first[0].split(";") == ["Мерчант", "Выручка", "Операций"] and "1234,75" in first[1] and "1234.75" not in first[1]
    setr("excel_ru_format", ok, repr(raw[:80]))
probe({
    "no_flag_unchanged": "without --finance no finance file is written and the merchant report still is",
    "finance_file_rows": "finance_merchants.csv has Мерчант,Выручка,Операций with the right names, sums and counts",
    "excel_ru_format": "the file is what Excel with a Russian locale opens: UTF-8 with BOM, ';' separator, decimal comma",
}, body)
PY
run_probe p.py "$R"
ensure no_flag_unchanged finance_file_rows excel_ru_format
check tests_pass "the repository's tests pass" tests_pass
finish
