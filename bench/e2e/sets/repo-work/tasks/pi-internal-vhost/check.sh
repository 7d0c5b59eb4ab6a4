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
site() { grep -l 'server_name[[:space:]]\+reports\.int\.acme\.net' "$R"/nginx/sites/*.conf 2>/dev/null | head -n 1; }
sp() {
  f=$(site); [ -n "$f" ] || { echo "no site with server_name reports.int.acme.net"; return 1; }
  grep -qE 'listen[[:space:]]+443[[:space:]]+ssl' "$f" && grep -q 'include snippets/acme-tls.conf;' "$f" && grep -qE 'proxy_pass[[:space:]]+http://reports_svc;' "$f" || { cat "$f"; return 1; }
}
check site_proxies "a site for reports.int.acme.net on 443 ssl with the TLS snippet, proxying to reports_svc" sp
ua() { blk=$(awk '/upstream[[:space:]]+reports_svc[[:space:]]*\{/{on=1} on{print} on&&/\}/{exit}' "$R/nginx/upstreams.conf"); echo "$blk" | grep -q 'server app-01.int.acme.net:9104;' && echo "$blk" | grep -q 'server app-02.int.acme.net:9104;'; }
check upstream_added "upstream reports_svc has app-01 and app-02 on 9104" ua
ar() { f=$(site); [ -n "$f" ] && grep -qE '^[[:space:]]*allow[[:space:]]+[0-9./]+;' "$f" && grep -qE '^[[:space:]]*deny[[:space:]]+all;' "$f"; }
check access_restricted "the site allows some networks and denies all others" ar
# internal vhosts: office VPN 172.20.0.0/16 and servers 10.10.0.0/16 only; 10.0.0.0/8 also lets in the partner tunnels (10.200.0.0/16)
al() {
  f=$(site); [ -n "$f" ] || return 1
  allows=$(sed -n 's/^[[:space:]]*allow[[:space:]]\+\([0-9./]\+\);.*/\1/p' "$f" | sort | tr '\n' ' ')
  [ "$allows" = "10.10.0.0/16 172.20.0.0/16 " ] || { echo "allows: $allows"; return 1; }
}
check allowlist_ranges "exactly the office VPN 172.20.0.0/16 and the server network 10.10.0.0/16 are allowed (not 10.0.0.0/8)" al
finish
