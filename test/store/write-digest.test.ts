// The write check's record after a commit comes from the pages the commit wrote (write-digest.ts),
// not from a second read of the whole file: it must be the CRC a whole read gives, after every kind
// of write memcue makes, and a write it cannot follow falls back to the whole read.
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import * as digestFile from '../../src/store/file-digest.js';
import { checkedRecord } from '../../src/store/integrity.js';
import { WriteDigest } from '../../src/store/write-digest.js';
import { BINARY, cli, isolatedEnv, runProcess, tempDir } from '../helpers.js';

const haveStrace = spawnSync('strace', ['-f', '-o', '/dev/null', 'true'], { stdio: 'ignore' }).status === 0;

const hex = (b: Uint8Array) => (zlibCrc32(b) >>> 0).toString(16).padStart(8, '0');

describe('WriteDigest', () => {
  it('follows overwrites, appends, holes and growth to the CRC of the bytes on disk', () => {
    const path = join(tempDir(), 'db');
    const start = randomBytes(64 * 1024);
    writeFileSync(path, start);
    const digest = WriteDigest.follow(path, zlibCrc32(start) >>> 0, start.length);
    const fd = openSync(path, 'r+');
    const write = (at: number, data: Buffer) => {
      digest.write(at, data); // before the bytes land, as the WASM's write does
      writeSync(fd, data, 0, data.length, at);
    };
    write(0, randomBytes(100)); // the header
    write(4096 * 3, randomBytes(4096)); // a page inside
    write(60 * 1024, randomBytes(8 * 1024)); // straddles the end
    write(100 * 1024, randomBytes(4096)); // past the end: a hole of zeros
    digest.truncate(128 * 1024);
    truncateSync(path, 128 * 1024);
    closeSync(fd);
    const bytes = readFileSync(path);
    expect(digest.end()).toEqual({ digest: hex(bytes), size: bytes.length });
  });

  it('gives up on what it cannot follow: a file cut shorter, a write at an unknown place', () => {
    const path = join(tempDir(), 'db');
    writeFileSync(path, randomBytes(8192));
    const cut = WriteDigest.follow(path, zlibCrc32(readFileSync(path)) >>> 0, 8192);
    cut.truncate(4096);
    expect(cut.end()).toBeUndefined();
    const lost = WriteDigest.follow(path, zlibCrc32(readFileSync(path)) >>> 0, 8192);
    lost.lost();
    expect(lost.end()).toBeUndefined();
  });
});

describe('the record after a commit', () => {
  it('is what a whole read of the file gives, after adds, edits, forgets, imports and compact', async () => {
    const env = isolatedEnv();
    const db = env.MEMCUE_DB!;
    const record = () => readFileSync(`${db}.checked`, 'utf8');
    const first = await cli(['add', 'the first fact, which makes the file'], { env });
    const second = await cli(['add', 'the second fact, to be forgotten'], { env });
    expect(first.code + second.code).toBe(0);
    const lines = Array.from({ length: 400 }, (_, i) => JSON.stringify({ text: `imported fact ${i} about the deploy queue ${randomBytes(6).toString('hex')}` }));
    const file = join(tempDir(), 'facts.jsonl');
    writeFileSync(file, lines.join('\n'));
    const steps: string[][] = [['import', file]];
    for (let i = 0; i < 30; i++) steps.push(['add', `fact ${i} about caches and ${randomBytes(40).toString('hex')}`]);
    steps.push(['edit', first.stdout.trim(), 'the first fact, edited']);
    steps.push(['forget', second.stdout.trim()]);
    steps.push(['compact']);
    steps.push(['add', 'after the compaction']);
    for (const args of steps) {
      const reads = digestFile.wholeReads;
      const r = await cli(args, { env });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      // add, edit and forget read the whole file once, before writing; the record comes from their writes
      if (['add', 'edit', 'forget'].includes(args[0]!)) expect(digestFile.wholeReads - reads, args.join(' ')).toBe(1);
      expect(record(), args.join(' ')).toBe(checkedRecord(db));
    }
  });

  it('costs one whole read of the file per add, the check before it', async () => {
    const env = isolatedEnv();
    expect((await cli(['add', 'the first fact'], { env })).code).toBe(0);
    expect((await cli(['add', 'the second fact'], { env })).code).toBe(0);
    const before = digestFile.wholeReads;
    expect((await cli(['add', 'the third fact about deploys'], { env })).code).toBe(0);
    expect(digestFile.wholeReads - before).toBe(1);
    // and the next writer finds the file as recorded (no integrity check, one read again)
    const next = digestFile.wholeReads;
    expect((await cli(['add', 'the fourth fact'], { env })).code).toBe(0);
    expect(digestFile.wholeReads - next).toBe(1);
  });
});

describe.runIf(haveStrace)('the binary', () => {
  it('reads the database file once per add, and records what a whole read gives', async () => {
    const env = isolatedEnv();
    const db = env.MEMCUE_DB!;
    const file = join(tempDir(), 'facts.jsonl');
    const words = (i: number) => Array.from({ length: 50 }, (_, j) => `word${(i * 7 + j * 13) % 997}`).join(' ');
    writeFileSync(file, Array.from({ length: 3000 }, (_, i) => JSON.stringify({ text: `fact ${i} ${words(i)}` })).join('\n'));
    for (const args of [['import', file], ['add', 'an add that makes the record']]) {
      const r = runProcess(BINARY, args, { env });
      expect(r.code, r.stderr).toBe(0);
    }
    const size = statSync(db).size;
    expect(size).toBeGreaterThan(2 ** 20); // more than one step of the whole read
    const trace = join(tempDir(), 'trace');
    const r = runProcess('strace', ['-f', '-y', '-e', 'trace=pread64,read', '-o', trace, BINARY, 'add', 'the add that is counted'], { env });
    expect(r.code, r.stderr).toBe(0);
    // Bytes read from the database file itself (not its journal or side files), by any descriptor.
    const read = readFileSync(trace, 'utf8')
      .split('\n')
      .filter((l) => l.includes(`<${db}>`))
      .reduce((sum, l) => sum + Math.max(0, Number(/= (-?\d+)$/.exec(l)?.[1] ?? 0)), 0);
    expect(read).toBeGreaterThanOrEqual(size); // the check before the write: all of it
    expect(read).toBeLessThan(1.5 * size); // and not a second time after the commit (was 2x)
    expect(readFileSync(`${db}.checked`, 'utf8')).toBe(checkedRecord(db));
  });
});
