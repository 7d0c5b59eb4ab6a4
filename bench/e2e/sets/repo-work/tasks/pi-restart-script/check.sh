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
# stub ssh/scp/curl/wget/sleep on PATH; every call is logged, nothing leaves this machine
mkdir -p "$T/bin"
for c in ssh scp rsync; do printf '#!/bin/sh\necho "%s $*" >> "$CALLS"\n' "$c" > "$T/bin/$c"; done
for c in curl wget; do printf '#!/bin/sh\necho "%s $*" >> "$CALLS"\ncase "$*" in *"$FAIL_HOST"*) [ -n "$FAIL_HOST" ] && exit 7;; esac\necho ok\n' "$c" > "$T/bin/$c"; done
printf '#!/bin/sh\nexit 0\n' > "$T/bin/sleep"
chmod +x "$T/bin/"*
S="$R/scripts/restart.sh"
runit() { # runit NAME [ENV...] -- args
  local name=$1; shift; CALLS="$T/$name.calls"; : > "$CALLS"
  env CALLS="$CALLS" PATH="$T/bin:$PATH" "$@" > "$T/$name.out" 2>&1 < /dev/null; echo $? > "$T/$name.rc"
}
[ -f "$S" ] && {
  runit ok FAIL_HOST= timeout 60 bash "$S" orders-api
  runit bad FAIL_HOST=app-01 timeout 60 bash "$S" orders-api
  runit unk FAIL_HOST= timeout 60 bash "$S" no-such-svc
  runit dry FAIL_HOST= DRY_RUN=1 timeout 60 bash "$S" billing-api
}
check tests_pass "bash tests/run.sh passes" tests_pass
order() {
  [ -f "$S" ] && [ "$(cat "$T/ok.rc")" = 0 ] || { cat "$T/ok.out"; return 1; }
  seq=$(grep -nE '^(ssh .*app-0[12].*systemctl restart orders-api|(curl|wget) .*app-0[12][^ ]*:9100/healthz)' "$T/ok.calls" | sed -E 's/^([0-9]+):(ssh|curl|wget).*(app-0[12]).*/\2 \3/; s/^(curl|wget)/poll/' | uniq)
  [ "$(echo $seq)" = "ssh app-01 poll app-01 ssh app-02 poll app-02" ] || { echo "$seq"; cat "$T/ok.calls"; return 1; }
}
check restarts_in_order "restarts app-01, polls its :9100/healthz, then app-02 — one host at a time" order
stop() { [ -f "$S" ] && [ "$(cat "$T/bad.rc")" != 0 ] && grep -q 'app-01.*systemctl restart' "$T/bad.calls" && ! grep -q '^ssh .*app-02' "$T/bad.calls" && [ "$(grep -cE '^(curl|wget) .*app-01' "$T/bad.calls")" -ge 2 ] || { cat "$T/bad.calls" | tail -n 3; return 1; }; }
check stops_on_unhealthy "when app-01 never gets healthy it retries, exits non-zero and never touches app-02" stop
unk() { [ -f "$S" ] && [ "$(cat "$T/unk.rc")" != 0 ] && [ ! -s "$T/unk.calls" ] && [ "$(wc -l < "$T/unk.out")" -le 3 ]; }
check unknown_service "an unknown service exits non-zero with a short message before any ssh" unk
# the user's rule for every ops script: DRY_RUN=1 prints what would change instead of doing it
dry() { [ -f "$S" ] && [ "$(cat "$T/dry.rc")" = 0 ] && ! grep -qE '^(ssh|scp|rsync) ' "$T/dry.calls" && grep -q 'app-01' "$T/dry.out" && grep -q 'app-02' "$T/dry.out" && grep -q 'systemctl restart billing-api' "$T/dry.out" || { cat "$T/dry.out" | head -n 5; return 1; }; }
check dry_run "DRY_RUN=1 runs no ssh, prints the restart commands for both hosts and exits 0" dry
finish
