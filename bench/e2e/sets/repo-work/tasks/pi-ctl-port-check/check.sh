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
# Helpers for file checks: tests_pass runs the repo's own static checks.
tests_pass() { cd "$R" && PYTHONDONTWRITEBYTECODE=1 timeout 120 bash tests/run.sh; }
# envval FILE KEY -> the value of KEY=... in an env file
envval() { sed -n "s/^[[:space:]]*$2=//p" "$1" 2>/dev/null | tail -n 1; }
check tests_pass "bash tests/run.sh passes" tests_pass
mkdup() { rm -rf "$T/dup"; cp -r "$R" "$T/dup"; sed -e 's/orders-api/orders-copy/g' "$T/dup/systemd/orders-api.service" > "$T/dup/systemd/orders-copy.service"; }
cd_() { mkdup; cd "$T/dup" && ! python3 tests/check_ports.py > "$T/dup.out" 2>&1; }
check catches_duplicate "a copied unit with the same port makes check_ports.py fail" cd_
nb() { mkdup; (cd "$T/dup" && python3 tests/check_ports.py > "$T/dup.out" 2>&1); grep -q 'orders-api' "$T/dup.out" && grep -q 'orders-copy' "$T/dup.out" || { cat "$T/dup.out"; return 1; }; }
check names_both_units "the failure names both units" nb
cl() { cd "$R" && python3 tests/check_ports.py; }
check clean_repo_passes "the repository as it is passes check_ports.py" cl
finish
