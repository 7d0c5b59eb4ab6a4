// Another SQLite program on memcue's file, for the tests of foreign-locks and foreign-writes: Python's
// sqlite3 module (native SQLite with its real POSIX locks, as DB Browser or Datasette would be).
import { execFileSync, spawn, spawnSync } from 'node:child_process';

const HOLD = `
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=60)
db.execute('create table if not exists scratch(a)')
mode = sys.argv[2]
if mode == 'write':
    db.execute('begin immediate'); db.execute("insert into scratch values('foreign')")
elif mode == 'exclusive':
    db.execute('begin exclusive'); db.execute("insert into scratch values('foreign')")
elif mode == 'spill':  # a transaction bigger than its cache: the journal is hot and the file half-changed
    db.execute('pragma cache_size = 2'); db.execute('begin immediate')
    db.executemany('insert into scratch values(?)', [('x' * 1000,)] * 2000)
else:  # read, or read-then-write: a reader that later writes from the pages it read
    db.execute('begin'); db.execute('select count(*) from facts').fetchall()
print('holding', flush=True)
sys.stdin.readline()  # the test says when to commit (or kills us: the transaction is then rolled back)
if mode == 'read-then-write':
    try:
        db.execute('insert into scratch values(?)', ('after reading ' + 'x' * 100_000,))  # new pages past the end it saw
    except sqlite3.OperationalError:  # busy: SQLite refuses the upgrade rather than deadlock
        db.execute('rollback'); sys.exit(3)
db.execute('commit')
`;

export function hasPython(): boolean {
  return spawnSync('python3', ['-c', 'import sqlite3'], { stdio: 'ignore' }).status === 0;
}

export interface Holder {
  pid: number;
  /** Commits and waits for Python to exit. */
  release(): Promise<number | null>;
  /** Kills Python: its transaction is rolled back. */
  kill(): Promise<number | null>;
}

/**
 * Python holds SQLite's lock (`write`: RESERVED, `exclusive`, `read`: SHARED, `spill`: EXCLUSIVE with
 * pages already written) until released; resolves once it holds it. `read-then-write`: SHARED, and
 * on release it inserts and commits from what it read (exit 3 if SQLite refused the insert busy).
 */
export async function holdLock(db: string, mode: 'write' | 'exclusive' | 'read' | 'spill' | 'read-then-write'): Promise<Holder> {
  const child = spawn('python3', ['-c', HOLD, db, mode], { stdio: ['pipe', 'pipe', 'inherit'] });
  const done = new Promise<number | null>((res) => child.on('exit', res));
  await new Promise<void>((res, rej) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('holding') && res());
    child.on('exit', (code) => rej(new Error(`python exited ${code} before holding the lock`)));
  });
  return {
    pid: child.pid!,
    release: () => (child.stdin.end('\n'), done),
    kill: () => (child.kill('SIGKILL'), done),
  };
}

export function sql(db: string, query: string): string {
  return execFileSync('python3', ['-c', 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])', db, query], {
    encoding: 'utf8',
  }).trim();
}
