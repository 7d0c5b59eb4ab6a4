// MEMCUE_PROFILE=memory: where a long command's memory goes, phase by phase (issue 22 was found
// with it). The compiled binary is what users run and what the import's peak was measured on.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINARY, isolatedEnv, runProcess, tempDir } from '../helpers.js';

describe('MEMCUE_PROFILE=memory', () => {
  it.skipIf(!existsSync(BINARY))("prints the resident set, its peak, the JS heap and SQLite's WASM memory at each mark of an import", () => {
    const dir = tempDir();
    const input = join(dir, 'facts.jsonl');
    writeFileSync(input, Array.from({ length: 400 }, (_, i) => JSON.stringify({ text: `deploy step ${i} runs after the cache warms` })).join('\n'));
    const r = runProcess(BINARY, ['import', input], { env: { ...isolatedEnv(dir), MEMCUE_PROFILE: 'memory' } });
    expect(r.code, r.stderr).toBe(0);
    const line = (label: string) => r.stderr.split('\n').find((l) => l.trim().startsWith(label)) ?? '';
    const numbers = (label: string) => /\[rss (\d+) peak (\d+) heap (\d+)\/(\d+) ext (\d+) wasm (\d+)\]/.exec(line(label))?.slice(1).map(Number);
    const inserted = numbers('import: rows inserted');
    expect(inserted, r.stderr).toBeDefined();
    const [rss, peak, , , , wasm] = inserted!;
    expect(peak).toBeGreaterThanOrEqual(rss!);
    expect(wasm).toBeGreaterThan(0); // SQLite's heap, once the database is open
    expect(numbers('search file: encoded')).toBeDefined(); // the bulk write built the search file
  });
});
