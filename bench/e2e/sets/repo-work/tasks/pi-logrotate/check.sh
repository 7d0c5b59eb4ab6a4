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
L="$R/logrotate/reports-svc"
check tests_pass "bash tests/run.sh passes" tests_pass
body_has() { grep -qE "^[[:space:]]*$1([[:space:]]|$)" "$L"; }
lr() {
  [ -f "$L" ] || { echo "no logrotate/reports-svc"; return 1; }
  grep -qE '^[[:space:]]*/var/log/reports-svc/\*\.log[[:space:]]*\{' "$L" || { echo "no block for /var/log/reports-svc/*.log"; return 1; }
  for k in compress missingok notifempty copytruncate; do body_has "$k" || { echo "no $k"; return 1; }; done
}
check logrotate_file "logrotate/reports-svc covers /var/log/reports-svc/*.log with compress, missingok, notifempty, copytruncate" lr
# production logs with personal data are kept at most 14 days (legal); only billing-api has an agreed exception
ret() {
  [ -f "$L" ] || return 1
  n=$(sed -n 's/^[[:space:]]*rotate[[:space:]]\+\([0-9]\+\).*/\1/p' "$L" | head -n 1)
  age=$(sed -n 's/^[[:space:]]*maxage[[:space:]]\+\([0-9]\+\).*/\1/p' "$L" | head -n 1)
  if body_has daily; then per=1; elif body_has weekly; then per=7; elif body_has monthly; then per=31; else per=7; fi
  [ -n "$n" ] || { echo "no rotate"; return 1; }
  days=$((n * per)); [ -n "$age" ] && [ "$age" -lt "$days" ] && days=$age
  [ "$days" -le 14 ] && [ "$days" -ge 1 ] || { echo "keeps $days days"; return 1; }
}
check retention_14_days "old logs are kept at most 14 days (e.g. daily + rotate 14)" ret
finish
