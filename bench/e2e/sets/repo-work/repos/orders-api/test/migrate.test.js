import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

test('migrations apply cleanly and only once', () => {
  const dir = mkdtempSync(join(tmpdir(), 'orders-mig-'));
  try {
    const db = join(dir, 'test.db');
    execFileSync('bash', [join(root, 'scripts/migrate.sh'), db]);
    const again = execFileSync('bash', [join(root, 'scripts/migrate.sh'), db]).toString();
    assert.equal(again.trim(), '');
    const cols = execFileSync('sqlite3', [db, "SELECT name FROM pragma_table_info('orders');"]).toString();
    assert.match(cols, /status/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
