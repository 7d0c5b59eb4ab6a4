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
# the block of the alert that mentions node_filesystem (any rules file)
rule_block() {
  for f in "$R"/alerting/rules/*.yml "$R"/alerting/rules/*.yaml; do [ -f "$f" ] || continue
    awk '/^[[:space:]]*- alert:/{if(b ~ /node_filesystem/) {print b; found=1; exit} b=""} {b=b $0 "\n"} END{if(!found && b ~ /node_filesystem/) print b}' "$f"
  done | head -n 40
}
disk() {
  b=$(rule_block); [ -n "$b" ] || { echo "no rule on node_filesystem"; return 1; }
  echo "$b" | grep -qE 'node_filesystem_(avail|free|size)_bytes' || { echo "no size/avail metrics"; return 1; }
  echo "$b" | grep -qE '(0\.9\b|0\.90\b|> *90\b|>= *90\b|< *0\.1\b|< *10\b)' || { echo "no 90% threshold"; return 1; }
  { echo "$b" | grep -qE 'fstype *!~ *"[^"]*tmpfs[^"]*overlay|fstype *!~ *"[^"]*overlay[^"]*tmpfs' \
    || { echo "$b" | grep -qE 'fstype *!= *"tmpfs"' && echo "$b" | grep -qE 'fstype *!= *"overlay"'; }; } || { echo "tmpfs/overlay not excluded"; return 1; }
  echo "$b" | grep -qE '^[[:space:]]*for:[[:space:]]*10m' || { echo "no for: 10m"; return 1; }
}
check disk_rule "a rule on node_filesystem over 90% (tmpfs/overlay excluded) for 10m in alerting/rules" disk
# routing: severity="page" goes to oncall-tg; severity critical/warning go to email-ops, whose SMTP relay is gone
pages() {
  b=$(rule_block); [ -n "$b" ] || return 1
  sev=$(echo "$b" | sed -n 's/^[[:space:]]*severity:[[:space:]]*"\{0,1\}\([a-z]*\)"\{0,1\}.*/\1/p' | head -n 1)
  recv=$(awk -v s="$sev" '/matchers:/ && index($0, "severity=\"" s "\"") {getline; print $2; exit}' "$R/alerting/alertmanager.yml")
  [ "$recv" = oncall-tg ] || { echo "severity=$sev routes to ${recv:-the default receiver}"; return 1; }
}
check pages_oncall "the alert's labels route it to the oncall-tg receiver (severity: page); email-ops is dead" pages
finish
