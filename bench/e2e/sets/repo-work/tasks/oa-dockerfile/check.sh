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
D="$R/Dockerfile"
# FROM lines as a default `docker build` sees them: ${NAME} / $NAME replaced by an earlier `ARG NAME=default`
# (a base image chosen by build argument, with the right default, is a correct answer).
F="$T/froms"
[ -f "$D" ] && python3 - "$D" > "$F" <<'PY'
import re, sys
# Docker expands ${NAME} in FROM only with ARGs declared before the first FROM (their defaults may use
# earlier ones); an ARG inside a stage does not reach a later FROM.
args, stage = {}, False
expand = lambda text: re.sub(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?", lambda v: args.get(v.group(1), v.group(0)), text)
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    m = re.match(r"\s*ARG\s+([A-Za-z_][A-Za-z0-9_]*)=(\S+)", line, re.I)
    if m and not stage: args[m.group(1)] = expand(m.group(2).strip("\"'"))
    if re.match(r"\s*FROM\s+", line, re.I):
        stage = True
        print(expand(re.sub(r"\s--platform=\S+", "", line.strip())))
PY
check tests_pass "the repository's tests pass" bash -c "cd '$R' && timeout 180 node --test test/"
runs() {
  [ -f "$D" ] || { echo "no Dockerfile"; return 1; }
  grep -qiE '^\s*FROM\s+\S*node:20' "$F" || { echo "no node:20 base"; return 1; }
  grep -qiE '^\s*(CMD|ENTRYPOINT).*server\.js' "$D" || { echo "does not start server.js"; return 1; }
  grep -qiE '^\s*(EXPOSE\s+9100|ENV\s+PORT[= ]9100)' "$D" || { echo "no port 9100"; return 1; }
  grep -qiE '^\s*COPY\s+.*(src|\.)' "$D" || { echo "does not copy the code"; return 1; }
}
check dockerfile_runs_service "Dockerfile on a Node 20 base copies the code and starts server.js on 9100" runs
nonroot() { u=$(grep -iE '^\s*USER\s+' "$D" | tail -n 1 | awk '{print $2}'); [ -n "$u" ] && [ "$u" != root ] && [ "$u" != 0 ] && [ "${u%%:*}" != 0 ]; }
check dockerfile_non_root "the final stage runs as a non-root USER" nonroot
ign() {
  f="$R/.dockerignore"; [ -f "$f" ] || return 1
  # An allowlist (`*`, then `!` for what goes in) keeps out everything it does not re-include.
  if grep -qxE '\*|\*\*' "$f"; then ! grep -qE '^!/?(test|node_modules|\.git|\*)' "$f"; return; fi
  grep -qE '^/?(\*\*/)?test/?$|^/?test(/\*\*)?$' "$f" && grep -qE 'node_modules|\.git' "$f"
}
check dockerignore ".dockerignore keeps tests and node_modules/.git out of the image" ign
# prod and CI hosts cannot reach Docker Hub: every base image must come from the internal mirror
mirror() {
  [ -f "$D" ] || return 1
  froms=$(awk '{print $2}' "$F"); [ -n "$froms" ] || return 1
  stages=$(grep -iE '^\s*FROM\s+.*\s+AS\s+' "$F" | awk '{print tolower($NF)}')
  for f in $froms; do echo "$stages" | grep -qx "$(echo "$f" | tr A-Z a-z)" && continue; case "$f" in registry.int.acme.net:5000/*) ;; *) echo "FROM $f"; return 1;; esac; done
}
check images_from_mirror "every FROM pulls from registry.int.acme.net:5000 (Docker Hub is unreachable from prod/CI)" mirror
finish
