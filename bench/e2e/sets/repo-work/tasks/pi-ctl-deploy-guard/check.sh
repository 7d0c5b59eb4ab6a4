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
mkdir -p "$T/bin"
for c in ssh scp rsync; do printf '#!/bin/sh\necho "%s $*" >> "$CALLS"\n' "$c" > "$T/bin/$c"; done
chmod +x "$T/bin/"*
runit() { local name=$1; shift; CALLS="$T/$name.calls"; : > "$CALLS"; env CALLS="$CALLS" PATH="$T/bin:$PATH" "$@" > "$T/$name.out" 2>&1 < /dev/null; echo $? > "$T/$name.rc"; }
rm -rf "$T/r2"; cp -r "$R" "$T/r2"; rm -f "$T/r2/envs/prod/billing-api.env"
runit unk timeout 30 bash "$R/scripts/deploy.sh" orders-apii
runit noenv timeout 30 bash "$T/r2/scripts/deploy.sh" billing-api
runit ok timeout 30 bash "$R/scripts/deploy.sh" orders-api
check tests_pass "bash tests/run.sh passes" tests_pass
u() { [ "$(cat "$T/unk.rc")" = 1 ] && [ ! -s "$T/unk.calls" ] && [ "$(wc -l < "$T/unk.out")" -le 2 ] || { cat "$T/unk.out" "$T/unk.calls"; return 1; }; }
check unknown_service_no_remote "a misspelt service exits 1 with at most two lines and no scp/ssh" u
n() { [ "$(cat "$T/noenv.rc")" = 1 ] && [ ! -s "$T/noenv.calls" ] || { cat "$T/noenv.out" "$T/noenv.calls"; return 1; }; }
check missing_env_no_remote "a service without envs/prod/SERVICE.env exits 1 with no scp/ssh" n
ok() { [ "$(cat "$T/ok.rc")" = 0 ] && [ "$(grep -c '^scp ' "$T/ok.calls")" = 4 ] && [ "$(grep -c '^ssh ' "$T/ok.calls")" = 2 ] && [ "$(tail -n 1 "$T/ok.out")" = 'deployed orders-api to 2 hosts' ] && [ "$(grep -c '^deployed' "$T/ok.out")" = 1 ] || { tail -n 3 "$T/ok.out"; return 1; }; }
check deploys_and_reports "a good deploy still copies to and restarts on both hosts and ends with 'deployed orders-api to 2 hosts'" ok
finish
