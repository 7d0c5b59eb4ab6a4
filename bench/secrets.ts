// `npm run bench:secrets [-- OLD_BINARY]`: what the secret detector costs a write. Per call, medians of
// 15 rounds, CPU time (user+sys) beside wall time, and the ratio to indexText (tokenizing and stemming
// the same text, which add does anyway for the index) measured in the same rounds, so the ratio
// survives a noisy machine. With OLD_BINARY (e.g. main's dist/memcue), also whole `memcue add`
// processes of a 2,000-char fact, old and new binary in turn. Search never runs the detector
// (test/text/secrets.test.ts checks its imports).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findRowSecret } from '../src/facts/check-text.js';
import type { Fact } from '../src/facts/facts.js';
import { findSecret } from '../src/text/secrets.js';
import { indexText } from '../src/text/tokenize.js';
import { median, printTable } from './measure.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const ROUNDS = 15;

const prose =
  'The staging deploy goes through the bastion host; run make deploy-stg from main after the CI is green. ' +
  'Uploads through api-gw time out after 30 s unless PROXY_TIMEOUT is raised to 300. Пароли и токены хранятся в Vault, ' +
  'kv/app/staging, never in the repo; the password policy asks for 12 characters. Commit 1a2b3c4d5e6f fixed the token refresh. ';
const texts: [string, string][] = [
  ['2,000-char fact, prose', prose.repeat(12).slice(0, 2000)],
  ['2,000-char fact, fixture look-alikes', lines('lookalikes.txt').join('\n').slice(0, 2000)],
  ['150-char fact', prose.slice(0, 150)],
];

function lines(name: string): string[] {
  return readFileSync(join(ROOT, 'test', 'fixtures', 'secrets', name), 'utf8').split('\n').filter(Boolean);
}

/** Per-call CPU and wall milliseconds of `f`, one round of `calls` calls. */
function round(f: () => unknown, calls: number): { cpu: number; wall: number } {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let i = 0; i < calls; i++) f();
  const wall = (performance.now() - wall0) / calls;
  const used = process.cpuUsage(cpu0);
  return { cpu: (used.user + used.system) / 1000 / calls, wall };
}

/** Medians over interleaved rounds of the measured function and the baseline. */
function measure(f: () => unknown, baseline: () => unknown, calls: number): string[] {
  for (let i = 0; i < 200; i++) (f(), baseline()); // warm the regex engine and the JIT
  const a: { cpu: number; wall: number }[] = [];
  const b: { cpu: number; wall: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    a.push(round(f, calls));
    b.push(round(baseline, calls));
  }
  const ms = (xs: { cpu: number; wall: number }[], k: 'cpu' | 'wall') => median(xs.map((x) => x[k]));
  return [ms(a, 'cpu'), ms(a, 'wall'), ms(b, 'cpu'), ms(b, 'wall'), ms(a, 'cpu') / ms(b, 'cpu')].map((v, i) => (i === 4 ? `${v.toFixed(2)}×` : v.toFixed(4)));
}

const rows: string[][] = texts.map(([name, text]) => [name, ...measure(() => findSecret(text), () => indexText(text), 200)]);
const row: Fact = {
  id: 'q7xk2m9pl4rt8wzb3nc6', version: 1, text: prose.slice(0, 150), translation: prose.slice(160, 300), kind: 'note',
  scope: 'repo:github.com/acme/shop-api', source: 'github.com/acme/shop-api session-42', quote: prose.slice(300, 420),
  created_at: '2026-12-01T00:00:00.000Z', host: 'dev-laptop', state: 'active',
};
rows.push(['import/sync row, all free-text fields', ...measure(() => findRowSecret(row), () => indexText(`${row.text} ${row.translation}`), 500)]);

printTable(
  `Secret detector per call, ms (median of ${ROUNDS} rounds; baseline: indexText of the same text)`,
  ['input', 'detector CPU', 'detector wall', 'indexText CPU', 'indexText wall', 'CPU ratio'],
  rows,
);
const fakes = lines('fakes.txt');
const lookalikes = lines('lookalikes.txt');
const caught = fakes.filter((t) => findSecret(t)).length;
const refused = lookalikes.filter((t) => findSecret(t)).length;
console.log(`\nfixtures: ${caught}/${fakes.length} fakes caught, ${refused}/${lookalikes.length} look-alikes refused`);

/** Wall and CPU (user+sys of the child, from bash's `times`) of one process, in ms. */
function processMs(binary: string, args: string[], env: NodeJS.ProcessEnv): { cpu: number; wall: number } {
  const start = performance.now();
  const r = spawnSync('bash', ['-c', '"$@" >/dev/null || exit 1; times', '_', binary, ...args], { env, encoding: 'utf8' });
  const wall = performance.now() - start;
  if (r.status !== 0) throw new Error(`${binary} ${args[0]} failed: ${r.stderr}`);
  const children = r.stdout.trim().split('\n')[1]!.match(/(\d+)m([\d.]+)s/g)!;
  const cpu = children.reduce((sum, t) => { const [, m, sec] = /(\d+)m([\d.]+)s/.exec(t)!; return sum + (Number(m) * 60 + Number(sec)) * 1000; }, 0);
  return { cpu, wall };
}

const oldBinary = process.argv[2];
if (oldBinary) {
  const newBinary = join(ROOT, 'dist', 'memcue');
  const work = mkdtempSync(join(tmpdir(), 'memcue-bench-secrets-'));
  try {
    const text = texts[0]![1].slice(0, 1990);
    const runs = 20;
    const times = [[], []] as { cpu: number; wall: number }[][];
    for (let i = -2; i < runs; i++) {
      [oldBinary, newBinary].forEach((binary, k) => {
        const env = { ...process.env, HOME: work, MEMCUE_DB: join(work, `add-${k}.db`) };
        const t = processMs(binary, ['add', '--quote', 'from the deploy runbook', `run ${i + 2}: ${text}`], env);
        if (i >= 0) times[k]!.push(t); // the first two runs only warm the page cache
      });
    }
    const row = (name: string, xs: { cpu: number; wall: number }[]) => [name, median(xs.map((x) => x.cpu)).toFixed(1), median(xs.map((x) => x.wall)).toFixed(1)];
    const paired = times[1]!.map((t, i) => t.wall - times[0]![i]!.wall);
    printTable(`memcue add of a 2,000-char fact with --quote, ms (median of ${runs}, old and new in turn)`, ['binary', 'CPU', 'wall'], [
      row(`old: ${oldBinary}`, times[0]!),
      row('new: dist/memcue', times[1]!),
      ['new − old, paired wall', '', median(paired).toFixed(1)],
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
