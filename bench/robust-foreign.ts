// The `npm run bench:robust` rows for other SQLite programs on memcue's file, [result, detail] pairs:
//   foreign writer     a sqlite3 shell inserting in a loop while memcue adds and lists → acknowledged /
//                      present, the shell's failures, integrity (SQLite's locks on both sides)
//   foreign reader     a sqlite3 shell reading while two memcue readers read in loops → its reads with
//                      no busy timeout that fail, and its median read with one beside the same reads
//                      on an idle file (ratio)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { median, runAsync, type Finished } from './measure.js';
import type { Tools } from './robust-mcp.js';

type Env = Record<string, string>;

const FOREIGN_WRITES = Number(process.env.BENCH_FOREIGN_WRITES ?? 300);
const FOREIGN_READS = Number(process.env.BENCH_FOREIGN_READS ?? 200);

/**
 * memcue adds and lists while a sqlite3 shell writes the same file, one transaction per insert.
 * `lockf`: SQLite's locks taken with lockf, as on macOS. `hidden`: MEMCUE_FOREIGN_LOCKS=0, memcue as
 * on Windows (no SQLite locks taken or seen): then a refused add is counted apart, and must be
 * refused in one line.
 */
export async function foreignWriter(binary: string, fresh: Env, way: 'fcntl' | 'lockf' | 'hidden', tools: Tools): Promise<string[]> {
  const { factCount, integrity } = tools;
  const hidden = way === 'hidden';
  const env: Env = { ...fresh, ...(hidden ? { MEMCUE_FOREIGN_LOCKS: '0' } : { MEMCUE_NATIVE_LOCKS: way }) };
  const run = (args: string[]) => runAsync(binary, args, env);
  const runSync = (args: string[]) => spawnSync(binary, args, { env, encoding: 'utf8' });
  runSync(['add', 'seed fact']);
  const db = env.MEMCUE_DB!;
  // The shell notes each insert it saw succeed: those must all be in the file at the end.
  const shellAcks = `${db}.shell-acks`;
  const script = `sqlite3 "$DB" 'create table if not exists scratch(a)'; i=0; fails=0; while [ $i -lt ${FOREIGN_WRITES} ]; do if sqlite3 -cmd '.timeout 30000' "$DB" "insert into scratch values($i)" >/dev/null 2>&1; then echo $i >> "$ACKS"; else fails=$((fails+1)); fi; i=$((i+1)); done; exit $fails`;
  const shell = new Promise<number | null>((res) => spawn('sh', ['-c', script], { env: { ...process.env, DB: db, ACKS: shellAcks }, stdio: 'ignore' }).on('exit', res));
  let shellDone = false;
  void shell.then(() => (shellDone = true));
  const acknowledged: string[] = [];
  let attempts = 0;
  let refused = 0;
  let uncertain = 0;
  let listsRefused = 0;
  let readsFailed = 0;
  let other = '';
  const refusal = (r: Finished) => hidden && r.code !== 0 && /another program/.test(r.stderr) && r.stderr.trim().split('\n').length === 1;
  while (!shellDone) {
    attempts++;
    const text = `fact ${attempts} beside a sqlite3 shell`;
    const [add, list] = await Promise.all([run(['add', text]), run(['list', '-n', '3'])]);
    if (add.code === 0) acknowledged.push(text);
    else if (refusal(add)) (refused++, /may or may not/.test(add.stderr) && uncertain++);
    else other ||= add.stderr.trim();
    if (refusal(list)) listsRefused++;
    else if (list.code !== 0) (readsFailed++, (other ||= list.stderr.trim()));
  }
  const shellFailed = await shell;
  const sqlite = (query: string) => spawnSync('sqlite3', [db, query], { encoding: 'utf8' }).stdout.trim();
  const rows = new Set(sqlite('select a from scratch').split('\n'));
  // memcue's own view of its facts (export), the seed added before the shell started included.
  let texts = new Set<string>();
  try {
    texts = new Set(runSync(['export']).stdout.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { text: string }).text));
  } catch {
    /* unreadable: every acknowledged fact counts as lost */
  }
  const lost = ['seed fact', ...acknowledged].filter((text) => !texts.has(text)).length;
  const shellAcked = existsSync(shellAcks) ? readFileSync(shellAcks, 'utf8').split('\n').filter(Boolean) : [];
  const shellLost = shellAcked.filter((i) => !rows.has(i)).length;
  let present: number | string;
  try {
    present = factCount(env) - 1;
  } catch (err) {
    present = `unreadable (${(err as Error).message.split('\n')[0]})`;
  }
  const refusedText = hidden ? ` / ${refused} refused (${uncertain} "may have landed")` : '';
  return [
    `${acknowledged.length} / ${present}${refusedText}, ${lost} acknowledged lost / shell ${shellAcked.length} acknowledged, ${shellLost} lost (${shellFailed} failed, ${rows.size} rows of ${FOREIGN_WRITES})`,
    `integrity ${integrity(env).split('\n').slice(0, 2).join(' ')}; ${attempts} adds and lists tried, ${hidden ? `${listsRefused} lists refused, ` : ''}${readsFailed} lists failed${other ? `; error: ${other}` : ''}`,
  ];
}

/** The shell's reads of `db`, one after another: how many failed, and each one's wall time (ms). */
async function shellReads(db: string, count: number, timeoutMs: number): Promise<{ failed: number; times: number[] }> {
  let failed = 0;
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const r = await runAsync('sqlite3', ['-cmd', `.timeout ${timeoutMs}`, db, 'select count(*) from facts'], process.env);
    times.push(r.ms);
    if (r.code !== 0) failed++;
  }
  return { failed, times };
}

/**
 * A sqlite3 shell reading while two memcue readers read (list) in loops: its reads with no busy
 * timeout that fail, and its median read with one, beside the same reads with memcue idle.
 */
export async function foreignReader(binary: string, envs: Env[]): Promise<string[]> {
  const results: string[] = [];
  for (const [i, way] of (['fcntl'] as const).entries()) {
    const env: Env = { ...envs[i]! };
    const seed = Array.from({ length: 200 }, (_, k) => JSON.stringify({ text: `fact ${k} read beside a sqlite3 shell` })).join('\n');
    spawnSync(binary, ['import', '-'], { env, input: seed });
    const idle = await shellReads(env.MEMCUE_DB!, FOREIGN_READS, 5000);
    let reading = true;
    let memcueReads = 0;
    let memcueFailed = 0;
    const readers = [0, 1].map(async () => {
      for (; reading; memcueReads++) if ((await runAsync(binary, ['list', '-n', '5'], env)).code !== 0) memcueFailed++;
    });
    await new Promise((res) => setTimeout(res, 200)); // the readers are under way
    const bare = await shellReads(env.MEMCUE_DB!, FOREIGN_READS, 0);
    const patient = await shellReads(env.MEMCUE_DB!, FOREIGN_READS, 5000);
    reading = false;
    await Promise.all(readers);
    const ms = median(patient.times);
    const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)]!;
    results.push(
      `${way}: ${bare.failed}/${FOREIGN_READS} busy, ${ms.toFixed(1)} ms (${(ms / median(idle.times)).toFixed(1)}x idle), p95 ${p95(patient.times).toFixed(1)} ms (idle ${p95(idle.times).toFixed(1)}), ${patient.failed} failed; memcue ${memcueFailed}/${memcueReads} failed`,
    );
  }
  return [results.join('; '), `the shell's reads with no busy timeout / with .timeout 5000 (median and p95 wall, vs the same reads with memcue idle); ${FOREIGN_READS} each`];
}
