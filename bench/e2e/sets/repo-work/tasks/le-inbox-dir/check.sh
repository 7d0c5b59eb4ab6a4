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
    d = tmp(); inbox = d / "inbox"; inbox.mkdir()
    a = write_input(inbox, [("a1", "2026-03-02T10:00:00Z", "M-1001", "100.00", "RUB", "captured")], "transactions_2026-03-02_01.csv")
    b = write_input(inbox, [("b1", "2026-03-02T11:00:00Z", "M-1001", "20.00", "RUB", "captured"),
                            ("b2", "2026-03-02T11:00:00Z", "M-1002", "5.00", "RUB", "captured")], "transactions_2026-03-02_02.csv")
    c = write_input(inbox, [("c1", "2026-03-02T12:00:00Z", "M-1003", "777.00", "RUB", "captured")], "transactions_2026-03-02_03.csv")
    (inbox / "notes.txt").write_text("not an export\n")
    for p in (a, b):
        (inbox / (p.name + ".done")).write_text("")
    r = run_cli(inbox, d / "out")
    path = d / "out" / "report_merchants.csv"
    rows = {x["merchant_id"]: (x["revenue"], x["count"]) for x in read_rows(path)} if path.exists() else {}
    setr("dir_merges_files", r.returncode == 0 and rows.get("M-1001") == ("120.00", "2") and rows.get("M-1002") == ("5.00", "1"), f"{rows} {r.stderr[-200:]}")
    # the uploader writes the csv in pieces and creates <file>.done when finished; no .done = still uploading
    setr("skips_unfinished_uploads", r.returncode == 0 and rows.get("M-1001") == ("120.00", "2") and "M-1003" not in rows, str(rows))
    r1 = run_cli(c, d / "one")
    p1 = d / "one" / "report_merchants.csv"
    one = {x["merchant_id"]: x["revenue"] for x in read_rows(p1)} if p1.exists() else {}
    setr("single_file_works", r1.returncode == 0 and one == {"M-1003": "777.00"}, f"{one} {r1.stderr[-200:]}")
probe({
    "dir_merges_files": "a directory argument merges all its finished transactions_*.csv into one report",
    "single_file_works": "a single file argument still works",
    "skips_unfinished_uploads": "a transactions_*.csv without its .done marker (still being uploaded) is skipped",
}, body)
PY
run_probe p.py "$R"
ensure dir_merges_files single_file_works skips_unfinished_uploads
check tests_pass "the repository's tests pass" tests_pass
finish
