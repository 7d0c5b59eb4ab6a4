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
E="$R/envs/staging/orders-api.env"
check tests_pass "bash tests/run.sh passes" tests_pass
vals() {
  [ -f "$E" ] || { echo "no $E"; return 1; }
  u=$(envval "$E" DATABASE_URL)
  [ "$(envval "$E" PORT)" = 9100 ] && [ "$(envval "$E" LOG_LEVEL)" = debug ] && [ -z "$(envval "$E" METRICS_ADDR)" ] \
    && [ "$(envval "$E" SHIPFAST_WEBHOOK_SECRET)" = '${SHIPFAST_STG_SECRET}' ] \
    && [[ "$u" =~ ^postgres(ql)?://orders_app:\$\{ORDERS_STG_DB_PASSWORD\}@db-stg-01\.int\.acme\.net(:[0-9]+)?/orders(\?[^[:space:]]*)?$ ]] || { echo "$u"; return 1; }
}
check staging_env_values "PORT 9100, LOG_LEVEL debug, metrics off, the staging secrets, DATABASE_URL to orders on db-stg-01 as orders_app" vals
# db-stg-01's Postgres for the services listens on 5433; 5432 there is the old archive cluster
port() { u=$(envval "$E" DATABASE_URL); [[ "$u" =~ @db-stg-01\.int\.acme\.net:5433/orders(\?[^[:space:]]*)?$ ]] || { echo "$u"; return 1; }; }
check staging_db_port "the staging DATABASE_URL uses port 5433 (5432 on db-stg-01 is the old archive cluster)" port
finish
