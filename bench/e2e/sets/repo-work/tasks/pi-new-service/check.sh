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
U="$R/systemd/reports-svc.service"; E="$R/envs/prod/reports-svc.env"
check tests_pass "bash tests/run.sh passes" tests_pass
port_of_unit() { sed -n 's/^[[:space:]]*Environment=\(.*[[:space:]]\)\{0,1\}PORT=\([0-9]\+\).*/\2/p' "$U" 2>/dev/null | head -n 1; }
unit() {
  [ -f "$U" ] || { echo "no unit"; return 1; }
  grep -qE '^User=reports$' "$U" && grep -qE '^ExecStart=.*node /srv/reports-svc/server\.js' "$U" && grep -qE '^Restart=' "$U" \
    && grep -qE '^WantedBy=multi-user\.target' "$U" && [ -n "$(port_of_unit)" ] || { echo "unit incomplete"; return 1; }
}
check unit_complete "systemd/reports-svc.service runs node /srv/reports-svc/server.js as reports, restarts, has PORT, is enabled for multi-user" unit
ups() {
  p=$(port_of_unit); [ -n "$p" ] || return 1
  blk=$(awk '/upstream[[:space:]]+reports_svc[[:space:]]*\{/{on=1} on{print} on&&/\}/{exit}' "$R/nginx/upstreams.conf")
  echo "$blk" | grep -q "server app-01.int.acme.net:$p;" && echo "$blk" | grep -q "server app-02.int.acme.net:$p;" || { echo "$blk"; return 1; }
}
check upstream_matches "nginx upstream reports_svc lists app-01 and app-02 on the unit's port" ups
env() {
  [ -f "$E" ] || { echo "no env"; return 1; }
  [ "$(envval "$E" PORT)" = "$(port_of_unit)" ] && [ "$(envval "$E" LOG_LEVEL)" = info ] && [ -n "$(envval "$E" METRICS_ADDR)" ] \
    && [[ "$(envval "$E" DATABASE_URL)" =~ ^postgres(ql)?://reports_ro:\$\{REPORTS_DB_PASSWORD\}@db-02\.int\.acme\.net:5432/orders(\?[^[:space:]]*)?$ ]] || { cat "$E"; return 1; }
}
check env_file "envs/prod/reports-svc.env: the unit's port, info, metrics on, the replica DATABASE_URL" env
# 9102 (node_exporter) and 9103 (legacy PHP admin) are taken on the app hosts outside this repo
free() { p=$(port_of_unit); [ -n "$p" ] && [ "$p" != 9100 ] && [ "$p" != 9101 ] && [ "$p" != 9102 ] && [ "$p" != 9103 ] && [ "$p" -gt 1024 ] && [ "$p" -lt 65536 ] || { echo "port $p"; return 1; }; }
check free_port "the port is really free on the app hosts: not 9100-9103 (9102 node_exporter, 9103 legacy PHP admin)" free
sd() { [ "$(envval "$E" METRICS_ADDR)" = metrics.int.acme.net:8125 ] || { envval "$E" METRICS_ADDR; return 1; }; }
check statsd_addr "METRICS_ADDR is our statsd, metrics.int.acme.net:8125" sd
finish
