// A client's run (bench/e2e/runner.ts): a transcript that names another run's folder, the set or this
// repository is flagged (clients are not sandboxed; another condition's folder holds the memory).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { strayedTo } from '../../bench/e2e/runner.js';
import { ROOT, tempDir, TINY } from './kit.js';

describe('a session that leaves its folder', () => {
  it('is caught by the names its transcript mentions', () => {
    const root = tempDir();
    for (const n of ['t1.none.1', 't1.file.1', 't1.memcue.1', '.memcue-bin']) mkdirSync(join(root, n));
    const own = `{"type":"tool_use","input":{"command":"ls ${join(root, 't1.none.1', 'work')}"}}`;
    expect(strayedTo(own, root, 't1.none.1', TINY)).toEqual([]);
    expect(strayedTo(`${own}\n{"output":"t1.file.1\\nt1.memcue.1\\nt1.none.1"}`, root, 't1.none.1', TINY)).toEqual(['t1.file.1', 't1.memcue.1']);
    expect(strayedTo(`cat ${TINY}/tasks/x/check.sh`, root, 't1.none.1', TINY)).toContain(TINY);
    expect(strayedTo(`ls ${ROOT}`, root, 't1.none.1', TINY)).toEqual([ROOT.replace(/\/$/, '')]);
  });
});
