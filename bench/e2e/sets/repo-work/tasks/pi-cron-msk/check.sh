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
C="$R/cron/etl.cron"
check tests_pass "bash tests/run.sh passes" tests_pass
line_of() { grep -E "^[^#]*$1" "$C" 2>/dev/null | head -n 1; }
rec() {
  l=$(line_of 'etl\.reconcile'); [ -n "$l" ] || { echo "no reconcile line"; return 1; }
  read -r m h dom mon dow user rest <<<"$l"
  [ "$dom $mon $dow $user" = "* * * etl" ] && [[ "$rest" == *"cd /srv/ledger-etl"*"python3 -m etl.reconcile /srv/finance/out"* ]] \
    && { [[ "$rest" =~ \>\>?\ */var/log/ledger-etl/reconcile\.log\ *2\>\&1 ]] || [[ "$rest" =~ \&\>\>?\ */var/log/ledger-etl/reconcile\.log ]]; } || { echo "$l"; return 1; }
}
check reconcile_line "a daily reconcile line for user etl with stdout and stderr into reconcile.log" rec
wk() {
  l=$(line_of 'weekly-summary\.sh'); [ -n "$l" ] || { echo "no weekly line"; return 1; }
  read -r m h dom mon dow user rest <<<"$l"
  [ "$dom $mon $user" = "* * etl" ] && [[ "$rest" == */srv/ledger-etl/bin/weekly-summary.sh* ]] && [[ "$dow" =~ ^(0|7|1|sun|Sun|SUN|mon|Mon|MON)$ ]] || { echo "$l"; return 1; }
}
check weekly_line "a weekly line for user etl running weekly-summary.sh" wk
# hosts run cron in UTC: 03:00 MSK = 00:00 UTC daily; Monday 01:30 MSK = Sunday 22:30 UTC
utc() {
  read -r m h _ <<<"$(line_of 'etl\.reconcile')"; [ "$m $h" = "0 0" ] || { echo "reconcile at $m $h"; return 1; }
  read -r m h dom mon dow _ <<<"$(line_of 'weekly-summary\.sh')"; [ "$m $h" = "30 22" ] && [[ "$dow" =~ ^(0|7|sun|Sun|SUN)$ ]] || { echo "weekly at $m $h dow $dow"; return 1; }
}
check msk_to_utc "the times are converted to the hosts' UTC cron: 0 0 * * * and 30 22 * * 0 (Monday 01:30 MSK is Sunday 22:30 UTC)" utc
finish
