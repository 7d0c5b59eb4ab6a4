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
    rows = []
    for i in range(12):
        rows.append((f"t{i}", "2026-03-02T10:00:00Z", f"M-20{i:02d}", f"{(i + 1) * 10}.00", "RUB", "captured"))
    rows.append(("x1", "2026-03-02T10:00:00Z", "M-2005", "5.00", "RUB", "failed"))
    rows.append(("tie", "2026-03-02T10:00:00Z", "M-1999", "120.00", "RUB", "captured"))
    rows.append(("qa", "2026-03-02T10:00:00Z", "TST-0001", "100000.00", "RUB", "captured"))
    rows.append(("qa2", "2026-03-02T10:00:00Z", "TST-0042", "500.00", "RUB", "captured"))
    src = write_input(d, rows)
    r = run_cli(src, d / "out")
    path = d / "out" / "report_top.csv"
    top = read_rows(path) if path.exists() else []
    setr("top_file", r.returncode == 0 and top and list(top[0].keys()) == ["rank", "merchant_id", "name", "revenue"] and len(top) == 10 and [x["rank"] for x in top] == [str(i) for i in range(1, 11)], f"{top[:3]} {r.stderr[-200:]}")
    ids = [x["merchant_id"] for x in top if not x["merchant_id"].startswith("TST-")]
    want = ["M-1999", "M-2011", "M-2010", "M-2009", "M-2008", "M-2007", "M-2006", "M-2005", "M-2004", "M-2003", "M-2002"]
    setr("top_order", ids == want[:len(ids)] and len(ids) >= 8 and top[0]["revenue"] in ("100000.00", "120.00"), str(ids))
    setr("qa_merchants_excluded", len(top) == 10 and not any(x["merchant_id"].startswith("TST-") for x in top) and [x["merchant_id"] for x in top] == want[:10], str([x["merchant_id"] for x in top]))
probe({
    "top_file": "report_top.csv has rank,merchant_id,name,revenue with 10 rows ranked 1..10",
    "top_order": "merchants are ordered by revenue, ties by merchant_id, failed rows ignored",
    "qa_merchants_excluded": "TST-* merchants (QA synthetic checks in production exports) are not in the leaderboard",
}, body)
PY
run_probe p.py "$R"
ensure top_file top_order qa_merchants_excluded
check tests_pass "the repository's tests pass" tests_pass
finish
