#!/usr/bin/env bash
# Verifies this set's checkers the way the runner's --verify does, without the runner:
# for each task, on a fresh git copy of its repo: untouched must score below full, reference.patch full,
# plain.patch (memory tasks) must fail exactly the memory criteria of criteria.json and pass the generic ones.
# Usage: bash verify.sh [TASK_ID...]   (all tasks when none given)
set -uo pipefail
SET="$(cd "$(dirname "$0")" && pwd)"
cd "$SET"
ids=("$@"); [ ${#ids[@]} -gt 0 ] || ids=($(ls tasks))
bad=0
for id in "${ids[@]}"; do
  repo="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["repo"])' "tasks/$id/meta.json")"
  for kind in none reference plain; do
    [ "$kind" = plain ] && [ ! -f "tasks/$id/plain.patch" ] && continue
    w="$(mktemp -d)"; cp -r "repos/$repo" "$w/r"
    ( cd "$w/r" && git init -q && git add -A && git -c user.name=v -c user.email=v@x commit -qm init ) >/dev/null
    ans=/dev/null
    if [ "$kind" != none ]; then
      if ! (cd "$w/r" && git apply "$SET/tasks/$id/$kind.patch"); then echo "BAD $id $kind: patch does not apply"; bad=1; rm -rf "$w"; continue; fi
      [ -f "tasks/$id/$kind.answer.md" ] && ans="$SET/tasks/$id/$kind.answer.md"
    fi
    out="$(bash "tasks/$id/check.sh" "$w/r" "$ans" 2>&1)"
    verdict="$(python3 - "$id" "$kind" "$out" <<'PY'
import json, re, sys
tid, kind, out = sys.argv[1], sys.argv[2], sys.argv[3]
crit = json.load(open('criteria.json'))[tid]
got = {}
for line in out.splitlines():
    m = re.match(r'^(PASS|FAIL) (\S+) - ', line)
    if m: got[m.group(2)] = m.group(1) == 'PASS'
last = out.strip().splitlines()[-1] if out.strip() else ''
names = crit['generic'] + crit['memory']
problems = []
if set(got) != set(names): problems.append(f'criteria {sorted(got)} != criteria.json {sorted(names)}')
m = re.match(r'^score (\d+)/(\d+)$', last)
if not m or int(m.group(2)) != len(names) or int(m.group(1)) != sum(got.values()): problems.append(f'bad score line {last!r}')
if kind == 'none' and all(got.values()): problems.append('untouched repo scores full')
if kind == 'reference' and not all(got.values()): problems.append('reference not full: ' + ' '.join(k for k, v in got.items() if not v))
if kind == 'plain':
    wrong = [k for k in crit['generic'] if not got.get(k)] + [k for k in crit['memory'] if got.get(k)]
    if wrong: problems.append('plain wrong on: ' + ' '.join(wrong))
print(('BAD ' if problems else 'ok  ') + f'{tid} {kind:9} {last}  ' + '; '.join(problems))
PY
)"
    echo "$verdict"
    case "$verdict" in BAD*) bad=1; echo "$out" | sed 's/^/      /';; esac
    rm -rf "$w"
  done
done
exit $bad
