// What the files say about another program's writes (src/store/foreign-files.ts), read from real files
// written by native SQLite (Python's sqlite3 module): the change counter every commit bumps, and the
// header of a live journal.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dbFile } from '../../src/store/db-file.js';
import { changeCounter, detectingForeignWrites, journalHeader } from '../../src/store/foreign-files.js';
import { tempDir } from '../helpers.js';
import { hasPython, holdLock } from './foreign-program.js';

function commit(db: string, statement: string): void {
  execFileSync('python3', ['-c', 'import sqlite3,sys; db=sqlite3.connect(sys.argv[1]); db.execute(sys.argv[2]); db.commit()', db, statement]);
}

describe.skipIf(!hasPython())('the files beside a database written by another program', () => {
  it('the change counter: -1 before the file exists, then one more per commit', () => {
    const file = dbFile(join(tempDir(), 'other.db'));
    expect(changeCounter(file)).toBe(-1);
    commit(file.real, 'create table t(a)');
    const first = changeCounter(file);
    commit(file.real, 'insert into t values (1)');
    expect(changeCounter(file)).toBe(first + 1);
  });

  it("a live journal's header: a nonce, and the size of one writer's records", async () => {
    const file = dbFile(join(tempDir(), 'other.db'));
    commit(file.real, 'create table facts(a)');
    expect(journalHeader(file)).toBeUndefined();
    const holder = await holdLock(file.real, 'write'); // one insert: its table's page journaled, page 1 not yet
    const header = journalHeader(file)!;
    expect(header.sizeFor(1)).toBe(true);
    expect(header.sizeFor(50)).toBe(false);
    expect(await holder.release()).toBe(0);
    expect(journalHeader(file)).toBeUndefined();
  });
});

describe('whether writes are detected from the files', () => {
  const saved = process.env.MEMCUE_FOREIGN_LOCKS;
  afterEach(() => {
    if (saved === undefined) delete process.env.MEMCUE_FOREIGN_LOCKS;
    else process.env.MEMCUE_FOREIGN_LOCKS = saved;
  });

  it.skipIf(process.platform !== 'linux')('not under Node on Linux (/proc/locks shows the locks), unless they are hidden for diagnosis', () => {
    delete process.env.MEMCUE_FOREIGN_LOCKS;
    expect(detectingForeignWrites()).toBe(false);
    process.env.MEMCUE_FOREIGN_LOCKS = '0';
    expect(detectingForeignWrites()).toBe(true);
  });
});
