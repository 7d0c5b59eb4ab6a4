// The sync's own files are written through fresh temporaries (O_EXCL|O_NOFOLLOW, util/safe-file.ts),
// like the side files and install: a link planted at a temporary's name (the old predictable
// `<file>.tmp`, or the `<file>.<pid>.tmp` used now) is never written through, and the file ends
// up a regular file with what memcue meant to write. Real files, real links.
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeJournal } from '../../src/sync/journal.js';
import { notSaidBefore } from '../../src/sync/said-before.js';
import { tempDir } from '../helpers.js';
import type { Fact } from '../../src/facts/facts.js';

/** A file outside the folder, and links to it at every name a writer of `path` could use aside. */
function plantLinks(path: string): string {
  const outside = join(tempDir(), 'outside.txt');
  writeFileSync(outside, 'not yours\n');
  for (const name of [`${path}.tmp`, `${path}.${process.pid}.tmp`]) symlinkSync(outside, name);
  return outside;
}

const fact: Fact = {
  id: 'f0000000000000000000000000',
  version: 1,
  text: 'Deploys go through staging first',
  translation: '',
  kind: 'rule',
  scope: 'global',
  source: '',
  quote: '',
  created_at: '2026-12-06T10:00:00.000Z',
  host: 'a',
  state: 'active',
};

describe('the sync writes no file through a planted link', () => {
  it('said-before lists', () => {
    const file = join(tempDir(), 'git', 'memcue', 'said-skipped.json');
    mkdirSync(join(file, '..'), { recursive: true });
    const outside = plantLinks(file);
    const { fresh } = notSaidBefore(file, ['a', 'b'], (x) => x);
    expect(fresh).toEqual(['a', 'b']);
    expect(readFileSync(outside, 'utf8')).toBe('not yours\n');
    expect(lstatSync(file).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(['a', 'b']);
    expect(lstatSync(file).mode & 0o777).toBe(0o600);
    expect(existsSync(`${file}.${process.pid}.tmp`)).toBe(false);
    // Read back on the next sync: both said before.
    expect(notSaidBefore(file, ['a', 'b'], (x) => x)).toEqual({ fresh: [], before: 2 });
  });

  it('a said-before list that is a link is not read through (said again instead)', () => {
    const file = join(tempDir(), 'said-refused.json');
    const elsewhere = join(tempDir(), 'list.json');
    writeFileSync(elsewhere, JSON.stringify(['a']));
    symlinkSync(elsewhere, file);
    expect(notSaidBefore(file, ['a'], (x) => x).fresh).toEqual(['a']);
    expect(lstatSync(file).isFile()).toBe(true); // the link replaced, its target untouched
    expect(readFileSync(elsewhere, 'utf8')).toBe(JSON.stringify(['a']));
  });

  it('journal files', () => {
    const repo = tempDir();
    const now = new Date('2026-12-06T10:00:00.000Z');
    mkdirSync(join(repo, 'journal'));
    const file = join(repo, 'journal', '20261206T100000000Z-a-abcdef.jsonl');
    const outside = plantLinks(file);
    expect(writeJournal(repo, 'a', [fact], now, 'abcdef')).toBe('journal/20261206T100000000Z-a-abcdef.jsonl');
    expect(readFileSync(outside, 'utf8')).toBe('not yours\n');
    expect(lstatSync(file).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ id: fact.id, text: fact.text });
  });
});
