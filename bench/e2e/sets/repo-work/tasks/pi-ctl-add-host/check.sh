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
inv() { awk '/^\[app\]/{on=1;next} /^\[/{on=0} on && NF{print $1}' "$R/hosts/inventory.ini" | sort | tr '\n' ' ' | grep -qx 'app-01.int.acme.net app-02.int.acme.net app-03.int.acme.net '; }
check inventory_has_host "[app] lists app-01, app-02 and app-03" inv
ups() {
  for u in orders_api billing_api; do
    blk=$(awk -v u="$u" '$0 ~ "upstream[ \t]+" u "[ \t]*\\{" {on=1} on{print} on&&/\}/{exit}' "$R/nginx/upstreams.conf")
    p=$(echo "$blk" | sed -n 's/.*app-01\.int\.acme\.net:\([0-9]*\);.*/\1/p')
    echo "$blk" | grep -q "server app-03.int.acme.net:$p;" || { echo "$u: $blk"; return 1; }
  done
}
check upstreams_have_host "orders_api and billing_api include app-03 on their port" ups
same() { cd "$R" && [ "$(git status --porcelain -- systemd envs cron logrotate alerting | wc -l)" = 0 ] && ! grep -q 'app-03' cron/*.cron; }
check nothing_else_changed "units, env files, cron, logrotate and alerting are untouched" same
finish
