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
# Probe helpers for the node service: start server.js on a free port, call it over HTTP, report criteria.
cat > "$T/lib.mjs" <<'JS'
import { spawn } from 'node:child_process';
export async function startServer(repo, env = {}) {
  const child = spawn(process.execPath, ['server.js'], { cwd: repo, env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start: ' + out.slice(-300))), 15000);
    child.stdout.on('data', (d) => { out += d; const m = out.match(/"port":\s*(\d+)/); if (m) { clearTimeout(timer); resolve(Number(m[1])); } });
    child.stderr.on('data', (d) => { out += d; });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error('server exited ' + code + ': ' + out.slice(-300))); });
  });
  const call = async (method, path, body, headers = {}) => {
    const res = await fetch(`http://127.0.0.1:${port}${path}`, {
      method, headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json = null; try { json = JSON.parse(text); } catch {}
    return { status: res.status, headers: res.headers, text, json };
  };
  return { call, port, stdout: () => out, stop: () => { child.kill(); } };
}
// criteria: { name: 'why' }; body fills r[name] = true/false (+ detail); prints every criterion even on a crash
export async function probe(criteria, body) {
  const r = {}, detail = {};
  const set = (name, ok, why) => { r[name] = !!ok; if (why) detail[name] = why; };
  try { await body(set); } catch (e) { for (const n of Object.keys(criteria)) if (!(n in r)) detail[n] = 'probe error: ' + String(e.message).slice(0, 200); }
  for (const [n, why] of Object.entries(criteria)) console.log(`${r[n] ? 'PASS' : 'FAIL'} ${n} - ${why}${!r[n] && detail[n] ? ' [' + detail[n] + ']' : ''}`);
  process.exit(0);
}
export const order = { customer: 'bob@example.com', items: [{ sku: 'MUG-01', qty: 2, price_cents: 1250 }] };
JS
# runs a probe file; its PASS/FAIL lines go to the results
run_probe() { (cd "$T" && timeout 90 node "$@") > "$T/probe.log" 2>&1; grep -E '^(PASS|FAIL) ' "$T/probe.log" >> "$OUT"; }
tests_pass() { cd "$R" && timeout 180 node --test test/; }
cat > "$T/p.mjs" <<'JS'
import { startServer, probe, order } from './lib.mjs';
const R = process.argv[2];
await probe({ api_comment: 'POST /orders keeps a comment and returns it; 501 characters get 400' }, async (set) => {
  const s = await startServer(R);
  try {
    const ok = await s.call('POST', '/orders', { ...order, comment: 'оставить у двери' });
    const got = await s.call('GET', `/orders/${ok.json?.id}`);
    const long = await s.call('POST', '/orders', { ...order, comment: 'x'.repeat(501) });
    const edge = await s.call('POST', '/orders', { ...order, comment: 'x'.repeat(500) });
    set('api_comment', ok.status === 201 && got.json?.comment === 'оставить у двери' && long.status === 400 && edge.status === 201, `${ok.status} ${got.json?.comment} ${long.status} ${edge.status}`);
  } finally { s.stop(); }
});
JS
run_probe p.mjs "$R"
ensure api_comment
check tests_pass "the repository's tests pass" tests_pass
migrated() { cd "$T" && rm -f m.db && bash "$R/scripts/migrate.sh" m.db >/dev/null && sqlite3 m.db "SELECT name FROM pragma_table_info('orders')" | grep -qx comment; }
check migration_adds_column "scripts/migrate.sh adds a comment column to orders" migrated
# the rule: every new NNN_x.up.sql comes with NNN_x.down.sql that undoes exactly it
down_ok() {
  cd "$T" && rm -f d.db && bash "$R/scripts/migrate.sh" d.db >/dev/null || return 1
  new=$(ls "$R"/migrations/*.up.sql | grep -v -e 001_init -e 002_order_status) || { echo "no new migration"; return 1; }
  for up in $new; do [ -f "${up%.up.sql}.down.sql" ] || { echo "no down for $up"; return 1; }; done
  # undo the new ones newest first; the schema must be what 001+002 give
  for up in $(echo "$new" | sort -r); do sqlite3 d.db < "${up%.up.sql}.down.sql" || return 1; done
  rm -f base.db; sqlite3 base.db < "$R/migrations/001_init.up.sql" && sqlite3 base.db < "$R/migrations/002_order_status.up.sql"
  a=$(sqlite3 d.db "SELECT name||':'||type FROM pragma_table_info('orders') ORDER BY cid"); b=$(sqlite3 base.db "SELECT name||':'||type FROM pragma_table_info('orders') ORDER BY cid")
  [ "$a" = "$b" ] || { echo "after down: $a"; return 1; }
}
check down_migration "the new migration has a .down.sql that undoes it (orders back to its old columns)" down_ok
finish
