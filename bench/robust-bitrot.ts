// `bench:robust`'s bit-rot row (issue 38 item 4): one bit flipped in place in a memory of 2,000 facts,
// its mtime put back with `touch -r` (inode, size, mtime and change counter unchanged), then the
// compiled binary's `doctor` and `add`. Counts damaged files that took an add (the bar: none) and
// files where doctor and add disagree.
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, openSync, readFileSync, readSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { generateFacts } from './generate.js';

type Env = Record<string, string>;

const run = (binary: string, args: string[], env: Env) => spawnSync(binary, args, { env, encoding: 'utf8', timeout: 60_000 });

export function bitRot(binary: string, env: Env, work: string, trials = 40): string[] {
  const db = env.MEMCUE_DB!;
  const facts = join(work, 'bitrot.jsonl');
  writeFileSync(facts, generateFacts(2000, 4).map((f) => JSON.stringify(f)).join('\n'));
  if (run(binary, ['import', facts], env).status !== 0) throw new Error('bit rot: the import failed');
  const pristine = join(work, 'bitrot-pristine');
  copyFileSync(db, pristine);
  copyFileSync(`${db}.checked`, `${pristine}.checked`);
  execFileSync('touch', ['-r', db, pristine]);
  const original = readFileSync(db);
  const size = original.length;
  const page = original.readUInt16BE(16);
  let seed = 4;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
  let damaged = 0;
  let written = 0;
  let disagree = 0;
  const doctorEnv = { ...env, MEMCUE_DB: join(work, 'bitrot-doctor.db') };
  for (let t = 0; t < trials; t++) {
    writeFileSync(db, readFileSync(pristine)); // in place: the inode memcue recorded
    execFileSync('touch', ['-r', pristine, db]);
    copyFileSync(`${pristine}.checked`, `${db}.checked`);
    // Half the flips in b-tree page headers (the first 12 bytes of a page), half anywhere past the file header.
    const offset = t % 2 === 0 ? (1 + (next() % (size / page - 1))) * page + (next() % 12) : 100 + (next() % (size - 100));
    execFileSync('touch', ['-r', db, `${db}.ref`]);
    const fd = openSync(db, 'r+');
    const b = Buffer.alloc(1);
    readSync(fd, b, 0, 1, offset);
    b[0]! ^= 1 << (next() % 8);
    writeSync(fd, b, 0, 1, offset);
    closeSync(fd);
    execFileSync('touch', ['-r', `${db}.ref`, db]);
    writeFileSync(doctorEnv.MEMCUE_DB, readFileSync(db));
    const doctor = JSON.parse(run(binary, ['doctor', '--json'], doctorEnv).stdout).database;
    const bad = doctor.integrity !== 'ok' || doctor.error !== undefined;
    const add = run(binary, ['add', `bit rot probe ${t}`], env);
    if (bad) damaged++;
    if (bad && add.status === 0) written++;
    if (bad === (add.status === 0)) disagree++;
  }
  return [`${written} of ${damaged} damaged files took an add; doctor and add disagree on ${disagree} of ${trials}`, `one bit flipped in place per trial (2k facts, mtime restored), \`doctor --json\` on a copy, then \`add\``];
}
