// Bit rot that keeps the file's size, inode and mtime (issue 38 item 4): a writer refuses every file
// doctor calls damaged, and writes every file doctor calls sound. Real files, one bit flipped in
// place, the mtime put back to the nanosecond with `touch -r` so nothing but the bytes tell.
import { execFileSync } from 'node:child_process';
import { copyFileSync, openSync, readFileSync, readSync, writeSync, closeSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, isolatedEnv, tempDir } from '../helpers.js';

function flipBit(path: string, offset: number, bit: number): void {
  const ref = `${path}.mtime-ref`;
  execFileSync('touch', ['-r', path, ref]);
  const fd = openSync(path, 'r+');
  const b = Buffer.alloc(1);
  readSync(fd, b, 0, 1, offset);
  b[0] = b[0]! ^ (1 << bit);
  writeSync(fd, b, 0, 1, offset); // in place: same inode, same size
  closeSync(fd);
  execFileSync('touch', ['-r', ref, path]);
}

/** Deterministic offsets: half in b-tree page headers (damage likely), half anywhere past the file header. */
function flips(size: number, pageSize: number, count: number): { offset: number; bit: number }[] {
  let s = 38;
  const next = () => ((s = (s * 1103515245 + 12345) >>> 0) >>> 8) / 2 ** 24;
  const pages = size / pageSize;
  return Array.from({ length: count }, (_, i) => {
    const page = 1 + Math.floor(next() * (pages - 1));
    const offset = i % 2 === 0 ? page * pageSize + Math.floor(next() * 12) : 100 + Math.floor(next() * (size - 100));
    return { offset, bit: Math.floor(next() * 8) };
  });
}

async function doctorVerdict(bytes: Buffer): Promise<'sound' | 'damaged'> {
  const env = isolatedEnv();
  writeFileSync(env.MEMCUE_DB!, bytes);
  const r = await cli(['doctor', '--json'], { env });
  const db = JSON.parse(r.stdout).database;
  return db.integrity === 'ok' && db.error === undefined ? 'sound' : 'damaged';
}

describe.skipIf(process.platform === 'win32')('bit rot that keeps size and mtime (touch -r puts the mtime back)', () => {
  it('doctor and add agree on every flipped file: no acknowledged add into a damaged one', async () => {
    const env = isolatedEnv();
    const facts = join(tempDir(), 'facts.jsonl');
    writeFileSync(facts, Array.from({ length: 400 }, (_, i) => JSON.stringify({ text: `deploy note ${i}: the staging widget ${i * 7} needs a restart after rollout` })).join('\n'));
    expect((await cli(['import', facts], { env })).code).toBe(0);
    const db = env.MEMCUE_DB!;
    const pristine = join(tempDir(), 'pristine');
    for (const suffix of ['', '.checked']) copyFileSync(`${db}${suffix}`, `${pristine}${suffix}`);
    execFileSync('touch', ['-r', db, pristine]); // the mtime memcue's record holds
    const original = readFileSync(db);
    const outcomes: string[] = [];
    let damaged = 0;
    for (const { offset, bit } of flips(original.length, original.readUInt16BE(16), 24)) {
      // Back to memcue's own last state (same inode: written in place), then one bit flipped.
      writeFileSync(db, readFileSync(pristine));
      execFileSync('touch', ['-r', pristine, db]);
      copyFileSync(`${pristine}.checked`, `${db}.checked`);
      flipBit(db, offset, bit);
      const flipped = readFileSync(db);
      const verdict = await doctorVerdict(flipped);
      const add = await cli(['add', `a fact after flipping bit ${bit} at ${offset}`], { env });
      outcomes.push(`${offset}/${bit}: doctor ${verdict}, add exit ${add.code}`);
      if (verdict === 'damaged') {
        damaged++;
        expect(add.code, outcomes.at(-1)).not.toBe(0);
        expect(add.stderr.trim().split('\n'), add.stderr).toHaveLength(1);
        expect(add.stderr).not.toMatch(/internal error/);
        expect(readFileSync(db).equals(flipped), `${outcomes.at(-1)}: the file was written`).toBe(true);
      } else {
        expect(add.code, `${outcomes.at(-1)}: ${add.stderr}`).toBe(0);
        expect(await doctorVerdict(readFileSync(db)), `${outcomes.at(-1)}: damaged after the add`).toBe('sound');
      }
    }
    // The flips must have damaged files for this to show anything.
    if (process.env.MEMCUE_TEST_VERBOSE) console.log(outcomes.join('\n'));
    expect(damaged, outcomes.join('\n')).toBeGreaterThanOrEqual(6);
  }, 120_000);
});
